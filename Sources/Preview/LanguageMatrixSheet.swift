import Reflow
import TextMetrics

/// A document's screens in several languages at several text sizes on one image: rows are
/// languages (labelled at the left with the tag and the language's name), columns are sizes
/// (labelled above as on the contact sheet, `ContactSheet`): `reflow-cli SCREEN.json --lang all
/// --category all --viewport 390x844`. Each cell is one screen on its own white panel, cut to its
/// size; a right-to-left language's screens arrive mirrored from the layout, nothing is flipped here.
public enum LanguageMatrixSheet {
    /// One language's row.
    public struct Row: Sendable {
        /// The large label, the tag as given (`de`, `pt-BR`, `pseudo-rtl`).
        public var title: String
        /// A smaller line under it: the language's name ("German").
        public var subtitle: String
        /// One screen per column, in the columns' order.
        public var screens: [DisplayList]

        public init(title: String, subtitle: String, screens: [DisplayList]) {
            self.title = title
            self.subtitle = subtitle
            self.screens = screens
        }
    }

    /// One size's column label.
    public struct Column: Sendable {
        /// The large label, e.g. "xxxL".
        public var title: String
        /// A smaller line under it, e.g. "body 23 pt".
        public var subtitle: String

        public init(title: String, subtitle: String) {
            self.title = title
            self.subtitle = subtitle
        }
    }

    /// The width of the languages' labels at the left, in points: a tag and a name such as
    /// "Chinese, Traditional" fit on two or three lines.
    public static let labelWidth = 150.0

    /// The size the sheet of `rows` × `columns` screens of `cell` size has without its labels
    /// and heading: the panels, the gaps between them, the margins and the label column. A lower
    /// bound of the composed size, to check a picture's limits before anything is laid out.
    public static func minimumSize(rows: Int, columns: Int, cell: Size) -> Size {
        let margin = ContactSheet.margin, gap = ContactSheet.gap
        return Size(width: 2 * margin + labelWidth + gap + Double(columns) * cell.width + gap * Double(max(0, columns - 1)),
                    height: 2 * margin + Double(rows) * cell.height + gap * Double(max(0, rows - 1)))
    }

    /// The rows on a light gray sheet: the sizes' labels across the top, each language's label at
    /// the left of its row (at the row's top), each screen on a white panel with a hairline
    /// border; `heading` above them all. Columns are as wide as their widest screen and rows as
    /// tall as their tallest, so that a row reads across and a column down.
    /// - Parameter typesetter: sets the labels (Inter at L: largeTitle, title2, subheadline; Noto
    ///   for what Inter lacks).
    public static func compose(_ rows: [Row], columns: [Column], heading: String?, typesetter: Typesetter) throws -> DisplayList {
        let margin = ContactSheet.margin, gap = ContactSheet.gap
        let titleColor = Color(hex: 0x000000), subtitleColor = Color(hex: 0x6B6B6B)
        let widths = columns.indices.map { column in rows.reduce(0) { max($0, column < $1.screens.count ? $1.screens[column].size.width : 0) } }
        let heights = rows.map { $0.screens.reduce(0) { max($0, $1.size.height) } }
        let screensWidth = widths.reduce(0, +) + gap * Double(max(0, columns.count - 1))
        let totalWidth = 2 * margin + labelWidth + gap + screensWidth
        var y = margin
        var headingLayout: TextLayout?
        if let heading {
            // A matrix is often one column wide: a heading that does not fit one line is set smaller.
            var layout = try typesetter.layout(StyledText(heading), style: .largeTitle, category: .large, width: totalWidth - 2 * margin)
            if layout.lines.count > 1 {
                layout = try typesetter.layout(StyledText(heading), style: .title2, category: .large, width: totalWidth - 2 * margin)
            }
            headingLayout = layout
            y += layout.height + 20
        }
        let columnLabels = try zip(columns, widths).map { column, width in
            (try typesetter.layout(StyledText(column.title), style: .title2, category: .large, width: width),
             try typesetter.layout(StyledText(column.subtitle), style: .subheadline, category: .large, width: width))
        }
        let labelsTop = y
        let screensTop = labelsTop + columnLabels.reduce(0) { max($0, $1.0.height + $1.1.height) } + 10
        let rowLabels = try rows.map { row in
            (try typesetter.layout(StyledText(row.title), style: .title2, category: .large, width: labelWidth),
             try typesetter.layout(StyledText(row.subtitle), style: .subheadline, category: .large, width: labelWidth))
        }
        // A row is as tall as its tallest screen, or its label where that is taller (a tiny viewport).
        let rowHeights = zip(heights, rowLabels).map { max($0, $1.0.height + $1.1.height) }
        let screensHeight = rowHeights.reduce(0, +) + gap * Double(max(0, rows.count - 1))
        var sheet = DisplayList(size: Size(width: totalWidth, height: screensTop + screensHeight + margin),
                                background: ContactSheet.sheetBackground)
        if let headingLayout {
            sheet.draw(headingLayout, at: Point(x: margin, y: margin), color: titleColor, role: .heading(level: 1))
        }
        let left = margin + labelWidth + gap
        var x = left
        for ((title, subtitle), width) in zip(columnLabels, widths) {
            sheet.draw(title, at: Point(x: x, y: labelsTop), color: titleColor, role: .heading(level: 2))
            sheet.draw(subtitle, at: Point(x: x, y: labelsTop + title.height), color: subtitleColor)
            x += width + gap
        }
        var top = screensTop
        for ((row, (title, subtitle)), height) in zip(zip(rows, rowLabels), rowHeights) {
            sheet.draw(title, at: Point(x: margin, y: top), color: titleColor, role: .heading(level: 2))
            sheet.draw(subtitle, at: Point(x: margin, y: top + title.height), color: subtitleColor)
            x = left
            for (screen, width) in zip(row.screens, widths) {
                let panel = Rect(origin: Point(x: x, y: top), size: screen.size)
                sheet.fill(panel, screen.background)
                sheet.append(screen, at: panel.origin, clip: true)
                sheet.stroke(panel, ContactSheet.border, lineWidth: 0.5)
                x += width + gap
            }
            top += height + gap
        }
        return sheet
    }
}
