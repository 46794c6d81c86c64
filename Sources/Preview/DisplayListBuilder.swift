import Reflow
import TextMetrics

/// Builds the display list of a screen of laid-out cells: a white page, code panels and quote
/// bars, hairline separators between the rows of a section (not next to headings), and the text of every cell (its
/// glyphs, and its characters as accessible text), a red outline around every `.notdef` glyph (a
/// character no font has: the audit's `missing-glyph`). With `debug`, an overlay on top: each cell's
/// frame, its text frame, every baseline, and a bar marking the 44 pt minimum
/// height at the leading edge (orange when the minimum made the cell taller than its text); when the screen was laid
/// out lazily, a scroll indicator showing which parts of the document were measured and which
/// are only estimated.
///
/// The builder only reads the attributes: the same cells give the same list, item for item.
public struct DisplayListBuilder: Sendable {
    public var theme: Theme
    public var debug: Bool
    /// Where a document's images are decoded (once a run, shared by every list built with it); a
    /// picture with a file is drawn from its pixels through it. Without one, or when its file
    /// does not decode, a picture is a placeholder.
    public var pictures: PictureStore?

    /// The layout's direction. In a right-to-left layout a row's separator hangs from the right
    /// unless the row's text visibly hangs from the left: a screen's left-to-right string (an
    /// untranslated English title in an Arabic screen) stands at the right, as UIKit's natural
    /// alignment follows the interface's direction, and its list separator's inset is on that
    /// side; a document's English paragraph (`auto`) stands at the left, and so does its separator.
    public var layoutDirection: LayoutDirection

    public init(theme: Theme = .light, debug: Bool = false, pictures: PictureStore? = nil,
                layoutDirection: LayoutDirection = .leftToRight) {
        self.theme = theme
        self.debug = debug
        self.pictures = pictures
        self.layoutDirection = layoutDirection
    }

    /// What a lazy layout knew when a screen was drawn, for the debug overlay.
    public struct LazyState: Sendable, Equatable {
        /// The content height then: measured units plus estimates for the others.
        public var contentHeight: Double
        public var unitCount: Int
        /// The content-coordinate spans of the units measured so far (the others are estimates).
        public var measuredSpans: [Range<Double>]

        public init(contentHeight: Double, unitCount: Int, measuredSpans: [Range<Double>]) {
            self.contentHeight = contentHeight
            self.unitCount = unitCount
            self.measuredSpans = measuredSpans
        }

        public var measuredUnits: Int { measuredSpans.count }
    }

    /// The colors of the debug overlay.
    public enum DebugColor {
        public static let frame = Color(hex: 0xE5484D, alpha: 170)
        public static let supplementary = Color(hex: 0x8E4EC6, alpha: 170)
        /// Dashed outlines of a compositional layout's groups.
        public static let group = Color(hex: 0xF5A623, alpha: 200)
        public static let textFrame = Color(hex: 0x3E63DD, alpha: 110)
        public static let baseline = Color(hex: 0x12A594, alpha: 170)
        public static let minimumApplied = Color(hex: 0xF76B15)
        public static let minimum = Color(hex: 0x8E8E93, alpha: 140)
        public static let measured = Color(hex: 0x30A46C)
        public static let estimated = Color(hex: 0xC7C7CC)
    }

    /// `elements` (in content coordinates, in drawing order) as they appear through
    /// `visibleRect`: the list has the rectangle's size and its top-left is the rectangle's
    /// origin. Elements outside it are skipped; elements across its edges are cut by the image's edge.
    /// - Parameters:
    ///   - lazy: the lazy layout's state when the screen was laid out lazily (drawn by the debug
    ///     overlay), nil for an eager layout.
    ///   - labels: sets the overlay's caption for a lazy screen; without it the caption is left out.
    ///   - groups: frames of a compositional layout's groups, outlined by the debug overlay.
    ///   - annotations: outlines with a label drawn over everything (an audit's findings).
    /// Whether `element` shows right-to-left text: its first text's base direction.
    static func isRightToLeft(_ element: LayoutAttributes) -> Bool {
        for content in element.content {
            if case .text(let layout, _, _, _) = content { return layout.baseDirection == .rightToLeft }
        }
        return false
    }

