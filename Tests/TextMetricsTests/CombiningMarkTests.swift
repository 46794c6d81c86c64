import Testing
@testable import TextMetrics

/// Hardening II row 1: one letter with 66,000 combining marks aborted the process inside HarfBuzz
/// 6.0.0 (`GPOS.hh:113 'j < i'`: a mark more than 32,767 glyphs from its base), and 80,000
/// Arabic marks took 15 s (each mark searches back over the others for its base). HarfBuzz is
/// now never given a cluster of more than 30 extending characters after its base (Unicode's
/// Stream-Safe Text Format, UAX #15 § 13) nor more than `ShapedParagraph.maximumShapingLength`
/// bytes at once; ordinary text, which has neither, is shaped exactly as before.
@Suite struct CombiningMarkTests {
    static let scripts: [(name: String, base: String, marks: String)] = [
        ("Hebrew", "\u{05D0}", "\u{05B8}\u{05C1}"),
        ("Arabic", "\u{0628}", "\u{064E}"),
        ("Devanagari", "\u{0915}", "\u{093F}\u{0902}"),  // a vowel sign and anusvara: marks, but starters (ccc 0)
        ("Latin", "a", "\u{0301}"),
        ("joiners", "a", "\u{200D}"),
    ]

    /// `text` laid out in body at L, 300 pt wide, by a typesetter of its own (its shaper's counters
    /// are this text's alone).
    static func measure(_ text: String) throws -> (layout: TextLayout, shaper: Shaper) {
        let typesetter = try Support.typesetter()
        let layout = try typesetter.layout(StyledText(text), style: .body, category: .large, width: 300)
        return (layout, typesetter.shaper)
    }

    @Test(arguments: 0..<scripts.count)
    func aLetterWithThousandsOfMarksIsShapedInBoundedClusters(_ script: Int) throws {
        let (name, base, marks) = Self.scripts[script]
        let text = base + String(repeating: marks, count: 4_000 / marks.unicodeScalars.count)
        let (layout, shaper) = try Self.measure(text)
        // Each HarfBuzz call sees the base and 30 marks, or 30 marks (4 bytes at most each).
        #expect(shaper.largestCluster <= 31 * 4, "\(name): a cluster of \(shaper.largestCluster) bytes")
        #expect(shaper.largestInput <= ShapedParagraph.maximumShapingLength, "\(name)")
        // A HarfBuzz call per 30 marks, so its work grows with the marks, not with their square.
        #expect(shaper.shapeCalls <= 4_000 / 30 + 4, "\(name): \(shaper.shapeCalls) calls")
        // Drawn: one line, a glyph per character (no dotted circle where the marks were cut; a
        // letter and its first mark may become one precomposed glyph). Devanagari's vowel signs
        // after the first are broken syllables, which HarfBuzz shows on dotted circles.
        #expect(layout.lines.count == 1 && layout.height > 0 && layout.usedWidth.isFinite, "\(name)")
        let glyphs = layout.glyphRuns(ofLine: 0).reduce(0) { $0 + $1.glyphs.count }, characters = text.unicodeScalars.count
        #expect(name == "Devanagari" ? glyphs > characters : (characters - 1...characters).contains(glyphs),
                "\(name): \(glyphs) glyphs for \(characters) characters")
    }

    /// The input that aborted: 66,001 characters in one grapheme cluster (as wide as its letter:
    /// the marks stack), between two words, on one line.
    @Test func theHebrewInputThatAbortedIsMeasured() throws {
        let text = "before \u{05D0}" + String(repeating: "\u{05B8}\u{05C1}", count: 33_000) + " after"
        let (layout, shaper) = try Self.measure(text)
        #expect(shaper.largestCluster <= 31 * 4)
        #expect(layout.lines.map(\.range) == [0..<text.utf8.count], "\(layout.lines.count) lines")
        let glyphs = layout.glyphRuns(ofLine: 0).reduce(0) { $0 + $1.glyphs.count }
        #expect(glyphs == text.unicodeScalars.count - 2, "the spaces are not drawn")
    }

    /// A word longer than `maximumShapingLength` is shaped in pieces cut between grapheme clusters,
    /// each with the text around it as context: Arabic letters keep their joining forms across a
    /// cut, so the glyphs are those of shaping the word whole.
    @Test func aLongArabicWordKeepsItsJoiningFormsAcrossCuts() throws {
        let word = String(repeating: "\u{0628}\u{0633}\u{0645}", count: 1_500)  // 9,000 bytes, no break opportunity
        let typesetter = try Support.typesetter()
        let spec = DynamicType.spec(.body, .large)
        let paragraph = typesetter.shapedParagraph(StyledText(word), faces: try typesetter.faces(pointSize: spec.pointSize, weight: spec.weight))
        #expect(paragraph.segments.count == 1 && paragraph.pieces.count >= 3, "\(paragraph.pieces.count) pieces")
        let longest = paragraph.pieces.map { Int($0.end - $0.start) }.max() ?? 0
        #expect(longest <= ShapedParagraph.maximumShapingLength, "a piece of \(longest) bytes")
        let font = paragraph.fonts[Int(paragraph.pieces[0].font)]
        let whole = typesetter.shaper.shapeUncached(word, font: font, properties: ShapingProperties(script: .arabic, direction: .rightToLeft))
        // Right to left: each piece's glyphs are in visual order, so the pieces go last to first.
        let pieces = paragraph.pieces.reversed().flatMap { $0.run.glyphs.map(\.glyph) }
        #expect(pieces == whole.glyphs.map(\.glyph))
        #expect(typesetter.shaper.largestInput <= ShapedParagraph.maximumShapingLength + word.utf8.count,
                "only the reference was shaped whole")
    }

    /// Ordinary text with marks (Vietnamese, pointed Hebrew, Devanagari, thirty marks on a letter)
    /// is one piece per word and script, shaped as it always was.
    @Test(arguments: ["Tiếng Việt có dấu", "בְּרֵאשִׁית בָּרָא", "नमस्ते दुनिया", "a" + String(repeating: "\u{0301}", count: 30)])
    func ordinaryTextIsShapedAsBefore(_ text: String) throws {
        let typesetter = try Support.typesetter()
        let spec = DynamicType.spec(.body, .large)
        let paragraph = typesetter.shapedParagraph(StyledText(text), faces: try typesetter.faces(pointSize: spec.pointSize, weight: spec.weight))
        let bytes = Array(text.utf8)
        for segment in paragraph.segments {
            for piece in paragraph.pieces[Int(segment.firstPiece)..<Int(segment.endPiece)] {
                let properties = ShapingProperties(guessingFrom: String(decoding: bytes[Int(piece.start)..<Int(piece.end)], as: UTF8.self))
                let alone = typesetter.shaper.shapeUncached(String(decoding: bytes[Int(piece.start)..<Int(piece.end)], as: UTF8.self),
                                                             font: paragraph.fonts[Int(piece.font)], properties: properties)
                #expect(piece.run.glyphs.map(\.glyph) == alone.glyphs.map(\.glyph))
            }
            #expect(segment.endPiece - segment.firstPiece == 1, "one piece per word")
        }
        #expect(typesetter.shaper.largestCluster <= 31 * 4)
    }
}
