/// A measured block of text: the answer to "given this text, style, size, environment and
/// width, what lines does it break into and how tall is it?". Coordinates are points, y down
/// from the block's top, x right from the container's left edge.
///
/// The measuring contract: `height` is a pure function of the text, its style (point size,
/// leading, faces), the environment (category, base direction, language) and the width; the
/// same inputs always give the same lines. A line's `width` excludes trailing white space; a
/// right-to-left paragraph's lines are right-aligned (`Line.x` = container width − line width),
/// a left-to-right paragraph's start at 0. Lines are broken on the logical order (UAX #14) and
/// only then put in visual order (UAX #9 L1–L2), so the direction never changes a line's text
/// or width, only where its glyphs go.
///
/// Hyphens: a line that ends inside a hyphenated word, or right after a soft hyphen (U+00AD) that
/// the breaker used, ends with an inserted hyphen (`Line.endsWithHyphen`): its advance is in the
/// line's `width`, `glyphRuns(ofLine:)` draws it at the line's logical end and `text(ofLine:)`
/// ends with it; the line's `range` stays the text's own bytes. A soft hyphen not used stays
/// invisible and takes no room. Letter and word spacing (`TextSpacing`) are in every width and
/// glyph position; the line pitch is the style's leading or the spacing's minimum line height.
public struct TextLayout: Sendable {
    public struct Line: Hashable, Sendable {
        /// UTF-8 byte range of the line's text (logical order), trailing white space excluded.
        public var range: Range<Int>
        /// Width of the line's text, trailing white space excluded.
        public var width: Double
        /// Where the line starts inside the container: 0 for left-to-right paragraphs,
        /// `containerWidth - width` for right-to-left ones (right-aligned; in an unbounded
        /// container, against the widest line's end).
        public var x: Double
        /// The line's base direction (its paragraph's).
        public var direction: TextDirection
        /// Top of the line box.
        public var top: Double
        /// Baseline, from the block's top.
        public var baseline: Double
        /// The line starts or ends inside a word that was too wide for a line of its own.
        public var isEmergencyBreak: Bool
        /// The line is wider than the container (only with `OverflowWrap.normal`).
        public var overflows: Bool
        /// Segments of the shaped paragraph on this line.
        var segments: Range<Int>
        /// The hyphen inserted at the line's end, if any.
        var hyphen: LineBreaker.Hyphen?
        /// The line ends with an inserted hyphen: the word goes on on the next line, hyphenated
        /// here or at a soft hyphen. The hyphen is in `width`, in `glyphRuns(ofLine:)` and in
        /// `text(ofLine:)`, not in `range`.
        public var endsWithHyphen: Bool { hyphen != nil }
        /// The character drawn as the inserted hyphen (U+2010, or U+002D where the font lacks it).
        public var hyphenCharacter: Unicode.Scalar? { hyphen?.scalar }
        /// How the line stands for more text than it shows: the last line a line limit lets
        /// through, truncated with an ellipsis or clipped (`TextLayout.truncated`); nil for a line
        /// that shows its own text. `range` then spans the text shown (with the bytes a middle
        /// ellipsis stands for inside it), `width` the text shown and the ellipsis.
        public internal(set) var truncation: LineTruncation?
    }

    public let paragraph: ShapedParagraph
    public internal(set) var lines: [Line]
    /// The width the text was broken for.
    public let containerWidth: Double
    public let pointSize: Double
    /// Baseline-to-baseline distance (the style's leading, or the text spacing's minimum).
    public let lineHeight: Double
    /// How many lines the text breaks into with no line limit: more than `lines.count` when a
    /// limit hid some (`isTruncated`).
    public let unlimitedLineCount: Int
    /// The mode lines were broken or a line limit applied in (`LineBreakMode`); nil: words
    /// wrapped, no limit applied.
    public internal(set) var lineBreakMode: LineBreakMode?
    /// Whether a line limit hid lines of the text.
    public var isTruncated: Bool { unlimitedLineCount > lines.count }

