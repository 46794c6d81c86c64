/// A measured block of text: the answer to "given this text, style, size and width, what lines
/// does it break into and how tall is it?". Coordinates are points, y down from the block's top.
public struct TextLayout: Sendable {
    public struct Line: Hashable, Sendable {
        /// UTF-8 byte range of the line's text, trailing white space excluded.
        public var range: Range<Int>
        /// Width of the line's text, trailing white space excluded.
        public var width: Double
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
    }

    public let paragraph: ShapedParagraph
    public let lines: [Line]
    /// The width the text was broken for.
    public let containerWidth: Double
    public let pointSize: Double
    /// Baseline-to-baseline distance (the style's leading).
    public let lineHeight: Double

    public var text: StyledText { paragraph.text }
    /// Total height: one line pitch per line.
    public var height: Double { Double(lines.count) * lineHeight }
    public var firstBaseline: Double? { lines.first?.baseline }
    public var lastBaseline: Double? { lines.last?.baseline }
    /// The widest line's width.
    public var usedWidth: Double { lines.reduce(0) { max($0, $1.width) } }
    /// Whether some word was broken between grapheme clusters because it did not fit.
    public var hasEmergencyBreaks: Bool { lines.contains { $0.isEmergencyBreak } }
    /// Whether some line is wider than the container (a word kept whole with `OverflowWrap.normal`).
    public var overflows: Bool { lines.contains { $0.overflows } }

    init(paragraph: ShapedParagraph, width: Double, pointSize: Double, lineHeight: Double,
         overflowWrap: LineBreaker.OverflowWrap) {
        self.paragraph = paragraph
        self.containerWidth = width
        self.pointSize = pointSize
        self.lineHeight = lineHeight
        let units = paragraph.unitsPerEm
        let toPoints = pointSize / units
        let regular = paragraph.faces.regular
        // Half-leading: the font's ascent + descent centred in the line pitch.
        let ascent = regular.ascent(at: pointSize), descent = regular.descent(at: pointSize)
        let baselineOffset = (lineHeight - (ascent + descent)) / 2 + ascent
        let spans = LineBreaker.lines(of: paragraph, maxWidth: width / toPoints, overflowWrap: overflowWrap)
        var lines: [Line] = []
        lines.reserveCapacity(spans.count)
        for (index, span) in spans.enumerated() {
            let top = Double(index) * lineHeight
            lines.append(Line(range: span.start..<span.end, width: span.width * toPoints, top: top,
                              baseline: top + baselineOffset, isEmergencyBreak: span.isEmergencyBreak, overflows: span.overflows,
                              segments: span.segments))
        }
        self.lines = lines
    }

    /// The text of line `index`, trailing white space excluded.
    public func text(ofLine index: Int) -> String {
        let range = lines[index].range
        return String(decoding: paragraph.utf8[range], as: UTF8.self)
    }

    /// The glyphs of line `index`, positioned in points relative to the line's start on its
    /// baseline (x right, y down), one run per font.
    public func glyphRuns(ofLine index: Int) -> [GlyphRun] {
        let line = lines[index]
        let toPoints = pointSize / paragraph.unitsPerEm
        var runs: [GlyphRun] = []
        var pen = 0.0  // in the paragraph's units
        for segmentIndex in line.segments {
            let segment = paragraph.segments[segmentIndex]
            for pieceIndex in Int(segment.firstPiece)..<Int(segment.endPiece) {
                let piece = paragraph.pieces[pieceIndex]
                guard Int(piece.end) > line.range.lowerBound, Int(piece.start) < line.range.upperBound else { continue }
                let font = paragraph.faces.fonts[Int(piece.face)]
                let scale = paragraph.unitsPerEm / Double(font.unitsPerEm)
                var glyphs: [PositionedGlyph] = []
                for glyph in piece.run.glyphs {
                    let offset = Int(piece.start) + Int(glyph.cluster)
                    guard line.range.contains(offset) else { continue }
                    glyphs.append(PositionedGlyph(
                        glyph: glyph.glyph,
                        x: (pen + Double(glyph.xOffset) * scale) * toPoints,
                        y: -Double(glyph.yOffset) * scale * toPoints))
                    pen += Double(glyph.xAdvance) * scale
                }
                if !glyphs.isEmpty {
                    if let last = runs.last, last.font === font {
                        runs[runs.count - 1].glyphs += glyphs
                    } else {
                        runs.append(GlyphRun(font: font, pointSize: pointSize, glyphs: glyphs))
                    }
                }
            }
            if Int(segment.contentEnd) < line.range.upperBound { pen += segment.whitespace }
        }
        return runs
    }
}

/// A glyph placed in points.
public struct PositionedGlyph: Hashable, Sendable {
    public var glyph: UInt32
    public var x: Double
    public var y: Double
}

/// Consecutive glyphs of one font at one size.
public struct GlyphRun: Sendable {
    public var font: Font
    public var pointSize: Double
    public var glyphs: [PositionedGlyph]
}