    /// Whether `element`'s row runs from the right, for its separator: its text is right to left,
    /// or the layout is and its text does not hang from the left (`layoutDirection`).
    func runsFromTheRight(_ element: LayoutAttributes) -> Bool {
        if Self.isRightToLeft(element) { return true }
        return layoutDirection == .rightToLeft && !Self.hangsFromTheLeft(element)
    }

    /// Whether `element`'s first text has every line at its left edge and one short of its right:
    /// text aligned to the left, not to the right and not filling its width.
    static func hangsFromTheLeft(_ element: LayoutAttributes) -> Bool {
        for content in element.content {
            guard case .text(let layout, _, _, _) = content else { continue }
            guard layout.containerWidth.isFinite else { return true }
            return layout.lines.allSatisfy { $0.x < 0.5 } && layout.lines.contains { $0.x + $0.width < layout.containerWidth - 0.5 }
        }
        return false
    }

    public func displayList(elements: [LayoutAttributes], visibleRect: Rect, lazy: LazyState? = nil,
                            labels: Typesetter? = nil, groups: [Rect] = [], annotations: [Annotation] = []) -> DisplayList {
        var list = DisplayList(size: visibleRect.size, background: theme.background)
        let shift = Point(x: -visibleRect.minX, y: -visibleRect.minY)
        func moved(_ rect: Rect) -> Rect { rect.offsetBy(dx: shift.x, dy: shift.y) }
        let elements = elements.filter {
            $0.frame.intersects(visibleRect) || ($0.frame.height == 0 && $0.frame.minY >= visibleRect.minY && $0.frame.minY < visibleRect.maxY)
        }
        let cells = elements.filter { $0.role == .cell }

        // Separators: a hairline in the gap between two rows of a list (cells of a section stacked
        // one under the other, as wide as each other), from the text's leading edge to the cell's
        // trailing edge (mirrored between rows that run from the right, `runsFromTheRight`: from
        // the text's right edge to the cell's left); none next to a heading (it heads what
        // follows) or under a GitHub alert's title, none in a grid.
        var separators: [Rect] = []
        for (previous, cell) in zip(cells, cells.dropFirst())
        where previous.indexPath.section == cell.indexPath.section && cell.frame.minY >= previous.frame.maxY
            && cell.frame.minX == previous.frame.minX && cell.frame.width == previous.frame.width
            && previous.cellKind?.headingLevel == nil && cell.cellKind?.headingLevel == nil && !Self.isAlertTitle(previous)
            && previous.cellKind != .word && cell.cellKind != .word && previous.cellKind != .rule && cell.cellKind != .rule {
            let above = moved(previous.frame), below = moved(cell.frame)
            let text = moved(cell.textFrame ?? cell.frame), previousText = moved(previous.textFrame ?? previous.frame)
            let y = (above.maxY + below.minY) / 2 - theme.separatorWidth / 2
            if runsFromTheRight(previous), runsFromTheRight(cell) {
                let right = max(text.maxX, previousText.maxX)
                separators.append(Rect(x: below.minX, y: y, width: right - below.minX, height: theme.separatorWidth))
            } else {
                let left = min(text.minX, previousText.minX)
                separators.append(Rect(x: left, y: y, width: below.maxX - left, height: theme.separatorWidth))
            }
        }

        // Backgrounds under everything; then cells' panels and bars, the separators, and the
        // elements' content in drawing order.
        let (below, above) = (elements.filter { $0.zIndex < 0 }, elements.filter { $0.zIndex >= 0 })
        below.forEach { draw($0, moved: moved, into: &list) }
        for cell in above where cell.role == .cell { drawPanels(cell, moved: moved, into: &list) }
        // A quote's bar runs on through the gaps between its cells.
        for (previous, cell) in zip(cells, cells.dropFirst()) where cell.frame.minY > previous.frame.maxY {
            for case .bar(let upper, let quote) in previous.content {
                guard cell.content.contains(where: { if case .bar(let lower, quote) = $0 { lower.minX == upper.minX } else { false } })
                else { continue }
                list.fill(moved(Rect(x: upper.minX, y: previous.frame.maxY, width: upper.width, height: cell.frame.minY - previous.frame.maxY)),
                          barColor(previous, quote: quote))
            }
        }
        separators.forEach { list.fill($0, theme.separator) }
        above.forEach { draw($0, moved: moved, into: &list) }

        for annotation in annotations where annotation.frame.intersects(visibleRect) {
            drawAnnotation(annotation, moved: moved, labels: labels, into: &list)
        }
        if debug {
            for group in groups where group.intersects(visibleRect) {
                list.stroke(moved(group), DebugColor.group, lineWidth: 1, dash: [4, 3])
            }
            for element in elements { drawDebug(element, moved: moved, into: &list) }
            if let lazy { drawLazyIndicator(lazy, visibleRect: visibleRect, labels: labels, into: &list) }
        }
        return list
    }

