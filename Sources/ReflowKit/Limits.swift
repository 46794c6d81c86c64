import Reflow

/// The bounds every command holds its numbers to, so that no sum or product of them overflows
/// into infinity (a 1e308 pt estimate summed over rows, a width times 1000 when rounding).
public enum Limits {
    /// The longest length in points an option takes: widths, heights, offsets, estimates,
    /// scroll speeds (10,000,000 pt, about 3.5 km at 72 points per inch). Ten million rows of it
    /// still sum exactly in a `Double`.
    public static let maximumLength = 10_000_000.0

    /// A number as a person typed it: "0.0001", "390", "1e+308", "inf", "nan".
    public static func describe(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value > 0 ? "inf" : "-inf" }
        return JSONText.number(value)
    }
}

extension Limits {
    /// Checks a length in points a person gave as `name`: positive and at most `maximumLength`,
    /// so that no sum of such lengths overflows. Nil passes.
    public static func requirePositive(_ value: Double?, _ name: String) throws(InvalidOption) {
        if let value, !(value.isFinite && value > 0) {
            throw InvalidOption("\(name) must be a positive number of points, got \(describe(value))")
        }
        try requireAtMost(value, name)
    }

    /// Checks that a length in points given as `name` is at most `maximumLength`. Nil passes.
    public static func requireAtMost(_ value: Double?, _ name: String) throws(InvalidOption) {
        if let value, value > maximumLength {
            throw InvalidOption("\(name) must be at most \(describe(maximumLength)) points, got \(describe(value))")
        }
    }
}

/// An option (or a combination of options) a person gave that cannot be used: `description`
/// names it, says what was given and what to give instead. Commands report it as a usage error.
public struct InvalidOption: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
