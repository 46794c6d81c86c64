import Foundation
import Readers
import Reflow
import Testing
import TestSupport
import TextMetrics

/// A line break in a row of pictures starts a new line of the row (issue 38), as a browser breaks
/// a line of images at `<br>`: a README's header of a logo, `<br>`, two badges, `<br>`, two
/// badges is three lines, each placed as the paragraph's `align` says. Soft line breaks (a new
/// line in the source) stay spaces: badges on separate source lines share a line.
@Suite struct ImageRowBreakTests {
    /// The frames of the pictures of the first cell that has any, in document order, and the
    /// text column's edges (from the first cell with text), laid out in 390 pt at `category`.
    static func pictures(_ markdown: String, category: ContentSizeCategory = .large) throws -> (frames: [Rect], column: ClosedRange<Double>?) {
        let input = try LayoutInput(bytes: Array(markdown.utf8), format: .commonMark, cells: .blocks, layout: .list)
        let environment = TextSettings().over(input.documentSettings).layoutEnvironment(width: 390, category: category)
        let cells = try input.layout.layout(input.content, in: environment, sizer: try Fixtures.sizer()).elements
            .filter { $0.role == .cell }.sorted { $0.indexPath < $1.indexPath }
        let frames: [Rect] = cells.lazy.map { cell -> [Rect] in
            cell.content.compactMap { content -> Rect? in if case .picture(_, let frame, _, _) = content { frame } else { nil } }
        }.first { !$0.isEmpty } ?? []
        let column = cells.lazy.compactMap(\.textFrame).first.map { $0.minX...$0.maxX }
        return (frames, column)
    }

    /// The pictures grouped by line of the row: those sharing a top, top to bottom.
    static func lines(_ frames: [Rect]) -> [[Rect]] {
        var lines: [[Rect]] = []
        for frame in frames {
            if let last = lines.last?.last, abs(last.minY - frame.minY) < 0.01 { lines[lines.count - 1].append(frame) } else { lines.append([frame]) }
        }
        return lines
    }

    static let header = """
        <p align="center">
        <img src="logo.png" width="120" height="40" alt="Logo" />
        <br />
        <a href="https://ci.example.com"><img src="build.svg" width="80" height="20" alt="Build" /></a>
        <img src="platforms.svg" width="80" height="20" alt="Platforms" />
        <br />
        <a href="https://example.com/a"><img src="a.svg" width="80" height="20" alt="A" /></a>
        <a href="https://example.com/b"><img src="b.svg" width="80" height="20" alt="B" /></a>
        </p>

        A paragraph wide enough to give the text column its edges at every size.
        """

    @Test func aBreakBetweenImagesStartsANewLineOfTheRow() throws {
        let (frames, column) = try Self.pictures(Self.header)
        #expect(frames.count == 5)
        let lines = Self.lines(frames)
        #expect(lines.map(\.count) == [1, 2, 2], "logo, <br>, two badges, <br>, two badges: three lines")
        // Each line centred on its own, below the one before.
        if let column {
            for line in lines {
                let middle = ((line.map(\.minX).min() ?? 0) + (line.map(\.maxX).max() ?? 0)) / 2
                #expect(abs(middle - (column.lowerBound + column.upperBound) / 2) < 0.5)
            }
        }
        for (upper, lower) in zip(lines, lines.dropFirst()) {
            #expect((lower.map(\.minY).min() ?? 0) >= (upper.map(\.maxY).max() ?? 0))
        }
    }

    @Test func softBreaksAndSpacesKeepImagesOnOneLine() throws {
        let (frames, _) = try Self.pictures("""
            [![Build](build.svg)](https://ci.example.com)
            [![Docs](docs.svg)](https://docs.example.com)
            ![Licence](licence.svg)
            """)
        #expect(frames.count == 3)
        #expect(Self.lines(frames).count == 1)
    }

    @Test func aMarkdownHardBreakStartsANewLineToo() throws {
        let (frames, _) = try Self.pictures("![Build](build.svg)\\\n![Docs](docs.svg) ![Licence](licence.svg)")
        #expect(Self.lines(frames).map(\.count) == [1, 2])
    }

    /// RxSwift's README header (`Tests/Corpus/markdown/ReactiveX--RxSwift--README.md`): the logo,
    /// `<br />`, two badges, `<br />`, two badges. The badges are remote, so placeholders sized
    /// to their alt text: the first pair's long alt ("Supported Platforms: iOS, macOS, …") takes
    /// a line of its own where the width runs out, but nothing goes back onto an earlier line.
    @Test(arguments: [ContentSizeCategory.large, .accessibilityExtraExtraExtraLarge])
    func rxSwiftHeaderBreaksWhereItsAuthorsBrokeIt(category: ContentSizeCategory) throws {
        let path = Fixtures.repository.appendingPathComponent("Tests/Corpus/markdown/ReactiveX--RxSwift--README.md").path
        let (frames, _) = try Self.pictures(try String(contentsOfFile: path, encoding: .utf8), category: category)
        #expect(frames.count == 5)
        guard frames.count == 5 else { return }
        let lines = Self.lines(frames)
        #expect(lines.first?.count == 1, "the logo stands alone on the first line")
        #expect(frames[1].minY >= frames[0].maxY, "the first pair starts below the logo")
        #expect(frames[3].minY >= max(frames[1].maxY, frames[2].maxY), "the second pair starts below the first")
        #expect(lines.count >= 3)
        if category == .large { #expect(lines.last?.count == 2, "the last two badges (no alt, small placeholders) share a line") }
    }
}