    private func draw(_ element: LayoutAttributes, moved: (Rect) -> Rect, into list: inout DisplayList) {
        switch element.role {
        case .decoration:
            list.fill(moved(element.frame), theme.groupedBackground, cornerRadius: theme.cornerRadius)
        case .cell where element.isClipped:
            // Content taller than its cell is cut at the cell's edges, as a view that clips to its bounds.
            var inner = DisplayList(size: list.size, background: list.background)
            drawContent(element, color: theme.colors(for: element).text, moved: moved, into: &inner)
            list.items.append(.clip(moved(element.frame), inner.items))
        case .cell:
            drawContent(element, color: theme.colors(for: element).text, moved: moved, into: &list)
        case .supplementary(let kind) where kind == "badge":
            let frame = moved(element.frame)
            let colors = theme.colors(for: element)
            list.fill(frame, colors.backdrop, cornerRadius: min(frame.width, frame.height) / 2)
            drawContent(element, color: colors.text, moved: moved, into: &list)
        case .supplementary:
            // A header or footer has its own background, so a pinned header covers the cells under it.
            let colors = theme.colors(for: element)
            list.fill(moved(element.frame), colors.backdrop)
            drawContent(element, color: colors.text, moved: moved, into: &list)
        }
    }

    /// An outline around something worth pointing at, in content coordinates, with a short label.
    public struct Annotation: Sendable, Equatable {
        public var frame: Rect
        public var label: String
        public var color: Color

        public init(frame: Rect, label: String, color: Color) {
            self.frame = frame
            self.label = label
            self.color = color
        }
    }

    private func drawAnnotation(_ annotation: Annotation, moved: (Rect) -> Rect, labels: Typesetter?, into list: inout DisplayList) {
        let frame = moved(annotation.frame)
        list.stroke(frame, annotation.color, lineWidth: 2)
        if let labels { list.tag(annotation.label, above: frame, color: annotation.color, typesetter: labels) }
    }

    /// Code panels behind a cell's text (drawn before every cell's text): from just before the
    /// text's leading edge to the cell's trailing edge less as much, the text's indentation kept.
    private func drawPanels(_ cell: LayoutAttributes, moved: (Rect) -> Rect, into list: inout DisplayList) {
        guard cell.cellKind == .code, let textFrame = cell.textFrame else { return }
        let frame = moved(cell.frame), text = moved(textFrame)
        // Mirrored when the text overflows on the left, or when it fits and its leading gap is on the right.
        let rightToLeft = text.minX < frame.minX - 1e-9
            || (text.maxX <= frame.maxX + 1e-9 && frame.maxX - text.maxX > text.minX - frame.minX + 1e-9)
        let leading = rightToLeft ? frame.maxX - text.maxX : text.minX - frame.minX
        let outer = rightToLeft ? text.minX - frame.minX : frame.maxX - text.maxX
        let pad = max(2, min(8, min(leading, max(outer, leading)) / 2))
        let panel = rightToLeft
            ? Rect(x: frame.minX + pad, y: frame.minY + 2, width: max(0, text.maxX + pad - frame.minX - 2 * pad), height: frame.height - 4)
            : Rect(x: text.minX - pad, y: frame.minY + 2, width: max(0, frame.maxX - pad - (text.minX - pad)), height: frame.height - 4)
        list.fill(panel, theme.codeBackground, cornerRadius: min(8, pad))
    }

