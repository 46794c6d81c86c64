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
        return writer.buffer()
    }

    /// `LayoutReport(layout, content, in: environment, sizer: sizer).jsonBuffer(indent:versioned:)`,
    /// byte for byte, written as the layout goes: each element's line is written as soon as its
    /// unit is laid out (`LayoutReport.stream`), with no element report kept and no array of
    /// them built, copied and freed. What `reflow-cli layout` does at each size: a 100,000-cell
    /// screen's reports were a tenth of a size's work.
    public static func jsonBuffer(_ layout: some CollectionLayout, _ content: CollectionContent, in environment: LayoutEnvironment,
                                  sizer: CellSizer, indent: String = "", versioned: Bool = true) throws -> JSONBuffer {
        let indentBytes = Array(indent.utf8)
        let elementIndent = indentBytes + Array("    ".utf8)
        // The elements come first, after room for the head (which needs the content size, known
        // only at the end): the head is then written into that room, not the elements copied.
        let room = 1_024
        var body = JSONBytes(capacity: room + 256 + content.cellCount * (elementIndent.count + 240), startingAt: room)
        var count = 0
        let summary = try stream(layout, content, in: environment, sizer: sizer) { element in
            body.put(count == 0 ? "\n" : ",\n")
            body.put(elementIndent)
            body.element(element)
            count += 1
        }
        body.elementsEnd(count: count, indent: indentBytes)
        body.tail(scrollingWidths: summary.scrollingWidths, warnings: summary.warnings, indent: indentBytes)
        var head = JSONBytes(capacity: 512)
        head.head(environment: summary.environment, contentSize: summary.contentSize, viewport: nil, indent: indentBytes,
                  versioned: versioned)
        return body.buffer(prefixedWith: head)
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
    /// The memory, from its start; the bytes are `start ..< start + count` of it.
    private let base: UnsafeMutablePointer<UInt8>
    private let start: Int
    /// How many bytes it holds.
    public let count: Int

    init(base: UnsafeMutablePointer<UInt8>, start: Int = 0, count: Int) {
        self.base = base
        self.start = start
        self.count = count
    }

    deinit { base.deallocate() }

    /// `body` of the bytes (valid only during the call).
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: base + start, count: count))
    }
}
