import Reflow
import TextMetrics

/// What a preview draws, in points (x right, y down, origin at the top left), as a value: a size,
/// a background and a list of items painted in order. Built from layout attributes by a
/// `DisplayListBuilder`; drawn by `PNGRenderer` and `SVGRenderer`, which agree on every item, so
/// one list gives both a bitmap and a vector image of the same screen.
public struct DisplayList: Equatable, Sendable {
    /// Glyphs of one font at one size and color, placed on a baseline.
    public struct GlyphRun: Equatable, Sendable {
        public var font: Font
        public var pointSize: Double
        /// The pen's start: the line's start on its baseline.
        public var origin: Point
        public var color: Color
        /// Each glyph's position relative to `origin`, in points (x right, y down).
        public var glyphs: [PositionedGlyph]

        public init(font: Font, pointSize: Double, origin: Point, color: Color, glyphs: [PositionedGlyph]) {
            self.font = font
            self.pointSize = pointSize
            self.origin = origin
            self.color = color
            self.glyphs = glyphs
        }
    }

    /// The text of a cell or a label as characters, for search and screen readers: drawn by no
    /// bitmap, written by vector output as invisible, selectable text over the glyphs.
    public struct AccessibleText: Equatable, Sendable {
        public enum Role: Equatable, Sendable {
            case heading(level: Int)
            case text
        }

        public struct Line: Equatable, Sendable {
            public var text: String
            /// The line's start on its baseline.
            public var origin: Point
            /// The width of the drawn glyphs.
            public var width: Double
            public var pointSize: Double

            public init(text: String, origin: Point, width: Double, pointSize: Double) {
                self.text = text
                self.origin = origin
                self.width = width
                self.pointSize = pointSize
            }
        }

        public var frame: Rect
        public var role: Role
        public var lines: [Line]

        public init(frame: Rect, role: Role, lines: [Line]) {
            self.frame = frame
            self.role = role
            self.lines = lines
        }
    }

    public indirect enum Item: Equatable, Sendable {
        /// A filled rectangle, its corners rounded by `cornerRadius` points (0: square).
        case fill(Rect, Color, cornerRadius: Double)
        /// A rectangle's outline, `lineWidth` wide and centred on its edges.
        case stroke(Rect, Color, lineWidth: Double)
        /// A straight line; `dash` alternates drawn and skipped lengths (empty: solid).
        case line(from: Point, to: Point, Color, lineWidth: Double, dash: [Double])
        /// Connected straight lines through `points`.
        case polyline([Point], Color, lineWidth: Double)
        case glyphs(GlyphRun)
        case text(AccessibleText)
        /// A document's image drawn from its pixels, stretched over the rectangle (the layout kept
        /// its aspect); `alt` is its alt text, for vector output's screen readers.
        case image(Rect, RGBAImage, alt: String)
        /// `items` drawn only inside the rectangle.
        case clip(Rect, [Item])
    }

    public var size: Size
    public var background: Color
    public var items: [Item]

    public init(size: Size, background: Color = .white, items: [Item] = []) {
        self.size = size
        self.background = background
        self.items = items
    }

    // MARK: Drawing

    public mutating func fill(_ rect: Rect, _ color: Color, cornerRadius: Double = 0) {
        guard rect.width > 0, rect.height > 0, color.alpha > 0 else { return }
        items.append(.fill(rect, color, cornerRadius: cornerRadius))
    }

    public mutating func stroke(_ rect: Rect, _ color: Color, lineWidth: Double = 1) {
        guard lineWidth > 0, color.alpha > 0 else { return }
        items.append(.stroke(rect, color, lineWidth: lineWidth))
    }

