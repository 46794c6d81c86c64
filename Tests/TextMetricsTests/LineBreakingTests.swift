import Foundation
import Testing
import TextMetrics

/// UAX #14 as ICU 72 implements it, through `BreakOpportunities` and through `TextLayout`, and
/// what the line breaker does with words wider than the line.
@Suite struct LineBreakingTests {
    /// The break offsets (UTF-8 bytes) of `text`, a "!" after each mandatory one.
    static func breaks(_ text: String) throws -> [String] {
        try BreakOpportunities().opportunities(in: Substring(text)).map { "\($0.offset)\($0.isMandatory ? "!" : "")" }
    }

    /// The text of each line of `text` in body at L broken for `width` points.
    static func lines(_ text: String, width: Double, style: TextStyle = .body, typesetter: Typesetter? = nil,
                      overflowWrap: LineBreaker.OverflowWrap = .breakWord) throws -> [String] {
        let layout = try (typesetter ?? Support.typesetter()).layout(StyledText(text), style: style, category: .large,
                                                                    width: width, overflowWrap: overflowWrap)
        return layout.lines.indices.map { layout.text(ofLine: $0) }
    }

    @Test func theLibraryIsICU72() {
        // The expectations below were checked against ICU 72's line-break iterator.
        #expect(BreakOpportunities.icuVersion.hasPrefix("72."))
    }

    // MARK: Break opportunities

    @Test func spacesBreakBeforeTheNextWord() throws {
        #expect(try Self.breaks("one two  three") == ["4", "9", "14"])
        #expect(try Self.breaks("") == [])
        #expect(try Self.breaks("word") == ["4"])
    }

    @Test func hyphensAndDashesBreakAfterThemselves() throws {
        #expect(try Self.breaks("well-known") == ["5", "10"], "after the hyphen")
        #expect(try Self.breaks("e-mail") == ["2", "6"])
        #expect(try Self.breaks("a\u{2013}b") == ["4", "5"], "after an en dash (3 bytes)")
        #expect(try Self.breaks("a\u{2014}b") == ["1", "4", "5"], "before and after an em dash (B2)")
        #expect(try Self.breaks("1-2") == ["3"], "no break in a number range with a hyphen (LB25)")
    }

    @Test func noBreakAtANoBreakSpace() throws {
        #expect(try Self.breaks("a\u{A0}b c") == ["5", "6"])
        #expect(try Self.breaks("10\u{A0}km") == ["6"])
    }

    @Test func urlsBreakAfterSlashesHyphensAndQuestionMarksAsICUDoes() throws {
        // ICU 72 (no URL tailoring): after "https://", after the "/" that ends a path part, after
        // "-" and after "?"; never inside "example.com" or "x=1&y=2".
        #expect(try Self.breaks("https://example.com/a/long-path?x=1&y=2") == ["8", "20", "22", "27", "32", "39"])
        #expect(try Self.breaks("see https://www.swift.org/documentation/ now") == ["4", "12", "26", "41", "44"])
    }

    @Test func lineFeedsAndLineSeparatorsAreMandatoryBreaks() throws {
        #expect(try Self.breaks("a\nb") == ["2!", "3"])
        #expect(try Self.breaks("a\u{2028}b") == ["4!", "5"])
        #expect(try Self.breaks("a\u{2029}b") == ["4!", "5"])
        #expect(try Self.breaks("a\r\nb") == ["3!", "4"], "CR LF is one break")
    }

    @Test func ideographsBreakBetweenEachOther() throws {
        #expect(try Self.breaks("日本語です") == ["3", "6", "9", "12", "15"])
        #expect(try Self.breaks("漢字") == ["3", "6"])
    }

    @Test func theFastPathForPlainProseAgreesWithICU() throws {
        // Letters, spaces, commas and full stops take a fast path; ICU decides all else. The same
        // sentence with and without a character from outside that alphabet breaks the same way.
        let plain = "Hello, world. This is text"
        let withDigit = "Hello, world. This is tex1"
        #expect(try Self.breaks(plain) == Self.breaks(withDigit))
        #expect(try Self.breaks("a , b. c") == ["4", "7", "8"])
    }

    // MARK: Lines

    /// A width that fits `prefix` but not `prefix` plus the next character.
    static func width(fitting prefix: String, typesetter: Typesetter) throws -> Double {
        try typesetter.advance(of: StyledText(prefix), style: .body, category: .large) + 0.01
    }

