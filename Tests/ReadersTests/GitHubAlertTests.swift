import Foundation
import Testing
import Reflow
import Readers
import TestSupport

/// GitHub alerts (issue 38, row 3): a block quote whose first line is `[!NOTE]`, `[!TIP]`,
/// `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]` alone (any case) is a callout: a title cell
/// (`alert`, "Note" …, no brackets) and the quote's other blocks under it, inside the alert's
/// bar. Anything else stays a quote showing what was written: another word in the brackets, text
/// after the marker on its line, a marker that is not the first line, a quote nested in a quote or
/// a list (GitHub: "alerts cannot be nested within other elements"), a marker with nothing after it.
@Suite struct GitHubAlertTests {
    static func blocks(_ markdown: String) throws -> [Block] { try Document(markdown: markdown).blocks }

    static let titles = ["NOTE": "Note", "TIP": "Tip", "IMPORTANT": "Important", "WARNING": "Warning", "CAUTION": "Caution"]

    @Test(arguments: ["NOTE", "TIP", "IMPORTANT", "WARNING", "CAUTION", "note", "Tip", "iMpOrTaNt"])
    func eachKindInAnyCaseIsACalloutWithItsTitle(_ marker: String) throws {
        let blocks = try Self.blocks("> [!\(marker)]\n> Useful information.\n")
        try #require(blocks.map(\.kind.name) == ["alert", "paragraph"])
        let title = try #require(Self.titles[marker.uppercased()])
        #expect(blocks[0].text.string.trimmingCharacters(in: .whitespaces) == title)
        #expect(blocks[1].text.string == "Useful information.")
        #expect(!blocks.contains { $0.text.string.contains("[!") }, "no brackets shown")
        // Title and body sit in one container: one bar along the whole alert.
        #expect(blocks[0].nesting.depth == 1 && blocks[0].nesting.containers == blocks[1].nesting.containers)
    }

    @Test func aHardBreakOrABlankLineAfterTheMarkerAndSeveralBlocksStayOneAlert() throws {
        let hard = try Self.blocks("> [!WARNING]  \n> Careful.\n")
        try #require(hard.map(\.kind.name) == ["alert", "paragraph"])
        #expect(hard[1].text.string == "Careful.")
        let apart = try Self.blocks("> [!Tip]\n>\n> One.\n>\n> - two\n>\n> ```\n> three\n> ```\n")
        #expect(apart.map(\.kind.name) == ["alert", "paragraph", "listItem", "code"])
        #expect(Set(apart.map { $0.nesting.containers.first }).count == 1, "every block inside the alert's container")
        // Trailing spaces after the marker (TCA writes `> [!Note] `) change nothing.
        #expect(try Self.blocks("> [!Note] \n> x\n").map(\.kind.name) == ["alert", "paragraph"])
    }

    @Test(arguments: [
        "> [!DANGER]\n> Not a kind GitHub has.\n",
        "> [!NOTE] Text after the marker on its line.\n",
        "> First line.\n> [!NOTE]\n> The marker is not the first line.\n",
        "> [!NOTE]\n",
        "> **[!NOTE]**\n> Emphasised marker.\n",
        "> [ !NOTE]\n> Space inside.\n",
        "> > [!NOTE]\n> > In a quote.\n",
        "- item\n\n  > [!NOTE]\n  > In a list item.\n",
    ])
    func anythingElseStaysAQuoteAsWritten(_ markdown: String) throws {
        let blocks = try Self.blocks(markdown)
        #expect(!blocks.contains { $0.kind.name == "alert" })
        #expect(blocks.contains { $0.kind == .quote }, "still a quote")
    }

    /// TCA's README writes four `> [!Note] ` alerts: four callouts, no "[!Note]" left.
    @Test func theComposableArchitecturesReadmeHasFourNotes() throws {
        let blocks = try Self.corpus("pointfreeco--swift-composable-architecture--README.md")
        let alerts = blocks.filter { $0.kind.name == "alert" }
        #expect(alerts.map(\.sourceLine) == [90, 140, 315, 439])
        #expect(alerts.allSatisfy { $0.text.string.trimmingCharacters(in: .whitespaces) == "Note" })
        #expect(!blocks.contains { $0.text.string.localizedCaseInsensitiveContains("[!Note]") })
        let first = try #require(blocks.firstIndex { $0.sourceLine == 90 })
        try #require(first + 1 < blocks.count)
        #expect(blocks[first + 1].text.string.hasPrefix("For a step-by-step interactive tutorial"))
        #expect(blocks[first + 1].nesting.containers == blocks[first].nesting.containers)
    }

    /// RxSwift's README: one `[!TIP]` holding a paragraph and an image.
    @Test func rxSwiftsReadmeHasATipWithItsImage() throws {
        let blocks = try Self.corpus("ReactiveX--RxSwift--README.md")
        let index = try #require(blocks.firstIndex { $0.kind.name == "alert" })
        try #require(index + 2 < blocks.count)
        #expect(blocks.filter { $0.kind.name == "alert" }.count == 1)
        #expect(blocks[index].text.string.trimmingCharacters(in: .whitespaces) == "Tip")
        #expect(blocks[index + 1].text.string.hasPrefix("RxSwift's xcframework(s) are signed"))
        #expect(blocks[index + 2].kind == .image)
        #expect(blocks[index + 2].nesting.containers == blocks[index].nesting.containers, "the image is inside the tip")
        #expect(!blocks.contains { $0.text.string.contains("[!TIP]") })
    }

    static func corpus(_ name: String) throws -> [Block] {
        let path = Fixtures.repository.appendingPathComponent("Tests/Corpus/markdown/\(name)").path
        return try blocks(String(contentsOfFile: path, encoding: .utf8))
    }
}
