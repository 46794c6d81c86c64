import Testing
@testable import TextMetrics

/// `<sup>` and `<sub>` as GitHub's stylesheet draws them (`font-size: 75%; line-height: 0;
/// position: relative`, `sup { top: -0.5em }`, `sub { bottom: -0.25em }`): the text is measured
/// and drawn at three quarters of its style's size, raised or lowered by half or a quarter of
/// its own em, and the line keeps the height it has without it.
@Suite struct SuperscriptTests {
    static func layout(_ text: StyledText, width: Double = 300) throws -> TextLayout {
        try Typesetter(fonts: try FontLibrary()).layout(text, style: .body, category: .large, width: width)
    }

    static func text(_ parts: (String, TextEmphasis)...) -> StyledText {
        var text = StyledText()
        for (string, emphasis) in parts { text.append(string, emphasis: emphasis) }
        return text
    }

    @Test func aSuperscriptIsDrawnAtThreeQuartersRaisedHalfItsOwnEm() throws {
        let body = 17.0  // body at L
        let layout = try Self.layout(Self.text(("E = mc", []), ("2", .superscript)))
        let plain = try Self.layout(StyledText("E = mc2"))
        let runs = layout.glyphRuns(ofLine: 0)
        #expect(runs.map(\.pointSize) == [body, body * 0.75])
        #expect(runs[1].glyphs.allSatisfy { $0.y == runs[0].glyphs[0].y - 0.5 * 0.75 * body }, "raised 0.375 em of the body size")
        #expect(layout.height == plain.height && layout.lines[0].baseline == plain.lines[0].baseline, "the line keeps its height")
    }

    @Test func aSubscriptIsLoweredAQuarterOfItsOwnEm() throws {
        let layout = try Self.layout(Self.text(("H", []), ("2", .subscript), ("O", [])))
        let runs = layout.glyphRuns(ofLine: 0)
        #expect(runs.map(\.pointSize) == [17, 12.75, 17])
        #expect(runs[1].glyphs[0].y == runs[0].glyphs[0].y + 0.25 * 0.75 * 17)
        #expect(runs[2].glyphs[0].y == runs[0].glyphs[0].y, "back on the baseline after it")
    }

    /// `<small>`: 90 % of the size (`font-size: 90%`), on the baseline.
    @Test func smallPrintIsNinetyPercentOnTheBaseline() throws {
        let layout = try Self.layout(Self.text(("Body ", []), ("© 2026", .small)))
        let runs = layout.glyphRuns(ofLine: 0)
        #expect(runs.map(\.pointSize) == [17, 17 * 0.9])
        #expect(runs[1].glyphs.allSatisfy { $0.y == runs[0].glyphs[0].y })
    }

    /// Measured at its size, so lines break where they would for text three quarters as large.
    @Test func smallPrintIsMeasuredAndBrokenAtItsSize() throws {
        let words = "Built with care by people who read every line of it"
        let plain = try Self.layout(StyledText(words), width: 10_000)
        let small = try Self.layout(StyledText(words, emphasis: .subscript), width: 10_000)
        #expect(plain.lines.count == 1 && small.lines.count == 1)
        #expect(abs(small.lines[0].width - 0.75 * plain.lines[0].width) < 1e-9)
        // Too narrow for the whole sentence at full size, wide enough at three quarters.
        let width = 0.8 * plain.lines[0].width
        #expect(try Self.layout(StyledText(words), width: width).lines.count == 2)
        #expect(try Self.layout(StyledText(words, emphasis: .subscript), width: width).lines.count == 1)
        // Bold inside small print stays small: the size bits and the face bits are separate.
        let mixed = try Self.layout(Self.text(("small ", .subscript), ("bold", [.subscript, .strong]), (" print", .subscript)))
        #expect(mixed.glyphRuns(ofLine: 0).allSatisfy { $0.pointSize == 12.75 })
    }
}
