import Testing
@testable import TextMetrics

/// WCAG 1.4.12 text spacing through the measuring code: letter spacing (0.12 em) after every
/// visible grapheme cluster, word spacing (0.16 em) on every word separator, in line widths,
/// cluster advances, hyphens and glyph positions alike; the line pitch at least 1.5 times the
/// point size; nothing changed with `.normal`.
@Suite struct TextSpacingTests {
    static let pointSize = DynamicType.spec(.body, .large).pointSize
    static let letter = 0.12 * pointSize, word = 0.16 * pointSize
    static let wcag = TextEnvironment(category: .large, spacing: .wcag)

    static func layouts(_ text: StyledText, width: Double = 1_000) throws -> (normal: TextLayout, wcag: TextLayout) {
        let typesetter = try Support.typesetter()
        return (try typesetter.layout(text, style: .body, category: .large, width: width),
                try typesetter.layout(text, style: .body, environment: wcag, width: width))
    }

    @Test func advancesGrowByTheLetterSpacingPerClusterAndTheWordSpacingPerSpace() throws {
        let (normal, wcag) = try Self.layouts("ab cd")
        // Five clusters (a, b, the space, c, d), one word separator.
        #expect(abs(wcag.lines[0].width - normal.lines[0].width - (5 * Self.letter + Self.word)) < 1e-9)
        let (plain, spaced) = try Self.layouts("a\u{A0}b")
        #expect(abs(spaced.lines[0].width - plain.lines[0].width - (3 * Self.letter + Self.word)) < 1e-9,
                "a no-break space is a word separator too")
        let (soft, softSpaced) = try Self.layouts("soft\u{AD}ly")
        #expect(abs(softSpaced.lines[0].width - soft.lines[0].width - 6 * Self.letter) < 1e-9,
                "an unused soft hyphen is invisible and gets no letter spacing")
    }

    @Test func glyphsStepByTheSpacingBeforeThem() throws {
        let (normal, wcag) = try Self.layouts("ab cd")
        let plain = normal.glyphRuns(ofLine: 0).flatMap(\.glyphs), spaced = wcag.glyphRuns(ofLine: 0).flatMap(\.glyphs)
        #expect(plain.map(\.glyph) == spaced.map(\.glyph))
        // a, b, c, d: after 0, 1, 3 (a, b, space) and 4 clusters, the last two after the space's word spacing.
        let expected = [0, Self.letter, 3 * Self.letter + Self.word, 4 * Self.letter + Self.word]
        for (index, shift) in expected.enumerated() {
            #expect(abs(spaced[index].x - plain[index].x - shift) < 1e-9, "glyph \(index)")
        }
    }

    @Test func linesAreAtLeastOneAndAHalfTimesThePointSizeApart() throws {
        let typesetter = try Support.typesetter()
        for (style, category) in [(TextStyle.body, ContentSizeCategory.large), (.largeTitle, .large), (.body, .accessibilityExtraExtraExtraLarge),
                                  (.footnote, .extraSmall)] {
            let spec = DynamicType.spec(style, category)
            var environment = Self.wcag
            environment.category = category
            let layout = try typesetter.layout("Lines one and two and three", style: style, environment: environment, width: 60)
            let expected = max(spec.leading, 1.5 * spec.pointSize)
            #expect(layout.lineHeight == expected, "\(style) \(category.shortName)")
            #expect(layout.lines.count > 1 && layout.height == Double(layout.lines.count) * expected)
            #expect(layout.lines[1].baseline - layout.lines[0].baseline == expected)
        }
        #expect(TextSpacing.wcag.lineHeight(leading: 22, pointSize: 17) == 25.5)
        #expect(TextSpacing.normal.lineHeight(leading: 22, pointSize: 17) == 22)
        #expect(TextSpacing.wcag.paragraphSpacing(pointSize: 17) == 34 && TextSpacing.normal.paragraphSpacing(pointSize: 17) == 0)
    }

    @Test func normalSpacingChangesNothingAndWCAGSpacingIsMeasuredApart() throws {
        let typesetter = try Support.typesetter()
        let text = StyledText("The same paragraph, measured twice.")
        #expect(TextEnvironment(category: .large, spacing: .normal) == TextEnvironment(category: .large))
        let normal = try typesetter.layout(text, style: .body, category: .large, width: 120)
        #expect(typesetter.paragraphsShaped == 1)
        let wcag = try typesetter.layout(text, style: .body, environment: Self.wcag, width: 120)
        #expect(typesetter.paragraphsShaped == 2, "letter and word spacing are part of the paragraph's key")
        #expect(normal.lineHeight == DynamicType.spec(.body, .large).leading)
        #expect(wcag.lines.map(\.width) != normal.lines.map(\.width))
        let again = try typesetter.layout(text, style: .body, environment: TextEnvironment(category: .large, spacing: .normal), width: 120)
        #expect(again.lines == normal.lines && typesetter.layoutCacheHits == 1)
    }

    @Test func aWidthThatFitsTheTextMayWrapWithWCAGSpacing() throws {
        let text = StyledText("Reflow keeps text readable at every size.")
        let single = try Self.layouts(text).normal.lines[0].width
        let (normal, wcag) = try Self.layouts(text, width: single + 0.5)
        #expect(normal.lines.count == 1)
        #expect(wcag.lines.count > 1)
        #expect(wcag.lines.allSatisfy { $0.width <= single + 0.5 })
    }

    @Test func brokenWordsAndHyphensCountTheSpacing() throws {
        let typesetter = try Support.typesetter()
        let word = StyledText("mmmmmmmmmmmmmmmmmmmmmmmm")
        let whole = try typesetter.layout(word, style: .body, environment: Self.wcag, width: 10_000)
        let broken = try typesetter.layout(word, style: .body, environment: Self.wcag, width: 90)
        #expect(broken.hasEmergencyBreaks && broken.lines.count > 3)
        #expect(broken.lines.allSatisfy { $0.width <= 90 })
        // Each cluster's advance carries its letter spacing, wherever the word is cut.
        #expect(abs(broken.lines.reduce(0) { $0 + $1.width } - whole.lines[0].width) < 1e-9)

        var environment = Self.wcag
        environment.hyphenation = true
        let layout = try typesetter.layout("internationalization", style: .body, environment: environment, width: 100)
        let font = try typesetter.fonts.font(DynamicType.spec(.body, .large).typeface())
        let hyphen = typesetter.shaper.shape("\u{2010}", font: font)
        let hyphenAdvance = Double(hyphen.advance) * Self.pointSize / Double(font.unitsPerEm)
        let line = layout.lines[0]
        #expect(line.endsWithHyphen && line.width <= 100)
        let last = try #require(layout.glyphRuns(ofLine: 0).last?.glyphs.last)
        #expect(last.glyph == hyphen.glyphs[0].glyph)
        #expect(abs(last.x + hyphenAdvance + Self.letter - line.width) < 1e-9, "the hyphen gets letter spacing like any cluster")
    }
}
