import Reflow
import TextMetrics
/// Plain text as a document: paragraphs are blocks separated by blank lines (lines holding
/// nothing but spaces and tabs), and inside a paragraph every run of white space, line breaks
/// included, reflows as one space. This is the document model the peer engines use, so line
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
        func flush() {
            if !current.isEmpty { paragraphs.append(String(decoding: current, as: UTF8.self)) }
            current.removeAll(keepingCapacity: true)
            pendingSpace = false
        }
        let count = bytes.count
        var lineBlank = true
        var index = 0
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && (index + 1 == count || bytes[index + 1] != 0x0A)) {
                if lineBlank { flush() } else { pendingSpace = !current.isEmpty }
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
                if pendingSpace { current.append(0x20) }
                pendingSpace = false
                current.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                index = end
            }
        }
        flush()
        return paragraphs
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0B || byte == 0x0C
    }
}
