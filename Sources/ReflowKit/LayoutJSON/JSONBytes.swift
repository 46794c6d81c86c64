import Reflow
import TextMetrics

/// The byte writer behind `LayoutReport.appendJSON`: `JSONText`'s numbers and strings, and
/// `jsonText`'s layout of keys, as bytes. It writes into memory of its own, grown by doubling
/// (an array's append checks its uniqueness and capacity at every piece, some forty an element).
struct JSONBytes {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    /// Where the bytes start: room left before them (`init(capacity:startingAt:)`) for a piece
    /// written last but read first (`buffer(prefixedWith:)`).
    private var start = 0

    init(capacity: Int) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
    }

    /// A writer whose bytes start `start` bytes into its memory.
    init(capacity: Int, startingAt start: Int) {
        self.init(capacity: start + capacity)
        self.start = start
        count = start
    }

    /// The bytes written, handed over as a buffer (the writer must not be used after).
    func buffer() -> JSONBuffer { JSONBuffer(base: base, start: start, count: count - start) }

    /// `prefix`'s bytes, then these, as one buffer: `prefix` written into the room before these
    /// when it fits there, else both copied into new memory. Neither writer is used after.
    func buffer(prefixedWith prefix: JSONBytes) -> JSONBuffer {
        let head = prefix.count - prefix.start
        defer { prefix.base.deallocate() }
        if head <= start {
            (base + start - head).update(from: prefix.base + prefix.start, count: head)
            return JSONBuffer(base: base, start: start - head, count: count - start + head)
        }
        let whole = UnsafeMutablePointer<UInt8>.allocate(capacity: head + count - start)
        whole.update(from: prefix.base + prefix.start, count: head)
        (whole + head).update(from: base + start, count: count - start)
        base.deallocate()
        return JSONBuffer(base: whole, count: head + count - start)
    }

    /// Room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        var grown = capacity * 2
        while grown < count + extra { grown *= 2 }
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = grown
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        if bytes.count <= 16 {
            // Most pieces are a key or a few digits: copied here rather than by a call to
            // memmove, which had about a sixth of the writer's samples (`perf record`).
            for offset in 0..<bytes.count { base[count + offset] = start[offset] }
        } else {
            (base + count).update(from: start, count: bytes.count)
        }
        count += bytes.count
    }

    mutating func append(contentsOf bytes: UnsafeRawBufferPointer) {
        append(contentsOf: bytes.assumingMemoryBound(to: UInt8.self))
    }

    mutating func append(contentsOf text: String.UTF8View) {
        for byte in text { append(byte) }
    }

    mutating func put(_ literal: StaticString) {
        literal.withUTF8Buffer { append(contentsOf: $0) }
    }

    mutating func put(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { append(contentsOf: $0) } }

    /// A whole number, in decimal.
    mutating func integer(_ value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        // Written backwards into a scratch area, then appended.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var at = buffer.count
            repeat {
                at -= 1
                buffer[at] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[at...]))
        }
    }

    /// `JSONText.number(value)`'s bytes.
    mutating func number(_ value: Double) {
        guard value.isFinite else { return put("null") }
        if abs(value) < 1e15, value == PointGrid.rounded(value) { return integer(Int(Int64(value))) }
        let thousandths = PointGrid.rounded(value * 1000)
        if abs(thousandths) < 1e15, thousandths / 1000 == value {
            let whole = Int64(thousandths)
            if whole < 0 { append(UInt8(ascii: "-")) }
            let magnitude = whole.magnitude
            integer(Int(magnitude / 1000))
            var fraction = magnitude % 1000
            var fractionDigits = 3
            while fraction % 10 == 0 {
                fraction /= 10
                fractionDigits -= 1
            }
            append(UInt8(ascii: "."))
            var divisor: UInt64 = fractionDigits == 3 ? 100 : fractionDigits == 2 ? 10 : 1
            while divisor > 0 {
                append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
                divisor /= 10
            }
            return
        }
        append(contentsOf: String(value).utf8)
    }

    /// `JSONText.string(text)`'s bytes.
    mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            append(UInt8(ascii: "\""))
            var run = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                run = index + 1
                switch byte {
                case UInt8(ascii: "\""): put("\\\"")
                case UInt8(ascii: "\\"): put("\\\\")
                case 0x0A: put("\\n")
                case 0x0D: put("\\r")
                case 0x09: put("\\t")
                default:
                    let hex: StaticString = "0123456789abcdef"
                    put("\\u00")
                    hex.withUTF8Buffer { hex in
                        append(hex[Int(byte >> 4)])
                        append(hex[Int(byte & 0xF)])
                    }
                }
            }
            append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<bytes.count]))
            append(UInt8(ascii: "\""))
        }
    }

    mutating func frame(_ frame: LayoutReport.Frame) {
        put("{\"x\": ")
        number(frame.x)
        put(", \"y\": ")
        number(frame.y)
        put(", \"width\": ")
        number(frame.width)
        put(", \"height\": ")
        number(frame.height)
        put("}")
    }

    /// `, "key": ` before a field's value.
    mutating func key(_ key: StaticString) {
        put(", \"")
        put(key)
        put("\": ")
    }

    mutating func report(_ report: LayoutReport, indent: [UInt8], versioned: Bool) {
        head(environment: report.environment, contentSize: report.contentSize, viewport: report.viewport, indent: indent,
             versioned: versioned)
        let elementIndent = indent + Array("    ".utf8)
        // Each element read in place (a copy of an element report retains its strings).
        report.elements.withUnsafeBufferPointer { elements in
            for index in elements.indices {
                if index == 0 { put("\n") } else { put(",\n") }
                put(elementIndent)
                element(elements[index])
            }
        }
        elementsEnd(count: report.elements.count, indent: indent)
        tail(scrollingWidths: report.scrollingWidths, warnings: report.warnings, indent: indent)
    }

    /// A report's opening, up to and with its elements' `[`.
    mutating func head(environment: LayoutReport.Environment, contentSize: Size, viewport: LayoutReport.ViewportReport?,
                       indent: [UInt8], versioned: Bool) {
        put(indent)
        put("{\n")
        if versioned {
            put(indent)
            put("  \"version\": ")
            integer(LayoutReport.formatVersion)
            put(",\n")
        }
        put(indent)
        put("  \"environment\": {\"containerWidth\": ")
        number(environment.containerWidth)
        put(", \"category\": ")
        string(environment.category)
        put(", \"layoutDirection\": ")
        string(environment.layoutDirection)
        if let direction = environment.direction {
            key("direction")
            string(direction)
        }
        if let language = environment.language {
            key("language")
            string(language)
        }
        put("},\n")
        put(indent)
        put("  \"contentSize\": {\"width\": ")
        number(contentSize.width)
        put(", \"height\": ")
        number(contentSize.height)
        put("},\n")
        if let viewport {
            put(indent)
            put("  \"viewport\": {\"frame\": ")
            frame(viewport.frame)
            put(", \"contentHeightEstimated\": ")
            if viewport.contentHeightEstimated { put("true") } else { put("false") }
            put("},\n")
        }
        put(indent)
        put("  \"elements\": [")
    }

    /// The elements' `]`, after `count` elements.
    mutating func elementsEnd(count: Int, indent: [UInt8]) {
        if count == 0 {
            put("]")
        } else {
            put("\n")
            put(indent)
            put("  ]")
        }
    }

    /// A report's end after its elements: its scrolling widths and warnings, and its `}`.
    mutating func tail(scrollingWidths: [LayoutReport.ScrollingWidth]?, warnings: [LayoutReport.WarningReport]?, indent: [UInt8]) {
        if let widths = scrollingWidths {
            put(",\n")
            put(indent)
            put("  \"scrollingWidths\": [")
            for (index, width) in widths.enumerated() {
                if index > 0 { put(", ") }
                put("{\"section\": ")
                integer(width.section)
                put(", \"width\": ")
                number(width.width)
                put("}")
            }
            put("]")
        }
        if let warnings {
            put(",\n")
            put(indent)
            put("  \"warnings\": [")
            for (index, warning) in warnings.enumerated() {
                if index == 0 { put("\n") } else { put(",\n") }
                put(indent)
                put("    {\"warning\": ")
                string(warning.warning)
                put(", \"kind\": ")
                string(warning.kind)
                put(", \"indexPath\": {\"section\": ")
                integer(warning.indexPath.section)
                put(", \"item\": ")
                integer(warning.indexPath.item)
                put("}, \"category\": ")
                string(warning.category)
                put(", \"given\": ")
                number(warning.given)
                put(", \"needed\": ")
                number(warning.needed)
                put(", \"message\": ")
                string(warning.message)
                put("}")
            }
            put("\n")
            put(indent)
            put("  ]")
        }
        put("\n")
        put(indent)
        put("}")
    }

    mutating func element(_ element: LayoutReport.ElementReport) {
        put("{\"indexPath\": {\"section\": ")
        integer(element.indexPath.section)
        put(", \"item\": ")
        integer(element.indexPath.item)
        put("}")
        key("kind")
        string(element.kind)
        if let cell = element.cell {
            key("cell")
            string(cell)
        }
        if let level = element.level {
            key("level")
            integer(level)
        }
        if let style = element.style {
            key("style")
            string(style)
        }
        key("frame")
        frame(element.frame)
        if let zIndex = element.zIndex {
            key("zIndex")
            integer(zIndex)
        }
        if let lines = element.lines {
            key("lines")
            integer(lines)
        }
        if element.truncated == true {
            key("truncated")
            put("true")
        }
        if let text = element.text {
            key("text")
            string(text)
        }
        if let line = element.sourceLine {
            key("sourceLine")
            integer(line)
        }
        if let depth = element.depth {
            key("depth")
            integer(depth)
        }
        if let alert = element.alert {
            key("alert")
            string(alert)
        }
        if let textFrame = element.textFrame {
            key("textFrame")
            frame(textFrame)
        }
        if let marker = element.marker {
            key("marker")
            put("{\"text\": ")
            string(marker.text)
            put(", \"frame\": ")
            frame(marker.frame)
            put("}")
        }
        if let language = element.language {
            key("language")
            string(language)
        }
        if let width = element.contentWidth {
            key("contentWidth")
            number(width)
        }
        if let alt = element.alt {
            key("alt")
            string(alt)
        }
        if let images = element.images {
            key("images")
            put("[")
            for (index, image) in images.enumerated() {
                if index > 0 { put(", ") }
                put("{\"source\": ")
                string(image.source)
                put(", \"frame\": ")
                frame(image.frame)
                if let width = image.pixelWidth, let height = image.pixelHeight {
                    put(", \"pixelWidth\": ")
                    integer(width)
                    put(", \"pixelHeight\": ")
                    integer(height)
                }
                if image.placeholder == true { put(", \"placeholder\": true") }
                put("}")
            }
            put("]")
        }
        put("}")
    }
}
