import Foundation

/// A value for a format string's specifier, as a screen file gives it (`"args": ["Ada", 3]`).
public enum FormatArgument: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    case string(String)
    case integer(Int)
    case double(Double)

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .double(value) }

    var name: String {
        switch self {
        case .string(let s): "the string \"\(s)\""
        case .integer(let n): "the integer \(n)"
        case .double(let x): "the number \(x)"
        }
    }
}

extension FormatString {
    /// The string with its specifiers replaced by `arguments` as `String(format:locale:)` prints
    /// them in `language` (a BCP 47 tag): `%d` 1234567 is "1,234,567" in en, "1.234.567" in de,
    /// "1 234 567" in fr; `%.2f` 0.5 is "0,50" in de; ar-EG uses Arabic-Indic digits. `%%` is "%".
    ///
    /// Numbers go through swift-corelibs-foundation's `String(format:locale:arguments:)`, one
    /// specifier at a time: on Linux that is CoreFoundation's `CFStringCreateWithFormat…` with a
    /// locale, which formats the number with a `CFNumberFormatter` on the ICU that Foundation
    /// bundles (FoundationICU), so grouping and digits are the language's, as
    /// `String.localizedStringWithFormat` gives them on a device. Each specifier is passed its own
    /// argument (integers as `%ld`, whatever length was written), so a wrong argument is an error
    /// here, never a read of the wrong type.
    ///
    /// `%@` prints a string as it is and a number as `NSNumber`'s description ("3", "1.5"), as on
    /// a device; widths and flags apply to numbers only. `%c` prints the character whose code point
    /// the integer is; `%s` the string.
    ///
    /// - Parameters:
    ///   - arguments: the values, argument 1 first.
    ///   - substitutions: the text of each `%#@name@` token, already resolved by the catalog.
    /// - Throws: ``FormatStringError`` when an argument is missing or of a kind its specifier
    ///   cannot print, or a token has no text.
    public func formatted(_ arguments: [FormatArgument], language: String,
                          substitutions: [String: String] = [:]) throws(FormatStringError) -> String {
        let locale = Locale(identifier: language)
        var out = ""
        for piece in pieces {
            switch piece {
            case .literal(let text): out += text
            case .specifier(let s): out += try formatted(s, arguments, locale: locale, substitutions: substitutions)
            }
        }
        return out
    }

    private func formatted(_ s: FormatSpecifier, _ arguments: [FormatArgument], locale: Locale,
                           substitutions: [String: String]) throws(FormatStringError) -> String {
        switch s.kind {
        case .percentSign: return "%"
        case .substitution(let name):
            guard let text = substitutions[name] else {
                throw FormatStringError(offset: s.offset, message: "'\(s.text)' at byte \(s.offset) names the substitution '\(name)', and none was given: the catalog's entry needs a 'substitutions' entry named '\(name)'.")
            }
            return text
        default: break
        }
        let n = s.argument!
        guard n <= arguments.count else {
            throw FormatStringError(offset: s.offset, message: "'\(s.text)' at byte \(s.offset) reads argument \(n), but \(arguments.count) \(arguments.count == 1 ? "was" : "were") given: add the value to the screen's \"args\".")
        }
        let argument = arguments[n - 1]
        func wrong() -> FormatStringError {
            FormatStringError(offset: s.offset, message: "'\(s.text)' at byte \(s.offset) prints \(s.kind), but argument \(n) is \(argument.name): give a value of that kind in the screen's \"args\".")
        }
        // The specifier without its position, with a length the Swift value has. The `'` flag
        // (group thousands) is dropped: numbers are grouped in the language's style already, and
        // CoreFoundation prints the flag as text ("%'d" gave "'ld").
        let flags = String(s.flags.filter { $0 != "'" })
        let width = s.width.map { String($0) } ?? ""
        let precision = s.precision.map { "." + String($0) } ?? ""
        let head = "%" + flags + width + precision
        // `%D %U %O` are the old spellings of `%ld %lu %lo`.
        let oldSpellings: [Character: String] = ["D": "d", "U": "u", "O": "o"]
        let conversion = oldSpellings[s.conversion] ?? String(s.conversion)
        switch (s.kind, argument) {
        case (.object, .string(let text)), (.cString, .string(let text)): return text
        case (.object, .integer(let value)): return NSNumber(value: value).description
        case (.object, .double(let value)): return NSNumber(value: value).description
        case (.integer, .integer(let value)):
            return String(format: head + "l" + conversion, locale: locale, value)
        case (.float, .double(let value)):
            return String(format: head + String(s.conversion), locale: locale, value)
        case (.float, .integer(let value)):
            // A JSON number without a fraction reads as an integer; %f prints it as the double it is.
            return String(format: head + String(s.conversion), locale: locale, Double(value))
        case (.character, .integer(let value)):
            guard let scalar = UInt32(exactly: value).flatMap(Unicode.Scalar.init) else { throw wrong() }
            return String(Character(scalar))
        case (.character, .string(let text)) where text.count == 1: return text
        default: throw wrong()
        }
    }
}
