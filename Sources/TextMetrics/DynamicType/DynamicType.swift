/// What Dynamic Type resolves a text style to at one content-size category.
public struct TypeSpec: Hashable, Sendable, Codable {
    /// The font's point size.
    public var pointSize: Double
    /// The leading: the distance from one baseline to the next, in points.
    public var leading: Double
    public var weight: FontWeight

    public init(pointSize: Double, leading: Double, weight: FontWeight) {
        self.pointSize = pointSize
        self.leading = leading
        self.weight = weight
    }

    /// The bundled face that draws this spec (Text cut below 20 pt, Display from 20 pt).
    public func typeface(italic: Bool = false) -> Typeface {
        Typeface(pointSize: pointSize, weight: weight, italic: italic)
    }
}

/// Apple's published Dynamic Type table (Human Interface Guidelines, Typography, iOS sizes):
/// point size and leading of each text style at each content-size category, and its weight.
public enum DynamicType {
    /// The resolved size, leading and weight of `style` at `category`. Emphasized variants are
    /// bold for largeTitle, title1 and title2 and semibold for the rest.
    /// With `boldText` (the accessibility setting Bold Text), the weight is one step heavier
    /// (`FontWeight.stronger`): regular styles semibold, headline bold. iOS documents only that Bold
    /// Text draws "heavier" weights; one step of the text styles' weight scale is what it does to
    /// the system font's Regular and Semibold cuts. A bold style stays bold: the bundled Inter has
    /// no heavier cut (iOS would draw Heavy).
    public static func spec(_ style: TextStyle, _ category: ContentSizeCategory, emphasized: Bool = false,
                            boldText: Bool = false) -> TypeSpec {
        let (size, leading) = table[style.ordinal][category.rawValue]
        let weight = weight(of: style, emphasized: emphasized)
        return TypeSpec(pointSize: size, leading: leading, weight: boldText ? weight.stronger : weight)
    }

    /// Headline is semibold and every other style regular; emphasized variants are bold for the
    /// three largest titles and semibold otherwise.
    public static func weight(of style: TextStyle, emphasized: Bool = false) -> FontWeight {
        if emphasized {
            switch style {
            case .largeTitle, .title1, .title2: return .bold
            default: return .semibold
            }
        }
        return style == .headline ? .semibold : .regular
    }

    /// `rows` by `TextStyle.ordinal`: looked up by index, the style is never hashed (a text
    /// style hashes its name, and a layout asks for specs several times a cell).
    private static let table: [[(Double, Double)]] = TextStyle.allCases.map { rows[$0]! }

    // (point size, leading) per category, xS … AX5, transcribed from DYNAMIC_TYPE.md.
    private static let rows: [TextStyle: [(Double, Double)]] = [
        .largeTitle: [(31, 38), (32, 39), (33, 40), (34, 41), (36, 43), (38, 46), (40, 48), (44, 52), (48, 57), (52, 61), (56, 66), (60, 70)],
        .title1: [(25, 31), (26, 32), (27, 33), (28, 34), (30, 37), (32, 39), (34, 41), (38, 46), (43, 51), (48, 57), (53, 62), (58, 68)],
        .title2: [(19, 24), (20, 25), (21, 26), (22, 28), (24, 30), (26, 32), (28, 34), (34, 41), (39, 47), (44, 52), (50, 59), (56, 66)],
        .title3: [(17, 22), (18, 23), (19, 24), (20, 25), (22, 28), (24, 30), (26, 32), (31, 38), (37, 44), (43, 51), (49, 58), (55, 65)],
        .headline: [(14, 19), (15, 20), (16, 21), (17, 22), (19, 24), (21, 26), (23, 29), (28, 34), (33, 40), (40, 48), (47, 56), (53, 62)],
        .body: [(14, 19), (15, 20), (16, 21), (17, 22), (19, 24), (21, 26), (23, 29), (28, 34), (33, 40), (40, 48), (47, 56), (53, 62)],
        .callout: [(13, 18), (14, 19), (15, 20), (16, 21), (18, 23), (20, 25), (22, 28), (26, 32), (32, 39), (38, 46), (44, 52), (51, 60)],
        .subheadline: [(12, 16), (13, 18), (14, 19), (15, 20), (17, 22), (19, 24), (21, 28), (25, 31), (30, 37), (36, 43), (42, 50), (49, 58)],
        .footnote: [(12, 16), (12, 16), (12, 16), (13, 18), (15, 20), (17, 22), (19, 24), (23, 29), (27, 33), (33, 40), (38, 46), (44, 52)],
        .caption1: [(11, 13), (11, 13), (11, 13), (12, 16), (14, 19), (16, 21), (18, 23), (22, 28), (26, 32), (32, 39), (37, 44), (43, 51)],
        .caption2: [(11, 13), (11, 13), (11, 13), (11, 13), (13, 18), (15, 20), (17, 22), (20, 25), (24, 30), (29, 35), (34, 41), (40, 48)],
    ]
}
