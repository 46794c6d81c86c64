import Testing
import TextMetrics
import Reflow
import Readers
import TestSupport

/// A code block is laid out in as many lines as it has between its fences, a blank last one
/// too, as markdown-it-py counts them and Chromium shows them (found on the corpus: the Go
/// examples of `Tests/Corpus/markdown/gofiber--fiber--.github_README_he.md` end with a blank
/// line before the closing fence).
@Suite struct CodeBlockLinesTests {
    static func lines(_ markdown: String) throws -> [Int] {
        let content = CellMode.blocks.content(for: try Document(markdown: markdown))
        let snapshot = try ListLayout().layout(content, in: LayoutEnvironment(containerWidth: 390, category: .large),
                                               sizer: try Fixtures.sizer())
        return snapshot.elements.filter { $0.cellKind == .code }.sorted { $0.indexPath < $1.indexPath }.map(\.lineCount)
    }

    @Test func aBlankLastLineBeforeTheFenceIsALine() throws {
        #expect(try Self.lines("```go\nfunc main() {}\n\n```\n") == [2])
        #expect(try Self.lines("```\n\na\n\n\n```\n") == [4])
        #expect(try Self.lines("- item\n\n  ```\n  a\n\n  ```\n") == [2])
    }

    @Test func everyOtherCodeBlockKeepsItsLines() throws {
        #expect(try Self.lines("```\na\nb\n```\n") == [2])
        #expect(try Self.lines("    indented\n\n\nafter\n") == [1])
        #expect(try Self.lines("```\n```\n") == [0])
    }
}
