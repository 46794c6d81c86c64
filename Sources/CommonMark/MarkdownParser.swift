/// Parses CommonMark text into a tree of `MarkdownBlock` values with cmark, the reference C
/// implementation (the `CCmark` system library). cmark's nodes are freed before `parse` returns;
/// nothing of C escapes this module.
public struct MarkdownParser: Sendable {
    /// Container nesting (block quotes, lists, items, emphasis, links) kept as a tree. Deeper
    /// containers are flattened into their nearest kept ancestor: their text stays, their extra
    /// level does not. Why: the Swift tree is recursive, and so is everything that walks it (and
    /// the tree's own deallocation), so an adversarial `>>>>…` line 100 000 levels deep would
    /// otherwise overflow the stack. cmark itself parses such input iteratively.
    public static let maximumNesting = 32

    /// Whether a line starting with `[^label]:` is kept as paragraph text. cmark knows no
    /// footnotes and would otherwise read `[^label]: url` as a link reference definition and
    /// drop it; escaping the bracket keeps the line as a paragraph whose text starts with
    /// `[^label]:`, which the document model then reads as a footnote definition.
    public var keepsFootnoteDefinitions: Bool

    public init(keepsFootnoteDefinitions: Bool = true) {
        self.keepsFootnoteDefinitions = keepsFootnoteDefinitions
    }

    /// The blocks of `text`. Any text is valid CommonMark, so parsing cannot fail.
    public func parse(_ text: String) -> [MarkdownBlock] {
        let source = keepsFootnoteDefinitions ? Self.escapingFootnoteDefinitions(text) : text
        return CmarkTree(parsing: source).blocks(maximumNesting: Self.maximumNesting)
    }

    /// `text` with a backslash before the `[` of every line that starts (after at most three
    /// spaces) with `[^label]:`.
    static func escapingFootnoteDefinitions(_ text: String) -> String {
        var bytes: [UInt8] = []
        var mayHaveDefinition = false
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if previous == UInt8(ascii: "["), byte == UInt8(ascii: "^") {
                mayHaveDefinition = true
                break
            }
            previous = byte
        }
        guard mayHaveDefinition else { return text }
        bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 64)
        var lineStart = 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            var index = lineStart
            while index < lineEnd, index - lineStart < 3, bytes[index] == 0x20 { index += 1 }
            output.append(contentsOf: bytes[lineStart..<index])
            if isFootnoteDefinition(bytes[index..<lineEnd]) { output.append(UInt8(ascii: "\\")) }
            output.append(contentsOf: bytes[index..<lineEnd])
            if lineEnd < bytes.count { output.append(0x0A) }
            lineStart = lineEnd + 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `line` starts with `[^label]:` (a non-empty label without `]` or white space).
    static func isFootnoteDefinition(_ line: ArraySlice<UInt8>) -> Bool {
        var index = line.startIndex
        guard line.count >= 5, line[index] == UInt8(ascii: "["), line[index + 1] == UInt8(ascii: "^") else { return false }
        index += 2
        let labelStart = index
        while index < line.endIndex, line[index] != UInt8(ascii: "]") {
            if line[index] == 0x20 || line[index] == 0x09 { return false }
            index += 1
        }
        guard index > labelStart, index + 1 < line.endIndex else { return false }
        return line[index + 1] == UInt8(ascii: ":")
    }
}
