import Reflow
import TextMetrics

/// `word-broken`: a word broken between letters because it is wider than its column (the line
/// breaker's emergency break): a warning, or information when hyphenation is on and found no
/// break in the word.
enum WordBrokenRule: ElementRule {
    static let rule = AuditRule.wordBroken

    static func check(_ element: LayoutAttributes, in context: Auditor.LayoutContext) -> [Problem] {
        var problems: [Problem] = []
        let hyphenate = context.hyphenate
        var text = -1
        for content in element.content {
            guard case .text(let layout, _, _, _) = content else { continue }
            text += 1
            guard let line = layout.lines.firstIndex(where: \.isEmergencyBreak) else { continue }
            let word = word(around: layout.lines[line].range.upperBound, in: layout.text.string)
            problems.append(Problem(hyphenate ? .info : .warning,
                                    "\"\(word.prefix(40))\" is broken between letters: it is wider than its \(Auditor.points(layout.containerWidth)) pt column"
                                        + (hyphenate ? " (hyphenation found no break in it)" : ""),
                                    text: text, subject: word))
        }
        return problems
    }

    /// The word (between white space) the UTF-8 `offset` of `text` falls in or ends.
    static func word(around offset: Int, in text: String) -> String {
        let bytes = Array(text.utf8)
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        var start = min(offset, bytes.count), end = min(offset, bytes.count)
        while start > 0, !isSpace(bytes[start - 1]) { start -= 1 }
        while end < bytes.count, !isSpace(bytes[end]) { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
