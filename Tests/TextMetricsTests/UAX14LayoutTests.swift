import Testing
import TextMetrics

/// UAX #14 where people see it: in the lines of a `TextLayout`, not only in the list of break
/// opportunities. Each case picks the width from the text's own advances, so it holds whatever
/// the exact glyph widths are.
@Suite struct UAX14LayoutTests {
    static func lines(_ text: String, width: Double, typesetter: Typesetter,
                      overflowWrap: LineBreaker.OverflowWrap = .breakWord) throws -> [String] {
        let layout = try typesetter.layout(StyledText(text), style: .body, category: .large, width: width,
                                           overflowWrap: overflowWrap)
        return layout.lines.indices.map { layout.text(ofLine: $0) }
    }

    static func advance(_ text: String, _ typesetter: Typesetter) throws -> Double {
        try typesetter.advance(of: StyledText(text), style: .body, category: .large)
    }

    @Test func aURLWrapsAfterItsSlashesNotInsideItsHostName() throws {
        let typesetter = try Support.typesetter()
        let url = "https://example.com/documentation/line-breaking"
        // Room for "https://example.com/" but not for the next part.
        let width = try Self.advance("https://example.com/docum", typesetter)
        let lines = try Self.lines(url, width: width, typesetter: typesetter)
        #expect(lines == ["https://example.com/", "documentation/line-", "breaking"], "\(lines)")
        // Narrower than "example.com/": the host name is never cut where UAX #14 allows no break;
        // with break-word it is cut between letters only because it cannot fit any other way.
        let narrow = try Self.lines(url, width: try Self.advance("https://exa", typesetter), typesetter: typesetter,
                                    overflowWrap: .normal)
        #expect(narrow == ["https://", "example.com/", "documentation/", "line-", "breaking"], "\(narrow)")
    }

    @Test func aSpaceBeforeACommaNeverLetsTheCommaStartALine() throws {
        let typesetter = try Support.typesetter()
        // Width for "alpha" but not "alpha ,": UAX #14 LB13 forbids the break before the comma, so
        // "alpha ," stays together (overflowing, with overflow-wrap normal) instead of putting ","
        // first on the next line.
        let text = "alpha , beta"
        let width = try Self.advance("alpha", typesetter) + 0.01
        let lines = try Self.lines(text, width: width, typesetter: typesetter, overflowWrap: .normal)
        #expect(lines == ["alpha ,", "beta"])
        #expect(!lines.contains { $0.hasPrefix(",") })
        // The same with a full stop.
        #expect(try Self.lines("alpha . beta", width: width, typesetter: typesetter, overflowWrap: .normal) == ["alpha .", "beta"])
    }

    @Test func anEnDashEndsTheLineItFollows() throws {
        let typesetter = try Support.typesetter()
        let text = "pages 10\u{2013}20 of the book"
        let width = try Self.advance("pages 10\u{2013}2", typesetter)
        let lines = try Self.lines(text, width: width, typesetter: typesetter)
        #expect(lines.first == "pages 10\u{2013}", "\(lines)")
    }

    @Test func aLineSeparatorInsideAParagraphEndsTheLineAtAnyWidth() throws {
        let typesetter = try Support.typesetter()
        for width in [60.0, 1_000] {
            let lines = try Self.lines("first part\u{2028}second", width: width, typesetter: typesetter)
            #expect(lines.first == (width < 100 ? "first" : "first part"))
            #expect(lines.contains("second"))
            #expect(!lines.contains { $0.contains("\u{2028}") || $0.contains("part second") })
        }
    }
}
