/// A JSON parser (RFC 8259) over UTF-8 bytes, one pass, no Foundation: values become
/// `JSONValue`s, except the arrays the caller chooses to defer, whose elements are only scanned
/// for their extent and kept as byte ranges to parse when they are needed. A screen file of a
/// million cells is read this way in a fraction of a second: its sections are parsed, its cells
/// found, and only the cells a layout lays out are ever turned into values.
///
/// Errors say what was wrong and where (line and column).
struct JSONParser {
    /// Why the bytes are not JSON, and where.
    struct SyntaxError: Error, Hashable, CustomStringConvertible {
        var message: String
        var line: Int
        var column: Int
        var description: String { "\(message) at line \(line), column \(column)" }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index: Int
    /// Where the text being parsed ends (a deferred element ends before the file does).
    private let end: Int
    /// Decides, from the keys and indexes above an array, whether its elements are deferred.
    private let deferring: ([PathComponent]) -> Bool
    private var path: [PathComponent] = []
    /// Nesting deeper than this is refused (the parser recurses).
    static let maximumDepth = 512

    enum PathComponent: Hashable {
        case key(String)
        case index(Int)
    }

    /// Parses `range` of `bytes` (one value, white space around it; all of them by default) with
    /// the arrays `deferring` chooses kept as element ranges. Positions in errors count from the
    /// start of `bytes`, so a deferred element parsed later still names its line in the file.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>? = nil,
                      deferring: @escaping ([PathComponent]) -> Bool = { _ in false }) throws -> JSONValue {
        let range = range ?? 0..<bytes.count
        var parser = JSONParser(bytes: bytes, index: range.lowerBound, end: range.upperBound, deferring: deferring)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == range.upperBound else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, index: Int, end: Int, deferring: @escaping ([PathComponent]) -> Bool) {
        precondition(0 <= index && index <= end && end <= bytes.count, "a range inside the bytes")
        self.bytes = bytes
        self.index = index
        self.end = end
        self.deferring = deferring
    }

    private func error(_ message: String) -> SyntaxError {
        var line = 1, column = 1
        for offset in 0..<min(index, end) {
            if bytes[offset] == 0x0A {
                line += 1
                column = 1
            } else if bytes[offset] & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SyntaxError(message: message, line: line, column: column)
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while index < end {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            index += 1
        }
    }

    private mutating func value(depth: Int) throws -> JSONValue {
        guard depth < Self.maximumDepth else { throw error("nested more than \(Self.maximumDepth) levels deep") }
        guard index < end else { throw error("unexpected end of the file, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character '\(Self.show(bytes[index]))', expected a value")
        }
    }

    /// A byte as a person can read it in a message: the character, or \xHH.
    private static func show(_ byte: UInt8) -> String {
        guard byte < 0x20 || byte >= 0x7F else { return String(UnicodeScalar(byte)) }
        let hex = Array("0123456789ABCDEF")
        return "\\x" + String([hex[Int(byte >> 4)], hex[Int(byte & 15)]])
    }

    private mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard index + count <= end else { throw error("unexpected end of the file in '\(word)'") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw error("unexpected character, expected '\(word)'")
        }
        index += count
    }