    public var text: StyledText { paragraph.text }
    /// The paragraph's resolved base direction (from the environment, or its first strong
    /// character for `.auto`).
    public var baseDirection: TextDirection { paragraph.baseDirection }
    /// Characters no font in the chain covers (drawn as the last resort's box).
    public var missingCharacters: Int { paragraph.missingCharacters }
    /// The fonts the text's glyphs come from, each once, in the order of first use: what an
    /// output that depends on this layout depends on (record `Font.path` and `Font.version`).
    public var usedFonts: [Font] {
        var seen = Set<Int>()
        return paragraph.pieces.compactMap { piece in
            let font = paragraph.fonts[Int(piece.font)]
            return seen.insert(font.id).inserted ? font : nil
        }
    }
    /// The bytes of the paragraph's text (what keeping this layout costs: it holds the shaped
    /// paragraph, about 40 bytes of memory per byte of text, and its lines).
    public var textBytes: Int { paragraph.utf8.count }
    /// Total height: one line pitch per line.
    public var height: Double { Double(lines.count) * lineHeight }
    public var firstBaseline: Double? { lines.first?.baseline }
    /// The widest line's width.
    public var usedWidth: Double { lines.reduce(0) { max($0, $1.width) } }
    /// Whether some word was broken between grapheme clusters because it did not fit.
    public var hasEmergencyBreaks: Bool { lines.contains { $0.isEmergencyBreak } }
    /// Whether some line is wider than the container (a word kept whole with `OverflowWrap.normal`).
    public var overflows: Bool { lines.contains { $0.overflows } }

    /// The lines `spans` (the breaker's, for `width` points at `pointSize`) placed `lineHeight` apart.
    init(paragraph: ShapedParagraph, spans: [LineBreaker.Span], width: Double, pointSize: Double, lineHeight: Double) {
        self.paragraph = paragraph
        self.containerWidth = width
        self.pointSize = pointSize
        self.lineHeight = lineHeight
        self.unlimitedLineCount = spans.count
        let units = paragraph.unitsPerEm
        let toPoints = pointSize / units
        let regular = paragraph.faces.regular
        // Half-leading: the font's ascent + descent centred in the line pitch.
        let ascent = regular.ascent(at: pointSize), descent = regular.descent(at: pointSize)
        let baselineOffset = (lineHeight - (ascent + descent)) / 2 + ascent
        let direction = paragraph.baseDirection
        // Right-to-left lines end at the container's right edge; in an unbounded container (a code
        // block, a marker) at the widest line's.
        let rightEdge = width.isFinite ? width : spans.reduce(0) { max($0, $1.width * toPoints) }
        var lines: [Line] = []
        lines.reserveCapacity(spans.count)
        for (index, span) in spans.enumerated() {
            let top = Double(index) * lineHeight
            let lineWidth = span.width * toPoints
            lines.append(Line(range: span.start..<span.end, width: lineWidth, x: direction == .rightToLeft ? rightEdge - lineWidth : 0,
                              direction: direction, top: top, baseline: top + baselineOffset,
                              isEmergencyBreak: span.isEmergencyBreak, overflows: span.overflows, segments: span.segments,
                              hyphen: span.hyphen))
        }
        self.lines = lines
    }

    /// The layout with its lines aligned in the container: `leading` is where they already are
    /// (the start of the paragraph's direction), `center` centres each line, `trailing` puts it
    /// against the other edge, `left` and `right` against that side whatever the direction. Line
    /// breaks and heights do not change.
    public func aligned(_ alignment: TextAlignment) -> TextLayout {
        guard alignment != .leading, containerWidth.isFinite else { return self }
        var aligned = self
        for index in aligned.lines.indices {
            let line = lines[index]
            let free = max(0, containerWidth - line.width)
            let rightToLeft = line.direction == .rightToLeft
            switch alignment {
            case .leading: break
            case .center: aligned.lines[index].x = free / 2
            case .trailing: aligned.lines[index].x = rightToLeft ? 0 : free
            case .left: aligned.lines[index].x = 0
            case .right: aligned.lines[index].x = free
            }
        }
        return aligned
    }

