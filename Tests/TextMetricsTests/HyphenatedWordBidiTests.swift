import Testing
@testable import TextMetrics

/// A left-to-right word that breaks after a hyphen ("go-ole", "Free-Programming-Books") is drawn
/// in its own order inside a right-to-left line: the break opportunity after the hyphen cuts it
/// into segments without white space, and no white space item may stand between them (at the
/// paragraph's level it split the word, and "go-ole" was drawn "olego-").
@Suite struct HyphenatedWordBidiTests {
    static func glyphs(_ text: String, direction: BaseDirection, width: Double = 1_000) throws -> [[UInt32]] {
        let typesetter = try Typesetter(fonts: try FontLibrary())
        var environment = TextEnvironment(category: .large)
        environment.direction = direction
        let layout = try typesetter.layout(StyledText(text), style: .body, environment: environment, width: width)
        return layout.lines.indices.map { line in layout.glyphRuns(ofLine: line).flatMap { $0.glyphs.map(\.glyph) } }
    }

    @Test(arguments: ["go-ole", "Free-Programming-Books", "a-b-c-d"])
    func aHyphenatedWordKeepsItsOrderInARightToLeftLine(_ word: String) throws {
        #expect(try Self.glyphs(word, direction: .rightToLeft) == Self.glyphs(word, direction: .leftToRight))
    }

    /// Inside Hebrew text the English word is one left-to-right run: its glyphs in its own order,
    /// the Hebrew words around it reversed.
    @Test func aHyphenatedWordAmongRightToLeftWords() throws {
        let line = try Self.glyphs("שלום go-ole עולם", direction: .rightToLeft)
        let word = try Self.glyphs("go-ole", direction: .leftToRight)
        #expect(line.count == 1 && word.count == 1)
        let found = line[0].indices.contains { start in line[0][start...].starts(with: word[0]) }
        #expect(found, "the word's glyphs appear in order: \(line) vs \(word)")
    }
}