    /// An element's texts (glyphs and accessible characters), markers, quote bars, rules and
    /// images. A code block wider than its cell is cut at the cell's edges, with a scroll
    /// indicator along its bottom: it scrolls sideways, as an orthogonal section does.
    private func drawContent(_ element: LayoutAttributes, color: Color, moved: (Rect) -> Rect, into list: inout DisplayList) {
        if let contentWidth = element.contentWidth, contentWidth > element.frame.width {
            var inner = DisplayList(size: list.size, background: list.background)
            var unclipped = element
            unclipped.contentWidth = nil
            drawContent(unclipped, color: color, moved: moved, into: &inner)
            let frame = moved(element.frame)
            list.items.append(.clip(frame, inner.items))
            let track = Rect(x: frame.minX + 8, y: frame.minY, width: max(0, frame.width - 16), height: frame.height)
            let length = max(12, track.width * element.frame.width / contentWidth)
            let leading = element.textFrame.map { moved($0).maxX > frame.maxX + 1e-9 && moved($0).minX < frame.minX - 1e-9 } ?? false
            list.fill(Rect(x: leading ? track.maxX - length : track.minX, y: frame.maxY - 5, width: length, height: 3),
                      theme.quoteBar, cornerRadius: 1.5)
            return
        }
        for content in element.content {
            switch content {
            case .text(let layout, _, let frame, _):
                let shown = moved(frame)
                list.draw(layout, at: shown.origin, color: color, linkColor: theme.link, role: Self.role(of: element),
                          frame: moved(element.frame),
                          maximumLines: Int((frame.height / max(layout.lineHeight, 1e-9)).rounded()), missingGlyphColor: theme.missingGlyph)
                if case .alert(let kind) = element.cellKind { drawAlertIcon(kind, title: layout, at: shown.origin, into: &list) }
            case .image(let frame):
                list.fill(moved(frame), theme.icon, cornerRadius: min(8, frame.width / 8))
            case .marker(let layout, let frame):
                list.draw(layout, at: moved(frame).origin, color: color, role: .text, frame: moved(element.frame), maximumLines: 1,
                          missingGlyphColor: theme.missingGlyph)
            case .bar(let frame, let quote):
                list.fill(moved(frame), barColor(element, quote: quote))
            case .rule(let frame):
                list.fill(moved(frame), theme.separator)
            case .picture(let picture, let frame, let alt, let altOrigin):
                if picture.isDecodable, let image = pictures?.image(for: picture, line: element.sourceLine) {
                    list.items.append(.image(moved(frame), image, alt: picture.alt))
                } else if picture.isDecodable {
                    // Laid out at the size its header gave, but its pixels are not to be had: a
                    // placeholder of that size, the glyph in its middle.
                    drawPlaceholder(moved(frame), alt: nil, altOrigin: Point(x: frame.width, y: 0), color: color, into: &list)
                } else {
                    drawPlaceholder(moved(frame), alt: alt, altOrigin: altOrigin, color: color, into: &list)
                }
            }
        }
    }

    /// Whether `element` is a GitHub alert's title cell.
    static func isAlertTitle(_ element: LayoutAttributes) -> Bool {
        if case .alert? = element.cellKind { true } else { false }
    }

    /// A quote's bar colour: a GitHub alert's colour for the alert's own bar (its element's
    /// outermost quote, `Nesting.alert`), the theme's quote gray for any other.
    private func barColor(_ element: LayoutAttributes, quote: Int) -> Color {
        guard let nesting = element.nesting, let kind = nesting.alert, case .quote(quote)? = nesting.containers.first else {
            return theme.quoteBar
        }
        return theme.alertColor(kind)
    }

    /// An alert's icon in the room its title's text leaves for it (`AlertKind.iconRoom`): a
    /// square 1 em wide at the first line's start (its end in a right-to-left line), centred on
    /// the capitals' middle.
    private func drawAlertIcon(_ kind: AlertKind, title: TextLayout, at origin: Point, into list: inout DisplayList) {
        guard let line = title.lines.first else { return }
        let em = title.pointSize
        let x = title.baseDirection == .rightToLeft ? origin.x + line.x + line.width - em : origin.x + line.x
        let middle = origin.y + line.baseline - 0.36 * em
        list.alertIcon(kind, in: Rect(x: x, y: middle - em / 2, width: em, height: em), color: theme.alertColor(kind))
    }