    /// The text of line `index` in logical (reading) order, trailing white space excluded, with
    /// the inserted hyphen at its end when it has one.
    public func text(ofLine index: Int) -> String {
        let line = lines[index]
        if let truncation = line.truncation {
            var text = ""
            for (position, part) in truncation.parts.enumerated() {
                if truncation.ellipsisPosition == position, let ellipsis = truncation.ellipsis { text.unicodeScalars.append(ellipsis.scalar) }
                text += String(decoding: paragraph.utf8[part.range], as: UTF8.self)
            }
            if truncation.ellipsisPosition == truncation.parts.count, let ellipsis = truncation.ellipsis {
                text.unicodeScalars.append(ellipsis.scalar)
            }
            return text
        }
        var text = String(decoding: paragraph.utf8[line.range], as: UTF8.self)
        if let hyphen = line.hyphen { text.unicodeScalars.append(hyphen.scalar) }
        return text
    }

    /// The characters of line `index` in visual order, left to right (UAX #9 L1–L2 per
    /// character, no mirroring), default-ignorable characters (bidi controls, joiners) left out:
    /// what `reflow-cli lines --visual` prints. An inserted hyphen follows the line's last
    /// character (at its level).
    public func visualText(ofLine index: Int) -> String {
        let truncation = lines[index].truncation
        var scalars: [Unicode.Scalar] = []
        var levels: [UInt8] = []
        func addEllipsis(at position: Int) {
            guard let truncation, truncation.ellipsisPosition == position, let ellipsis = truncation.ellipsis else { return }
            scalars.append(ellipsis.scalar)
            levels.append(paragraph.paragraphLevel)
        }
        for (position, range) in (truncation?.shownRanges ?? [lines[index].range]).enumerated() {
            addEllipsis(at: position)
            var offset = range.lowerBound
            for scalar in String(decoding: paragraph.utf8[range], as: UTF8.self).unicodeScalars {
                scalars.append(scalar)
                levels.append(paragraph.levels.isEmpty ? 0 : paragraph.levels[offset])
                offset += UTF8.width(scalar)
            }
        }
        addEllipsis(at: truncation?.parts.count ?? -1)
        if let hyphen = lines[index].hyphen {
            scalars.append(hyphen.scalar)
            levels.append(levels.last ?? paragraph.paragraphLevel)
        }
        let order = paragraph.levels.isEmpty ? Array(scalars.indices)
            : Bidi.visualOrder(of: scalars, levels: levels, paragraphLevel: paragraph.paragraphLevel)
        var out = String.UnicodeScalarView()
        for position in order where !scalars[position].properties.isDefaultIgnorableCodePoint { out.append(scalars[position]) }
        return String(out)
    }

    /// A piece of a line in logical order: glyphs of one piece (or white space between words, or
    /// the inserted hyphen).
    private struct Item {
        var piece: Int  // -1: white space; -2: the hyphen; -3: the ellipsis
        var glyphs: Range<Int>
        var advance: Double  // paragraph units, for white space
        var level: UInt8
    }

    /// The glyphs of line `index` in visual order, left to right, positioned in points relative to
    /// the line's left end on its baseline (x right, y down; add `Line.x` for the container), one
    /// run per font. An inserted hyphen is the last glyph in logical order. With letter or word
    /// spacing, the pen moves on by the spacing after each glyph cluster. Costs the line's own
    /// glyphs (and a binary search per piece cut by the line), however long the word or paragraph
    /// it is cut from.
    public func glyphRuns(ofLine index: Int) -> [GlyphRun] {
        var visited = 0
        return glyphRuns(ofLine: index, visited: &visited)
    }

