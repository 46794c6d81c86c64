import Reflow
import TextMetrics

/// Builds the display list of a screen of laid-out cells: a white page, code panels and quote
/// bars, hairline separators between the rows of a section (not next to headings), and the text of every cell (its
/// glyphs, and its characters as accessible text). With `debug`, an overlay on top: each cell's
/// frame, its text frame, every baseline, and a bar marking the 44 pt minimum
/// height at the leading edge (orange when the minimum made the cell taller than its text); when the screen was laid
/// out lazily, a scroll indicator showing which parts of the document were measured and which
/// are only estimated.
///
/// The builder only reads the attributes: the same cells give the same list, item for item.
public struct DisplayListBuilder: Sendable {
    public var theme: Theme
    public var debug: Bool

    public init(theme: Theme = .light, debug: Bool = false) {
        self.theme = theme
        self.debug = debug
    }

    /// What a lazy layout knew when a screen was drawn, for the debug overlay.
    public struct LazyState: Sendable, Equatable {
        /// The content height then: measured rows plus estimates for the others.
        public var contentHeight: Double
        public var rowCount: Int
        /// The content-coordinate spans of the rows measured so far (the others are estimates).
        public var measuredSpans: [Range<Double>]

        public init(contentHeight: Double, rowCount: Int, measuredSpans: [Range<Double>]) {
            self.contentHeight = contentHeight
            self.rowCount = rowCount
            self.measuredSpans = measuredSpans
        }

        public var measuredRows: Int { measuredSpans.count }
    }

    /// The colors of the debug overlay.
    public enum DebugColor {
        public static let frame = Color(hex: 0xE5484D, alpha: 170)
        public static let textFrame = Color(hex: 0x3E63DD, alpha: 110)
        public static let baseline = Color(hex: 0x12A594, alpha: 170)
        public static let minimumApplied = Color(hex: 0xF76B15)
        public static let minimum = Color(hex: 0x8E8E93, alpha: 140)
        public static let measured = Color(hex: 0x30A46C)
        public static let estimated = Color(hex: 0xC7C7CC)
    }

    /// `cells` (in content coordinates) as they appear through `visibleRect`: the list has the
    /// rectangle's size and its top-left is the rectangle's origin. Cells outside it are skipped;
    /// cells across its edges are cut by the image's edge.
    /// - Parameters:
    ///   - lazy: the lazy layout's state when the screen was laid out lazily (drawn by the debug
    ///     overlay), nil for an eager layout.
    ///   - labels: sets the overlay's caption for a lazy screen; without it the caption is left out.
    public func displayList(cells: [LayoutAttributes], visibleRect: Rect, lazy: LazyState? = nil,
                            labels: Typesetter? = nil) -> DisplayList {
        var list = DisplayList(size: visibleRect.size, background: theme.background)
        let shift = Point(x: -visibleRect.minX, y: -visibleRect.minY)
        func moved(_ rect: Rect) -> Rect { Rect(x: rect.minX + shift.x, y: rect.minY + shift.y, width: rect.width, height: rect.height) }
        let cells = cells.filter { $0.frame.intersects(visibleRect) || ($0.frame.height == 0 && $0.frame.minY >= visibleRect.minY && $0.frame.minY < visibleRect.maxY) }

        // Panels and bars behind the text.
        for cell in cells {
            let frame = moved(cell.frame), text = moved(cell.textFrame)
            let gutter = max(0, text.minX - frame.minX)
            switch cell.kind {
            case .code:
                let panel = Rect(x: frame.minX + gutter / 2, y: frame.minY + 2, width: frame.width - gutter, height: frame.height - 4)
                list.fill(panel, theme.codeBackground, cornerRadius: min(8, gutter / 2))
            case .quote:
                // On the leading side of the cell's direction: the right for a right-to-left paragraph.
                let rightToLeft = cell.textLayout.baseDirection == .rightToLeft
                let leadingGutter = rightToLeft ? max(0, frame.maxX - text.maxX) : gutter
                let barWidth = max(2, leadingGutter / 6)
                let barCenter = rightToLeft ? frame.maxX - leadingGutter / 2 : frame.minX + gutter / 2
                list.fill(Rect(x: barCenter - barWidth / 2, y: text.minY, width: barWidth, height: text.height),
                          theme.quoteBar, cornerRadius: barWidth / 2)
            default:
                break
            }
        }

        // Separators: a hairline in the gap between two rows of a section, from the text's
        // leading edge to the cell's trailing edge; none next to a heading (it heads what follows).
        for (previous, cell) in zip(cells, cells.dropFirst())
        where previous.indexPath.section == cell.indexPath.section && previous.kind != .heading && cell.kind != .heading {
            let above = moved(previous.frame), below = moved(cell.frame), text = moved(cell.textFrame)
            let y = (above.maxY + below.minY) / 2 - theme.separatorWidth / 2
            let left = min(text.minX, moved(previous.textFrame).minX)
            list.fill(Rect(x: left, y: y, width: below.maxX - left, height: theme.separatorWidth), theme.separator)
        }

        // The text.
        for cell in cells {
            let text = moved(cell.textFrame)
            list.draw(cell.textLayout, at: text.origin, color: theme.textColor(for: cell.kind),
                      role: Self.role(of: cell), frame: moved(cell.frame))
        }

        if debug {
            for cell in cells { drawDebug(cell, moved: moved, into: &list) }
            if let lazy { drawLazyIndicator(lazy, visibleRect: visibleRect, labels: labels, into: &list) }
        }
        return list
    }

