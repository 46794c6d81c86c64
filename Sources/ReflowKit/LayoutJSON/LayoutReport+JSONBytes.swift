import Reflow
import TextMetrics

extension LayoutReport {
    /// `jsonText(indent:versioned:)`'s bytes, appended to `out`: the same text byte for byte,
    /// written into one growing buffer with no `String` per field or number. What `reflow-cli
    /// layout` writes for each size (24 MB for a 100,000-cell screen, twelve times for `--category
    /// all`), where `jsonText` built and appended some ten small strings per element.
    ///
    /// It writes every field `LayoutReport` and `ElementReport` have today; a field added to them
    /// must be added here too (`LayoutJSONBytesTests` lists the fields it knows and fails on a
    /// new one, and compares the two writers on every example).
    public func appendJSON(to out: inout [UInt8], indent: String = "", versioned: Bool = true) {
        jsonBuffer(indent: indent, versioned: versioned).withUnsafeBytes { out.append(contentsOf: $0) }
    }

    /// `appendJSON(to:indent:versioned:)`'s bytes in memory of their own, not copied into an
    /// array: what `reflow-cli layout` hands its output for each size.
    public func jsonBuffer(indent: String = "", versioned: Bool = true) -> JSONBuffer {
        // Room for the elements at about what `jsonText` reserves, so the buffer seldom grows.
        var writer = JSONBytes(capacity: 256 + elements.count * (indent.utf8.count + 240))
        writer.report(self, indent: Array(indent.utf8), versioned: versioned)
        return JSONBuffer(base: writer.base, count: writer.count)
    }

    /// `appendJSON(to:indent:versioned:)` into a new buffer.
    public func jsonBytes(indent: String = "", versioned: Bool = true) -> [UInt8] {
        var out: [UInt8] = []
        appendJSON(to: &out, indent: indent, versioned: versioned)
        return out
    }
}

/// Bytes of layout JSON in memory of their own, freed with the buffer; immutable once made, so
/// a sweep's worker hands them to the writer's thread.
public final class JSONBuffer: @unchecked Sendable {
    private let base: UnsafeMutablePointer<UInt8>
    /// How many bytes it holds.
    public let count: Int

    init(base: UnsafeMutablePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
    }

    deinit { base.deallocate() }

    /// `body` of the bytes (valid only during the call).
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }
}

/// The byte writer behind `LayoutReport.appendJSON`: `JSONText`'s numbers and strings, and
/// `jsonText`'s layout of keys, as bytes. It writes into memory of its own, grown by doubling
/// (an array's append checks its uniqueness and capacity at every piece, some forty an element).
private struct JSONBytes {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
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
        (base + count).update(from: start, count: bytes.count)
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
        put(indent)
        put("{\n")
        if versioned {
            put(indent)
            put("  \"version\": ")
            integer(LayoutReport.formatVersion)
            put(",\n")
        }
        let environment = report.environment
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
        number(report.contentSize.width)
        put(", \"height\": ")
        number(report.contentSize.height)
        put("},\n")
        if let viewport = report.viewport {
            put(indent)
            put("  \"viewport\": {\"frame\": ")
            frame(viewport.frame)
            put(", \"contentHeightEstimated\": ")
            if viewport.contentHeightEstimated { put("true") } else { put("false") }
            put("},\n")
        }
        put(indent)
        put("  \"elements\": [")
        let elementIndent = indent + Array("    ".utf8)
        // Each element read in place (a copy of an element report retains its strings).
        report.elements.withUnsafeBufferPointer { elements in
            for index in elements.indices {
                if index == 0 { put("\n") } else { put(",\n") }
                put(elementIndent)
                element(elements[index])
            }
        }
        if report.elements.isEmpty {
            put("]")
        } else {
            put("\n")
            put(indent)
            put("  ]")
        }
        if let widths = report.scrollingWidths {
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
        if let warnings = report.warnings {
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