    /// A rectangle's outline in dashes: `dash` alternates drawn and skipped lengths along each edge.
    public mutating func stroke(_ rect: Rect, _ color: Color, lineWidth: Double, dash: [Double]) {
        let (topLeft, topRight) = (rect.origin, Point(x: rect.maxX, y: rect.minY))
        let (bottomLeft, bottomRight) = (Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY))
        // Each edge left to right or top to bottom, so the dashes start at the top-left corner.
        for (start, end) in [(topLeft, topRight), (bottomLeft, bottomRight), (topLeft, bottomLeft), (topRight, bottomRight)] {
            line(from: start, to: end, color, lineWidth: lineWidth, dash: dash)
        }
    }

    /// `text` on one line in white on a tag of `color`, sitting on `frame`'s top-left corner (and
    /// inside the list at its top): the label of an outline (an audit's finding, a check's change).
    /// Set in caption2 at the default size by `typesetter`; nothing when it cannot be set.
    public mutating func tag(_ text: String, above frame: Rect, color: Color, typesetter: Typesetter) {
        guard let layout = try? typesetter.layout(StyledText(text), style: .caption2, category: .large, width: 10_000) else { return }
        let box = Rect(x: frame.minX, y: max(0, frame.minY - layout.height - 2), width: layout.usedWidth + 8, height: layout.height + 2)
        fill(box, color, cornerRadius: 2)
        draw(layout, at: Point(x: box.minX + 4, y: box.minY + 1), color: .white)
    }

    public mutating func line(from start: Point, to end: Point, _ color: Color, lineWidth: Double = 1, dash: [Double] = []) {
        guard lineWidth > 0, color.alpha > 0 else { return }
        items.append(.line(from: start, to: end, color, lineWidth: lineWidth, dash: dash))
    }

    public mutating func polyline(_ points: [Point], _ color: Color, lineWidth: Double = 1) {
        guard points.count >= 2, lineWidth > 0, color.alpha > 0 else { return }
        items.append(.polyline(points, color, lineWidth: lineWidth))
    }

    /// Every line of `layout` (at most `maximumLines`) that reaches into the list's bounds, with its
    /// container's top-left at `origin`
    /// (each line at its own `x`, so right-to-left lines end at the right edge), its glyph runs in
    /// visual order, in `color`, and its characters (logical order) as accessible text with `role`.
    /// Links are drawn in `linkColor` and underlined, struck-through text crossed out: one band per
    /// line of a link (or struck span), at the position and thickness of the paragraph's primary
    /// face, as a browser draws a decoration from its element's first font, so a link whose text
    /// falls back to other faces (CJK, emoji) keeps one straight underline. With `missingGlyphColor`, every `.notdef` glyph (glyph
    /// 0: a character its font has no glyph for) is outlined in it, from the font's ascent to its
    /// descent across its advance, so a missing character shows as more than a faint box.
    public mutating func draw(_ layout: TextLayout, at origin: Point, color: Color, linkColor: Color? = nil,
                              role: AccessibleText.Role = .text, frame: Rect? = nil, maximumLines: Int = .max,
                              missingGlyphColor: Color? = nil) {
        var lines: [AccessibleText.Line] = []
        // Only the lines that reach into the list's bounds are drawn (a line's box, widened by a
        // line above and below for tall marks): a paragraph longer than the screen costs what
        // shows of it, not all its glyphs.
        let reach = layout.lineHeight
        let primary = layout.paragraph.faces.regular
        let metrics = primary.decorationMetrics
        let scale = layout.pointSize / Double(primary.unitsPerEm)
        for index in layout.lines.indices.prefix(max(0, maximumLines)) {
            let line = layout.lines[index]
            let top = origin.y + line.top
            guard top + 2 * reach > 0, top - reach < size.height else { continue }
            let start = Point(x: origin.x + line.x, y: origin.y + line.baseline)
            // A clipped line (`byClipping`) is cut at its container's edges, a glyph across one in part.
            let clipFrom = line.truncation?.mode == .byClipping && layout.containerWidth.isFinite ? items.count : nil
            // The line's underlines and strike-throughs, each drawn after its run's glyphs. A run's
            // band joins (widens) the band of the run before it when that run had the same
            // decoration: a run breaks at a face change, and the white space between two runs is
            // theirs, as a run's own white space is.
            var underline: Int?, strike: Int?
            var previous: TextEmphasis = []
            func band(_ drawn: inout Int?, _ run: TextMetrics.GlyphRun, offset: Int, thickness: Int, _ color: Color, joins: Bool) {
                let rect = Rect(x: start.x + run.start, y: start.y - Double(offset) * scale, width: run.end - run.start,
                                height: max(0.5, Double(thickness) * scale))
                if joins, let index = drawn, case .fill(let last, color, let radius) = items[index] {
                    let left = min(last.minX, rect.minX), right = max(last.maxX, rect.maxX)
                    items[index] = .fill(Rect(x: left, y: rect.minY, width: right - left, height: rect.height), color, cornerRadius: radius)
                    return
                }
                let count = items.count
                fill(rect, color)
                drawn = items.count > count ? count : nil
            }
            for run in layout.glyphRuns(ofLine: index) {
                let isLink = run.decoration.contains(.link)
                let runColor = isLink ? linkColor ?? color : color
                items.append(.glyphs(GlyphRun(font: run.font, pointSize: run.pointSize, origin: start, color: runColor,
                                              glyphs: run.glyphs)))
                if let missingGlyphColor { outlineNotdefs(of: run, at: start, missingGlyphColor) }
                defer { previous = run.decoration }
                guard !run.decoration.isEmpty, run.end > run.start else { continue }
                // Bands as long as the run (square ends, as text decorations are drawn).
                if isLink {
                    band(&underline, run, offset: metrics.underlineOffset, thickness: metrics.underlineThickness, runColor,
                         joins: previous.contains(.link))
                }
                if run.decoration.contains(.strikethrough) {
                    band(&strike, run, offset: metrics.strikeoutOffset, thickness: metrics.strikeoutThickness, runColor,
                         joins: previous.contains(.strikethrough))
                }
            }
            if let clipFrom {
                let inner = Array(items[clipFrom...])
                items.removeSubrange(clipFrom...)
                items.append(.clip(Rect(x: origin.x, y: top - reach, width: layout.containerWidth, height: 3 * reach), inner))
            }
            lines.append(AccessibleText.Line(text: layout.text(ofLine: index), origin: start, width: line.width,
                                             pointSize: layout.pointSize))
        }
        let bounds = frame ?? Rect(x: origin.x, y: origin.y, width: layout.usedWidth, height: layout.height)
        items.append(.text(AccessibleText(frame: bounds, role: role, lines: lines)))
    }

    /// An outline around each `.notdef` glyph of `run` (drawn from `start`, the line's start on its
    /// baseline): as wide as its advance (to the next glyph, or the run's end), as tall as the
    /// font's ascent and descent.
    private mutating func outlineNotdefs(of run: TextMetrics.GlyphRun, at start: Point, _ color: Color) {
        guard run.glyphs.contains(where: { $0.glyph == 0 }) else { return }
        let ascent = run.font.ascent(at: run.pointSize), descent = run.font.descent(at: run.pointSize)
        for (index, glyph) in run.glyphs.enumerated() where glyph.glyph == 0 {
            let next = index + 1 < run.glyphs.count ? run.glyphs[index + 1].x : run.end
            let width = next - glyph.x > 0.5 ? next - glyph.x : run.pointSize / 2
            stroke(Rect(x: start.x + glyph.x, y: start.y - ascent, width: width, height: ascent + descent), color, lineWidth: 1)
        }
    }

    /// `other`'s items moved by `offset` and appended, clipped to `other`'s bounds when `clip` is set.
    public mutating func append(_ other: DisplayList, at offset: Point, clip: Bool = false) {
        let moved = other.items.map { $0.translated(by: offset) }
        if clip {
            items.append(.clip(Rect(origin: offset, size: other.size), moved))
        } else {
            items.append(contentsOf: moved)
        }
    }

    /// Counts of items by what they draw, glyphs counted one by one (for reports and tests).
    public var glyphCount: Int {
        func count(_ items: [Item]) -> Int {
            items.reduce(0) { total, item in
                switch item {
                case .glyphs(let run): total + run.glyphs.count
                case .clip(_, let inner): total + count(inner)
                default: total
                }
            }
        }
        return count(items)
    }
}

