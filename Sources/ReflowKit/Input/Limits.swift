import Reflow

/// The bounds every request holds its numbers to, so that no sum or product of them overflows
/// into infinity (a 1e308 pt estimate summed over rows, a width times 1000 when rounding).
public enum Limits {
    /// The longest length in points a request takes: widths, heights, offsets, estimates,
    /// scroll speeds (10,000,000 pt, about 3.5 km at 72 points per inch). Ten million rows of it
    /// still sum exactly in a `Double`.
    public static let maximumLength = 10_000_000.0
    /// The furthest offset a request takes, in points: a place on a page, not a length summed
    /// with others, so it may lie far down a long document (a million words at AX5 are 43
    /// million points tall). At 10^12 pt the 1/64 pt grid is still exact in a `Double`.
    public static let maximumOffset = 1_000_000_000_000.0

    /// A number as a person typed it: "0.0001", "390", "1e+308", "inf", "nan".
    public static func describe(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value > 0 ? "inf" : "-inf" }
        return JSONText.number(value)
    }
}

extension Limits {
    /// Checks a length in points: positive and at most `maximumLength`, so that no sum of such
    /// lengths overflows. Nil passes.
    public static func checkPositive(_ value: Double?) throws(InvalidLength) {
        if let value, !(value.isFinite && value > 0) { throw .notPositive(value) }
        try checkAtMost(value)
    }

    /// Checks an offset in points: 0 or more and at most `maximumOffset`.
    public static func checkOffset(_ value: Double) throws(InvalidLength) {
        guard value.isFinite, value >= 0 else { throw .negative(value) }
        if value > maximumOffset { throw .tooFar(value) }
    }

    /// Checks that a length in points is at most `maximumLength`. Nil passes.
    public static func checkAtMost(_ value: Double?) throws(InvalidLength) {
        if let value, value > maximumLength { throw .tooLong(value) }
    }
}
