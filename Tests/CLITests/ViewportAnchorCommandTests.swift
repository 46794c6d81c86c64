import Foundation
import Testing

/// `--viewport --offset` is a place on the page, `--at` names what goes at the screen's top, and
/// `layout --viewport` prints the elements a screen shows, end to end through the command line.
@Suite struct ViewportAnchorCommandTests {
    static let settings = CLI.repository.appendingPathComponent("Examples/settings.json").path
    static let readme = CLI.repository.appendingPathComponent("Tests/Corpus/markdown/Alamofire--Alamofire--Documentation_Usage.md").path

    static func layouts(_ arguments: [String]) throws -> [[String: Any]] {
        let result = try CLI.run(arguments)
        try #require(result.status == 0, "\(result)")
        let root = try #require(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        return try #require(root["layouts"] as? [[String: Any]])
    }

    static func elements(_ layout: [String: Any]) throws -> [[String: Any]] { try #require(layout["elements"] as? [[String: Any]]) }
    static func frame(_ element: [String: Any]) -> [String: Double] { element["frame"] as? [String: Double] ?? [:] }

    /// Fifty rows of `{"absolute": 100}`: offset 1000 starts at row 10, at y 1000, at every size.
    @Test func absoluteRowsAtAnOffset() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rows = (0..<50).map { "{\"text\": \"Row \($0)\"}" }.joined(separator: ", ")
        let screen = "{\"sections\": [{\"group\": {\"axis\": \"horizontal\", \"size\": {\"width\": {\"fractionalWidth\": 1}, \"height\": {\"absolute\": 100}}, "
            + "\"subitems\": [{\"size\": {\"width\": {\"fractionalWidth\": 1}, \"height\": {\"fractionalHeight\": 1}}}]}, \"cells\": [\(rows)]}]}"
        let path = folder.appendingPathComponent("rows.json")
        try Data(screen.utf8).write(to: path)
        for category in ["l", "ax5"] {
            let layout = try #require(try Self.layouts(["layout", path.path, "--viewport", "390x844", "--offset", "1000", "--category", category]).first)
            let first = try #require(try Self.elements(layout).first)
            #expect(first["text"] as? String == "Row 10", "\(category)")
            #expect(Self.frame(first)["y"] == 1000)
            #expect((layout["viewport"] as? [String: Any])?["contentHeightEstimated"] as? Bool == false)
        }
    }

    /// A pinned header sits at the screen's top at the offset, as the layout JSON says.
    @Test func pinnedHeadersReadThroughLayoutViewport() throws {
        let layout = try #require(try Self.layouts(["layout", Self.settings, "--category", "xxxl", "--viewport", "390x844", "--offset", "400"]).first)
        let headers = try Self.elements(layout).filter { $0["kind"] as? String == "header" }
        #expect(headers.contains { Self.frame($0)["y"] == 400 }, "a header pinned at the screen's top: \(headers.map(Self.frame))")
        #expect(try Self.elements(layout).allSatisfy { element in
            let frame = Self.frame(element)
            return (frame["y"] ?? 0) < 1244 && (frame["y"] ?? 0) + (frame["height"] ?? 0) > 400
        }, "only what the screen shows")
    }

    /// `--at heading:TEXT` puts that heading at the screen's top; `--at line:N` the block of that
    /// source line; `--at item:S.I` that cell — each the offset of the cell's top on the page.
    @Test func anchorsPutTheirCellAtTheTop() throws {
        let all = try #require(try Self.layouts(["layout", Self.readme, "--category", "ax5"]).first)
        let elements = try Self.elements(all)
        let heading = try #require(elements.first { ($0["text"] as? String)?.hasPrefix("Response Validation") == true && $0["cell"] as? String == "heading" })
        let y = try #require(Self.frame(heading)["y"])
        for anchor in ["heading:Response Validation", "heading:response validation",
                       "line:\(try #require(heading["sourceLine"] as? Int))",
                       "item:\((heading["indexPath"] as? [String: Int])?["section"] ?? 0).\((heading["indexPath"] as? [String: Int])?["item"] ?? 0)"] {
            let screen = try #require(try Self.layouts(["layout", Self.readme, "--category", "ax5", "--viewport", "390x844", "--at", anchor]).first)
            let viewport = try #require(screen["viewport"] as? [String: Any])
            #expect((viewport["frame"] as? [String: Double])?["y"] == y, "\(anchor)")
            #expect(try Self.elements(screen).first?["text"] as? String == heading["text"] as? String, "\(anchor)")
        }
    }

    @Test func aMistakenAnchorSaysWhatToGive() throws {
        let malformed = try CLI.run([Self.readme, "--viewport", "390x844", "--at", "paragraph:3"])
        #expect(malformed.status == 64)
        #expect(malformed.stderr.contains("--at must be line:N (a Markdown source line), heading:TEXT or item:SECTION.ITEM"), "\(malformed)")
        let missing = try CLI.run(["layout", Self.readme, "--viewport", "390x844", "--at", "heading:No Such Heading"])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("no heading 'No Such Heading'; the headings are"), "\(missing)")
        let both = try CLI.run([Self.readme, "--viewport", "390x844", "--at", "line:3", "--offset", "10"])
        #expect(both.stderr.contains("give --offset or --at, not both"), "\(both)")
        // A failure writes nothing on stdout: a whole JSON document or none.
        let plainText = CLI.repository.appendingPathComponent("Examples/article.txt").path
        let noLines = try CLI.run(["layout", plainText, "--viewport", "390x844", "--at", "line:3", "--category", "all"])
        #expect(noLines.status == 1 && noLines.stdout.isEmpty, "\(noLines)")
        #expect(noLines.stderr.contains("--at: line:N needs a Markdown document"), "\(noLines)")
        let noViewport = try CLI.run(["layout", Self.readme, "--at", "line:3"])
        #expect(noViewport.stderr.contains("--at needs --viewport"), "\(noViewport)")
    }
}
