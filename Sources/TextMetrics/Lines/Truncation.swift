/// What a label does with text that does not fit its line limit, with UILabel's names for the
/// values of `NSLineBreakMode` (`lineBreakMode` in a screen file).
///
/// The three truncating modes change only the last line shown, as UILabel does with a line limit:
/// the lines before it are broken at words, and the last one shows what it can of the rest of the
/// text with an ellipsis (U+2026, shaped in the text's own font) where text is left out: at its
/// end (`truncatingTail`, UILabel's default), at its start, showing the text's end
/// (`truncatingHead`), or in its middle, showing the rest's start and the text's end
/// (`truncatingMiddle`). The cut may fall inside a word, between grapheme clusters. `byClipping`
/// shows the rest of the text on the last line, cut at the container's edge, with no ellipsis;
/// `byWordWrapping` ends at the last whole line; `byCharWrapping` breaks every line at any
/// grapheme cluster (not only between words) and ends at the last whole line.
public enum LineBreakMode: String, Hashable, Sendable, CaseIterable {
    case byWordWrapping, byCharWrapping, byClipping, truncatingHead, truncatingTail, truncatingMiddle

    /// Whether the mode marks hidden text with an ellipsis (head, tail or middle).
    public var truncates: Bool { self == .truncatingHead || self == .truncatingTail || self == .truncatingMiddle }
}

/// How a line shows less than the text it stands for: the last line a line limit lets through
/// (`Typesetter.truncated(_:toLines:mode:)`).
public struct LineTruncation: Hashable, Sendable {
    /// A run of the text the line shows, in logical order, and the paragraph's segments it spans.
    struct Part: Hashable, Sendable {
        var range: Range<Int>
        var segments: Range<Int>
    }

    /// The mode the line was truncated with.
    public var mode: LineBreakMode
    /// The text's bytes shown, one run (tail, head, clipping) or two (middle), in logical order.
    var parts: [Part]
    /// Where the ellipsis stands among `parts`: 0 before the first, 1 after it; nil without one.
    var ellipsisPosition: Int?
    /// The ellipsis drawn (nil for clipping).
    var ellipsis: Ellipsis?

    /// Whether the line shows an ellipsis.
    public var hasEllipsis: Bool { ellipsis != nil }
    /// The text's bytes the line shows, in logical order (one range, or two around a middle ellipsis).
    public var shownRanges: [Range<Int>] { parts.map(\.range) }
}

/// The ellipsis glyph a truncated line ends, starts or is cut with: U+2026 shaped in a font of
/// the paragraph.
typealias Ellipsis = InsertedGlyph

extension TextLayout {
    /// The layout as a label with `limit` lines shows it, in `mode` (`LineBreakMode`): its first
    /// `limit` lines, the last of them truncated (with `ellipsis(font)`, the ellipsis in the
    /// paragraph's font `font`) or clipped as the mode says; the layout itself when the text has no
    /// more lines than that. `unlimitedLineCount` keeps how many lines the text has; the height is
    /// the lines shown. Costs the last line's text and as much of the text's end as shows, never
    /// the hidden text in between.
    func truncated(toLines limit: Int, mode: LineBreakMode, ellipsis: (Int) -> Ellipsis) -> TextLayout {
        guard limit >= 1, lines.count > limit else { return self }
        var layout = self
        layout.lines.removeSubrange(limit...)
        layout.lineBreakMode = mode
        guard mode.truncates || mode == .byClipping else { return layout }
        layout.lines[limit - 1] = truncatedLine(lines[limit - 1], mode: mode, ellipsis: ellipsis)
        return layout
    }

