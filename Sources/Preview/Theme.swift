import Reflow
import TextMetrics

/// The colors of a preview: a clean light phone screen. Body text is a near-black gray, headings
/// black, secondary text (footnotes) a mid gray, quotes set off by a bar, code on a light panel;
/// separators are the hairline gray of a plain iOS list.
public struct Theme: Hashable, Sendable {
    public var background: Color
    public var separator: Color
    public var bodyText: Color
    public var headingText: Color
    public var secondaryText: Color
    public var quoteText: Color
    public var quoteBar: Color
    public var codeBackground: Color
    /// Width of a separator line, in points.
    public var separatorWidth: Double

    public init(background: Color, separator: Color, bodyText: Color, headingText: Color, secondaryText: Color,
                quoteText: Color, quoteBar: Color, codeBackground: Color, separatorWidth: Double) {
        self.background = background
        self.separator = separator
        self.bodyText = bodyText
        self.headingText = headingText
        self.secondaryText = secondaryText
        self.quoteText = quoteText
        self.quoteBar = quoteBar
        self.codeBackground = codeBackground
        self.separatorWidth = separatorWidth
    }

    /// White, like iOS's light appearance.
    public static let light = Theme(
        background: .white, separator: Color(hex: 0xD8D8DC), bodyText: Color(hex: 0x2C2C2E),
        headingText: Color(hex: 0x000000), secondaryText: Color(hex: 0x6E6E73), quoteText: Color(hex: 0x48484A),
        quoteBar: Color(hex: 0xC7C7CC), codeBackground: Color(hex: 0xF2F2F7), separatorWidth: 0.5)

    /// The text color of a cell of `kind`.
    public func textColor(for kind: Cell.Kind) -> Color {
        switch kind {
        case .heading: headingText
        case .footnote: secondaryText
        case .quote: quoteText
        case .paragraph, .listItem, .code, .word: bodyText
        }
    }
}
