import Reflow
import TextMetrics
/// Plain text as a document: paragraphs are blocks separated by blank lines (lines holding
/// nothing but spaces and tabs), and inside a paragraph every run of white space, line breaks
/// included, reflows as one space — except that a line break between two Chinese or Japanese
/// (East Asian wide, not Hangul) characters adds nothing (`SegmentBreak`, CSS Text 3 §4.1.2). This is the document model the peer engines use, so line
/// breaks can be compared with them line for line. Lines end at LF, CRLF or a lone CR (old Mac
/// files), as in CommonMark.
public enum PlainText {
    public static func paragraphs(_ text: String) -> [String] {
        var text = text
        return text.withUTF8 { paragraphs(utf8: $0) }
    }

    /// One pass over the bytes, copying stretches of content bytes whole. Equivalent to taking the
    /// text line by line: a blank line's white space only ever sets `pendingSpace`, which the
    /// flush at its line feed (or at the end) clears before any content could use it.
    private static func paragraphs(utf8 bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        var paragraphs: [String] = []
        var current: [UInt8] = []
        var pendingSpace = false
        // The pending space holds a line break: it may vanish between two ideographs.
        var pendingBreak = false
        func flush() {
            if !current.isEmpty { paragraphs.append(String(decoding: current, as: UTF8.self)) }
            current.removeAll(keepingCapacity: true)
            pendingSpace = false
            pendingBreak = false
        }
        let count = bytes.count
        var lineBlank = true
        var index = 0
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && (index + 1 == count || bytes[index + 1] != 0x0A)) {
                if lineBlank {
                    flush()
                } else {
                    pendingSpace = !current.isEmpty
                    pendingBreak = pendingSpace
                }
                lineBlank = true
                index += 1
            } else if isSpace(byte) {
                pendingSpace = !current.isEmpty
                index += 1
            } else {
                // Content, taken together with every single space that sits between two content
                // bytes of the same line: such a space is copied as is, exactly what folding does.
                var end = index + 1
                while end < count {
                    let next = bytes[end]
                    if next == 0x0A { break }
                    if isSpace(next) {
                        guard next == 0x20, end + 1 < count, bytes[end + 1] != 0x0A, !isSpace(bytes[end + 1]) else { break }
                        end += 2
                    } else {
                        end += 1
                    }
                }
                lineBlank = false
                if pendingSpace, !(pendingBreak && breakVanishes(before: current, after: bytes, at: index)) { current.append(0x20) }
                pendingSpace = false
                pendingBreak = false
                current.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                index = end
            }
        }
        flush()
        return paragraphs
    }

    /// Whether a line break between the last character of `before` and the one at `index` of
    /// `bytes` vanishes. Only characters from U+1100 (lead bytes from 0xE1) can: others cost a
    /// byte comparison.
    private static func breakVanishes(before: [UInt8], after bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard bytes[index] >= 0xE1, let lastLead = before.lastIndex(where: { $0 & 0xC0 != 0x80 }), before[lastLead] >= 0xE1 else {
            return false
        }
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        guard let first = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self).unicodeScalars.first,
              let last = String(decoding: before[lastLead...], as: UTF8.self).unicodeScalars.first else { return false }
        return SegmentBreak.vanishes(between: last, and: first)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0B || byte == 0x0C
    }
}
