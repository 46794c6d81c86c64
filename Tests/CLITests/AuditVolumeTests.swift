import Foundation
import Testing

/// Issue 38 row 11, on the document it was found on: coding-interview-university's Korean README
/// broke words in more than a thousand paragraphs, each a finding and each a picture (a 59 MB
/// page). A word broken at one size and width is one finding with its count and places, and the
/// HTML page draws at most `--max-pictures` findings a document, listing the rest.
@Suite struct AuditVolumeTests {
    static let korean = CLI.repository.appendingPathComponent(
        "Tests/Corpus/markdown/jwasham--coding-interview-university--translations_README-ko.md").path

    static func findings(_ json: Data) throws -> [[String: Any]] {
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        return try #require(object["findings"] as? [[String: Any]])
    }

    /// `"Programming" is broken …` → `Programming`.
    static func word(_ finding: [String: Any]) -> String? {
        guard let message = finding["message"] as? String, message.hasPrefix("\"") else { return nil }
        return message.dropFirst().components(separatedBy: "\" is broken").first
    }

    @Test func theKoreanREADMEHasOneFindingPerWordSizeAndWidth() throws {
        let result = try CLI.run(["audit", Self.korean, "--format", "json", "--fail-on", "never", "--quiet"], timeout: 600)
        #expect(result.status == 0, "\(result.stderr)")
        let broken = try Self.findings(result.stdout).filter { $0["rule"] as? String == "word-broken" }
        try #require(broken.count > 10, "the README breaks words at the large sizes")
        var seen = Set<String>()
        var places = 0
        for finding in broken {
            let word = try #require(Self.word(finding))
            let key = "\(word) \(finding["category"] ?? "") \(finding["width"] ?? "")"
            #expect(seen.insert(key).inserted, "\(key) is one finding, not one per paragraph")
            let count = finding["count"] as? Int ?? 1
            let list = finding["places"] as? [[String: Any]] ?? [finding]
            #expect(list.count == count)
            let lines = list.compactMap { ($0["source"] as? [String: Any])?["line"] as? Int }
            #expect(lines.count == count && Set(lines).count == count, "\(word): a line for each place, each once: \(lines)")
            places += count
        }
        // Fewer findings than places: words broken in several paragraphs (Programming, Algorithms, …).
        #expect(places > broken.count + 100, "\(broken.count) findings in \(places) places")
        #expect(broken.contains { Self.word($0) == "Programming" && ($0["count"] as? Int ?? 1) >= 5 })
    }

    @Test func theHTMLPageDrawsItsWorstFindingsAndListsTheRest() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("report.html")
        let options = ["--fail-on", "never", "--quiet", "--width", "320"]
        let json = try CLI.run(["audit", Self.korean, "--format", "json"] + options, timeout: 600)
        let findings = try Self.findings(json.stdout)
        try #require(findings.count > 40)
        let result = try CLI.run(["audit", Self.korean, "-o", page.path] + options, timeout: 600)
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        let pictures = html.components(separatedBy: "<img src=\"data:image/png;base64,").count - 1
        #expect(pictures == 40, "the default budget: 40 pictures a document")
        // Every finding is on the page: a picture's article or a row of the list.
        let rows = html.components(separatedBy: "</td></tr>").count - 1
        #expect(html.components(separatedBy: "<article class=\"finding\"").count - 1 == 40)
        #expect(html.contains("--max-pictures 0</code> draws all"))
        #expect(rows >= findings.count - 40, "\(rows) rows for \(findings.count - 40) findings not drawn")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: page.path)[.size] as? Int)
        // 40 pictures of about 60 KB (docs/audit.md: under about 2.5 MB of PNG, a third more as
        // base64) and a list of about 0.3 KB a row.
        #expect(size < 4_000_000, "\(size) bytes: 40 pictures and a list")
        // Each rule found has a picture: its worst finding is drawn first.
        for rule in Set(findings.compactMap { $0["rule"] as? String }) {
            let section = try #require(html.components(separatedBy: "<section id=\"rule-\(rule)\">").dropFirst().first)
            #expect(section.components(separatedBy: "</section>")[0].contains("<img"), "\(rule) has a picture")
        }
        // --max-pictures says how many.
        let five = try CLI.run(["audit", Self.korean, "--format", "html", "--max-pictures", "5"] + options, timeout: 600)
        #expect(five.output.components(separatedBy: "<img src=\"data:image/png;base64,").count - 1 == 5)
        let negative = try CLI.run(["audit", Self.korean, "--format", "html", "--max-pictures", "-1"])
        #expect(negative.status == 64 && negative.stderr.contains("--max-pictures must be 0 (draw every finding) or more"), "\(negative)")
    }

    /// `merge` joins grouped results as they are: one result per finding, its other places its
    /// related locations, and the text and HTML naming every place.
    @Test func mergeKeepsAFindingsPlaces() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let word = "Supercalifragilisticexpialidocious"
        let cells = Array(repeating: "{\"text\": \"\(word)\"}", count: 5).joined(separator: ", ")
        let screen = """
            {"sections": [{"group": {"axis": "horizontal", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}},
                                     "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}}]},
                           "cells": [\(cells)]}]}
            """
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("docs"), withIntermediateDirectories: true)
        _ = try CLI.write(screen, to: "docs/words.json", in: folder)
        let options = ["--category", "ax5", "--width", "320", "--quiet", "--fail-on", "never"]
        let audited = try CLI.run(["audit", "docs", "--format", "json", "-o", "all.json"] + options, directory: folder)
        #expect(audited.status == 0, "\(audited)")
        let sarif = try CLI.run(["merge", "all.json", "--format", "sarif"], directory: folder)
        let log = try #require(try JSONSerialization.jsonObject(with: sarif.stdout) as? [String: Any])
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let broken = results.filter { $0["ruleId"] as? String == "word-broken" }
        try #require(broken.count == 1, "\(results)")
        #expect((broken[0]["relatedLocations"] as? [Any])?.count == 4)
        let direct = try CLI.run(["audit", "docs", "--format", "sarif"] + options, directory: folder)
        let directLog = try #require(try JSONSerialization.jsonObject(with: direct.stdout) as? [String: Any])
        let directResults = try #require((directLog["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(NSArray(array: directResults.map { $0["relatedLocations"] ?? NSNull() })
                    == NSArray(array: results.map { $0["relatedLocations"] ?? NSNull() }), "the same places as the audit's own SARIF")
        let text = try CLI.run(["merge", "all.json", "--format", "text"], directory: folder)
        #expect(text.output.contains("and 4 more (cell 0.1 (sections[0].cells[1]"), "\(text.output)")
        // A count that does not match its places is refused, naming where.
        let json = try String(contentsOf: folder.appendingPathComponent("all.json"), encoding: .utf8)
        _ = try CLI.write(json.replacingOccurrences(of: "\"count\": 5", with: "\"count\": 6"), to: "bad.json", in: folder)
        let bad = try CLI.run(["merge", "bad.json"], directory: folder)
        #expect(bad.status != 0 && bad.stderr.contains(".count: expected the number of \"places\" (5)"), "\(bad)")
    }
}
