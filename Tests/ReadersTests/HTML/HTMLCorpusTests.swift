import CommonMark
import Foundation
import Testing

/// Real READMEs that lean on HTML (`Tests/Corpus/html`, sources in its SOURCES.md): parsed, none
/// keeps raw HTML or shows a tag as text, and each one's layout HTML becomes the blocks a reader
/// of it on GitHub sees.
@Suite struct HTMLCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Corpus/html")

    static let files = [
        "starship--starship--README.md", "gofiber--fiber--.github_README_fa.md",
        "jesseduffield--lazygit--README.md", "ajeetdsouza--zoxide--README.md",
    ]

    static func blocks(_ file: String) throws -> [MarkdownBlock] {
        let text = try String(contentsOf: corpus.appendingPathComponent(file), encoding: .utf8)
        return try MarkdownParser().parse(text)
    }

    @Test(arguments: files) func noRawHTMLOrTagIsLeft(file: String) throws {
        let blocks = try Self.blocks(file)
        #expect(!HTMLSupport.hasRawHTML(blocks))
        for text in HTMLSupport.texts(blocks) {
            #expect(text.firstMatch(of: /<\/?[A-Za-z]/) == nil, "\(file) shows \(text)")
        }
    }

    @Test func starshipCentresItsLogoAndBadgesAndFoldsEachPlatform() throws {
        let blocks = try Self.blocks("starship--starship--README.md")
        guard case .division(let logo) = blocks.first?.content else {
            Issue.record("expected the centred logo first, got \(String(describing: blocks.first))")
            return
        }
        #expect(logo.alignment == .center)
        #expect(HTMLSupport.images([blocks[0]]).first?.width == 400)
        let details = HTMLSupport.allBlocks(blocks).compactMap { block -> ([MarkdownInline], [MarkdownBlock])? in
            if case .details(let summary, let content) = block.content { (summary, content) } else { nil }
        }
        #expect(details.count == 15)
        #expect(details.first?.0 == [.text("Android")])
        #expect(details.allSatisfy { !$0.1.isEmpty }, "each platform's Markdown is inside its details")
        #expect(details.first?.1.contains { if case .table = $0.content { true } else { false } } == true)
    }

    @Test func fiberPersianReadsRightToLeftWithItsCodeLeftToRight() throws {
        let blocks = try Self.blocks("gofiber--fiber--.github_README_fa.md")
        let divisions = HTMLSupport.allBlocks(blocks).compactMap { block -> MarkdownDivision? in
            if case .division(let division) = block.content { division } else { nil }
        }
        #expect(divisions.contains { $0.direction == .rightToLeft })
        let leftToRight = divisions.filter { $0.direction == .leftToRight }
        #expect(!leftToRight.isEmpty)
        #expect(leftToRight.contains { division in division.blocks.contains { if case .codeBlock = $0.content { true } else { false } } })
        #expect(HTMLSupport.allBlocks(blocks).contains { if case .details = $0.content { true } else { false } })
    }

    @Test func lazygitCentresItsMarkdownIntroduction() throws {
        let blocks = try Self.blocks("jesseduffield--lazygit--README.md")
        let centred = HTMLSupport.allBlocks(blocks).compactMap { block -> MarkdownDivision? in
            if case .division(let division) = block.content, division.alignment == .center { division } else { nil }
        }
        #expect(centred.contains { division in
            division.blocks.contains { HTMLSupport.plainText($0).contains("A simple terminal UI for git commands") }
        })
        #expect(HTMLSupport.allBlocks(blocks).contains { $0.content == .thematicBreak })
    }

    @Test func zoxideFoldsItsInstallStepsInsideListItems() throws {
        let blocks = try Self.blocks("ajeetdsouza--zoxide--README.md")
        let heading = HTMLSupport.allBlocks(blocks).first { if case .heading(1, _) = $0.content { true } else { false } }
        #expect(heading.map(HTMLSupport.plainText) == "zoxide logo\nzoxide")
        let itemDetails = HTMLSupport.allBlocks(blocks).compactMap { block -> MarkdownList? in
            if case .list(let list) = block.content { list } else { nil }
        }.flatMap(\.items).flatMap(\.blocks).filter { if case .details = $0.content { true } else { false } }
        #expect(itemDetails.count >= 4)
    }
}
