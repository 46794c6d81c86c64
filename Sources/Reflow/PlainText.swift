/// Plain text as a document: paragraphs are blocks separated by blank lines (lines holding
/// nothing but spaces and tabs), and inside a paragraph every run of white space, line breaks
/// included, reflows as one space. This is the document model the peer engines use, so line
/// breaks can be compared with them line for line.
public enum PlainText {
    public static func paragraphs(_ text: String) -> [String] {
        var paragraphs: [String] = []
        var current: [UInt8] = []
        var pendingSpace = false
        func flush() {
            if !current.isEmpty { paragraphs.append(String(decoding: current, as: UTF8.self)) }
            current.removeAll(keepingCapacity: true)
            pendingSpace = false
        }
        for line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            var blank = true
            for byte in line where !isSpace(byte) {
                blank = false
                break
            }
            if blank {
                flush()
                continue
            }
            for byte in line {
                if isSpace(byte) {
                    pendingSpace = !current.isEmpty
                } else {
                    if pendingSpace { current.append(0x20) }
                    pendingSpace = false
                    current.append(byte)
                }
            }
            pendingSpace = !current.isEmpty
        }
        flush()
        return paragraphs
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0B || byte == 0x0C
    }
}
