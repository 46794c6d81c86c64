import TextMetrics

/// The colors of a preview: a clean light phone screen. Body text is a near-black gray, headings
/// black, secondary text (footnotes) a mid gray, quotes set off by a bar, code on a light panel;
/// separators are the hairline gray of a plain iOS list. The light theme uses neutral grays only,
/// so a page without the debug overlay and without links (drawn in iOS's link blue) is a gray image (and `PNGCodec` writes it as 8-bit gray,
/// a third of the data of RGB).
///
/// It lives in Reflow, beside the layout it colours, so the audit reads the colours the preview
/// draws (`colors(for:)`) without depending on the renderer.
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
    /// A section background (a decoration), as an inset-grouped list draws it.
    public var groupedBackground: Color
    /// Corner radius of section backgrounds, in points.
    public var cornerRadius: Double
    /// A badge's fill and text.
    public var badge: Color
    public var badgeText: Color
    /// A screen cell's icon box (`Icon`).
    public var icon: Color
    /// Links' text and underline: iOS's link color (`UIColor.link`, the light appearance's system blue).
    public var link: Color
    /// The outline around a `.notdef` glyph (a character no font has): the audit's error red, so
    /// `missing-glyph` shows on every preview.
    public var missingGlyph: Color

    public init(background: Color, separator: Color, bodyText: Color, headingText: Color, secondaryText: Color,
                quoteText: Color, quoteBar: Color, codeBackground: Color, separatorWidth: Double,
                groupedBackground: Color, cornerRadius: Double, badge: Color, badgeText: Color, icon: Color,
                link: Color = Color(hex: 0x007AFF), missingGlyph: Color = Color(hex: 0xE5484D)) {
        self.background = background
        self.separator = separator
        self.bodyText = bodyText
        self.headingText = headingText
        self.secondaryText = secondaryText
        self.quoteText = quoteText
        self.quoteBar = quoteBar
        self.codeBackground = codeBackground
        self.separatorWidth = separatorWidth
        self.groupedBackground = groupedBackground
        self.cornerRadius = cornerRadius
        self.badge = badge
        self.badgeText = badgeText
        self.icon = icon
        self.link = link
        self.missingGlyph = missingGlyph
    }

    /// White, like iOS's light appearance.
    public static let light = Theme(
        background: .white, separator: Color(hex: 0xDADADA), bodyText: Color(hex: 0x262626),
        headingText: Color(hex: 0x000000), secondaryText: Color(hex: 0x6B6B6B), quoteText: Color(hex: 0x474747),
        quoteBar: Color(hex: 0xC7C7C7), codeBackground: Color(hex: 0xF2F2F2), separatorWidth: 0.5,
        groupedBackground: Color(hex: 0xF2F2F7), cornerRadius: 10, badge: Color(hex: 0xD70015), badgeText: .white,
        icon: Color(hex: 0xD1D1D6))

    /// The text color of a cell of `kind`.
    public func textColor(for kind: Cell.Kind) -> Color {
        switch kind {
        case .heading, .tableCell(isHeader: true): headingText
        case .footnote: secondaryText
        case .quote: quoteText
        case .paragraph, .listItem, .code, .word, .item, .tableCell(isHeader: false), .tableRow, .image, .rule: bodyText
        case .alert(let kind): alertColor(kind)
        }
    }

    /// The color an element's text is drawn in and the color behind it, as `DisplayListBuilder`
    /// draws them: what a contrast check compares. `decorations` are the layout's decoration
    /// elements (section backgrounds) that may lie under it.
    public func colors(for element: LayoutAttributes, decorations: [LayoutAttributes] = []) -> (text: Color, backdrop: Color) {
        colors(for: element, textFrame: element.textFrame, decorations: decorations)
    }

    /// `colors(for:decorations:)` for an element whose text stands in `textFrame` (kept by a
    /// caller that let the element's measured text go).
    public func colors(for element: LayoutAttributes, textFrame: Rect?, decorations: [LayoutAttributes] = []) -> (text: Color, backdrop: Color) {
        switch element.role {
        case .supplementary(let kind) where kind == "badge":
            return (badgeText, badge)
        case .supplementary:
            return (headingText, background)
        case .decoration:
            return (headingText, groupedBackground)
        case .cell:
            let text = textColor(for: element.cellKind ?? .paragraph)
            if element.cellKind == .code { return (text, codeBackground) }
            let over = decorations.contains {
                $0.indexPath.section == element.indexPath.section && $0.frame.contains(textFrame ?? element.frame)
            }
            return (text, over ? groupedBackground : background)
        }
    }
}
