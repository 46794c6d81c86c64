import Testing
import TextMetrics

/// A line limit as UILabel applies it (`Typesetter.truncated(_:toLines:mode:)`): the last line
/// shown stands for the rest of the text, fitted to the width with an ellipsis (U+2026 in the
/// text's font) at its end, start or middle, or clipped at the edge; the lines before it are the
/// text's own. Every case is measured against the layout without a limit, not against numbers.
@Suite struct TruncationTests {
    static let preview = "I have finished the translation of Menabrea's memoir and added notes of my own, longer than the memoir itself. "
        + "Note G sets out how the engine could compute the Bernoulli numbers."

    static func layout(_ text: String, width: Double = 240, category: ContentSizeCategory = .large,
                       _ typesetter: Typesetter) throws -> TextLayout {
        try typesetter.layout(StyledText(text), style: .subheadline, category: category, width: width)
    }

    /// The glyphs a line draws, left to right, with the font each is in.
    static func glyphs(_ layout: TextLayout, line: Int) -> [(glyph: PositionedGlyph, font: Font, end: Double)] {
        layout.glyphRuns(ofLine: line).flatMap { run in run.glyphs.map { ($0, run.font, run.end) } }
    }

    @Test func aTwoLinePreviewEndsInAnEllipsisFittedToTheWidthCutInsideAWordIfNeedBe() throws {
        let typesetter = try Support.typesetter()
        for category in [ContentSizeCategory.large, .accessibilityExtraExtraExtraLarge] {
            let whole = try Self.layout(Self.preview, category: category, typesetter)
            try #require(whole.lines.count > 2, "the preview needs more than two lines at \(category)")
            let shown = typesetter.truncated(whole, toLines: 2, mode: .truncatingTail)
            #expect(shown.lines.count == 2 && shown.unlimitedLineCount == whole.lines.count && shown.isTruncated)
            #expect(shown.height == 2 * whole.lineHeight, "a limited label is as tall as its lines shown")
            #expect(shown.text(ofLine: 0) == whole.text(ofLine: 0), "the lines before the last are the text's own")
            let last = shown.text(ofLine: 1)
            #expect(last.hasSuffix("\u{2026}"), "\(last)")
            // The text before the ellipsis is the rest of the text from the last line's start, cut
            // where the width runs out: more than the line's whole words, within an em of the edge.
            let rest = String(Self.preview.utf8.dropFirst(whole.lines[1].range.lowerBound))!
            let kept = String(last.dropLast())
            #expect(rest.hasPrefix(kept) && !kept.isEmpty, "'\(kept)'")
            let line = shown.lines[1]
            #expect(line.width <= whole.containerWidth + 1e-6)
            #expect(line.width > whole.containerWidth - whole.pointSize, "the ellipsis ends within an em of the edge: \(line.width)")
            let drawn = Self.glyphs(shown, line: 1)
            let ellipsis = try #require(drawn.last)
            #expect(line.x + ellipsis.end <= whole.containerWidth + 1e-6, "the ellipsis's right edge is within the width")
            #expect(ellipsis.font.glyph(for: "\u{2026}") == ellipsis.glyph.glyph, "the ellipsis is U+2026 in the text's own font")
            #expect(line.truncation?.hasEllipsis == true && line.truncation?.mode == .truncatingTail)
        }
    }

    @Test func headAndMiddleTruncationShowTheTextsEndAsUILabelsLastLineDoes() throws {
        let typesetter = try Support.typesetter()
        let whole = try Self.layout(Self.preview, typesetter)
        let head = typesetter.truncated(whole, toLines: 2, mode: .truncatingHead)
        #expect(head.text(ofLine: 0) == whole.text(ofLine: 0))
        let headLine = head.text(ofLine: 1)
        #expect(headLine.hasPrefix("\u{2026}") && Self.preview.hasSuffix(String(headLine.dropFirst())), "\(headLine)")
        #expect(head.lines[1].width <= whole.containerWidth + 1e-6 && head.lines[1].width > whole.containerWidth - whole.pointSize)
        #expect(Self.glyphs(head, line: 1).first?.glyph.x ?? 1 < 0.5, "the ellipsis is the line's first glyph")

        let middle = typesetter.truncated(whole, toLines: 1, mode: .truncatingMiddle)
        let middleLine = middle.text(ofLine: 0)
        let parts = middleLine.split(separator: "\u{2026}", omittingEmptySubsequences: false)
        try #require(parts.count == 2, "\(middleLine)")
        #expect(Self.preview.hasPrefix(String(parts[0])) && Self.preview.hasSuffix(String(parts[1])) && !parts[0].isEmpty && !parts[1].isEmpty)
        #expect(middle.lines[0].width <= whole.containerWidth + 1e-6 && middle.lines[0].width > whole.containerWidth - whole.pointSize)
    }

