import Foundation
import TestSupport
import Testing

/// `reflow-cli audit --lang` on a small screen and catalog written here: one report with a part
/// per language, --shard splitting languages × documents, --jobs not changing the output, the
/// HTML page's grid of languages × sizes, and SARIF naming the language and key.
@Suite struct AuditLanguageCommandTests {
    /// `title` is short in English and long in French, in a cell limited to one line: it clips in
    /// French only. `hello` has no French translation; `gone` is in no catalog.
    static let catalog = """
        {"sourceLanguage": "en", "strings": {
          "title": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "Settings"}},
            "de": {"stringUnit": {"state": "translated", "value": "Einstellungen"}},
            "fr": {"stringUnit": {"state": "translated", "value": "Les réglages de l'application, de vos comptes et de toutes vos notifications"}}}},
          "hello": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "Hello"}},
            "de": {"stringUnit": {"state": "translated", "value": "Hallo"}}}}
        }}
        """

    static let screen = """
        {"strings": ["Localizable.xcstrings"], "sections": [{
          "group": {"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}},
                    "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}}]},
          "cells": [{"text": {"key": "title"}, "style": "body", "lines": 1},
                    {"text": {"key": "hello"}, "style": "body"},
                    {"text": {"key": "gone"}, "style": "body"}]}]}
        """

    static func folder() throws -> URL {
        let folder = try CLI.scratch()
        _ = try CLI.write(catalog, to: "Localizable.xcstrings", in: folder)
        _ = try CLI.write(screen, to: "screen.json", in: folder)
        return folder
    }

    static func json(_ result: CLI.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], "\(result)")
    }

    @Test func findingsNameTheirLanguageAndKeyAndNeverMergeAcrossLanguages() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // At L: the French title clips, the German one does not (at AX5 in 320 pt it does too).
        let result = try CLI.run(["audit", "screen.json", "--lang", "de,fr", "--category", "l", "--format", "json", "--quiet"],
                                 directory: folder)
        #expect(result.status == 1, "missing-key is an error")
        let findings = try #require(try Self.json(result)["findings"] as? [[String: Any]])
        func rule(_ name: String) -> [[String: Any]] { findings.filter { $0["rule"] as? String == name } }
        #expect(rule("missing-key").compactMap { $0["language"] as? String } == ["de", "fr"])
        #expect(rule("untranslated").compactMap { $0["language"] as? String } == ["fr"])
        let clipped = rule("text-clipped")
        #expect(clipped.compactMap { $0["language"] as? String } == ["fr", "fr"], "at 390 and 320 pt")
        #expect(clipped.allSatisfy { $0["key"] as? String == "title" && ($0["message"] as? String)?.contains("line limit") == true })
        // The text report names the key and the language after the message.
        let text = try CLI.run(["audit", "screen.json", "--lang", "de,fr", "--category", "l", "--quiet"], directory: folder)
        #expect(text.output.contains("the rest is cut off (key 'title', fr)"), "\(text.output)")
        // SARIF: in the message and the properties.
        let sarif = try CLI.run(["audit", "screen.json", "--lang", "fr", "--category", "l", "--format", "sarif", "--quiet"], directory: folder)
        let log = try Self.json(sarif)
        let results = try #require(((log["runs"] as? [[String: Any]])?.first)?["results"] as? [[String: Any]])
        let missing = try #require(results.first { $0["ruleId"] as? String == "missing-key" })
        #expect(((missing["message"] as? [String: Any])?["text"] as? String)?.contains("(fr): key 'gone' is in no catalog") == true,
                "\(missing)")
        let properties = try #require(missing["properties"] as? [String: Any])
        #expect(properties["language"] as? String == "fr" && properties["key"] as? String == "gone")
    }

    @Test func shardsSplitLanguagesAndJobsDoNotChangeTheReport() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let common = ["audit", "screen.json", "--lang", "de,fr,he,ja", "--category", "l", "--width", "390", "--format", "json", "--quiet"]
        var seen: [String] = []
        for shard in ["1/2", "2/2"] {
            let result = try CLI.run(common + ["--shard", shard], directory: folder)
            let documents = try #require(try Self.json(result)["documents"] as? [[String: Any]])
            for document in documents {
                seen += (document["languages"] as? [[String: Any]] ?? []).compactMap { $0["language"] as? String }
            }
        }
        #expect(seen.sorted() == ["de", "fr", "he", "ja"], "each language in exactly one shard")
        let one = try CLI.run(common + ["--jobs", "1"], directory: folder)
        let four = try CLI.run(common + ["--jobs", "4"], directory: folder)
        #expect(one.output == four.output && one.status == four.status)
    }

    /// The HTML page over several languages opens on a grid of languages × sizes whose cells
    /// count the errors and warnings found at that size in that language, as the JSON report
    /// lists them (a finding counts at every size it holds at), each linked to its findings.
    @Test func theHTMLReportOpensOnAGridOfLanguagesBySizes() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let options = ["--lang", "de,fr", "--category", "l", "ax5", "--width", "390", "--quiet"]
        let json = try CLI.run(["audit", "screen.json", "--format", "json"] + options, directory: folder)
        let findings = try #require(try Self.json(json)["findings"] as? [[String: Any]])
        let html = try CLI.run(["audit", "screen.json", "--format", "html"] + options, directory: folder)
        #expect(html.status == 1)
        let page = html.output
        let grid = try #require(page.range(of: "<table class=\"grid\">"), "no grid")
        #expect(page.range(of: "<table class=\"documents\">")!.lowerBound > grid.lowerBound, "the page opens on the grid")
        for language in ["de", "fr"] {
            for size in ["l", "ax5"] {
                let here = findings.filter {
                    $0["language"] as? String == language
                        && ([$0["category"] as? String] + (($0["otherCategories"] as? [String]) ?? [])).contains(size)
                }
                let errors = here.filter { $0["severity"] as? String == "error" }.count
                let warnings = here.filter { $0["severity"] as? String == "warning" }.count
                #expect(errors > 0)
                let anchor = "lang-\(language)-\(size)"
                let cell = try #require(page.firstMatch(of: try Regex("<a href=\"#\(anchor)\" title=\"[^\"]*\">([0-9]+) / ([0-9]+)</a>")),
                                        "no cell linking to \(anchor)")
                #expect(cell.output[1].substring.map(String.init) == "\(errors)" && cell.output[2].substring.map(String.init) == "\(warnings)",
                        "\(anchor): \(cell.output[0].substring ?? "") against \(errors) / \(warnings) in the JSON")
                #expect(page.contains("<p id=\"\(anchor)\" class=\"at-size\">"), "the cell's link lands on \(anchor)")
            }
            #expect(page.contains("<section id=\"lang-\(language)\">"))
        }
        // French clips at L where German does not: their L cells differ.
        let clippedInFrench = findings.filter { $0["rule"] as? String == "text-clipped" && $0["language"] as? String == "fr" }
        #expect(!clippedInFrench.isEmpty)
    }
}
