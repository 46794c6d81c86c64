/// One `%` specifier of a format string: `%@`, `%d`, `%1$@`, `%-8.2f`, `%%`, `%#@name@`.
public struct FormatSpecifier: Sendable, Equatable {
    /// What a specifier reads, the part two strings must agree on.
    public enum Kind: Sendable, Equatable, CustomStringConvertible {
        /// `%@`: an object (a string, a number's description).
        case object
        /// `%d %i %u %x %X %o` with any length (`%ld %lld %lu %hhd`): an integer.
        case integer
        /// `%f %F %e %E %g %G %a %A`: a floating-point number.
        case float
        /// `%c %C`: one character, passed as an integer.
        case character
        /// `%s %S`: a C string.
        case cString
        /// `%p`: a pointer.
        case pointer
        /// `%%`: a percent sign; reads nothing.
        case percentSign
        /// `%#@name@`: replaced by the catalog's substitution `name`; reads nothing itself.
        case substitution(String)

        /// Whether this is `%#@name@`.
        public var isSubstitution: Bool { if case .substitution = self { true } else { false } }

        public var description: String {
            switch self {
            case .object: "an object (%@)"
            case .integer: "an integer (%d)"
            case .float: "a floating-point number (%f)"
            case .character: "a character (%c)"
            case .cString: "a C string (%s)"
            case .pointer: "a pointer (%p)"
            case .percentSign: "a percent sign (%%)"
            case .substitution(let name): "the substitution %#@\(name)@"
            }
        }
    }

    /// What the specifier reads.
    public let kind: Kind

    /// Whether this is a substitution token.
    public var isSubstitution: Bool { kind.isSubstitution }
    /// The position it names (`%2$d` → 2), or `nil` when it takes the next argument in order.
    public let position: Int?
    /// The argument it reads, 1 first: its ``position`` or its place among the ordered
    /// specifiers. `nil` for `%%` and for a token without a position (the catalog's `argNum`
    /// says which argument its substitution reads).
    public internal(set) var argument: Int?
    /// The flags as written (`-`, `+`, space, `#`, `0`, `'`).
    public let flags: String
    /// The minimum width (`%8d` → 8), or `nil`.
    public let width: Int?
    /// The precision (`%.2f` → 2), or `nil`.
    public let precision: Int?
    /// The length modifier as written (`l`, `ll`, `h`, `hh`, `q`, `L`, `z`, `t`, `j`), or "".
    public let length: String
    /// The conversion character (`@`, `d`, `f`, …; `%` for `%%`, `@` for a token).
    public let conversion: Character
    /// The specifier as written.
    public let text: String
    /// Its UTF-8 byte offset in the string.
    public let offset: Int
}

/// The scanner of one specifier, from its `%` (C's printf grammar as Foundation extends it).
enum FormatSpecifierScanner {
    struct Scanned {
        var specifier: FormatSpecifier
        let end: Int
    }

    /// The most digits a number in a specifier may have: `%99999999999$@` is an error, not an overflow.
    private static let maximumDigits = 4