    @Test func clippingShowsNoEllipsisAndRunsToTheEdgeWordWrappingEndsAtTheLastWholeLine() throws {
        let typesetter = try Support.typesetter()
        let whole = try Self.layout(Self.preview, typesetter)
        let clipped = typesetter.truncated(whole, toLines: 2, mode: .byClipping)
        let line = clipped.text(ofLine: 1)
        #expect(!line.contains("\u{2026}") && clipped.lines[1].truncation?.hasEllipsis == false)
        #expect(line.count > whole.text(ofLine: 1).count, "the rest runs on to the edge: \(line)")
        #expect(clipped.lines[1].width >= whole.containerWidth - 1e-6, "its last glyph reaches the edge, cut there when drawn")

        let wrapped = typesetter.truncated(whole, toLines: 2, mode: .byWordWrapping)
        #expect(wrapped.lines.count == 2 && wrapped.isTruncated && wrapped.text(ofLine: 1) == whole.text(ofLine: 1))

        let short = try Self.layout("Short", typesetter)
        let same = typesetter.truncated(short, toLines: 2, mode: .truncatingTail)
        #expect(!same.isTruncated && same.text(ofLine: 0) == "Short", "text within its limit is not truncated")
    }

    @Test func characterWrappingBreaksInsideWordsAndFillsEachLine() throws {
        let typesetter = try Support.typesetter()
        let whole = try Self.layout(Self.preview, typesetter)
        let wrapped = whole.wrappedByCharacters()
        #expect(wrapped.lines.count <= whole.lines.count && wrapped.lines.count > 1)
        #expect(wrapped.lines.allSatisfy { $0.width <= whole.containerWidth + 1e-6 })
        // Every line but the last is full to within a character (an em); some line ends inside a word.
        #expect(wrapped.lines.dropLast().allSatisfy { $0.width > whole.containerWidth - whole.pointSize })
        let bytes = Array(Self.preview.utf8)
        #expect(wrapped.lines.dropLast().contains { bytes[$0.range.upperBound] != 0x20 && bytes[$0.range.upperBound - 1] != 0x20 })
        // No character is lost or repeated: the lines' text, with the spaces between them, is the text.
        let joined = wrapped.lines.indices.map { wrapped.text(ofLine: $0) }.joined()
        #expect(joined.filter { $0 != " " } == Self.preview.filter { $0 != " " })
        let limited = typesetter.truncated(wrapped, toLines: 2, mode: .byCharWrapping)
        #expect(limited.lines.count == 2 && limited.isTruncated && limited.text(ofLine: 1) == wrapped.text(ofLine: 1))
    }

    @Test func aRightToLeftLineEndsInAnEllipsisAtItsLeftEdge() throws {
        let typesetter = try Support.typesetter()
        let hebrew = "שלום לכולם, זוהי הודעה ארוכה מאוד שנכתבה כדי לבדוק את הקיצוץ של השורה האחרונה בתצוגה המקדימה של הדואר"
        let whole = try Self.layout(hebrew, width: 200, typesetter)
        try #require(whole.lines.count > 2 && whole.baseDirection == .rightToLeft)
        let shown = typesetter.truncated(whole, toLines: 2, mode: .truncatingTail)
        #expect(shown.text(ofLine: 1).hasSuffix("\u{2026}"))
        #expect(shown.visualText(ofLine: 1).hasPrefix("\u{2026}"), "the ellipsis ends the line, at its left: \(shown.visualText(ofLine: 1))")
        let line = shown.lines[1]
        #expect(line.x >= -1e-6 && line.x + line.width <= whole.containerWidth + 1e-6, "right-aligned inside the width")
    }
}