    /// An image not drawn from pixels: a box, a picture glyph (a frame with a hill and a sun) at
    /// its leading side and the alt text beside it.
    private func drawPlaceholder(_ box: Rect, alt: TextLayout?, altOrigin: Point, color: Color, into list: inout DisplayList) {
        list.fill(box, theme.codeBackground, cornerRadius: min(6, box.height / 4))
        list.stroke(box, theme.separator, lineWidth: 1)
        let side = max(4, min(altOrigin.x * 0.6, box.height - 4, 64))
        let glyph = Rect(x: box.minX + (altOrigin.x - side) / 2, y: box.midY - side / 2, width: side, height: side)
        list.stroke(glyph, theme.secondaryText, lineWidth: max(1, side / 12))
        list.line(from: Point(x: glyph.minX, y: glyph.maxY - side * 0.2), to: Point(x: glyph.minX + side * 0.4, y: glyph.minY + side * 0.45),
                  theme.secondaryText, lineWidth: max(1, side / 12))
        list.line(from: Point(x: glyph.minX + side * 0.4, y: glyph.minY + side * 0.45), to: Point(x: glyph.maxX, y: glyph.maxY - side * 0.1),
                  theme.secondaryText, lineWidth: max(1, side / 12))
        list.fill(Rect(x: glyph.maxX - side * 0.35, y: glyph.minY + side * 0.15, width: side * 0.2, height: side * 0.2),
                  theme.secondaryText, cornerRadius: side * 0.1)
        if let alt {
            list.draw(alt, at: Point(x: box.minX + altOrigin.x, y: box.minY + altOrigin.y), color: theme.secondaryText, role: .text,
                      frame: box, maximumLines: alt.lines.count, missingGlyphColor: theme.missingGlyph)
        }
    }

    /// A heading's level from its cell kind, text otherwise.
    static func role(of element: LayoutAttributes) -> DisplayList.AccessibleText.Role {
        if let level = element.cellKind?.headingLevel { return .heading(level: level) }
        if case .supplementary(let kind) = element.role, kind == "header" { return .heading(level: 2) }
        return .text
    }

    private func drawDebug(_ cell: LayoutAttributes, moved: (Rect) -> Rect, into list: inout DisplayList) {
        let frame = moved(cell.frame)
        list.stroke(frame, cell.role == .cell ? DebugColor.frame : DebugColor.supplementary, lineWidth: 0.5)
        guard cell.role == .cell else { return }
        for content in cell.content {
            guard case .text(let layout, _, let textFrame, _) = content else { continue }
            let text = moved(textFrame)
            list.stroke(text, DebugColor.textFrame, lineWidth: 0.5)
            for line in layout.lines where line.top < textFrame.height {
                let y = text.minY + line.baseline
                list.line(from: Point(x: text.minX + line.x, y: y), to: Point(x: text.minX + line.x + max(line.width, 1), y: y),
                          DebugColor.baseline, lineWidth: 0.5)
            }
        }
        // The 44 pt minimum: a bar as tall as the minimum in the leading gutter, with a tick at its
        // end (the trailing edge is the lazy scroll indicator's).
        let minimum = Cell.minimumTouchHeight
        let applied = cell.frame.height <= minimum + 1e-9 && (cell.textFrame?.height ?? 0) < minimum
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
        let caption = "lazy: \(lazy.measuredUnits) of \(lazy.unitCount) rows measured; content height ≈ \(Int(lazy.contentHeight.rounded())) pt (the rest estimated)"
        if let layout = try? labels.layout(StyledText(caption), style: .caption2, category: .large, width: visibleRect.width - 24) {
            let box = Rect(x: 4, y: height - layout.height - 8, width: min(visibleRect.width - 16, layout.usedWidth + 8),
                           height: layout.height + 4)
            list.fill(box, Color(hex: 0xFFFFFF, alpha: 225), cornerRadius: 3)
            list.draw(layout, at: Point(x: 8, y: box.minY + 2), color: Color(hex: 0x1C1C1E))
        }
    }
}
