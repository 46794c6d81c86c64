import Preview
import Reflow
import TextMetrics

/// A layout drawn from its layout JSON alone (`LayoutReport`): how `check --report` shows a golden,
/// which keeps nothing else of the page, and today's layout beside it, drawn the same way, so the
/// two pictures differ only where the layouts do.
///
/// Every element is drawn at its frame, exactly: section backgrounds filled, headers and badges
/// on their backdrops, each cell outlined with a hairline. A cell's text is a sketch: its first
/// words (all a report keeps of it) set in its text style at the layout's size on its first line,
/// then a bar for each further line it has, in its text frame (for a screen's cells, which have
/// none, centred in the cell between its margins); list markers, code panels and image boxes
/// where the report puts them.
public struct LayoutSketch: Sendable {
    public let report: LayoutReport
    public var theme: Theme = .light

    public init(_ report: LayoutReport) { self.report = report }

    /// The colours of what only a sketch draws, and of what the theme tints (a sketch of a page
    /// without badges is gray, which a PNG holds in a third of the bytes of colour).
    public enum Palette {
        /// A cell's outline.
        public static let frame = Color(hex: 0xD0D0D0)
        /// A line of text beyond the first words.
        public static let bar = Color(hex: 0xE6E6E6)
        /// A section's background.
        public static let background = Color(hex: 0xF2F2F2)
        /// An image's box.
        public static let image = Color(hex: 0xD6D6D6)
    }

    /// The page's part in `window` (page coordinates) as a display list of the window's size;
    /// text set by `typesetter`.
    public func displayList(window: Rect, typesetter: Typesetter) -> DisplayList {
        var list = DisplayList(size: window.size, background: theme.background)
        let category = ContentSizeCategory(name: report.environment.category) ?? .large
        var environment = TextEnvironment(category: category)
        environment.direction = report.environment.direction.flatMap(BaseDirection.init(rawValue:)) ?? .auto
        environment.language = report.environment.language.flatMap { try? LanguageTag($0) }
        // Backgrounds first, then in drawing order; the report's order within one z-index.
        let elements = report.elements.enumerated()
            .sorted { ($0.element.zIndex ?? 0, $0.offset) < ($1.element.zIndex ?? 0, $1.offset) }
            .map(\.element)
        for element in elements {
            let frame = Self.rect(element.frame).offsetBy(dx: -window.minX, dy: -window.minY)
            guard frame.intersects(Rect(origin: .zero, size: window.size)) || frame.height == 0 else { continue }
            var items = DisplayList(size: list.size, background: list.background)
            draw(element, at: frame, window: window, environment: environment, typesetter: typesetter, into: &items)
            // What an element draws stays inside it, as a cell that clips to its bounds.
            list.items.append(.clip(frame.insetBy(-1), items.items))
        }
        return list
    }

    private func draw(_ element: LayoutReport.ElementReport, at frame: Rect, window: Rect, environment: TextEnvironment,
                      typesetter: Typesetter, into list: inout DisplayList) {
        func moved(_ reported: LayoutReport.Frame) -> Rect { Self.rect(reported).offsetBy(dx: -window.minX, dy: -window.minY) }
        switch element.kind {
        case "background":
            list.fill(frame, Palette.background, cornerRadius: theme.cornerRadius)
            return
        case "badge":
            list.fill(frame, theme.badge, cornerRadius: min(frame.width, frame.height) / 2)
        case "cell":
            if element.cell == "code" { list.fill(frame, theme.codeBackground, cornerRadius: 6) }
            list.stroke(frame.insetBy(0.25), Palette.frame, lineWidth: 0.5)
        default:
            list.fill(frame, theme.background)
        }
        for image in element.images ?? [] {
            list.fill(moved(image.frame), Palette.image)
        }
        if let marker = element.marker, let style = element.style.flatMap(TextStyle.init(rawValue:)),
           let layout = try? typesetter.layout(StyledText(Self.shown(marker.text)), style: style, environment: environment,
                                               width: 10_000) {
            list.draw(layout, at: moved(marker.frame).origin, color: theme.bodyText, maximumLines: 1)
        }
        guard let text = element.text.map(Self.shown), let style = element.style.flatMap(TextStyle.init(rawValue:)) else { return }
        let color = element.kind == "badge" ? theme.badgeText : element.cell == "heading" ? theme.headingText : theme.bodyText
        let lines = max(1, element.lines ?? 1)
        // The text's column: its frame where the report has one, else the cell between the margins.
        let margin = min(environment.layoutMargin, frame.width / 4)
        var column = element.textFrame.map(moved) ?? frame.insetBy(dx: margin, dy: 0)
        guard column.width > 0,
              let layout = try? typesetter.layout(StyledText(text), style: style, environment: environment, width: column.width)
        else { return }
        let height = Double(lines) * layout.lineHeight
        if element.textFrame == nil { column.origin.y = max(frame.minY, frame.midY - height / 2) }
        list.draw(layout, at: column.origin, color: color, maximumLines: 1)
        let rightToLeft = layout.baseDirection == .rightToLeft
        // A bar for each further line the window shows, and no others: a golden may say a cell has
        // a billion lines (its frame then holds them: `LayoutReport.Golden.Bounds`).
        for line in Self.visibleLines(lines, top: column.minY, lineHeight: layout.lineHeight, window: window.height) {
            let y = column.minY + Double(line) * layout.lineHeight
            let width = line == lines - 1 ? column.width * 0.6 : column.width
            let x = rightToLeft ? column.maxX - width : column.minX
            list.fill(Rect(x: x, y: y + layout.lineHeight * 0.3, width: width, height: layout.lineHeight * 0.4), Palette.bar,
                      cornerRadius: 2)
        }
    }

    static func rect(_ frame: LayoutReport.Frame) -> Rect { Rect(x: frame.x, y: frame.y, width: frame.width, height: frame.height) }

    /// The most characters of an element's text or marker a sketch sets: a recorded golden keeps
    /// six words of at most 40 characters each; one edited to hold a megabyte is set no further.
    static let shownCharacters = 400

    static func shown(_ text: String) -> String { String(text.prefix(shownCharacters)) }

    /// The lines after the first, of `count` lines `lineHeight` apart from `top` (window
    /// coordinates), whose bars reach into a window `height` tall: an empty range when none do.
    /// - Complexity: O(1); the range is at most the window's height over the line height.
    static func visibleLines(_ count: Int, top: Double, lineHeight: Double, window height: Double) -> Range<Int> {
        guard count > 1, lineHeight > 0, lineHeight.isFinite, top.isFinite else { return 0..<0 }
        // A line `i` is drawn from top + i × lineHeight, one line tall.
        let first = max(1, ((-top / lineHeight).rounded(.down) - 1))
        let last = min(Double(count), ((height - top) / lineHeight).rounded(.up) + 1, 1e15)
        guard first < last else { return 0..<0 }
        return Int(first)..<Int(last)
    }
}

extension Rect {
    /// The rectangle with `dx` taken off its left and right and `dy` off its top and bottom (added
    /// for negative amounts), never less than empty.
    func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }

    /// `insetBy(dx:dy:)` with the same amount on every side.
    func insetBy(_ amount: Double) -> Rect { insetBy(dx: amount, dy: amount) }
}