extension DisplayList.Item {
    /// The item moved by `offset`.
    public func translated(by offset: Point) -> DisplayList.Item {
        func move(_ point: Point) -> Point { Point(x: point.x + offset.x, y: point.y + offset.y) }
        func move(_ rect: Rect) -> Rect { Rect(origin: move(rect.origin), size: rect.size) }
        if offset == .zero { return self }
        switch self {
        case .fill(let rect, let color, let radius): return .fill(move(rect), color, cornerRadius: radius)
        case .stroke(let rect, let color, let width): return .stroke(move(rect), color, lineWidth: width)
        case .line(let from, let to, let color, let width, let dash):
            return .line(from: move(from), to: move(to), color, lineWidth: width, dash: dash)
        case .polyline(let points, let color, let width): return .polyline(points.map(move), color, lineWidth: width)
        case .glyphs(var run):
            run.origin = move(run.origin)
            return .glyphs(run)
        case .text(var text):
            text.frame = move(text.frame)
            for index in text.lines.indices { text.lines[index].origin = move(text.lines[index].origin) }
            return .text(text)
        case .image(let rect, let image, let alt): return .image(move(rect), image, alt: alt)
        case .clip(let rect, let items): return .clip(move(rect), items.map { $0.translated(by: offset) })
        }
    }
}