    /// `glyphRuns(ofLine:)`, adding to `visited` the glyphs it examined (binary-search probes
    /// included), so tests can check that a line costs its own glyphs, not its paragraph's.
    func glyphRuns(ofLine index: Int, visited: inout Int) -> [GlyphRun] {
        let line = lines[index]
        let toPoints = pointSize / paragraph.unitsPerEm
        var items: [Item] = []
        func addItems(_ range: Range<Int>, segments: Range<Int>) {
            for segmentIndex in segments {
                let segment = paragraph.segments[segmentIndex]
                for pieceIndex in Int(segment.firstPiece)..<Int(segment.endPiece) {
                    let piece = paragraph.pieces[pieceIndex]
                    guard Int(piece.end) > range.lowerBound, Int(piece.start) < range.upperBound else { continue }
                    var glyphs = 0..<piece.run.glyphs.count
                    if Int(piece.start) < range.lowerBound || Int(piece.end) > range.upperBound {
                        glyphs = Self.glyphRange(of: piece, in: range, visited: &visited)
                    }
                    items.append(Item(piece: pieceIndex, glyphs: glyphs, advance: 0, level: piece.level))
                }
                // White space after the content, when the segment has some (a segment cut after a
                // hyphen has none: an item at the white space's level there would split the word's
                // pieces in a right-to-left line) and it is not the line's trailing white space.
                if segment.contentEnd < segment.end, Int(segment.contentEnd) < range.upperBound, Int(segment.contentEnd) >= range.lowerBound {
                    items.append(Item(piece: -1, glyphs: 0..<0, advance: segment.whitespace, level: segment.whitespaceLevel))
                }
            }
        }
        if let truncation = line.truncation {
            // The ellipsis stands at the paragraph's level (a neutral at the text's start or end).
            let ellipsis = Item(piece: -3, glyphs: 0..<0, advance: 0, level: paragraph.paragraphLevel)
            for (position, part) in truncation.parts.enumerated() {
                if truncation.ellipsisPosition == position, truncation.ellipsis != nil { items.append(ellipsis) }
                addItems(part.range, segments: part.segments)
            }
            if truncation.ellipsisPosition == truncation.parts.count, truncation.ellipsis != nil { items.append(ellipsis) }
        } else {
            addItems(line.range, segments: line.segments)
        }
        if line.hyphen != nil {
            items.append(Item(piece: -2, glyphs: 0..<0, advance: 0, level: items.last?.level ?? paragraph.paragraphLevel))
        }
        let order = paragraph.levels.isEmpty ? Array(items.indices) : Bidi.visualOrder(levels: items.map(\.level))

        var runs: [GlyphRun] = []
        var pen = 0.0  // in the paragraph's units
        let spaced = paragraph.letterSpacing != 0 || paragraph.wordSpacing != 0
        let decorated = !paragraph.decorations.isEmpty
        // Adds a glyph to the last run when font and decoration match (the run's end moves on to
        // the pen), else starts a run. The last run is read in place, never bound to a copy: a copy
        // holding its glyphs would make each append copy them all (a line of 80,000 marks took 2 s).
        func add(_ glyph: PositionedGlyph, font: Font, size: Double = 1, decoration: TextEmphasis, from start: Double, to end: Double) {
            let last = runs.count - 1
            let runSize = pointSize * size
            if last >= 0, runs[last].font === font, runs[last].pointSize == runSize, runs[last].decoration == decoration {
                runs[last].glyphs.append(glyph)
                runs[last].end = end * toPoints
            } else {
                runs.append(GlyphRun(font: font, pointSize: runSize, glyphs: [glyph], decoration: decoration,
                                     start: start * toPoints, end: end * toPoints))
            }
        }
        for itemIndex in order {
            let item = items[itemIndex]
            if item.piece == -1 {
                pen += item.advance
                continue
            }
            // A glyph the line inserts: the truncation's ellipsis (undecorated), or the hyphen (in the
            // decoration of the character before it).
            let inserted = item.piece == -3 ? line.truncation?.ellipsis : item.piece == -2 ? line.hyphen : nil
            if let inserted {
                let before = pen
                pen += inserted.width
                let decoration = item.piece == -2 && decorated ? self.decoration(at: line.range.upperBound - 1) : []
                add(PositionedGlyph(glyph: inserted.glyph, x: (before + inserted.xOffset) * toPoints, y: -inserted.yOffset * toPoints),
                    font: paragraph.fonts[inserted.font], decoration: decoration, from: before, to: pen)
                continue
            }
            let piece = paragraph.pieces[item.piece]
            let font = paragraph.fonts[Int(piece.font)]
            // A superscript or subscript piece: its glyphs smaller and off the baseline.
            let size = piece.emphasis.sizeFactor, shift = piece.emphasis.baselineOffset * pointSize
            let scale = paragraph.unitsPerEm / Double(font.unitsPerEm) * size
            visited += item.glyphs.count
            piece.run.glyphs.withUnsafeBufferPointer { shaped in
                for glyphIndex in item.glyphs {
                    let glyph = shaped[glyphIndex]
                    let before = pen
                    pen += Double(glyph.xAdvance) * scale
                    if spaced { pen += clusterSpacing(after: glyphIndex, of: piece, shaped) }
                    let decoration = decorated ? self.decoration(at: Int(piece.start) + Int(glyph.cluster)) : []
                    add(PositionedGlyph(glyph: glyph.glyph, x: (before + Double(glyph.xOffset) * scale) * toPoints,
                                        y: -Double(glyph.yOffset) * scale * toPoints + shift),
                        font: font, size: size, decoration: decoration, from: before, to: pen)
                }
            }
        }
        return runs
    }