    /// `line` (the last shown) standing for the rest of the text, fitted to the container's width
    /// in `mode`.
    func truncatedLine(_ line: Line, mode: LineBreakMode, ellipsis: (Int) -> Ellipsis) -> Line {
        let toUnits = paragraph.unitsPerEm / pointSize, toPoints = pointSize / paragraph.unitsPerEm
        let limit = containerWidth.isFinite ? containerWidth * toUnits + 1e-9 : .infinity
        let walk = ClusterWalk(paragraph: paragraph)
        let start = line.range.lowerBound, first = line.segments.lowerBound
        var parts: [LineTruncation.Part] = []
        var position: Int?
        var mark: Ellipsis?
        var width = 0.0
        switch mode {
        case .truncatingTail:
            // The ellipsis is in the font of the text before the cut: measured first with the line's
            // last font, again when the cut's font draws a wider one.
            let guess = ellipsis(paragraph.font(before: line.range.upperBound, in: paragraph.segments[line.segments.upperBound - 1]))
            var head = walk.forward(from: start, segment: first, available: limit - guess.width)
            let shown = ellipsis(head.end > start ? paragraph.font(before: head.end, in: paragraph.segments[head.lastSegment]) : 0)
            if shown.width > guess.width { head = walk.forward(from: start, segment: first, available: limit - shown.width) }
            parts = [.init(range: start..<head.end, segments: first..<head.lastSegment + 1)]
            (position, mark, width) = (1, shown, head.width + shown.width)
        case .truncatingHead:
            let guess = ellipsis(0)
            var tail = walk.backward(notBefore: start, available: limit - guess.width)
            let shown = ellipsis(walk.font(at: tail.start, segment: tail.firstSegment))
            if shown.width > guess.width { tail = walk.backward(notBefore: start, available: limit - shown.width) }
            parts = [.init(range: tail.start..<tail.end, segments: tail.firstSegment..<tail.lastSegment + 1)]
            (position, mark, width) = (0, shown, tail.width + shown.width)
        case .truncatingMiddle:
            let shown = ellipsis(walk.font(at: start, segment: first))
            let available = limit - shown.width
            let head = walk.forward(from: start, segment: first, available: available / 2)
            let tail = walk.backward(notBefore: head.end, available: available - head.width)
            parts = [.init(range: start..<head.end, segments: first..<head.lastSegment + 1)]
            if tail.end > tail.start { parts.append(.init(range: tail.start..<tail.end, segments: tail.firstSegment..<tail.lastSegment + 1)) }
            (position, mark, width) = (1, shown, head.width + tail.width + shown.width)
        default:  // clipping: the rest on one line, its last cluster the one that crosses the edge
            let head = walk.forward(from: start, segment: first, available: limit, crossing: true)
            parts = [.init(range: start..<head.end, segments: first..<head.lastSegment + 1)]
            width = head.width
        }
        var shown = line
        shown.range = parts[0].range.lowerBound..<(parts.last?.range.upperBound ?? start)
        shown.segments = parts[0].segments.lowerBound..<(parts.last?.segments.upperBound ?? first + 1)
        shown.width = width * toPoints
        shown.hyphen = nil
        shown.overflows = false
        shown.truncation = LineTruncation(mode: mode, parts: parts, ellipsisPosition: position, ellipsis: mark)
        let rightEdge = containerWidth.isFinite ? containerWidth : shown.width
        shown.x = line.direction == .rightToLeft ? rightEdge - shown.width : 0
        return shown
    }

    /// The layout with its lines broken at any grapheme cluster, as UILabel's `byCharWrapping`
    /// does: each line takes as many clusters as fit (at least one), white space at a line's end
    /// hangs, and a mandatory break still ends a line. Costs the text's clusters once.
    public func wrappedByCharacters() -> TextLayout {
        guard !paragraph.segments.isEmpty else { return self }
        let toUnits = paragraph.unitsPerEm / pointSize
        let limit = containerWidth.isFinite ? containerWidth * toUnits + 1e-9 : .infinity
        let walk = ClusterWalk(paragraph: paragraph)
        var spans: [LineBreaker.Span] = []
        var offset = Int(paragraph.segments[0].start), segment = 0
        while segment < paragraph.segments.count {
            let line = walk.forward(from: offset, segment: segment, available: limit, atLeastOne: true)
            spans.append(LineBreaker.Span(start: offset, end: line.end, next: line.next, width: line.width, isEmergencyBreak: false,
                                          overflows: line.width > limit, segments: segment..<line.lastSegment + 1, hyphen: nil))
            guard line.next > offset || line.nextSegment > segment else { break }
            (offset, segment) = (line.next, line.nextSegment)
        }
        var layout = TextLayout(paragraph: paragraph, spans: spans, width: containerWidth, pointSize: pointSize, lineHeight: lineHeight)
        layout.lineBreakMode = .byCharWrapping
        return layout
    }

    /// How many lines the text breaks into at `size` points in the same faces and container width
    /// (no hyphenation): what a label shows at another text size, without shaping again.
    public func lineCount(atPointSize size: Double) -> Int {
        guard size > 0 else { return unlimitedLineCount }
        let width = containerWidth.isFinite ? containerWidth * paragraph.unitsPerEm / size : .infinity
        if lineBreakMode == .byCharWrapping {
            var resized = TextLayout(paragraph: paragraph, spans: [], width: containerWidth * pointSize / size, pointSize: pointSize,
                                     lineHeight: lineHeight)
            resized.lineBreakMode = .byCharWrapping
            return resized.wrappedByCharacters().lines.count
        }
        return LineBreaker.lines(of: paragraph, maxWidth: width).count
    }
}

