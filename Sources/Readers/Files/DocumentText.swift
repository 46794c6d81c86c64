import Reflow
import TextMetrics
/// Turns a document's bytes into text. Invalid UTF-8 is replaced with U+FFFD (the choice
/// documented in docs/options.md, "Bad input") and the offset of the first bad byte is reported so the caller
/// can say so once; NUL bytes are replaced the same way, as CommonMark requires. A UTF-8 byte
/// order mark at the start is dropped, in plain text as in Markdown: it marks the encoding and is
/// no part of the text (cmark drops it too; kept, it would be an invisible first character).
public struct DocumentText: Sendable {
    public let text: String
    /// Byte offset of the first invalid UTF-8 sequence, if any.
    public let firstInvalidByte: Int?
    /// Number of NUL bytes replaced.
    public let nulCount: Int
    /// The bytes started with a UTF-8 byte order mark (EF BB BF), which was dropped.
    public let hadByteOrderMark: Bool

    public init(bytes: [UInt8]) {
        let hasMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        hadByteOrderMark = hasMark
        let bytes = hasMark ? bytes[3...] : bytes[...]
        var invalid: Int?
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var nuls = 0
        var scalars = String.UnicodeScalarView()
        var index = hasMark ? 3 : 0
        // Fast path: valid UTF-8 without NUL needs no scalar loop.
        if !bytes.contains(0), let valid = String(validating: bytes, as: UTF8.self) {
            text = valid
            firstInvalidByte = nil
            nulCount = 0
            return
        }
        loop: while true {
            let before = index
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                index += String(scalar).utf8.count
                if scalar.value == 0 {
                    nuls += 1
                    scalars.append("\u{FFFD}")
                } else {
                    scalars.append(scalar)
                }
            case .error:
                if invalid == nil { invalid = before }
                index += 1
                scalars.append("\u{FFFD}")
            case .emptyInput:
                break loop
            }
        }
        text = String(scalars)
        firstInvalidByte = invalid
        nulCount = nuls
    }
}