    /// A heading's level from its text style (largeTitle 1 … headline 5), text otherwise.
    static func role(of cell: LayoutAttributes) -> DisplayList.AccessibleText.Role {
        guard cell.kind == .heading else { return .text }
        let level: Int = switch cell.style {
        case .largeTitle: 1
        case .title1: 2
        case .title2: 3
        case .title3: 4
        default: 5
        }
        return .heading(level: level)
    }

    private func drawDebug(_ cell: LayoutAttributes, moved: (Rect) -> Rect, into list: inout DisplayList) {
        let frame = moved(cell.frame), text = moved(cell.textFrame)
        list.stroke(frame, DebugColor.frame, lineWidth: 0.5)
        list.stroke(text, DebugColor.textFrame, lineWidth: 0.5)
        for line in cell.textLayout.lines {
            let y = text.minY + line.baseline
            list.line(from: Point(x: text.minX + line.x, y: y), to: Point(x: text.minX + line.x + max(line.width, 1), y: y),
                      DebugColor.baseline, lineWidth: 0.5)
        }
        // The 44 pt minimum: a bar as tall as the minimum in the leading gutter, with a tick at its
        // end (the trailing edge is the lazy scroll indicator's).
        let minimum = Cell.minimumTouchHeight
        let applied = cell.frame.height <= minimum + 1e-9 && cell.textFrame.height < minimum
        let color = applied ? DebugColor.minimumApplied : DebugColor.minimum
        let x = frame.minX + 2
        list.fill(Rect(x: x, y: frame.minY, width: 2, height: minimum), color)
        list.fill(Rect(x: x, y: frame.minY + minimum - 1, width: 6, height: 1), color)
    }

    /// A scroll indicator at the trailing edge: the whole content height mapped onto the screen
    /// height, measured rows in green, estimated ones in gray, the screen's span outlined.
    private func drawLazyIndicator(_ lazy: LazyState, visibleRect: Rect, labels: Typesetter?, into list: inout DisplayList) {
        let height = visibleRect.height
        guard lazy.contentHeight > 0, height > 0 else { return }
        let track = Rect(x: visibleRect.width - 7, y: 2, width: 5, height: height - 4)
        let k = track.height / lazy.contentHeight
        list.fill(track, DebugColor.estimated, cornerRadius: 2.5)
        for span in lazy.measuredSpans {
            let top = track.minY + span.lowerBound * k
            list.fill(Rect(x: track.minX, y: top, width: track.width, height: max(0.5, (span.upperBound - span.lowerBound) * k)),
                      DebugColor.measured)
        }
        let window = Rect(x: track.minX - 1.5, y: track.minY + visibleRect.minY * k, width: track.width + 3,
                          height: max(2, visibleRect.height * k))
        list.stroke(window, Color(hex: 0x1C1C1E), lineWidth: 1)
        guard let labels else { return }
        let caption = "lazy: \(lazy.measuredRows) of \(lazy.rowCount) rows measured; content height ≈ \(Int(lazy.contentHeight.rounded())) pt (the rest estimated)"
        if let layout = try? labels.layout(StyledText(caption), style: .caption2, category: .large, width: visibleRect.width - 24) {
            let box = Rect(x: 4, y: height - layout.height - 8, width: min(visibleRect.width - 16, layout.usedWidth + 8),
                           height: layout.height + 4)
            list.fill(box, Color(hex: 0xFFFFFF, alpha: 225), cornerRadius: 3)
            list.draw(layout, at: Point(x: 8, y: box.minY + 2), color: Color(hex: 0x1C1C1E))
        }
    }
}
