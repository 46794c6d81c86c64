import Foundation
import Testing

/// `--at` through the command line on Vapor's README (issue 38, row 9): `heading:Community` and
/// GitHub's anchor `#-community` put `### 💧 Community` at the screen's top (before, refused:
/// the emoji), and a line past the file's end is an error saying how many lines it has (before,
/// the last screen, silently).
@Suite struct AnchorNamingCommandTests {
    static let vapor = CLI.repository.appendingPathComponent("Tests/Corpus/markdown/vapor--vapor--README.md").path

    @Test(arguments: ["heading:Community", "heading:#-community", "heading:💧 community"])
    func anEmojiHeadingIsNamedByItsWordsOrAnchor(_ anchor: String) throws {
        for category in ["l", "ax5"] {
            let result = try CLI.run(["layout", Self.vapor, "--category", category, "--viewport", "390x844", "--at", anchor])
            try #require(result.status == 0, "\(anchor) at \(category): \(result)")
            let root = try #require(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
            let layout = try #require((root["layouts"] as? [[String: Any]])?.first)
            let first = try #require((layout["elements"] as? [[String: Any]])?.first)
            #expect(first["text"] as? String == "💧 Community", "\(anchor) at \(category)")
            #expect(first["cell"] as? String == "heading")
        }
    }

    @Test func aLinePastTheEndIsAnError() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("screen.png").path
        let past = try CLI.run([Self.vapor, "--viewport", "390x844", "--at", "line:99999", "-o", output])
        #expect(past.status == 1, "\(past)")
        #expect(past.messageLines.first == "reflow-cli: error: --at: no line 99999: the document has 124 line(s); give line:1 to line:124, or heading:TEXT",
                "\(past.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output), "nothing written")
        // The last line is still a place; a minimal document's too.
        #expect(try CLI.run([Self.vapor, "--viewport", "390x844", "--at", "line:124", "-o", output]).status == 0)
        let small = try CLI.write("# Title\n\nOne paragraph.\n", to: "small.md", in: folder)
        let three = try CLI.run(["layout", small, "--viewport", "390x844", "--at", "line:4"])
        #expect(three.status == 1 && three.stdout.isEmpty, "\(three)")
        #expect(three.stderr.contains("no line 4: the document has 3 line(s); give line:1 to line:3"), "\(three.stderr)")
    }
}