    static func scan(_ bytes: [UInt8], at start: Int) throws(FormatStringError) -> Scanned {
        var i = start + 1
        func text(_ end: Int) -> String { String(decoding: bytes[start..<min(end, bytes.count)], as: UTF8.self) }
        func byte(_ at: Int) -> UInt8? { at < bytes.count ? bytes[at] : nil }
        guard i < bytes.count else {
            throw FormatStringError(offset: start, message: "The string ends with a lone '%' (byte \(start)): write '%%' for a percent sign.")
        }
        func number() throws(FormatStringError) -> Int? {
            var value = 0, digits = 0
            while let b = byte(i), b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") {
                digits += 1
                if digits > maximumDigits {
                    throw FormatStringError(offset: start, message: "The specifier at byte \(start) ('\(text(i + 1))…') has a number of more than \(maximumDigits) digits: no position, width or precision is that large; check the specifier.")
                }
                value = value * 10 + Int(b - UInt8(ascii: "0"))
                i += 1
            }
            return digits == 0 ? nil : value
        }
        var position: Int?
        // A position is digits followed by '$'; otherwise the digits are a width (read again below).
        let afterPercent = i
        let digits = try number()
        if let n = digits, byte(i) == UInt8(ascii: "$") {
            guard n > 0 else {
                throw FormatStringError(offset: start, message: "'\(text(i + 1))' at byte \(start) names argument 0; arguments are numbered from 1.")
            }
            position = n
            i += 1
        } else if let n = digits, n > 0, byte(i) == UInt8(ascii: "#"), byte(i + 1) == UInt8(ascii: "@") {
            // `%1#@count@`, a token's position without its '$', as DuckDuckGo's .stringsdict
            // files write it and Foundation reads it: the digits are the position.
            position = n
        } else {
            i = afterPercent
        }
        // A substitution token: %#@name@ (the name ends at the next '@').
        if byte(i) == UInt8(ascii: "#"), byte(i + 1) == UInt8(ascii: "@") {
            var j = i + 2
            while j < bytes.count, bytes[j] != UInt8(ascii: "@"), bytes[j] != UInt8(ascii: "%") { j += 1 }
            guard j < bytes.count, bytes[j] == UInt8(ascii: "@"), j > i + 2 else {
                throw FormatStringError(offset: start, message: "The substitution token at byte \(start) ('\(text(j))') has no name or no closing '@': write it as %#@name@.")
            }
            let name = String(decoding: bytes[(i + 2)..<j], as: UTF8.self)
            let specifier = FormatSpecifier(kind: .substitution(name), position: position, argument: nil, flags: "#", width: nil,
                                            precision: nil, length: "", conversion: "@", text: text(j + 1), offset: start)
            return Scanned(specifier: specifier, end: j + 1)
        }
        var flags = ""
        while let b = byte(i), "-+ #0'".utf8.contains(b) { flags.append(Character(UnicodeScalar(b))); i += 1 }
        if byte(i) == UInt8(ascii: "*") {
            throw FormatStringError(offset: start, message: "'\(text(i + 1))' at byte \(start) takes its width from an argument ('*'), which reflow does not read: write the width as a number.")
        }
        let width = try number()
        var precision: Int?
        if byte(i) == UInt8(ascii: ".") {
            i += 1
            if byte(i) == UInt8(ascii: "*") {
                throw FormatStringError(offset: start, message: "'\(text(i + 1))' at byte \(start) takes its precision from an argument ('.*'), which reflow does not read: write the precision as a number.")
            }
            precision = try number() ?? 0
        }
        var length = ""
        while let b = byte(i), "hlqLztj".utf8.contains(b), length.count < 2 { length.append(Character(UnicodeScalar(b))); i += 1 }
        guard let conversion = byte(i) else {
            throw FormatStringError(offset: start, message: "The string ends inside the specifier '\(text(i))' at byte \(start): finish it with a conversion (%@, %d, %f…), or write '%%' for a percent sign.")
        }
        let kind: FormatSpecifier.Kind
        switch conversion {
        case UInt8(ascii: "@"): kind = .object
        case UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "x"), UInt8(ascii: "X"),
             UInt8(ascii: "o"), UInt8(ascii: "D"), UInt8(ascii: "U"), UInt8(ascii: "O"): kind = .integer
        case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "g"),
             UInt8(ascii: "G"), UInt8(ascii: "a"), UInt8(ascii: "A"): kind = .float
        case UInt8(ascii: "c"), UInt8(ascii: "C"): kind = .character
        case UInt8(ascii: "s"), UInt8(ascii: "S"): kind = .cString
        case UInt8(ascii: "p"): kind = .pointer
        case UInt8(ascii: "%"):
            guard i == start + 1 else {
                throw FormatStringError(offset: start, message: "'\(text(i + 1))' at byte \(start) puts flags or a width before '%': write '%%' alone for a percent sign.")
            }
            kind = .percentSign
        default:
            // Show the whole character, not the first byte of a multi-byte one.
            var end = i + 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            let conversionText = String(decoding: bytes[i..<end], as: UTF8.self)
            throw FormatStringError(offset: start, message: "'\(text(end))' at byte \(start) is not a format specifier Foundation reads ('\(conversionText)' is no conversion): write '%%' for a percent sign, or use %@, %d, %ld, %u, %f, %.2f, %e, %g, %x, %c, %s.")
        }
        let specifier = FormatSpecifier(kind: kind, position: position, argument: nil, flags: flags, width: width,
                                        precision: precision, length: length, conversion: Character(UnicodeScalar(conversion)),
                                        text: text(i + 1), offset: start)
        return Scanned(specifier: specifier, end: i + 1)
    }
}
