import CICUShim

/// What a segment break (a line ending inside a paragraph: Markdown's soft line break, a plain
/// text file's line feed) becomes, by CSS Text Level 3 §4.1.2: nothing next to a zero-width
/// space, nothing between two East Asian wide, fullwidth or halfwidth characters that are not
/// Hangul (Chinese and Japanese text is written without spaces, and a line ending in the source
/// must not add one), a space otherwise.
public enum SegmentBreak {
    /// Whether a segment break between `before` and `after` is removed rather than made a space.
    public static func vanishes(between before: Unicode.Scalar, and after: Unicode.Scalar) -> Bool {
        if before == "\u{200B}" || after == "\u{200B}" { return true }
        return isWideNotHangul(before) && isWideNotHangul(after)
    }

    /// East Asian Width F, W or H (UAX #11; ICU's 3, 5 and 2), and not Hangul.
    static func isWideNotHangul(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x1100 else { return false }
        let width = reflow_east_asian_width(scalar.value)
        return (width == 2 || width == 3 || width == 5) && Script(scalar) != .hangul
    }
}