    @Test func linesBreakAfterAHyphenAndAnEmDash() throws {
        let typesetter = try Support.typesetter()
        let hyphen = try Self.lines("well-known", width: Self.width(fitting: "well-kn", typesetter: typesetter), typesetter: typesetter)
        #expect(hyphen == ["well-", "known"])
        let dash = "before\u{2014}after"
        let lines = try Self.lines(dash, width: Self.width(fitting: "before\u{2014}af", typesetter: typesetter), typesetter: typesetter)
        #expect(lines == ["before\u{2014}", "after"])
    }

    @Test func aNoBreakSpaceKeepsItsWordsTogether() throws {
        let typesetter = try Support.typesetter()
        let text = "pay 10\u{A0}km now"
        let width = try Self.width(fitting: "pay 10\u{A0}k", typesetter: typesetter)
        #expect(try Self.lines(text, width: width, typesetter: typesetter) == ["pay", "10\u{A0}km", "now"])
    }

    @Test func mandatoryBreaksEndLinesWhateverTheWidth() throws {
        #expect(try Self.lines("one\ntwo three", width: 1_000) == ["one", "two three"])
        #expect(try Self.lines("one\u{2028}two", width: 1_000) == ["one", "two"])
        #expect(try Self.lines("one\n\ntwo", width: 1_000) == ["one", "", "two"], "an empty line between two line feeds")
    }

    @Test func ideographsWrapOneByOne() throws {
        let typesetter = try Support.typesetter()
        let text = "日本語の文章です"
        let width = try Self.width(fitting: "日本語", typesetter: typesetter)
        let lines = try Self.lines(text, width: width, typesetter: typesetter)
        #expect(lines.count >= 3)
        #expect(lines.joined() == text)
        #expect(lines.first == "日本語")
    }

    @Test func trailingSpacesDoNotCountTowardALinesWidth() throws {
        let typesetter = try Support.typesetter()
        let one = try typesetter.advance(of: "one", style: .body, category: .large)
        let two = try typesetter.advance(of: "one two", style: .body, category: .large)
        // Exactly wide enough for "one": the spaces after it must not push it over.
        let layout = try typesetter.layout("one     two", style: .body, category: .large, width: one)
        #expect(layout.lines.map(\.range) == [0..<3, 8..<11])
        #expect(abs(layout.lines[0].width - one) < 1e-9)
        #expect(!layout.overflows)
        // Inner spaces do count.
        let together = try typesetter.layout("one two   ", style: .body, category: .large, width: two)
        #expect(together.lines.count == 1)
        #expect(abs(together.lines[0].width - two) < 1e-9)
        #expect(together.text(ofLine: 0) == "one two")
    }

    // MARK: Words wider than the line

    /// Words with no break opportunity inside (no-break spaces glue the emoji, which UAX #14
    /// would otherwise let lines break around) and clusters of several scalars.
    static let graphemeTexts = [
        "supercalifragilisticexpialidocious",
        "e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}",
        "x\u{A0}👩‍👩‍👧‍👦\u{A0}x\u{A0}👨🏽‍💻\u{A0}x\u{A0}🏳️‍🌈\u{A0}🇫🇷\u{A0}x\u{A0}👩‍👩‍👧‍👦",
        "👩‍👩‍👧‍👦\u{A0}👩‍👩‍👧‍👦\u{A0}👩‍👩‍👧‍👦\u{A0}👩‍👩‍👧‍👦\u{A0}👩‍👩‍👧‍👦",
    ]

