/// Scales layout values (margins, paddings, button heights) and fonts with the content-size
/// category, the way UIFontMetrics does.
///
/// The curve: UIFontMetrics documents none, so we use the text style's own row of the Dynamic
/// Type table. A value `v` designed at the default category (L) becomes
/// `v × pointSize(style, category) / pointSize(style, L)`. Body therefore scales a 16 pt margin to
/// 13.2 pt at xS and 49.9 pt at AX5 (×3.12), while largeTitle only grows ×1.76.
public struct FontMetrics: Hashable, Sendable {
    public var textStyle: TextStyle

    public init(forTextStyle textStyle: TextStyle = .body) {
        self.textStyle = textStyle
    }

    /// The factor that takes a value at L to `category`.
    public func scaleFactor(for category: ContentSizeCategory) -> Double {
        DynamicType.spec(textStyle, category).pointSize / DynamicType.spec(textStyle, .large).pointSize
    }

    /// `value` (designed at L) scaled to `category`, clamped to `maximum` when one is given.
    public func scaledValue(_ value: Double, for category: ContentSizeCategory, maximum: Double? = nil) -> Double {
        let scaled = value * scaleFactor(for: category)
        if let maximum { return min(scaled, maximum) }
        return scaled
    }

    /// The style's spec at `category`, its point size clamped to `maximumPointSize`. Leading is
    /// clamped in the same proportion, so a clamped font keeps its designed line spacing.
    public func scaledSpec(for category: ContentSizeCategory, maximumPointSize: Double? = nil, emphasized: Bool = false) -> TypeSpec {
        var spec = DynamicType.spec(textStyle, category, emphasized: emphasized)
        if let maximumPointSize, spec.pointSize > maximumPointSize {
            spec.leading = spec.leading * maximumPointSize / spec.pointSize
            spec.pointSize = maximumPointSize
        }
        return spec
    }
}
