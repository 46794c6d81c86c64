import Foundation
import PropertyBased
import Testing
import TestSupport
@testable import TextMetrics

/// Hyphenation in line breaking: a break opportunity taken only after the UAX #14 ones, a hyphen
/// measured, drawn and in the line's text, soft hyphens drawn only when used, and nothing
/// changed or looked up when words fit.
@Suite struct HyphenationLayoutTests {
    static let hyphenated = TextEnvironment(category: .large, hyphenation: true)

    /// The glyph id and advance (points) of U+2010 in Inter at `pointSize`.
    static func hyphen(_ typesetter: Typesetter, pointSize: Double) throws -> (glyph: UInt32, advance: Double) {
        let font = try typesetter.fonts.font(DynamicType.spec(.body, .large).typeface())
        let run = typesetter.shaper.shape("\u{2010}", font: font)
        return (run.glyphs[0].glyph, Double(run.advance) * pointSize / Double(font.unitsPerEm))
    }

    /// Checks that `layout`'s lines give back its text: each line's text is its range's bytes
    /// plus the inserted hyphen, and the ranges follow one another, only white space between.
    static func expectLinesRebuildTheText(_ layout: TextLayout, sourceLocation: SourceLocation = #_sourceLocation) {
        let bytes = Array(layout.text.string.utf8)
        var rebuilt: [UInt8] = []
        for (index, line) in layout.lines.enumerated() {
            let own = String(decoding: bytes[line.range], as: UTF8.self)
            let text = layout.text(ofLine: index)
            #expect(text == own + (line.endsWithHyphen ? String(line.hyphenCharacter!) : ""), sourceLocation: sourceLocation)
            #expect(line.range.lowerBound == rebuilt.count || bytes[rebuilt.count..<line.range.lowerBound].allSatisfy { $0 == 0x20 },
                    "only spaces between line \(index - 1) and line \(index)", sourceLocation: sourceLocation)
            rebuilt += bytes[rebuilt.count..<line.range.upperBound]
        }
        #expect(String(decoding: rebuilt, as: UTF8.self) == layout.text.string.trimmingCharacters(in: .whitespaces),
                sourceLocation: sourceLocation)
    }

    @Test func textThatFitsIsNeitherChangedNorLookedUp() throws {
        let typesetter = try Support.typesetter()
        let text = StyledText("Hyphenation is considered only for words that do not fit: internationalization.")
        let plain = try typesetter.layout(text, style: .body, environment: TextEnvironment(category: .large), width: 2_000)
        let hyphenated = try typesetter.layout(text, style: .body, environment: Self.hyphenated, width: 2_000)
        #expect(hyphenated.lines == plain.lines)
        #expect(typesetter.hyphenationLookups == 0)
    }

    @Test func wordsAreLookedUpOnlyWhenTheyDoNotFit() throws {
        let typesetter = try Support.typesetter()
        // Words too short to hyphenate: the lines are the same, and every line but the last ended
        // because its next word did not fit, which is looked up exactly once.
        let text = StyledText(Array(repeating: "the cat sat on a mat and ate its food", count: 8).joined(separator: " "))
        let plain = try typesetter.layout(text, style: .body, category: .large, width: 120)
        let hyphenated = try typesetter.layout(text, style: .body, environment: Self.hyphenated, width: 120)
        #expect(hyphenated.lines == plain.lines)
        #expect(typesetter.hyphenationLookups == plain.lines.count - 1)
        _ = try typesetter.layout(text, style: .body, environment: Self.hyphenated, width: 120)
        #expect(typesetter.hyphenationLookups == plain.lines.count - 1, "a cached layout looks nothing up again")
        // At another width the same words are looked up again, answered by the word cache.
        let hits = typesetter.hyphenationCacheHits
        let other = try typesetter.layout(text, style: .body, environment: Self.hyphenated, width: 140)
        #expect(typesetter.hyphenationLookups == plain.lines.count - 1 + other.lines.count - 1)
        #expect(typesetter.hyphenationCacheHits > hits + (other.lines.count - 1) / 2, "few distinct words: mostly hits")
    }

    @Test func aHyphenatedLineEndsWithAHyphenThatIsMeasuredDrawnAndInItsText() throws {
        let typesetter = try Support.typesetter()
        let text = StyledText("Accessibility internationalization matters.")
        let pointSize = DynamicType.spec(.body, .large).pointSize
        let plain = try typesetter.layout(text, style: .body, category: .large, width: 150)
        let layout = try typesetter.layout(text, style: .body, environment: Self.hyphenated, width: 150)
        #expect(plain.text(ofLine: 0) == "Accessibility", "without hyphenation the long word moves down whole")
        #expect(layout.text(ofLine: 0) == "Accessibility in\u{2010}" || layout.text(ofLine: 0) == "Accessibility inter\u{2010}",
                "got '\(layout.text(ofLine: 0))'")
        let line = layout.lines[0]
        #expect(line.endsWithHyphen && line.hyphenCharacter == "\u{2010}")
        #expect(line.width <= 150)
        let hyphen = try Self.hyphen(typesetter, pointSize: pointSize)
        let last = try #require(layout.glyphRuns(ofLine: 0).last?.glyphs.last)
        #expect(last.glyph == hyphen.glyph, "the hyphen is drawn last")
        #expect(abs(last.x + hyphen.advance - line.width) < 1e-9, "and its advance ends the line's width")
        #expect(!layout.lines[1].endsWithHyphen || layout.lines.count > 2)
        Self.expectLinesRebuildTheText(layout)
    }

    @Test func aWordWiderThanTheLineIsHyphenatedBeforeItIsBrokenBetweenLetters() throws {
        let typesetter = try Support.typesetter()
        let text = StyledText("internationalization")
        let plain = try typesetter.layout(text, style: .body, category: .accessibilityExtraExtraExtraLarge, width: 150)
        var environment = Self.hyphenated
        environment.category = .accessibilityExtraExtraExtraLarge
        let layout = try typesetter.layout(text, style: .body, environment: environment, width: 150)
        #expect(plain.hasEmergencyBreaks)
        #expect(!layout.hasEmergencyBreaks, "\((0..<layout.lines.count).map(layout.text(ofLine:)))")
        #expect(layout.lines.dropLast().allSatisfy { $0.endsWithHyphen })
        #expect(layout.lines.allSatisfy { $0.width <= 150 })
        Self.expectLinesRebuildTheText(layout)
    }

    @Test func aPointInsideALigatureIsNotOffered() throws {
        // Noto Sans joins "ffi" into one glyph: of-fi-cers has its first point inside it.
        let typesetter = try Support.typesetter()
        let noto = try typesetter.fonts.font(atPath: "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf")
        let english = try Hyphenator.forLanguage(nil)
        #expect(english.hyphenationPoints(in: "officers") == [2, 4])
        let paragraph = typesetter.shapedParagraph("officers", faces: FaceSet(single: noto))
        #expect(paragraph.pieces[0].run.glyphs.map(\.cluster) == [0, 1, 4, 5, 6, 7], "o, ffi, c, e, r, s")
        let points = paragraph.hyphenationPoints(of: paragraph.segments[0]) { english.hyphenationPoints(utf8: $0) }
        #expect(points.map(\.offset) == [4])
    }

    @Test func aSoftHyphenThatIsUsedIsDrawnMeasuredAndInTheText() throws {
        let typesetter = try Support.typesetter()
        let text = StyledText("Soft hy\u{AD}phens")
        let wide = try typesetter.layout(text, style: .body, category: .large, width: 1_000)
        let soft = try typesetter.advance(of: "Soft hy", style: .body, category: .large)
        let pointSize = DynamicType.spec(.body, .large).pointSize
        let hyphen = try Self.hyphen(typesetter, pointSize: pointSize)
        let layout = try typesetter.layout(text, style: .body, category: .large, width: soft + hyphen.advance + 0.01)
        #expect(layout.lines.count == 2)
        #expect(layout.text(ofLine: 0) == "Soft hy\u{AD}\u{2010}")
        #expect(layout.lines[0].endsWithHyphen && !wide.lines[0].endsWithHyphen)
        #expect(abs(layout.lines[0].width - (soft + hyphen.advance)) < 1e-9)
        let last = try #require(layout.glyphRuns(ofLine: 0).last?.glyphs.last)
        #expect(last.glyph == hyphen.glyph && abs(last.x - soft) < 1e-9)
        Self.expectLinesRebuildTheText(layout)
    }

    @Test func aSoftHyphenThatIsNotUsedIsInvisibleAndTakesNoRoom() throws {
        let typesetter = try Support.typesetter()
        let withSoftHyphen = try typesetter.layout("Soft hy\u{AD}phens", style: .body, category: .large, width: 1_000)
        let without = try typesetter.layout("Soft hyphens", style: .body, category: .large, width: 1_000)
        #expect(withSoftHyphen.lines.count == 1 && !withSoftHyphen.lines[0].endsWithHyphen)
        #expect(withSoftHyphen.lines[0].width == without.lines[0].width)
        let glyphs = withSoftHyphen.glyphRuns(ofLine: 0).flatMap(\.glyphs)
        let plain = without.glyphRuns(ofLine: 0).flatMap(\.glyphs)
        let hyphen = try Self.hyphen(typesetter, pointSize: 17)
        // HarfBuzz hides the default-ignorable U+00AD: a blank glyph without advance.
        #expect(glyphs.count == plain.count + 1 && !glyphs.contains { $0.glyph == hyphen.glyph })
        // S o f t h y [U+00AD] p h e n s: every other glyph where it is without the soft hyphen.
        var others = glyphs
        let softHyphen = others.remove(at: 6)
        #expect(others.map(\.x) == plain.map(\.x))
        #expect(softHyphen.x == glyphs[7].x, "the soft hyphen's glyph advances nothing")
    }

    @Test func aLineEndsAtASoftHyphenOnlyWhereTheHyphenFitsToo() throws {
        let typesetter = try Support.typesetter()
        let soft = try typesetter.advance(of: "Soft hy", style: .body, category: .large)
        // Room for "Soft hy" but not for its hyphen: the break goes before "hy".
        let layout = try typesetter.layout("Soft hy\u{AD}phens", style: .body, category: .large, width: soft + 0.01)
        #expect(layout.text(ofLine: 0) == "Soft")
        #expect(layout.lines.allSatisfy { $0.width <= soft + 0.01 })
        Self.expectLinesRebuildTheText(layout)
    }

    static let vocabulary = [
        "a", "of", "the", "hyphenation", "accessibility", "internationalization", "Donaudampfschifffahrt", "office",
        "soft\u{AD}ly", "hy\u{AD}phen\u{AD}ated", "well-known", "(parenthetical),", "extraordinarily", "mmmmmmmmmmmmmmmmmm",
        "e\u{301}te\u{301}", "responsibilities", "WWWWWWWWWWWW", "x", "establishment", "representation.",
    ]

    @Test func everyHyphenatedLineFitsAndTheLinesGiveBackTheText() async throws {
        let input = Gen.int(in: 0...10_000).array(of: 1...30)
        await propertyCheck(count: 120, input: input, Gen.double(in: 20...400),
                            Gen.element(of: [ContentSizeCategory.large, .accessibilityExtraExtraExtraLarge])) { seeds, width, category in
            guard let typesetter = attempt({ try Support.typesetter() }) else { return }
            let text = seeds.map { Self.vocabulary[$0 % Self.vocabulary.count] }.joined(separator: " ")
            let environment = TextEnvironment(category: category ?? .large, hyphenation: true)
            guard let layout = attempt({ try typesetter.layout(StyledText(text), style: .body, environment: environment, width: width) })
            else { return }
            for (index, line) in layout.lines.enumerated() where line.width > width + 1e-9 {
                // Only a single grapheme cluster may be wider than the line.
                let own = String(decoding: Array(text.utf8)[line.range], as: UTF8.self)
                #expect(own.count == 1, "line \(index) '\(layout.text(ofLine: index))' is \(line.width) pt wide at \(width) pt")
            }
            Self.expectLinesRebuildTheText(layout)
        }
    }

    /// Emergency breaks (words cut between letters) in `file` at AX5 in a 320-pt column, without
    /// and with hyphenation.
    static func emergencyBreaks(_ file: String, language: String, style: TextStyle) throws -> (plain: Int, hyphenated: Int) {
        let typesetter = try Support.typesetter()
        let text = try String(contentsOf: Support.examples.appendingPathComponent(file), encoding: .utf8)
        var counts = (plain: 0, hyphenated: 0)
        for paragraph in text.components(separatedBy: "\n\n") {
            for hyphenation in [false, true] {
                let environment = TextEnvironment(category: .accessibilityExtraExtraExtraLarge, language: try LanguageTag(language),
                                                  hyphenation: hyphenation)
                let layout = try typesetter.layout(StyledText(paragraph.trimmingCharacters(in: .whitespacesAndNewlines)),
                                                   style: style, environment: environment, width: 320)
                let broken = layout.lines.filter(\.isEmergencyBreak).count
                if hyphenation { counts.hyphenated += broken } else { counts.plain += broken }
            }
        }
        return counts
    }

    @Test(arguments: [("declaration-of-independence.en.txt", "en-US"), ("grundgesetz-artikel-1-3.de.txt", "de")],
          [TextStyle.body, .title1])
    func hyphenationLeavesNoWordBrokenBetweenLettersAtAX5In320Points(_ fixture: (String, String), style: TextStyle) throws {
        let counts = try Self.emergencyBreaks(fixture.0, language: fixture.1, style: style)
        print("emergency breaks, \(fixture.0) \(style) AX5 320 pt: \(counts.plain) without hyphenation, \(counts.hyphenated) with")
        #expect(counts.plain > 0, "the fixture has words wider than the column")
        #expect(counts.hyphenated == 0)
    }
}
