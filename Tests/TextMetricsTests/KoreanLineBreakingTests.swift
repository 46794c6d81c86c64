import Foundation
import Testing
@testable import TextMetrics

/// Korean breaks between words, as UIKit's standard line-break strategy (hangulWordPriority).
@Suite struct KoreanLineBreakingTests {
    /// Examples/udhr-korean.txt: Article 1 of the UDHR in Korean and seven more of its sentences
    /// (googlefonts/lang's Korean sample texts, from unicode.org's UDHR in Unicode).
    static func paragraphs() throws -> [String] {
        try String(contentsOf: Support.examples.appendingPathComponent("udhr-korean.txt"), encoding: .utf8)
            .components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    @Test func breakOpportunitiesAreBetweenWordsNotSyllables() throws {
        let breaks = try BreakOpportunities().opportunities(in: "모든 인간은 태어날").map(\.offset)
        #expect(breaks == ["모든 ".utf8.count, "모든 인간은 ".utf8.count, "모든 인간은 태어날".utf8.count])
        let syllables = try BreakOpportunities(keepsHangulWordsWhole: false).opportunities(in: "모든 인간은").map(\.offset)
        #expect(syllables == [3, 7, 10, 13, 16])
        // Not between Hangul and Han, nor inside Chinese or Japanese text.
        #expect(try BreakOpportunities().opportunities(in: "권리權利").map(\.offset) == [6, 9, 12])
        #expect(try BreakOpportunities().opportunities(in: "漢字かな").map(\.offset) == [3, 6, 9, 12])
    }

    @Test(arguments: [358.0, 250, 150, 120])
    func linesNeverEndInsideAWordThatFitsALine(_ width: Double) throws {
        let typesetter = try Support.typesetter()
        var lines = 0
        for paragraph in try Self.paragraphs() {
            let layout = try typesetter.layout(StyledText(paragraph), style: .body, category: .large, width: width)
            let bytes = Array(paragraph.utf8)
            for line in layout.lines {
                lines += 1
                #expect(line.width <= width + 1e-9)
                #expect(!line.isEmergencyBreak, "every word of these sentences fits \(width) pt")
                // The line ends at the paragraph's end or before a space.
                #expect(line.range.upperBound == bytes.count || bytes[line.range.upperBound] == 0x20,
                        "\(width) pt: '\(layout.text(ofLine: layout.lines.firstIndex(of: line)!))' ends inside a word")
            }
        }
        #expect(lines > 8)
    }

    @Test func aWordWiderThanTheLineIsStillBrokenInside() throws {
        let typesetter = try Support.typesetter()
        // 형제애의 (of brotherhood) at 40 pt: about two syllables a line.
        let layout = try typesetter.layout(StyledText("서로 형제애의 정신으로"), style: .body, category: .large, width: 40)
        let lines = layout.lines.indices.map(layout.text(ofLine:))
        #expect(lines.joined() == "서로형제애의정신으로", "\(lines)")
        #expect(layout.lines.allSatisfy { $0.width <= 40 + 1e-9 })
        #expect(layout.hasEmergencyBreaks)
        #expect(lines.first == "서로", "\(lines)")
        // Without breaking words (CSS overflow-wrap: normal), the word overflows on a line of its own.
        let whole = try typesetter.layout(StyledText("서로 형제애의 정신으로"), style: .body, category: .large, width: 40,
                                          overflowWrap: .normal)
        #expect(whole.lines.indices.map(whole.text(ofLine:)) == ["서로", "형제애의", "정신으로"])
    }
}
