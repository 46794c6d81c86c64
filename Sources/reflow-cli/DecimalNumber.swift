import ArgumentParser

/// Numbers as people write them on the command line (and in a `serve` query, which becomes
/// command-line arguments): decimal only. Swift's `Double(String)` also reads hexadecimal
/// (`0x10` is 16, `0x1p3` is 8) and words (`nan`, `inf`, `infinity`), which no one means as a
/// width; every length, scale, speed, tolerance, rate or fraction read from text goes through
/// here instead.
enum DecimalNumber {
    /// Whether `text` is a decimal number: an optional sign, digits with an optional decimal point
    /// (`12`, `12.5`, `12.`, `.5`), and an optional exponent (`1e3`, `2.5E-4`); ASCII only.
    static func isDecimal(_ text: some StringProtocol) -> Bool {
        var bytes = Substring(text).utf8[...]
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        let whole = bytes.prefix(while: isDigit).count
        bytes = bytes.dropFirst(whole)
        var fraction = 0
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            fraction = bytes.prefix(while: isDigit).count
            bytes = bytes.dropFirst(fraction)
        }
        guard whole + fraction > 0 else { return false }
        if let marker = bytes.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            let exponent = bytes.prefix(while: isDigit).count
            guard exponent > 0 else { return false }
            bytes = bytes.dropFirst(exponent)
        }
        return bytes.isEmpty
    }

    /// `text` as a number if it is a decimal one (`isDecimal`), else nil.
    static func value(_ text: some StringProtocol) -> Double? {
        isDecimal(text) ? Double(String(text)) : nil
    }

    /// An option's value that is not a decimal number, in ArgumentParser's message ("The value
    /// '0x10' is invalid for '--width <pt>': --width must be a decimal number of points, got '0x10'").
    struct Invalid: Error, CustomStringConvertible {
        /// The option, `--width`.
        let option: String
        /// What it must be: "a decimal number of points".
        let expected: String
        let text: String

        var description: String { "\(option) must be \(expected), got '\(text)'" }
    }

    /// The transform of a number option: `option`'s value read as a decimal number of `unit`
    /// ("points", "frames per second"), or as `expected` says when given ("a decimal fraction, 0
    /// to 1"). What the option then checks of it, such as being positive, stays the option's.
    static func parsing(_ option: String, _ unit: String, expected: String? = nil) -> @Sendable (String) throws -> Double {
        let expected = expected ?? "a decimal number of \(unit)"
        return { text in
            guard let number = Self.value(text) else { throw Invalid(option: option, expected: expected, text: text) }
            return number
        }
    }
}
