import Foundation
import Readers
import Reflow
@testable import ReflowKit
import TextMetrics
import Testing
import TestSupport

/// `--at heading:TEXT` names a heading as GitHub's links do (its anchor, or its words without
/// emoji and case), and `--at line:N` past the file's end is an error (issue 38, row 9: on
/// Vapor's README `heading:Community` was refused for `### 💧 Community`, and `line:99999` on a
/// 155-line README silently showed the last screen).
@Suite struct ScreenAnchorNamingTests {
    static func input(_ markdown: String) throws -> LayoutInput {
        try LayoutInput(bytes: Array(markdown.utf8), format: .commonMark)
    }

    /// The text of the heading `anchor` names in `input`.
    static func heading(_ anchor: String, in input: LayoutInput) throws -> String {
        let indexPath = try ScreenAnchor(parsing: anchor).indexPath(in: input.content, sourceLineCount: input.sourceLineCount)
        return try input.content.sections[indexPath.section].cell(indexPath.item).text.string
    }

    /// GitHub's anchors (html-pipeline's table-of-contents filter): lowercase, everything but
    /// letters, marks, digits, `_`, `-` and spaces dropped, spaces to hyphens.
    @Test func slugsAreGitHubs() {
        let cases: [(String, String)] = [
            ("💧 Community", "-community"),
            ("🚀 Contributing", "-contributing"),
            ("What's New?", "whats-new"),
            ("C++ & Swift", "c--swift"),
            ("Über uns", "über-uns"),
            ("1. Installation", "1-installation"),
            ("snake_case and kebab-case", "snake_case-and-kebab-case"),
            ("การติดตั้ง (ภาษาไทย)", "การติดตั้ง-ภาษาไทย"),
            ("中文 README", "中文-readme"),
        ]
        for (title, slug) in cases { #expect(HeadingSlug.slug(title) == slug, "\(title)") }
        #expect(HeadingSlug.slugs(["Usage", "Install", "Usage", "usage"]) == ["usage", "install", "usage-1", "usage-2"])
        #expect(HeadingSlug.words("⚠️ **Read this** ⚠️") == "read this")
    }

    /// The real document: Vapor's README, whose headings start with emoji.
    @Test func vaporsEmojiHeadingsAreNamedByAnchorAndWords() throws {
        let path = Fixtures.repository.appendingPathComponent("Tests/Corpus/markdown/vapor--vapor--README.md")
        let input = try LayoutInput(bytes: [UInt8](try Data(contentsOf: path)), format: .commonMark)
        for anchor in ["heading:Community", "heading:community", "heading:COMMUNITY", "heading:#-community", "heading:-community",
                       "heading:💧 Community", "heading:comm"] {
            #expect(try Self.heading(anchor, in: input) == "💧 Community", "\(anchor)")
        }
        #expect(try Self.heading("heading:#-backers", in: input) == "💚 Backers")
        #expect(try Self.heading("heading:sponsors", in: input) == "💛 Sponsors")
    }

    @Test func aRepeatedHeadingIsNamedByItsNumberedAnchor() throws {
        let input = try Self.input("# Guide\n\n## Usage\n\nOne.\n\n## Setup\n\n## Usage\n\nTwo.\n\n### ✨ Usage\n")
        let second = try ScreenAnchor(parsing: "heading:#usage-1").indexPath(in: input.content)
        let first = try ScreenAnchor(parsing: "heading:usage").indexPath(in: input.content)
        #expect(first < second)
        #expect(try Self.heading("heading:#usage-1", in: input) == "Usage")
        #expect(try Self.heading("heading:-usage", in: input) == "✨ Usage")
        // Words that are a heading's whole words win over a heading they only start.
        let words = try Self.input("## Community Guidelines\n\n## 💬 Community\n")
        #expect(try Self.heading("heading:community", in: words) == "💬 Community")
        #expect(try Self.heading("heading:community gui", in: words) == "Community Guidelines")
    }

    @Test func aHeadingNotFoundListsTheHeadingsWithTheirAnchors() throws {
        let input = try Self.input("## 💧 Community\n\n## Usage\n")
        #expect(throws: ScreenAnchor.Problem.headingNotFound("Nope", headings: ["💧 Community", "Usage"])) {
            try ScreenAnchor(parsing: "heading:Nope").indexPath(in: input.content)
        }
        let message = ScreenAnchor.Problem.headingNotFound("Nope", headings: ["💧 Community", "Usage", "Usage"]).description
        #expect(message == "no heading 'Nope'; the headings are '💧 Community' (#-community), 'Usage' (#usage), 'Usage' (#usage-1)")
        // Emoji alone name no heading by words (every heading would start with no words).
        #expect(throws: ScreenAnchor.Problem.self) { try ScreenAnchor(parsing: "heading:🎉").indexPath(in: input.content) }
    }

    /// The lines a Markdown file has, as the reader counts them: line:N within them is the block
    /// there (or the last block's, below its start); past them an error naming the count.
    @Test func aLinePastTheEndIsAnError() throws {
        for (text, lines) in [("# A\n\nb\n", 3), ("# A\n\nb", 3), ("# A\r\n\r\nb\r\n\r\n", 4), ("# A\r\rb", 3)] {
            let input = try Self.input(text)
            #expect(input.sourceLineCount == lines, "\(text.debugDescription)")
            let last = try ScreenAnchor.line(lines).indexPath(in: input.content, sourceLineCount: input.sourceLineCount)
            #expect(try input.content.sections[last.section].cell(last.item).text.string == "b", "\(text.debugDescription)")
            #expect(throws: ScreenAnchor.Problem.lineNotFound(lines + 1, lineCount: lines)) {
                try ScreenAnchor.line(lines + 1).indexPath(in: input.content, sourceLineCount: input.sourceLineCount)
            }
        }
        #expect(ScreenAnchor.Problem.lineNotFound(99999, lineCount: 155).description
            == "no line 99999: the document has 155 line(s); give line:1 to line:155, or heading:TEXT")
        #expect(try LayoutInput(bytes: Array("plain\n".utf8), format: .plainText).sourceLineCount == nil)
    }

    /// Through the preview, as `--at` reaches it: the real README (124 lines) past its end.
    @Test func aScreenAtALinePastTheEndIsRefused() throws {
        let path = Fixtures.repository.appendingPathComponent("Tests/Corpus/markdown/vapor--vapor--README.md")
        let input = try LayoutInput(bytes: [UInt8](try Data(contentsOf: path)), format: .commonMark)
        #expect(input.sourceLineCount == 124)
        let preview = DocumentPreview(input: input, fonts: try Fixtures.fonts(), width: 390)
        let viewport = Size(width: 390, height: 844)
        #expect(throws: ScreenAnchor.Problem.lineNotFound(99999, lineCount: 124)) {
            try preview.screen(category: .large, viewport: viewport, at: .anchor(.line(99999)))
        }
        let last = try preview.drawnScreen(category: .large, viewport: viewport, at: .anchor(.line(124)))
        #expect(last.visible.maxY > 0, "the file's last line is still a place")
    }
}
