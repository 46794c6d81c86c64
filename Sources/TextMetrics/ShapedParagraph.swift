/// A paragraph itemized and shaped once, in font units, split at its line-break opportunities:
/// ready to be broken into lines at any width and drawn at any point size of the same faces
/// without shaping again ("shape once, break many times").
///
/// Itemization (`Itemizer`) cuts the text into runs of one bidi level, script, font and
/// emphasis; each is shaped with its script, direction and language set. A segment is the text
/// between two break opportunities (found on the logical order): its content (shaped, in one
/// piece per run) and its trailing white space, which counts toward a line's width only when
/// another segment follows it on the same line. Lines are put in visual order only when they
/// are drawn (`TextLayout`).
///
/// Immutable after `init`, so it is shared freely between threads.
public final class ShapedParagraph: Sendable {
    public let text: StyledText
    public let faces: FaceSet
    /// Every advance below is in these units (the regular face's units per em).
    public let unitsPerEm: Double
    /// The fonts the pieces use: the primary faces, then the fallback faces needed.
    public let fonts: [Font]
    /// The paragraph's resolved base direction.
    public let baseDirection: TextDirection
    /// Characters no face in the chain covers: drawn as the last resort's box.
    public let missingCharacters: Int
    let paragraphLevel: UInt8
    /// Each byte's bidi level (before L1); empty when all are 0.
    let levels: [UInt8]

    struct Piece {
        var start: Int32
        var end: Int32
        var font: UInt16
        var level: UInt8
        var run: ShapedRun
        /// `run.advance` in the paragraph's units.
        var advance: Double
    }

    struct Segment {
        var start: Int32
        var contentEnd: Int32
        var end: Int32
        var firstPiece: Int32
        var endPiece: Int32
        var content: Double
        var whitespace: Double
        /// The bidi level of the white space after the content.
        var whitespaceLevel: UInt8
        var mandatoryBreak: Bool
    }

    let pieces: [Piece]
    let segments: [Segment]
    let utf8: [UInt8]

    init(text: StyledText, faces: FaceSet, direction: BaseDirection = .auto, language: LanguageTag? = nil, shaper: Shaper,
         breaks: BreakOpportunities, itemizer: Itemizer) {
        self.text = text
        self.faces = faces
        self.unitsPerEm = Double(faces.regular.unitsPerEm)
        self.utf8 = Array(text.string.utf8)
        guard !text.isEmpty else {
            fonts = faces.fonts
            paragraphLevel = direction == .rightToLeft ? 1 : 0
            baseDirection = TextDirection(level: paragraphLevel)
            levels = []
            missingCharacters = 0
            pieces = []
            segments = []
            return
        }

        let unitsPerEm = self.unitsPerEm
        var pieces: [Piece] = []
        var segments: [Segment] = []
        var items: Itemization?
        utf8.withUnsafeBufferPointer { utf8 in
            let itemization = itemizer.itemize(utf8, styleRuns: text.rangedRuns, faces: faces, direction: direction,
                                               language: language, shaper: shaper)
            items = itemization
            breaks.withOpportunities(in: utf8) { offsets, mandatory in
                (pieces, segments) = Self.split(utf8, offsets: offsets, mandatory: mandatory, items: itemization,
                                                unitsPerEm: unitsPerEm, shaper: shaper)
            }
        }
        fonts = items!.fonts
        paragraphLevel = items!.paragraphLevel
        baseDirection = TextDirection(level: paragraphLevel)
        levels = items!.levels
        missingCharacters = items!.missing
        // Built in locals and stored once at the end.
        self.pieces = pieces
        self.segments = segments
    }

