/// A paragraph shaped once, in font units, split at its line-break opportunities: ready to be
/// broken into lines at any width and drawn at any point size of the same faces without shaping
/// again ("shape once, break many times").
///
/// A segment is the text between two break opportunities: its content (shaped, in one piece per
/// style run) and its trailing white space, which counts toward a line's width only when
/// another segment follows it on the same line.
public final class ShapedParagraph: @unchecked Sendable {
    public let text: StyledText
    public let faces: FaceSet
    /// Every advance below is in these units (the regular face's units per em).
    public let unitsPerEm: Double

    struct Piece {
        var start: Int32
        var end: Int32
        var face: UInt8
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
        var mandatoryBreak: Bool
    }

    private(set) var pieces: [Piece] = []
    private(set) var segments: [Segment] = []
    let utf8: [UInt8]

    init(text: StyledText, faces: FaceSet, shaper: Shaper, breaks: BreakOpportunities) {
        self.text = text
        self.faces = faces
        self.unitsPerEm = Double(faces.regular.unitsPerEm)
        self.utf8 = Array(text.string.utf8)
        guard !text.isEmpty else { return }

        let runs = text.rangedRuns
        let unitsPerEm = self.unitsPerEm
        var pieces: [Piece] = []
        var segments: [Segment] = []
        utf8.withUnsafeBufferPointer { utf8 in
            breaks.withOpportunities(in: utf8) { offsets, mandatory in
                (pieces, segments) = Self.split(utf8, offsets: offsets, mandatory: mandatory, runs: runs, faces: faces,
                                                unitsPerEm: unitsPerEm, shaper: shaper)
            }
        }
        // Stored once at the end: appending to the stored properties one by one would pay a
        // dynamic exclusivity check per piece.
        self.pieces = pieces
        self.segments = segments
    }

    /// Splits the text at its break opportunities into segments, shaping each segment's content
    /// one piece per style run. A plain function over buffers and locals (nothing captured), so
    /// the loop pays no exclusivity checks.
    private static func split(_ utf8: UnsafeBufferPointer<UInt8>, offsets: UnsafeBufferPointer<Int32>,
                              mandatory: UnsafeBufferPointer<UInt8>, runs: [(range: Range<Int>, emphasis: TextEmphasis)],
                              faces: FaceSet, unitsPerEm: Double, shaper: Shaper) -> ([Piece], [Segment]) {
        var pieces: [Piece] = []
        var segments: [Segment] = []
        segments.reserveCapacity(offsets.count)
        pieces.reserveCapacity(offsets.count)
        let fonts = faces.fonts
        let scales = fonts.map { unitsPerEm / Double($0.unitsPerEm) }
        var spaceAdvance: [Double] = [-1, -1, -1, -1]  // per face, -1 = not shaped yet
        var runIndex = 0
        var start = 0
        for index in 0..<offsets.count {
            let end = Int(offsets[index])
            let contentEnd = contentEnd(utf8, start, end)
            let firstPiece = pieces.count
            var content = 0.0
            var position = start
            while position < contentEnd {
                while runs[runIndex].range.upperBound <= position { runIndex += 1 }
                let pieceEnd = min(contentEnd, runs[runIndex].range.upperBound)
                let face = Int(runs[runIndex].emphasis.rawValue & 3)
                let run = shaper.shape(utf8: UnsafeBufferPointer(rebasing: utf8[position..<pieceEnd]), font: fonts[face])
                let advance = Double(run.advance) * scales[face]
                pieces.append(Piece(start: Int32(position), end: Int32(pieceEnd), face: UInt8(face), run: run, advance: advance))
                content += advance
                position = pieceEnd
            }
            var whitespace = 0.0
            if contentEnd < end {
                while runs[runIndex].range.upperBound <= contentEnd { runIndex += 1 }
                let face = Int(runs[runIndex].emphasis.rawValue & 3)
                var spaces = 0
                for offset in contentEnd..<end where utf8[offset] == 0x20 || utf8[offset] == 0x09 { spaces += 1 }
                if spaceAdvance[face] < 0 {
                    spaceAdvance[face] = Double(shaper.shape(" ", font: fonts[face]).advance) * scales[face]
                }
                whitespace = Double(spaces) * spaceAdvance[face]
            }
            segments.append(Segment(start: Int32(start), contentEnd: Int32(contentEnd), end: Int32(end),
                                    firstPiece: Int32(firstPiece), endPiece: Int32(pieces.count),
                                    content: content, whitespace: whitespace, mandatoryBreak: mandatory[index] != 0))
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
            let scale = unitsPerEm / Double(faces.fonts[Int(piece.face)].unitsPerEm)
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
