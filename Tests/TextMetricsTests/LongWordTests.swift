import Testing
@testable import TextMetrics

/// Hardening row 15: one screen of a megabyte-long unbreakable word took 26 s, because drawing
/// each line walked every glyph of the word. Drawing now costs each line its own glyphs (and a
/// binary search into the word), counted here, not timed.
@Suite struct LongWordTests {
    /// Glyphs examined to draw every line of a `length`-letter word broken at 100 pt.
    static func drawingWork(_ length: Int, word: String = "abcdefghij") throws -> (visited: Int, glyphs: Int, lines: Int) {
        let typesetter = try Support.typesetter()
        let text = String(repeating: word, count: length / word.count)
        let layout = try typesetter.layout(StyledText(text), style: .body, category: .large, width: 100)
        var visited = 0, glyphs = 0
        for line in layout.lines.indices {
            glyphs += layout.glyphRuns(ofLine: line, visited: &visited).reduce(0) { $0 + $1.glyphs.count }
        }
        return (visited, glyphs, layout.lines.count)
    }

    @Test(arguments: ["abcdefghij", "אבגדהוזחטי", "日本語のテキスト"])
    func drawingTheLinesOfAHugeWordIsLinear(_ word: String) throws {
        let small = try Self.drawingWork(20_000, word: word), large = try Self.drawingWork(80_000, word: word)
        #expect(small.lines > 100 && large.lines > 4 * small.lines - 4, "\(small) \(large)")
        // Each glyph once, plus two binary searches (log2 of the word's glyphs) per line. Walking the
        // whole word per line, as before, is lines × glyphs: 80,000 × 1,000+ here.
        for work in [small, large] {
            #expect(work.visited <= work.glyphs + work.lines * 2 * 20, "\(work)")
        }
        #expect(Double(large.visited) / Double(small.visited) < 4.5, "four times the word, about four times the work")
    }
}