    /// Splits the text at its break opportunities into segments, shaping each segment's content
    /// one piece per item run. A plain function over buffers and locals (nothing captured), so
    /// the loop pays no exclusivity checks.
    private static func split(_ utf8: UnsafeBufferPointer<UInt8>, offsets: UnsafeBufferPointer<Int32>,
                              mandatory: UnsafeBufferPointer<UInt8>, items: Itemization,
                              unitsPerEm: Double, shaper: Shaper) -> ([Piece], [Segment]) {
        var pieces: [Piece] = []
        var segments: [Segment] = []
        segments.reserveCapacity(offsets.count)
        pieces.reserveCapacity(offsets.count)
        let runs = items.runs
        let fonts = items.fonts
        let scales = fonts.map { unitsPerEm / Double($0.unitsPerEm) }
        var spaceAdvances: [(key: Int, advance: Double)] = []  // per run key, shaped once
        var runIndex = 0
        var start = 0
        for index in 0..<offsets.count {
            let end = Int(offsets[index])
            let contentEnd = contentEnd(utf8, start, end)
            let firstPiece = pieces.count
            var content = 0.0
            var position = start
            while position < contentEnd {
                while Int(runs[runIndex].end) <= position { runIndex += 1 }
                let run = runs[runIndex]
                let pieceEnd = min(contentEnd, Int(run.end))
                let font = Int(run.font)
                let shaped = shaper.shape(utf8: UnsafeBufferPointer(rebasing: utf8[position..<pieceEnd]), font: fonts[font], key: run.key)
                let advance = Double(shaped.advance) * scales[font]
                pieces.append(Piece(start: Int32(position), end: Int32(pieceEnd), font: UInt16(font), level: run.level,
                                    run: shaped, advance: advance))
                content += advance
                position = pieceEnd
            }
            var whitespace = 0.0
            var whitespaceLevel = items.paragraphLevel
            if contentEnd < end {
                while Int(runs[runIndex].end) <= contentEnd { runIndex += 1 }
                let run = runs[runIndex]
                whitespaceLevel = run.level
                var spaces = 0
                for offset in contentEnd..<end where utf8[offset] == 0x20 || utf8[offset] == 0x09 { spaces += 1 }
                if spaces > 0 {
                    var spaceAdvance = -1.0
                    for known in spaceAdvances where known.key == run.key { spaceAdvance = known.advance }
                    if spaceAdvance < 0 {
                        var space: UInt8 = 0x20
                        let shaped = withUnsafeMutablePointer(to: &space) { pointer in
                            shaper.shape(utf8: UnsafeBufferPointer(start: pointer, count: 1), font: fonts[Int(run.font)], key: run.key)
                        }
                        spaceAdvance = Double(shaped.advance) * scales[Int(run.font)]
                        spaceAdvances.append((run.key, spaceAdvance))
                    }
                    whitespace = Double(spaces) * spaceAdvance
                }
            }
            segments.append(Segment(start: Int32(start), contentEnd: Int32(contentEnd), end: Int32(end),
                                    firstPiece: Int32(firstPiece), endPiece: Int32(pieces.count),
                                    content: content, whitespace: whitespace, whitespaceLevel: whitespaceLevel,
                                    mandatoryBreak: mandatory[index] != 0))
            start = end
        }
        return (pieces, segments)
    }

    /// The end of `bytes[start..<end]` less its trailing white space (spaces, tabs, line and
    /// paragraph separators). A no-break space is content.
    static func contentEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var end = end
        while end > start {
            let byte = bytes[end - 1]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C {
                end -= 1
            } else if end - start >= 3, bytes[end - 3] == 0xE2, bytes[end - 2] == 0x80, byte == 0xA8 || byte == 0xA9 {
                end -= 3  // U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR
            } else if end - start >= 2, bytes[end - 2] == 0xC2, byte == 0x85 {
                end -= 2  // U+0085 NEXT LINE
            } else {
                break
            }
        }
        return end
    }

    /// The segments' count (break opportunities), for tests and statistics.
    public var segmentCount: Int { segments.count }

    /// Every grapheme-cluster boundary inside `segment`'s content (its start excluded, its
    /// content end included) with the advance of the content before it, in the paragraph's units.
    /// One pass over the glyphs and one over the text, so cutting even a megabyte-long word into
    /// lines stays linear. A glyph's advance counts toward the cluster it belongs to.
    func graphemeAdvances(of segment: Segment) -> [(offset: Int, advance: Double)] {
        let start = Int(segment.start), length = Int(segment.contentEnd) - start
        var byCluster = [Double](repeating: 0, count: length + 1)
        for index in Int(segment.firstPiece)..<Int(segment.endPiece) {
            let piece = pieces[index]
            let scale = unitsPerEm / Double(fonts[Int(piece.font)].unitsPerEm)
            let base = Int(piece.start) - start
            for glyph in piece.run.glyphs {
                byCluster[min(length, base + Int(glyph.cluster))] += Double(glyph.xAdvance) * scale
            }
        }
        var result: [(offset: Int, advance: Double)] = []
        var byte = 0
        var sum = 0.0
        let content = String(decoding: utf8[start..<Int(segment.contentEnd)], as: UTF8.self)
        for character in content {
            let next = byte + character.utf8.count
            while byte < next {
                sum += byCluster[byte]
                byte += 1
            }
            result.append((start + next, sum))
        }
        return result
    }
}
