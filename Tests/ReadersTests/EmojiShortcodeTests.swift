import Foundation
import Testing
import Reflow
import Readers
import TestSupport

/// Emoji shortcodes (issue 38, row 8): `:heart:` is drawn as ❤️, by GitHub's own table (gemoji's
/// db/emoji.json, every alias of every emoji), in text, link text and HTML text alike; never in
/// a code span or code block, never inside a URL; a name the table does not have (`:notashortcode:`,
/// GitHub's custom `:octocat:`, which has no Unicode emoji) stays as written.
@Suite struct EmojiShortcodeTests {
    static func text(_ markdown: String) throws -> [String] { try Document(markdown: markdown).blocks.map(\.text.string) }

    @Test func shortcodesInTextBecomeTheirEmoji() throws {
        #expect(try Self.text("I :heart: it :rocket:") == ["I ❤️ it 🚀"])
        // Aliases with `+`, `-` and `_` (which cmark-gfm may cut into several text nodes), two in
        // a row, one at each end, in emphasis, a heading and link text.
        #expect(try Self.text(":+1::-1: :white_check_mark:") == ["👍👎 ✅"])
        #expect(try Self.text("*so :tada:* and [I :heart: it](https://example.com)") == ["so 🎉 and I ❤️ it"])
        #expect(try Self.text("# Ship it :ship:") == ["Ship it 🚢"])
        #expect(try Self.text("<p align=\"center\">Made with :heart:</p>") == ["Made with ❤️"])
    }

    @Test func namesTheTableDoesNotHaveStayAsWritten() throws {
        #expect(try Self.text("Not one :notashortcode: and :octocat: and :HEART: and : heart :") ==
                ["Not one :notashortcode: and :octocat: and :HEART: and : heart :"])
        // A colon that could start a shortcode but does not (`a:b:heart:`): the next pair still counts.
        #expect(try Self.text("10:30:heart:") == ["10:30❤️"])
    }

    @Test func codeAndURLsKeepTheirColons() throws {
        #expect(try Self.text("`:heart:` stays") == [":heart: stays"])
        #expect(try Self.text("```\nlet s = \":rocket:\"\n```") == ["let s = \":rocket:\"\n"])
        #expect(try Self.text("See https://example.com/:heart:/x and <https://example.org/a:rocket:b>") ==
                ["See https://example.com/:heart:/x and https://example.org/a:rocket:b"])
        #expect(try Self.text("ftp://host/:heart: and www.example.com/:tada:") == ["ftp://host/:heart: and www.example.com/:tada:"])
        #expect(try Self.text("<code>:heart:</code> and <pre>:tada:</pre>").joined().contains(":heart:"))
    }

    /// Quick's Japanese guide ends a paragraph with `:v: :sunglasses:`.
    @Test func quicksJapaneseGuideShowsItsEmoji() throws {
        let blocks = try Self.corpus("Quick--Quick--Documentation_ja_QuickExamplesAndGroups.md")
        let paragraph = try #require(blocks.first { $0.sourceLine == 62 })
        #expect(paragraph.text.string.hasSuffix("✌️ 😎"))
        #expect(!blocks.contains { $0.kind != .code && $0.text.string.contains(":sunglasses:") })
    }

    /// The system design primer's comparison table votes with `:+1:`; the Hindi contributing
    /// guide's `:construction:` is inside a code block and stays.
    @Test func realTablesShowThumbsAndCodeKeepsItsShortcodes() throws {
        let primer = try Self.corpus("donnemartin--system-design-primer--README-zh-Hans.md")
        #expect(primer.filter { $0.text.string == "👍" }.count == 12)
        #expect(!primer.contains { $0.text.string.contains(":+1:") })
        let hindi = try Self.corpus("EbookFoundation--free-programming-books--docs_CONTRIBUTING-hi.md")
        #expect(hindi.contains { $0.kind == .code && $0.text.string.contains(":construction:") })
    }

    static func corpus(_ name: String) throws -> [Block] {
        let path = Fixtures.repository.appendingPathComponent("Tests/Corpus/markdown/\(name)").path
        return try Document(markdown: String(contentsOfFile: path, encoding: .utf8)).blocks
    }
}
