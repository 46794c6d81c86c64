/// The grid every layout length is snapped to: its `step` is 1/64 pt, as browsers' layout units
/// (Chromium's `LayoutUnit`). Here a "unit" is always a plan's unit (what a layout measures
/// together), so the 1/64 pt length is the grid's step, never a unit. Scaled insets, unit heights
/// and offsets are snapped to it, so every position is a whole number of steps (multiples of
/// 2⁻⁶): sums are exact in any order, and a lazy layout that adds heights in another order lands
/// on an eager layout's frames bit for bit.
public enum PointGrid {
    /// The grid's step: 1/64 pt.
    public static let step = 1.0 / 64.0

    /// `value` rounded to the nearest multiple of `step`.
    @inlinable
    public static func snap(_ value: Double) -> Double { rounded(value * 64) / 64 }

    /// `value` rounded up to a multiple of `step`: a measured length that must not shrink (a
    /// word's width, which would break if its box lost a fraction of a point).
    @inlinable
    public static func ceil(_ value: Double) -> Double { roundedUp(value * 64) / 64 }

    /// `value.rounded()` (to nearest, ties away from zero), bit for bit, signed zeros, NaN and
    /// infinities included. On x86-64 without SSE4.1 (Swift's baseline) `rounded()` is a call
    /// into libm's `round`; every frame of every layout and every pixel's coverage is rounded, so
    /// this does it inline: below 2⁵² a double converts to a whole number exactly by truncation,
    /// and what truncation dropped is exact too; at or above 2⁵² every double is already whole.
    @inlinable @inline(__always)
    public static func rounded(_ value: Double) -> Double {
        guard value.magnitude < 4_503_599_627_370_496 else { return value }  // 2⁵², NaN, ±∞
        let whole = Double(Int64(value))
        let dropped = value - whole
        if dropped >= 0.5 { return whole + 1 }
        if dropped <= -0.5 { return whole - 1 }
        return whole == 0 && value.sign == .minus ? -0.0 : whole
    }

    /// `value.rounded(.up)`, bit for bit, without libm's `ceil` (see `rounded(_:)`).
    @inlinable @inline(__always)
    public static func roundedUp(_ value: Double) -> Double {
        guard value.magnitude < 4_503_599_627_370_496 else { return value }
        let whole = Double(Int64(value))
        if value > whole { return whole + 1 }
        return whole == 0 && value.sign == .minus ? -0.0 : whole
    }
}
