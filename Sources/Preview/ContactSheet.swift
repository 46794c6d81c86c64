import Reflow
import TextMetrics

/// Several screens side by side, each under a label: the twelve text sizes of a document on
/// one image (`reflow-cli FILE --category all`).
public enum ContactSheet {
    public struct Column: Sendable {
        /// The large label, e.g. "xxxL".
        public var title: String
        /// A smaller line under it, e.g. "body 23 pt".
        public var subtitle: String
        public var screen: DisplayList

        public init(title: String, subtitle: String, screen: DisplayList) {
            self.title = title
            self.subtitle = subtitle
            self.screen = screen
        }
    }

    public static let margin = 32.0
    public static let gap = 24.0
    public static let sheetBackground = Color(hex: 0xF0F0F0)
    public static let border = Color(hex: 0xD0D0D0)

    /// The columns on a light gray sheet, each screen on its own white panel with a hairline
    /// border and cut to its own size, under its labels; `heading` above them all.
    /// - Parameter typesetter: sets the labels (Inter at L: largeTitle, title2, subheadline).
    public static func compose(_ columns: [Column], heading: String?, typesetter: Typesetter) throws -> DisplayList {
        let titleColor = Color(hex: 0x000000), subtitleColor = Color(hex: 0x6B6B6B)
        var y = margin
        var headingLayout: TextLayout?
        let totalWidth = 2 * margin + columns.reduce(0) { $0 + $1.screen.size.width } + gap * Double(max(0, columns.count - 1))
        if let heading {
            let layout = try typesetter.layout(StyledText(heading), style: .largeTitle, category: .large, width: totalWidth - 2 * margin)
            headingLayout = layout
            y += layout.height + 20
        }
        var labels: [(TextLayout, TextLayout)] = []
        var labelHeight = 0.0
        for column in columns {
            let title = try typesetter.layout(StyledText(column.title), style: .title2, category: .large, width: column.screen.size.width)
            let subtitle = try typesetter.layout(StyledText(column.subtitle), style: .subheadline, category: .large,
                                                 width: column.screen.size.width)
            labels.append((title, subtitle))
            labelHeight = max(labelHeight, title.height + subtitle.height)
        }
        let screensTop = y + labelHeight + 10
        let tallest = columns.reduce(0) { max($0, $1.screen.size.height) }
        var sheet = DisplayList(size: Size(width: totalWidth, height: screensTop + tallest + margin), background: sheetBackground)
        if let headingLayout {
            sheet.draw(headingLayout, at: Point(x: margin, y: margin), color: titleColor, role: .heading(level: 1))
        }
        var x = margin
        for (column, (title, subtitle)) in zip(columns, labels) {
            sheet.draw(title, at: Point(x: x, y: y), color: titleColor, role: .heading(level: 2))
            sheet.draw(subtitle, at: Point(x: x, y: y + title.height), color: subtitleColor)
            let panel = Rect(origin: Point(x: x, y: screensTop), size: column.screen.size)
            sheet.fill(panel, column.screen.background)
            sheet.append(column.screen, at: panel.origin, clip: true)
            sheet.stroke(panel, border, lineWidth: 0.5)
            x += column.screen.size.width + gap
        }
        return sheet
    }
}