    @Test(arguments: graphemeTexts)
    func breakWordCutsAnOverlongWordBetweenGraphemeClusters(_ word: String) throws {
        let typesetter = try Support.typesetter()
        let whole = try typesetter.advance(of: StyledText(word), style: .body, category: .large)
        let width = whole / 3
        let layout = try typesetter.layout(StyledText(word), style: .body, category: .large, width: width)
        #expect(layout.lines.count >= 2)
        #expect(layout.hasEmergencyBreaks)
        #expect(!layout.overflows)
        let pieces = layout.lines.indices.map { layout.text(ofLine: $0) }
        #expect(pieces.joined() == word, "nothing lost or repeated")
        // Every cut is a grapheme boundary: the clusters of the pieces are the word's clusters.
        #expect(pieces.flatMap { Array($0) } == Array(word), "a cluster was split: \(pieces)")
        #expect(pieces.allSatisfy { $0.unicodeScalars.first?.properties.isGraphemeExtend != true })
        for line in layout.lines { #expect(line.width <= width + 1e-9, "line of \(line.width) pt in \(width) pt") }
        // Greedy, not one cluster per line: a line ends only when the next cluster does not fit, so
        // any two neighbouring lines together are wider than the width.
        for index in layout.lines.indices.dropLast() {
            #expect(layout.lines[index].width + layout.lines[index + 1].width > width, "lines \(index), \(index + 1) of \(pieces)")
        }
    }

    @Test func emojiSequencesAreNeverSplitWhereUAX14AllowsBreaksAroundThem() throws {
        let typesetter = try Support.typesetter()
        let text = "ab👨🏽‍💻cd🏳️‍🌈ef🇫🇷gh👩‍👩‍👧‍👦👩‍👩‍👧‍👦"
        // ICU 72 breaks before and after each emoji sequence, never inside one.
        #expect(try Self.breaks(text) == ["2", "17", "19", "33", "35", "43", "45", "70", "95"])
        for width in [1.0, 20, 30, 45, 60] {
            let layout = try typesetter.layout(StyledText(text), style: .body, category: .large, width: width)
            let pieces = layout.lines.indices.map { layout.text(ofLine: $0) }
            #expect(pieces.joined() == text)
            #expect(pieces.flatMap { Array($0) } == Array(text), "a cluster was split at \(width) pt: \(pieces)")
        }
    }

    @Test func aClusterWiderThanTheLineGetsALineOfItsOwn() throws {
        let typesetter = try Support.typesetter()
        let family = "👩‍👩‍👧‍👦"
        let layout = try typesetter.layout(StyledText(family + family), style: .body, category: .large, width: 1)
        #expect(layout.lines.indices.map { layout.text(ofLine: $0) } == [family, family])
        #expect(layout.hasEmergencyBreaks)
    }

    @Test func overflowWrapNormalKeepsTheWordWholeAndOverflows() throws {
        let typesetter = try Support.typesetter()
        let word = "supercalifragilisticexpialidocious"
        let whole = try typesetter.advance(of: StyledText(word), style: .body, category: .large)
        let layout = try typesetter.layout(StyledText("a " + word + " b"), style: .body, category: .large,
                                           width: whole / 2, overflowWrap: .normal)
        #expect(layout.lines.indices.map { layout.text(ofLine: $0) } == ["a", word, "b"])
        #expect(layout.overflows)
        #expect(!layout.hasEmergencyBreaks)
        #expect(layout.lines[1].overflows)
        #expect(!layout.lines[0].overflows && !layout.lines[2].overflows)
        #expect(abs(layout.lines[1].width - whole) < 1e-9)
    }

    @Test func theDefaultIsBreakWord() throws {
        let typesetter = try Support.typesetter()
        let word = StyledText("supercalifragilisticexpialidocious")
        let layout = try typesetter.layout(word, style: .body, category: .large, width: 60)
        #expect(layout.hasEmergencyBreaks)
        #expect(!layout.overflows)
    }

    @Test func eachLineFitsAndHeightIsLinesTimesLeading() throws {
        let typesetter = try Support.typesetter()
        let text = StyledText("Reflow measures every word with HarfBuzz — well-known, https://example.com/a/very/long/path "
            + "and supercalifragilisticexpialidocious 日本語の文章 e\u{301}te\u{301} 👩‍👩‍👧‍👦 end.")
        for category in ContentSizeCategory.allCases {
            for width in [24.0, 57, 100, 180, 320, 700] {
                let layout = try typesetter.layout(text, style: .body, category: category, width: width)
                let spec = DynamicType.spec(.body, category)
                for line in layout.lines {
                    // One grapheme wider than the line is the only excuse, and it is alone on its line.
                    let lineText = Support.bytes(text.string, line.range)
                    if lineText.count > 1 {
                        #expect(line.width <= width + 1e-9, "'\(lineText)' is \(line.width) pt in \(width) pt at \(category)")
                    }
                }
                #expect(layout.height == Double(layout.lines.count) * spec.leading)
                #expect(layout.lineHeight == spec.leading)
                #expect(layout.pointSize == spec.pointSize)
                // Only white space is lost between lines; nothing is repeated.
                let joined = layout.lines.map { Support.bytes(text.string, $0.range) }.joined()
                #expect(joined.replacingOccurrences(of: " ", with: "") == text.string.replacingOccurrences(of: " ", with: ""))
            }
        }
    }
}
