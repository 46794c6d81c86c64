/// Finds the number a golden holds that JSON decoding cannot: one beyond a `Double` (1e400), or a
/// count (`lines`, an index path, …) that is not a whole number an `Int` holds (99999999999999999999,
/// 2.5). Foundation's decoder says only "not valid JSON" of these, with no place; this scan says
/// where (`elements[21].frame.height`) and what, as a golden's other errors do.
///
/// It reads the JSON's structure only as far as it needs to name places (objects' keys, arrays'
/// indices) and is used only after decoding failed, so it never decides whether a golden reads.
enum GoldenNumbers {
    /// The keys of a layout JSON whose values are whole numbers.
    static let wholeNumberKeys: Set<String> = ["version", "section", "item", "level", "zIndex", "lines", "sourceLine", "depth",
                                               "pixelWidth", "pixelHeight"]

    /// The first number in `bytes` that a layout JSON cannot hold where it is, in words
    /// ("elements[21].frame.height is 1e400, beyond any number a layout holds"); nil when there is none.
    /// - Complexity: O(n) in the bytes, once.
    static func unreadableNumber(in bytes: [UInt8]) -> String? {
        enum Container { case object(key: String?), array(index: Int) }
        var stack: [Container] = []
        var index = 0
        func place() -> String {
            var text = ""
            for container in stack {
                switch container {
                case .object(let key?): text += (text.isEmpty ? "" : ".") + key
                case .object(nil): break
                case .array(let index): text += "[\(index)]"
                }
            }
            return text.isEmpty ? "the top level" : text
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"): stack.append(.object(key: nil))
            case UInt8(ascii: "["): stack.append(.array(index: 0))
            case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = stack.popLast()
            case UInt8(ascii: ","):
                switch stack.last {
                case .array(let count): stack[stack.count - 1] = .array(index: count + 1)
                case .object: stack[stack.count - 1] = .object(key: nil)
                case nil: break
                }
            case UInt8(ascii: "\""):
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
                // A string right after `{` or `,` in an object is a key (a value's follows a colon).
                if case .object(nil) = stack.last {
                    let key = String(decoding: bytes[(index + 1)..<min(end, bytes.count)], as: UTF8.self)
                    stack[stack.count - 1] = .object(key: key)
                }
                index = end
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                var end = index
                while end < bytes.count, Self.isNumberByte(bytes[end]) { end += 1 }
                let literal = String(decoding: bytes[index..<end], as: UTF8.self)
                if let problem = problem(literal, key: stack.last.flatMap { if case .object(let key) = $0 { key } else { nil } }) {
                    return "\(place()) is \(literal.count > 40 ? literal.prefix(40) + "…" : literal), \(problem)"
                }
                index = end - 1
            default: break
            }
            index += 1
        }
        return nil
    }

    static func isNumberByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    /// What is wrong with the number `literal` as the value of `key`; nil when nothing is.
    static func problem(_ literal: String, key: String?) -> String? {
        guard let value = Double(literal) else { return nil }
        if !value.isFinite { return "beyond any number a layout holds" }
        guard let key, wholeNumberKeys.contains(key) else { return nil }
        if value != value.rounded() { return "not a whole number (\(key) counts)" }
        // 2^63: the first whole number past Int64 (Foundation reads 1e3 as 1000, but not 2^63).
        return value.magnitude >= 9_223_372_036_854_775_808.0 ? "beyond the whole numbers a layout holds" : nil
    }
}