/// Walks a shaped paragraph's grapheme clusters forward or backward from a place, summing their
/// advances (the paragraph's units): white space between two segments counts only when text
/// follows it on the line, and a mandatory break is never crossed. Truncation and character
/// wrapping are built on it.
struct ClusterWalk {
    let paragraph: ShapedParagraph

    /// A run walked forward: it ends at `end` (trailing white space excluded), measures `width`,
    /// and its last text is in segment `lastSegment`; the next line starts at `next`, in `nextSegment`.
    struct Forward {
        var end: Int
        var width: Double
        var lastSegment: Int
        var next: Int
        var nextSegment: Int
    }

    /// From `offset` (a cluster boundary in segment `segment`), as many clusters as fit in
    /// `available`, stopping after a mandatory break: with `atLeastOne`, the first cluster even
    /// when it does not fit; with `crossing`, the cluster that crosses `available` too.
    func forward(from offset: Int, segment: Int, available: Double, atLeastOne: Bool = false, crossing: Bool = false) -> Forward {
        let segments = paragraph.segments
        var result = Forward(end: offset, width: 0, lastSegment: segment, next: offset, nextSegment: segment)
        var pending = 0.0
        var index = segment
        while index < segments.count {
            let current = segments[index]
            let advances = paragraph.graphemeAdvances(of: current)
            var consumed = 0.0
            if offset > Int(current.start) {
                consumed = advances.last { $0.offset <= offset }?.advance ?? 0
            }
            for boundary in advances where boundary.offset > offset {
                let width = result.width + pending + boundary.advance - consumed
                let fits = width <= available || (atLeastOne && result.end == offset && index == segment)
                if fits || crossing {
                    result = Forward(end: boundary.offset, width: width, lastSegment: index, next: boundary.offset, nextSegment: index)
                    (pending, consumed) = (0, boundary.advance)
                }
                if !fits { return result }
            }
            // All of the segment's text fits: a line after this one starts past its white space.
            (result.next, result.nextSegment) = (Int(current.end), index + 1)
            pending += current.whitespace
            if current.mandatoryBreak { return result }
            index += 1
        }
        return result
    }

    /// A run walked backward: from `start` (in `firstSegment`) to `end` (in `lastSegment`).
    struct Backward {
        var start: Int
        var end: Int
        var width: Double
        var firstSegment: Int
        var lastSegment: Int
    }

    /// The longest end of the text (after its last mandatory break, trailing white space excluded)
    /// that fits in `available` and starts at or after `notBefore`, cut between grapheme clusters.
    /// The white space between two segments counts once text before it is taken.
    func backward(notBefore: Int, available: Double) -> Backward {
        let segments = paragraph.segments
        var last = segments.count - 1
        while last > 0, segments[last].start == segments[last].contentEnd { last -= 1 }
        let end = Int(segments[last].contentEnd)
        var result = Backward(start: end, end: end, width: 0, firstSegment: last, lastSegment: last)
        var index = last
        while index >= 0 {
            let current = segments[index]
            if index < last, current.mandatoryBreak { break }
            let advances = paragraph.graphemeAdvances(of: current)
            let total = advances.last?.advance ?? 0
            // What follows this segment's text on the line: its white space and the text taken.
            let after = index == last ? 0 : current.whitespace + result.width
            // Cluster starts, the last first: each boundary before the content's end, then the start.
            var position = advances.count - 2
            while position >= -1 {
                let start = position >= 0 ? advances[position].offset : Int(current.start)
                let suffix = total - (position >= 0 ? advances[position].advance : 0)
                guard start >= notBefore, after + suffix <= available else { return result }
                (result.start, result.firstSegment, result.width) = (start, index, after + suffix)
                position -= 1
            }
            index -= 1
        }
        return result
    }

    /// The index of the font of the text at `offset` (in segment `segment`).
    func font(at offset: Int, segment: Int) -> Int {
        let current = paragraph.segments[min(segment, paragraph.segments.count - 1)]
        for index in Int(current.firstPiece)..<Int(current.endPiece) where Int(paragraph.pieces[index].end) > offset {
            return Int(paragraph.pieces[index].font)
        }
        return 0
    }
}
