import Reflow
import TextMetrics
import CJSONBlocks

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
    /// An offset whose string is looked for (`pathOfString(containing:…)`), and its path once found.
    private var watch: Int?
    private var watched: [PathComponent]?
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

    /// The path, from the value at `range`, of the string (a key or a value) that holds the byte
    /// at `offset`; nil when no string does (or the bytes are not JSON). The arrays `deferring`
    /// chooses are skipped, as `parse` skips them.
    static func pathOfString(containing offset: Int, in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>,
                             deferring: @escaping ([PathComponent]) -> Bool = { _ in false }) -> [PathComponent]? {
        var parser = JSONParser(bytes: bytes, index: range.lowerBound, end: range.upperBound, deferring: deferring)
        parser.watch = offset
        parser.skipWhitespace()
        _ = try? parser.value(depth: 0)
        return parser.watched
    }

    /// Notes the path of the string that ended just before `index` and started at `start` (a
    /// value, or `key` of the object at `path`), when it holds the watched offset.
    @inline(__always)
    private mutating func noteString(from start: Int, key: String? = nil) {
        if let watch, watched == nil, start <= watch, watch < index { watched = path + (key.map { [.key($0)] } ?? []) }
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
        case UInt8(ascii: "\""):
            let start = index
            let text = try string()
            noteString(from: start)
            return .string(text)
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
            let keyStart = index
            let key = try string()
            noteString(from: keyStart, key: key)
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
        var elements = DeferredElements()
        // The 64-byte block a deferred element ended in, kept for the next one (which starts in it).
        var block = StructuralBlock()
        skipWhitespace()
        if index < end, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return deferred ? .deferred(elements) : .array(values)
        }
        while true {
            skipWhitespace()
            if deferred {
                let start = index
                try skipValue(depth: depth + 1, block: &block)
                elements.append(start..<index)
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
                return deferred ? .deferred(elements) : .array(values)
            } else {
                throw error("expected ',' or ']' in an array")
            }
        }
    }

    /// The structural bits of one 64-byte block of the bytes: its brackets outside strings, and
    /// which bytes are inside strings. Valid only for a block without backslashes.
    struct StructuralBlock {
        /// Where the block starts; -1 for none.
        var start = -1
        /// A bit per byte inside a string (its opening quote included, its closing one not).
        var inside: UInt64 = 0
        /// A bit per opening bracket outside strings, and per closing one.
        var opens: UInt64 = 0
        var closes: UInt64 = 0

        func covers(_ index: Int) -> Bool { start >= 0 && start <= index && index < start + 64 }
    }

    /// The block of 64 bytes at `start` (there must be that many before `end`), given whether
    /// `start` is inside a string; nil when it has a backslash (then it is walked byte by byte).
    @inline(__always)
    private func structuralBlock(at start: Int, inString: Bool) -> StructuralBlock? {
        let bits = reflow_json_block(bytes.baseAddress! + start)
        guard bits.backslashes == 0 else { return nil }
        // The inside of strings: the prefix XOR of the quote bits.
        var inside = bits.quotes
        inside ^= inside << 1
        inside ^= inside << 2
        inside ^= inside << 4
        inside ^= inside << 8
        inside ^= inside << 16
        inside ^= inside << 32
        if inString { inside = ~inside }
        return StructuralBlock(start: start, inside: inside, opens: bits.opens & ~inside, closes: bits.closes & ~inside)
    }

    /// Moves past one value, checking only what finding its end needs (how deep its brackets
    /// go, where its strings end); whatever else is wrong inside it, a `]` closing a `{` included,
    /// is found when it is parsed.
    ///
    /// This is the hot loop of reading a large screen, so it reads 64 bytes at a time, as simdjson
    /// does: a bit per byte for quotes, backslashes and brackets (`reflow_json_block`),
    /// the inside of strings as the prefix XOR of the quote bits, and only the brackets outside
    /// strings are visited. A block with a backslash is walked byte by byte. `block` is
    /// the last block walked: the elements of an array follow one another, so the next element
    /// starts in the block the last one ended in, and each byte is looked at once, not once per
    /// element that touches its block.
    private mutating func skipValue(depth: Int, block: inout StructuralBlock) throws {
        guard index < end else { throw error("unexpected end of the file, expected a value") }
        let first = bytes[index]
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            _ = try value(depth: depth)
            return
        }
        let limit = Self.maximumDepth - depth
        var open = 0
        var inString = false
        var escaped = false
        while index < end {
            if !escaped {
                // The element starts outside a string, so a kept block's bits hold from here on.
                if !block.covers(index) {
                    if end - index >= 64, let fresh = structuralBlock(at: index, inString: inString) {
                        block = fresh
                    } else {
                        block.start = -1
                    }
                }
                if block.start >= 0 {
                    if try walkBrackets(of: block, open: &open, limit: limit, depth: depth) { return }
                    inString = block.inside >> 63 == 1
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
                    throw error("nested more than \(depth + limit) levels deep in a cell")
                }
                open += 1
            } else if byte | 0x20 == 0x7D {
                open -= 1
                if open == 0 { return }
            }
        }
        throw error(inString ? "unexpected end of the file in a string" : "unexpected end of the file in \(first == UInt8(ascii: "{") ? "an object" : "an array")")
    }

    /// Walks the brackets of `block` from `index` on, `open` counting how deep they go (up to
    /// `limit` more levels than `depth`): true with `index` just past the one that ends the value,
    /// else false with `index` at the block's end.
    @inline(__always)
    private mutating func walkBrackets(of block: StructuralBlock, open: inout Int, limit: Int, depth: Int) throws -> Bool {
        // The brackets in order, each a step up or down (no branch on which): the value ends
        // where the depth comes back to 0.
        let start = block.start
        let from: UInt64 = ~0 << UInt64(index - start)
        let opens = block.opens & from
        var pending = (opens | block.closes) & from
        while pending != 0 {
            let bit = pending & (0 &- pending)
            open += opens & bit != 0 ? 1 : -1
            guard open <= limit else {
                index = start + bit.trailingZeroBitCount
                throw error("nested more than \(depth + limit) levels deep in a cell")
            }
            if open == 0 {
                index = start + bit.trailingZeroBitCount + 1
                return true
            }
            pending &= pending &- 1
        }
        index = start + 64
        return false
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
