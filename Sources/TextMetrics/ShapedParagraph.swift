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
        var spaceAdvance = [Double?](repeating: nil, count: 4)
        // Built in locals and stored once at the end: appending to the stored properties one by
        // one would pay a dynamic exclusivity check per piece.
        var pieces: [Piece] = []
        var segments: [Segment] = []

        func scale(_ font: Font) -> Double { unitsPerEm / Double(font.unitsPerEm) }
        func space(_ face: Int) -> Double {
            if let advance = spaceAdvance[face] { return advance }
            let font = faces.fonts[face]
            let advance = Double(shaper.shape(" ", font: font).advance) * scale(font)
            spaceAdvance[face] = advance
            return advance
        }

        utf8.withUnsafeBufferPointer { utf8 in
            breaks.withOpportunities(in: utf8) { offsets, mandatory in
                segments.reserveCapacity(offsets.count)
                pieces.reserveCapacity(offsets.count)
                var runIndex = 0
                var start = 0
                for (index, end) in offsets.enumerated() {
                    let end = Int(end)
                    let contentEnd = Self.contentEnd(utf8, start, end)
                    let firstPiece = pieces.count
                    var content = 0.0
                    var position = start
                    while position < contentEnd {
                        while runs[runIndex].range.upperBound <= position { runIndex += 1 }
                        let pieceEnd = min(contentEnd, runs[runIndex].range.upperBound)
                        let face = Int(runs[runIndex].emphasis.rawValue & 3)
                        let font = faces.fonts[face]
                        let run = shaper.shape(utf8: UnsafeBufferPointer(rebasing: utf8[position..<pieceEnd]), font: font)
                        let advance = Double(run.advance) * scale(font)
                        pieces.append(Piece(start: Int32(position), end: Int32(pieceEnd), face: UInt8(face), run: run,
                                            advance: advance))
                        content += advance
                        position = pieceEnd
                    }
                    var whitespace = 0.0
                    if contentEnd < end {
                        while runs[runIndex].range.upperBound <= contentEnd { runIndex += 1 }
                        let face = Int(runs[runIndex].emphasis.rawValue & 3)
                        var spaces = 0
                        for byte in utf8[contentEnd..<end] where byte == 0x20 || byte == 0x09 { spaces += 1 }
                        whitespace = Double(spaces) * space(face)
                    }
                    segments.append(Segment(start: Int32(start), contentEnd: Int32(contentEnd), end: Int32(end),
                                            firstPiece: Int32(firstPiece), endPiece: Int32(pieces.count),
                                            content: content, whitespace: whitespace, mandatoryBreak: mandatory[index] != 0))
                    start = end
                }
            }
        }
        self.pieces = pieces
        self.segments = segments
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

    /// The advance, in the paragraph's units, of `segment`'s content up to byte `offset`.
    func contentAdvance(of segment: Segment, upTo offset: Int) -> Double {
        var sum = 0.0
        for index in Int(segment.firstPiece)..<Int(segment.endPiece) {
            let piece = pieces[index]
            if Int(piece.end) <= offset {
                sum += piece.advance
            } else if Int(piece.start) < offset {
                let font = faces.fonts[Int(piece.face)]
                sum += Double(piece.run.advance(before: offset - Int(piece.start))) * unitsPerEm / Double(font.unitsPerEm)
            }
        }
        return sum
    }

    /// Grapheme-cluster boundaries inside `segment`'s content, as byte offsets, excluding its start.
    func graphemeBoundaries(of segment: Segment) -> [Int] {
        let content = String(decoding: utf8[Int(segment.start)..<Int(segment.contentEnd)], as: UTF8.self)
        var offsets: [Int] = []
        var offset = Int(segment.start)
        for character in content {
            offset += character.utf8.count
            offsets.append(offset)
        }
        return offsets
    }
}
