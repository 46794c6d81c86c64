/// A resolved writing direction: of a paragraph, a line or a run.
public enum TextDirection: String, Hashable, Sendable, Codable, CaseIterable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    /// The direction of bidi embedding level `level` (even: left to right).
    public init(level: UInt8) { self = level & 1 == 0 ? .leftToRight : .rightToLeft }

    public var isRightToLeft: Bool { self == .rightToLeft }
}

/// The base direction a paragraph is asked to have: one of the two, or `auto`, the direction of
/// its first strong character (UAX #9 rules P2 and P3; left to right when it has none).
public enum BaseDirection: String, Hashable, Sendable, Codable, CaseIterable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
    case auto
}

/// Where a paragraph's lines stand in their container. `leading` and `trailing` are relative to
/// its base direction (the start, left for left-to-right text and right for right-to-left, and
/// the other edge: CSS's `text-align: start` and `end`); `left` and `right` are physical, the same
/// side in both directions (HTML's `align`, a table column's `:--` and `--:`); `center` is between.
public enum TextAlignment: String, Hashable, Sendable, Codable, CaseIterable {
    case leading, center, trailing, left, right
}
