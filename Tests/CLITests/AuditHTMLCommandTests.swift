import Foundation
import Testing

/// `reflow-cli audit --format html` end to end: a picture for every finding the JSON report
/// lists, the format read from `-o`'s extension, and one page for several documents.
@Suite struct AuditHTMLCommandTests {
    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    /// The findings' articles of a page.
    static func articles(_ html: String) -> [String] {
        html.components(separatedBy: "<article class=\"finding\">").dropFirst().map { $0.components(separatedBy: "</article>")[0] }
    }

    static func findingCount(_ json: Data) throws -> Int {
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        if let documents = object["documents"] as? [[String: Any]] {
            return documents.reduce(0) { $0 + (($1["findings"] as? [Any])?.count ?? 0) }
        }
        return try #require(object["findings"] as? [Any]).count
    }

    @Test func htmlDrawsEveryFindingTheReportLists() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let demo = CLI.repository.appendingPathComponent("Examples/audit-demo.json").path
        let options = ["--category", "l", "ax5", "--quiet"]
        let json = try CLI.run(["audit", demo, "--format", "json"] + options)
        let listed = try Self.findingCount(json.stdout)
        try #require(listed > 10)
        // -o report.html: html from the extension; the exit status is the audit's.
        let page = folder.appendingPathComponent("report.html")
        let result = try CLI.run(["audit", demo, "-o", page.path] + options)
        #expect(result.status == json.status && result.status == 1, "\(result)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        let articles = Self.articles(html)
        #expect(articles.count == listed, "an article per finding")
        #expect(articles.allSatisfy { Self.count("<img src=\"data:image/png;base64,", in: $0) == 1 }, "a picture in each")
        #expect(Self.count("<img", in: html) == listed)
        #expect(html.contains("<strong>Fails</strong> <code>--fail-on error</code>"))
        // --format wins over the extension; a report of no findings draws nothing.
        let text = try CLI.run(["audit", demo, "-o", page.path, "--format", "text"] + options)
        #expect(text.status == 1)
        #expect(try String(contentsOf: page, encoding: .utf8).contains("audit-demo.json: "))
        let welcome = try CLI.run(["audit", CLI.repository.appendingPathComponent("Examples/article.txt").path, "--format", "html",
                                   "--category", "l", "--quiet"])
        #expect(welcome.status == 0)
        #expect(welcome.output.contains("<strong>Passes</strong>") && welcome.output.contains("No findings."))
        #expect(!welcome.output.contains("<img"))
    }

    /// One page for a folder: each document in the table, one that cannot be read named with
    /// why, and a picture for every finding of the others.
    @Test func htmlOverAFolderIsOnePageForAll() throws {
        try AuditDocumentsCommandTests.documents { folder in
            _ = try CLI.write("{\"sections\": 3}", to: "docs/broken.json", in: folder)
            let options = ["--category", "l", "ax5", "--quiet"]
            let json = try CLI.run(["audit", "docs", "--format", "json"] + options, directory: folder)
            let html = try CLI.run(["audit", "docs", "--format", "html", "--jobs", "2"] + options, directory: folder)
            #expect(html.status == 1, "\(html)")
            #expect(Self.articles(html.output).count == (try Self.findingCount(json.stdout)))
            for path in AuditDocumentsCommandTests.paths + ["docs/broken.json"] {
                #expect(html.output.contains("<tr><td><code>\(path)</code></td>"), "\(path) in the documents table")
            }
            #expect(html.output.contains("could not be audited: sections: expected an array of sections, got a number"))
            let serial = try CLI.run(["audit", "docs", "--format", "html", "--jobs", "1"] + options, directory: folder)
            #expect(serial.stdout == html.stdout, "the same page for any --jobs")
        }
    }

    @Test func aScaleOutsideOneToFourIsAUsageError() throws {
        let result = try CLI.run(["audit", "x.md", "--format", "html", "--scale", "5"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--scale must be 1, 2, 3 or 4"), "\(result.stderr)")
    }
}