    /// The decoration of the text at byte `offset` (a binary search over the decorated ranges).
    private func decoration(at offset: Int) -> TextEmphasis {
        let ranges = paragraph.decorations
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].range.upperBound <= offset { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].range.contains(offset) ? ranges[low].decoration : []
    }

    /// The letter and word spacing after glyph `index` of `piece`: the spacing of its glyph
    /// cluster's text when it is the cluster's last glyph in visual order, else nothing. A cluster's
    /// text runs from its own offset to the next larger cluster offset (the next glyph's in a
    /// left-to-right run, the previous one's in a right-to-left run) or the piece's end.
    private func clusterSpacing(after index: Int, of piece: ShapedParagraph.Piece, _ glyphs: UnsafeBufferPointer<ShapedGlyph>) -> Double {
        let cluster = glyphs[index].cluster
        if index + 1 < glyphs.count, glyphs[index + 1].cluster == cluster { return 0 }
        var end = Int(piece.end)
        if piece.level & 1 == 1 {
            var previous = index
            while previous > 0, glyphs[previous - 1].cluster == cluster { previous -= 1 }
            if previous > 0 { end = Int(piece.start) + Int(glyphs[previous - 1].cluster) }
        } else if index + 1 < glyphs.count {
            end = Int(piece.start) + Int(glyphs[index + 1].cluster)
        }
        return paragraph.spacing(from: Int(piece.start) + Int(cluster), to: end)
    }

    /// The glyphs of `piece` whose clusters start inside `range`: contiguous, since HarfBuzz
    /// keeps clusters monotonic (rising left to right, falling in a right-to-left run), so two
    /// binary searches find them.
    private static func glyphRange(of piece: ShapedParagraph.Piece, in range: Range<Int>, visited: inout Int) -> Range<Int> {
        let glyphs = piece.run.glyphs
        let start = Int(piece.start)
        let rightToLeft = piece.level & 1 == 1
        // The first glyph index at which `before(offset)` stops holding.
        func partition(_ before: (Int) -> Bool) -> Int {
            var low = 0, high = glyphs.count
            while low < high {
                let middle = (low + high) / 2
                visited += 1
                if before(start + Int(glyphs[middle].cluster)) { low = middle + 1 } else { high = middle }
            }
            return low
        }
        if rightToLeft {
            let lower = partition { $0 >= range.upperBound }
            let upper = partition { $0 >= range.lowerBound }
            return lower..<max(lower, upper)
        }
        let lower = partition { $0 < range.lowerBound }
        let upper = partition { $0 < range.upperBound }
        return lower..<max(lower, upper)
    }
}

/// A glyph placed in points.
public struct PositionedGlyph: Hashable, Sendable {
    public var glyph: UInt32
    public var x: Double
    public var y: Double

    public init(glyph: UInt32, x: Double, y: Double) {
        self.glyph = glyph
        self.x = x
        self.y = y
    }
}

/// Consecutive glyphs of one font at one size and one decoration.
public struct GlyphRun: Sendable {
    public var font: Font
    public var pointSize: Double
    public var glyphs: [PositionedGlyph]
    /// The run's link or strikethrough (empty for plain text): drawn in the link tint, underlined
    /// or struck through from `start` to `end`.
    public var decoration: TextEmphasis = []
    /// Where the run's pen starts and ends, in points from the line's left end: the span a
    /// decoration covers (white space between two glyphs of the run included).
    public var start: Double = 0
    public var end: Double = 0
}