    private mutating func object(depth: Int) throws -> JSONValue {
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if index < end, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < end, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
            let key = try string()
            skipWhitespace()
            guard index < end, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after the key") }
            index += 1
            skipWhitespace()
            path.append(.key(key))
            let member = try value(depth: depth + 1)
            path.removeLast()
            members.append((key, member))
            skipWhitespace()
            guard index < end else { throw error("unexpected end of the file in an object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            } else {
                throw error("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func array(depth: Int) throws -> JSONValue {
        let deferred = deferring(path)
        index += 1
        var values: [JSONValue] = []
        var ranges: [Range<Int>] = []
        skipWhitespace()
        if index < end, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return deferred ? .deferred(ranges) : .array(values)
        }
        while true {
            skipWhitespace()
            if deferred {
                let start = index
                try skipValue(depth: depth + 1)
                ranges.append(start..<index)
            } else {
                path.append(.index(values.count))
                values.append(try value(depth: depth + 1))
                path.removeLast()
            }
            skipWhitespace()
            guard index < end else { throw error("unexpected end of the file in an array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return deferred ? .deferred(ranges) : .array(values)
            } else {
                throw error("expected ',' or ']' in an array")
            }
        }
    }

    /// Moves past one value, checking only what finding its end needs (brackets, strings);
    /// whatever else is wrong inside it is found when it is parsed.
    ///
    /// This is the hot loop of reading a large screen, so it reads 64 bytes at a time, as simdjson
    /// does: a bit per byte for quotes, backslashes and brackets (8 bytes per 64-bit word, SWAR),
    /// the inside of strings as the prefix XOR of the quote bits, and only the brackets outside
    /// strings are walked one by one. A block with a backslash is walked byte by byte.
    private mutating func skipValue(depth: Int) throws {
        guard index < end else { throw error("unexpected end of the file, expected a value") }
        let first = bytes[index]
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            _ = try value(depth: depth)
            return
        }
        let limit = min(64, Self.maximumDepth - depth)
        var levels: UInt64 = 0  // a bit per open level, 1 for an object
        var open = 0
        var inString = false
        var escaped = false


        let base = UnsafeRawPointer(bytes.baseAddress!)
        while index < end {
            if !escaped, end - index >= 64 {
                var quotes: UInt64 = 0, backslashes: UInt64 = 0, opens: UInt64 = 0, closes: UInt64 = 0
                for word in 0..<8 {
                    let w = (base + index + 8 * word).loadUnaligned(as: UInt64.self)
                    let shift = UInt64(8 * word)
                    quotes |= Self.bits(Self.matches(w, 0x22)) << shift
                    backslashes |= Self.bits(Self.matches(w, 0x5C)) << shift
                    // '[' and '{' are 0x5B and 0x7B, ']' and '}' 0x5D and 0x7D: one test each with bit 5 set.
                    let folded = w | 0x2020_2020_2020_2020
                    opens |= Self.bits(Self.matches(folded, 0x7B)) << shift
                    closes |= Self.bits(Self.matches(folded, 0x7D)) << shift
                }
                if backslashes == 0 {
                    var inside = quotes
                    inside ^= inside << 1
                    inside ^= inside << 2
                    inside ^= inside << 4
                    inside ^= inside << 8
                    inside ^= inside << 16
                    inside ^= inside << 32
                    if inString { inside = ~inside }
                    var structural = (opens | closes) & ~inside
                    while structural != 0 {
                        let offset = structural.trailingZeroBitCount
                        let byte = bytes[index + offset]
                        if byte | 0x20 == 0x7B {
                            guard open < limit else {
                                index += offset
                                throw error("nested more than \(depth + open) levels deep in a cell")
                            }
                            levels = levels << 1 | (byte == UInt8(ascii: "{") ? 1 : 0)
                            open += 1
                        } else {
                            guard open > 0, (levels & 1 == 1) == (byte == UInt8(ascii: "}")) else {
                                index += offset
                                throw error("unexpected '\(Self.show(byte))'")
                            }
                            levels >>= 1
                            open -= 1
                            if open == 0 {
                                index += offset + 1
                                return
                            }
                        }
                        structural &= structural - 1
                    }
                    inString = inside >> 63 == 1
                    index += 64
                    continue
                }
            }
            // Byte by byte: the last bytes, and blocks with escapes.
            let byte = bytes[index]
            index += 1
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte | 0x20 == 0x7B {
                guard open < limit else {
                    index -= 1
                    throw error("nested more than \(depth + open) levels deep in a cell")
                }
                levels = levels << 1 | (byte == UInt8(ascii: "{") ? 1 : 0)
                open += 1
            } else if byte | 0x20 == 0x7D {
                guard open > 0, (levels & 1 == 1) == (byte == UInt8(ascii: "}")) else {
                    index -= 1
                    throw error("unexpected '\(Self.show(byte))'")
                }
                levels >>= 1
                open -= 1
                if open == 0 { return }
            }
        }
        throw error(inString ? "unexpected end of the file in a string" : "unexpected end of the file in \(levels & 1 == 1 ? "an object" : "an array")")
    }

    /// 0x80 in every byte of `word` equal to `byte`, 0 elsewhere (exact: no borrow between bytes).
    @inline(__always)
    private static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        let y = (x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F
        return ~(y | x | 0x7F7F_7F7F_7F7F_7F7F)
    }

    /// The high bits of the 8 bytes of `flags` gathered into 8 bits, byte 0 in bit 0.
    @inline(__always)
    private static func bits(_ flags: UInt64) -> UInt64 {
        ((flags >> 7) &* 0x0102_0408_1020_4080) >> 56
    }

    private mutating func string() throws -> String {
        index += 1
        let start = index
        // Fast path: no escapes.
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("a control character in a string (escape it, e.g. \\n)") }
            index += 1
        }
        var scalars = Array(UnsafeBufferPointer(rebasing: bytes[start..<min(index, end)]))
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: scalars, as: UTF8.self)
            }
            if byte < 0x20 { throw error("a control character in a string (escape it, e.g. \\n)") }
            guard byte == UInt8(ascii: "\\") else {
                scalars.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < end else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append(0x22)
            case UInt8(ascii: "\\"): scalars.append(0x5C)
            case UInt8(ascii: "/"): scalars.append(0x2F)
            case UInt8(ascii: "b"): scalars.append(0x08)
            case UInt8(ascii: "f"): scalars.append(0x0C)
            case UInt8(ascii: "n"): scalars.append(0x0A)
            case UInt8(ascii: "r"): scalars.append(0x0D)
            case UInt8(ascii: "t"): scalars.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code), index + 1 < end, bytes[index] == UInt8(ascii: "\\"),
                   bytes[index + 1] == UInt8(ascii: "u") {
                    let save = index
                    index += 2
                    let low = try hex4()
                    if (0xDC00..<0xE000).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        index = save
                    }
                }
                // A lone surrogate cannot be in a string: it becomes U+FFFD, as invalid UTF-8 does.
                let scalar = UnicodeScalar(code) ?? "\u{FFFD}"
                scalars += Array(String(Character(scalar)).utf8)
            default:
                index -= 1
                throw error("unknown escape '\\\(Self.show(escape))' in a string")
            }
        }
        throw error("unexpected end of the file in a string")
    }

    private mutating func hex4() throws -> UInt32 {
        guard index + 4 <= end else { throw error("unexpected end of the file in a \\u escape") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("expected four hexadecimal digits after \\u")
            }
            code = code << 4 | UInt32(digit)
            index += 1
        }
        return code
    }

    /// A number as RFC 8259 writes it: -? int frac? exp?
    private mutating func number() throws -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let from = index
            while index < end, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - from
        }
        guard index < end else { throw error("unexpected end of the file in a number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            throw error("expected a digit in a number")
        }
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("expected a digit after the decimal point") }
        }
        if index < end, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("expected a digit in the exponent") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let number = Double(text), number.isFinite else { throw error("a number out of range") }
        return number
    }
}
