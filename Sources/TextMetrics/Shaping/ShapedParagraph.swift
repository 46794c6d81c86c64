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
/// What HarfBuzz is given is bounded, so its time and memory per call are: never more than 30
/// extending characters (marks, joiners) in a row after a base (Unicode's Stream-Safe Text Format;
/// a longer row is shaped in parts, its marks after a cut without a dotted circle), never more than
/// `maximumShapingLength` bytes (a longer word is shaped in parts cut between grapheme clusters,
/// each with the text around it as context, so joining forms hold across the cut). Ordinary text
/// has neither, so its shaping is unchanged.
///
/// Letter and word spacing (`TextSpacing`) are in the advances: a segment's content and white
/// space, the grapheme clusters' advances, and `spacing(from:to:)` for drawing. So a paragraph is
/// shaped once per spacing too (in ems, the same for every point size).
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
    /// Letter spacing after each visible grapheme cluster, and word spacing per word separator,
    /// in the paragraph's units.
    public let letterSpacing: Double
    public let wordSpacing: Double
    /// Whether the text holds a soft hyphen (U+00AD), which ends a line with a hyphen when used.
    public let hasSoftHyphens: Bool
    /// With spacing: the end of every grapheme cluster, and the spacing of the clusters before each
    /// (`spacingBefore[k]` after the first k clusters; one entry more). Empty without spacing.
    private let clusterEnds: [Int32]
    private let spacingBefore: [Double]
    let paragraphLevel: UInt8
    /// Each byte's bidi level (before L1); empty when all are 0.
    let levels: [UInt8]

    struct Piece {
        var start: Int32
        var end: Int32
        var font: UInt16
        var level: UInt8
        /// The size bits of its text (`TextEmphasis.sizeBits`): superscript or subscript.
        var size: UInt8
        var run: ShapedRun
        /// `run.advance` in the paragraph's units, at its size.
        var advance: Double

        /// The piece's size against the paragraph's (0.75 for a superscript), and how far its
        /// baseline moves down, in ems of the paragraph's size.
        var emphasis: TextEmphasis { TextEmphasis(rawValue: size) }
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
        /// The content ends with a soft hyphen: a line that ends here shows a hyphen.
        var endsWithSoftHyphen: Bool
    }

    /// The most UTF-8 bytes HarfBuzz is given at once: a longer word is shaped in pieces.
    static let maximumShapingLength = 4_096
    /// The most extending characters (marks, joiners) after a base that HarfBuzz is given as one
    /// cluster: Unicode's Stream-Safe Text Format's limit (UAX #15 § 13).
    static let maximumExtenders = 30

    let pieces: [Piece]
    let segments: [Segment]
    let utf8: [UInt8]
    /// The text's decorated byte ranges (links, strikethrough), in order; drawn, not shaped.
    let decorations: [(range: Range<Int>, decoration: TextEmphasis)]

    init(text: StyledText, faces: FaceSet, direction: BaseDirection = .auto, language: LanguageTag? = nil,
         spacing: TextSpacing = .normal, shaper: Shaper, breaks: BreakOpportunities, itemizer: Itemizer) {
        self.text = text
        self.faces = faces
        self.unitsPerEm = Double(faces.regular.unitsPerEm)
        self.utf8 = Array(text.string.utf8)
        decorations = text.decorations
        letterSpacing = spacing.letterSpacing * unitsPerEm
        wordSpacing = spacing.wordSpacing * unitsPerEm
        hasSoftHyphens = utf8.withUnsafeBufferPointer { Self.containsSoftHyphen($0) }
        if spacing.changesAdvances, !text.isEmpty {
            var ends: [Int32] = [], before: [Double] = [0]
            var offset = 0, sum = 0.0
            for character in text.string {
                offset += character.utf8.count
                sum += Self.spacing(after: character, letter: letterSpacing, word: wordSpacing)
                ends.append(Int32(offset))
                before.append(sum)
            }
            clusterEnds = ends
            spacingBefore = before
        } else {
            clusterEnds = []
            spacingBefore = []
        }
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

        let unitsPerEm = self.unitsPerEm, letterSpacing = self.letterSpacing, wordSpacing = self.wordSpacing
        let clusterEnds = self.clusterEnds, spacingBefore = self.spacingBefore
        var pieces: [Piece] = []
        var segments: [Segment] = []
        var items: Itemization?
        utf8.withUnsafeBufferPointer { utf8 in
            let itemization = itemizer.itemize(utf8, styleRuns: text.faceRuns, faces: faces, direction: direction,
                                               language: language, shaper: shaper)
            items = itemization
            let cuts = itemizer.clusterCuts(utf8, limit: Self.maximumExtenders)
            breaks.withOpportunities(in: utf8) { offsets, mandatory in
                (pieces, segments) = Self.split(utf8, offsets: offsets, mandatory: mandatory, items: itemization,
                                                cuts: cuts, graphemes: itemizer.graphemes, unitsPerEm: unitsPerEm, shaper: shaper)
                if letterSpacing != 0 || wordSpacing != 0 {
                    Self.addSpacing(to: &segments, utf8, clusterEnds: clusterEnds, spacingBefore: spacingBefore,
                                    letter: letterSpacing, word: wordSpacing)
                }
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
    /// one piece per item run; a piece that `cuts` (`Itemizer.clusterCuts`) fall in, or longer than
    /// `maximumShapingLength`, is shaped in several (`bounded(_:cuts:cursor:graphemes:)`). A plain
    /// function over buffers and locals (nothing captured), so the loop pays no exclusivity checks.
    private static func split(_ utf8: UnsafeBufferPointer<UInt8>, offsets: UnsafeBufferPointer<Int32>,
                              mandatory: UnsafeBufferPointer<UInt8>, items: Itemization, cuts: [Int32],
                              graphemes: BreakOpportunities, unitsPerEm: Double, shaper: Shaper) -> ([Piece], [Segment]) {
        var pieces: [Piece] = []
        var segments: [Segment] = []
        segments.reserveCapacity(offsets.count)
        pieces.reserveCapacity(offsets.count)
        let runs = items.runs
        let fonts = items.fonts
        let scales = fonts.map { unitsPerEm / Double($0.unitsPerEm) }
        var spaceAdvances: [(key: Int, advance: Double)] = []  // per run key, shaped once, in font units
        var runIndex = 0
        var cursor = 0  // the first of `cuts` not passed yet
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
                let scale = scales[font] * TextEmphasis(rawValue: run.size).sizeFactor
                while cursor < cuts.count, Int(cuts[cursor]) <= position { cursor += 1 }
                if pieceEnd - position <= maximumShapingLength, cursor == cuts.count || Int(cuts[cursor]) >= pieceEnd {
                    let shaped = shaper.shape(utf8: UnsafeBufferPointer(rebasing: utf8[position..<pieceEnd]), font: fonts[font], key: run.key)
                    let advance = Double(shaped.advance) * scale
                    pieces.append(Piece(start: Int32(position), end: Int32(pieceEnd), font: UInt16(font), level: run.level,
                                        size: run.size, run: shaped, advance: advance))
                    content += advance
                } else {
                    let context = UnsafeBufferPointer(rebasing: utf8[position..<pieceEnd])
                    for part in bounded(position..<pieceEnd, in: utf8, cuts: cuts, cursor: &cursor, graphemes: graphemes) {
                        let shaped = shaper.shapeUncached(utf8: context, item: part.range.lowerBound - position..<part.range.upperBound - position,
                                                          font: fonts[font], key: run.key, continuesCluster: part.continuesCluster)
                        let advance = Double(shaped.advance) * scale
                        pieces.append(Piece(start: Int32(part.range.lowerBound), end: Int32(part.range.upperBound), font: UInt16(font),
                                            level: run.level, size: run.size, run: shaped, advance: advance))
                        content += advance
                    }
                }
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
                        spaceAdvance = Double(shaped.advance)
                        spaceAdvances.append((run.key, spaceAdvance))
                    }
                    whitespace = Double(spaces) * spaceAdvance * scales[Int(run.font)] * TextEmphasis(rawValue: run.size).sizeFactor
                }
            }
            let softHyphen = contentEnd - start >= 2 && utf8[contentEnd - 2] == 0xC2 && utf8[contentEnd - 1] == 0xAD
            segments.append(Segment(start: Int32(start), contentEnd: Int32(contentEnd), end: Int32(end),
                                    firstPiece: Int32(firstPiece), endPiece: Int32(pieces.count),
                                    content: content, whitespace: whitespace, whitespaceLevel: whitespaceLevel,
                                    mandatoryBreak: mandatory[index] != 0, endsWithSoftHyphen: softHyphen))
            start = end
        }
        return (pieces, segments)
    }

    /// `range` of `utf8` cut into the parts HarfBuzz is given one at a time: at the cluster cuts in
    /// it (from `cuts[cursor]` on; `cursor` is moved past them), and where a part would still be
    /// longer than `maximumShapingLength`, at the last grapheme-cluster boundary that keeps it
    /// within (at a character boundary in a cluster longer than that). Each part says whether it
    /// begins inside a cluster. Linear in the range: its boundaries are found once, and only when
    /// it is too long.
    static func bounded(_ range: Range<Int>, in utf8: UnsafeBufferPointer<UInt8>, cuts: [Int32], cursor: inout Int,
                        graphemes: BreakOpportunities) -> [(range: Range<Int>, continuesCluster: Bool)] {
        let boundaries: [Int] = range.count <= maximumShapingLength ? []
            : graphemes.withOpportunities(in: UnsafeBufferPointer(rebasing: utf8[range])) { found, _ in
                found.map { range.lowerBound + Int($0) }
            }
        var parts: [(range: Range<Int>, continuesCluster: Bool)] = []
        var start = range.lowerBound, continuesCluster = false
        var next = 0, last = -1  // the first boundary not passed yet; the last one passed
        while start < range.upperBound {
            var end = range.upperBound
            var atCut = false
            if cursor < cuts.count, Int(cuts[cursor]) < end {
                end = Int(cuts[cursor])
                atCut = true
            }
            var endsInCluster = atCut
            if end - start > maximumShapingLength {
                let limit = start + maximumShapingLength
                while next < boundaries.count, boundaries[next] <= limit {
                    last = boundaries[next]
                    next += 1
                }
                if last > start {
                    end = last
                    endsInCluster = false
                } else {
                    end = limit
                    while utf8[end] & 0xC0 == 0x80 { end -= 1 }  // not inside a character
                    endsInCluster = true
                }
                atCut = false
            }
            if atCut { cursor += 1 }
            parts.append((start..<end, continuesCluster))
            continuesCluster = endsInCluster
            start = end
        }
        return parts
    }

    /// Adds letter and word spacing to every segment's content and white space (each space or tab
    /// is one cluster; a space is also a word separator).
    private static func addSpacing(to segments: inout [Segment], _ utf8: UnsafeBufferPointer<UInt8>, clusterEnds: [Int32],
                                   spacingBefore: [Double], letter: Double, word: Double) {
        for index in segments.indices {
            let segment = segments[index]
            segments[index].content += spacing(clusterEnds, spacingBefore, from: Int(segment.start), to: Int(segment.contentEnd))
            var extra = 0.0
            for offset in Int(segment.contentEnd)..<Int(segment.end) {
                if utf8[offset] == 0x20 { extra += letter + word } else if utf8[offset] == 0x09 { extra += letter }
            }
            segments[index].whitespace += extra
        }
    }

    /// The spacing after `character`: letter spacing unless it is invisible (every scalar
    /// default-ignorable: a soft hyphen, a zero-width space, a joiner), word spacing if it is a
    /// word separator (CSS Text 3 § 8.1).
    static func spacing(after character: Character, letter: Double, word: Double) -> Double {
        let scalars = character.unicodeScalars
        var spacing = scalars.allSatisfy(\.properties.isDefaultIgnorableCodePoint) ? 0 : letter
        if scalars.count == 1, let scalar = scalars.first,
           [0x20, 0xA0, 0x1361, 0x10100, 0x10101, 0x1039F, 0x1091F].contains(scalar.value) {
            spacing += word
        }
        return spacing
    }

    /// The letter and word spacing of the grapheme clusters that end in `from + 1...to`, in the
    /// paragraph's units: what drawing adds to the advances of the text between two cluster
    /// boundaries. Zero without spacing.
    func spacing(from: Int, to: Int) -> Double {
        clusterEnds.isEmpty ? 0 : Self.spacing(clusterEnds, spacingBefore, from: from, to: to)
    }

    private static func spacing(_ ends: [Int32], _ before: [Double], from: Int, to: Int) -> Double {
        // Clusters ending at or before `offset`: a binary search.
        func clusters(endingBy offset: Int) -> Int {
            var low = 0, high = ends.count
            while low < high {
                let middle = (low + high) / 2
                if Int(ends[middle]) <= offset { low = middle + 1 } else { high = middle }
            }
            return low
        }
        return before[clusters(endingBy: to)] - before[clusters(endingBy: from)]
    }

    private static func containsSoftHyphen(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 2 else { return false }
        for index in 1..<bytes.count where bytes[index] == 0xAD && bytes[index - 1] == 0xC2 { return true }
        return false
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

    /// Every grapheme-cluster boundary inside `segment`'s content (its start excluded, its
    /// content end included) with the advance of the content before it, in the paragraph's units,
    /// letter and word spacing included. One pass over the glyphs and one over the text, so cutting
    /// even a megabyte-long word into lines stays linear. A glyph's advance counts toward the
    /// cluster it belongs to.
    func graphemeAdvances(of segment: Segment) -> [(offset: Int, advance: Double)] {
        let start = Int(segment.start), length = Int(segment.contentEnd) - start
        var byCluster = [Double](repeating: 0, count: length + 1)
        for index in Int(segment.firstPiece)..<Int(segment.endPiece) {
            let piece = pieces[index]
            let scale = unitsPerEm / Double(fonts[Int(piece.font)].unitsPerEm) * piece.emphasis.sizeFactor
            let base = Int(piece.start) - start
            for glyph in piece.run.glyphs {
                byCluster[min(length, base + Int(glyph.cluster))] += Double(glyph.xAdvance) * scale
            }
        }
        var result: [(offset: Int, advance: Double)] = []
        var byte = 0
        var sum = 0.0
        let content = String(decoding: utf8[start..<Int(segment.contentEnd)], as: UTF8.self)
        let spaced = letterSpacing != 0 || wordSpacing != 0
        for character in content {
            let next = byte + character.utf8.count
            while byte < next {
                sum += byCluster[byte]
                byte += 1
            }
            if spaced { sum += Self.spacing(after: character, letter: letterSpacing, word: wordSpacing) }
            result.append((start + next, sum))
        }
        return result
    }

    /// The points of `segment`'s content where a line may end with a hyphen, ascending: those
    /// `lookUp` finds in its UTF-8 (a hyphenator's, inside runs of letters) that are also
    /// boundaries between HarfBuzz's glyph clusters, so the glyphs before a point are exactly the
    /// prefix's (a ligature across a point rules the point out). Each comes with the font of the
    /// character before it, which the hyphen is drawn in.
    func hyphenationPoints(of segment: Segment, lookUp: (UnsafeBufferPointer<UInt8>) -> [Int]) -> [(offset: Int, font: Int)] {
        let start = Int(segment.start), end = Int(segment.contentEnd)
        let points = utf8.withUnsafeBufferPointer { utf8 in lookUp(UnsafeBufferPointer(rebasing: utf8[start..<end])) }
        guard !points.isEmpty else { return [] }
        var clusterStart = [Bool](repeating: false, count: end - start + 1)
        for index in Int(segment.firstPiece)..<Int(segment.endPiece) {
            let piece = pieces[index]
            clusterStart[Int(piece.start) - start] = true
            for glyph in piece.run.glyphs { clusterStart[min(end - start, Int(piece.start) - start + Int(glyph.cluster))] = true }
        }
        return points.compactMap { point in
            clusterStart[point] ? (start + point, font(before: start + point, in: segment)) : nil
        }
    }

    /// The index (in `fonts`) of the font of the character that ends at `offset` in `segment`.
    func font(before offset: Int, in segment: Segment) -> Int {
        for index in Int(segment.firstPiece)..<Int(segment.endPiece) where Int(pieces[index].end) >= offset {
            return Int(pieces[index].font)
        }
        return Int(pieces[max(0, Int(segment.endPiece) - 1)].font)
    }
}
