/// The smallest length layouts distinguish: 1/64 pt, as browsers' layout units (Chromium's
/// `LayoutUnit`). Scaled insets, unit heights and offsets are snapped to it, so every position
/// is a sum of exact multiples of 2⁻⁶: sums are exact in any order, and a lazy layout that adds
/// heights in another order lands on an eager layout's frames bit for bit.
public enum LayoutUnit {
    /// 1/64 pt.
    public static let length = 1.0 / 64.0

    /// `value` rounded to the nearest multiple of `length`.
    public static func snap(_ value: Double) -> Double { (value * 64).rounded() / 64 }

    /// `value` rounded up to a multiple of `length`: a measured length that must not shrink (a
    /// word's width, which would break if its box lost a fraction of a point).
    public static func ceil(_ value: Double) -> Double { (value * 64).rounded(.up) / 64 }
}
