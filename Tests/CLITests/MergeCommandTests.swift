import Foundation
import Testing

/// `reflow-cli merge`: the JSON results of an audit's shards joined into the report of the whole
/// run (the same findings and counts, in every format, whatever order the files come in), with
/// the whole run's exit status; a file that is not a result is refused naming it and the JSON path.
@Suite struct MergeCommandTests {
    static let sizes = ["--category", "l", "ax5", "--quiet"]

    /// A scratch folder `docs` of examples (the demo screen, whose findings fail at error, two
    /// Markdown documents and plain text), with the audit's JSON of the whole folder (`all.json`)
    /// and of its shards 1/2 and 2/2 (`s1.json`, `s2.json`) written.
    static func audited(_ body: (URL, _ status: Int32) throws -> Void) throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let examples = CLI.repository.appendingPathComponent("Examples")
        for (example, path) in [("audit-demo.json", "docs/audit-demo.json"), ("welcome.md", "docs/welcome.md"),
                                ("constructs.md", "docs/more/constructs.md"), ("udhr-article1.txt", "docs/udhr.txt")] {
            let destination = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: examples.appendingPathComponent(example), to: destination)
        }
        let all = try CLI.run(["audit", "docs", "--format", "json", "-o", "all.json"] + sizes, directory: folder)
        for shard in 1...2 {
            let run = try CLI.run(["audit", "docs", "--format", "json", "--shard", "\(shard)/2", "-o", "s\(shard).json"] + sizes,
                                  directory: folder)
            try #require(FileManager.default.fileExists(atPath: folder.appendingPathComponent("s\(shard).json").path), "\(run)")
        }
        try body(folder, all.status)
    }

    static func json(_ file: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    }

    @Test func theShardsMergedGiveTheReportOfTheWholeRun() throws {
        try Self.audited { folder, status in
            #expect(status == 1, "the demo screen fails at error")
            // Each shard holds some of the documents, none both.
            let paths = try ["s1.json", "s2.json"].map { file in
                try (Self.json(folder.appendingPathComponent(file))["documents"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String }
            }
            #expect(!paths[0].isEmpty && !paths[1].isEmpty && Set(paths[0]).isDisjoint(with: paths[1]), "\(paths)")

            for format in ["txt", "sarif", "html"] {
                let merged = try CLI.run(["merge", "s1.json", "s2.json", "-o", "merged.\(format)"], directory: folder)
                let whole = try CLI.run(["merge", "all.json", "-o", "whole.\(format)"], directory: folder)
                let reversed = try CLI.run(["merge", "s2.json", "s1.json", "-o", "reversed.\(format)"], directory: folder)
                #expect(merged.status == status && whole.status == status && reversed.status == status, "\(merged)")
                func read(_ name: String) throws -> String {
                    try String(contentsOf: folder.appendingPathComponent("\(name).\(format)"), encoding: .utf8)
                        .replacingOccurrences(of: " from 2 results", with: " from 1 result")
                }
                #expect(try read("merged") == read("whole"), "\(format): the shards merged read as the whole run merged")
                #expect(try read("reversed") == read("merged"), "\(format): the order the files are given in changes nothing")
            }

            // The same findings and counts as the whole run's own JSON.
            let whole = try Self.json(folder.appendingPathComponent("all.json"))
            let summary = try #require(whole["summary"] as? [String: Any])
            let text = try CLI.run(["merge", "s1.json", "s2.json"], directory: folder)
            let errors = try #require(summary["errors"] as? Int), warnings = try #require(summary["warnings"] as? Int)
            #expect(text.output.contains("4 documents from 2 results: \(errors) error\(errors == 1 ? "" : "s"), "
                + "\(warnings) warning\(warnings == 1 ? "" : "s"), \(summary["info"] as? Int ?? -1) info"), "\(text.output.suffix(300))")
            let sarif = try Self.json(folder.appendingPathComponent("merged.sarif"))
            let results = ((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [Any])?.count
            let findings = (whole["documents"] as? [[String: Any]] ?? []).reduce(0) { $0 + (($1["findings"] as? [Any])?.count ?? 0) }
            #expect(results == findings && findings == errors + warnings + (summary["info"] as? Int ?? 0), "\(String(describing: results)) \(findings)")
        }
    }

    @Test func aResultThatIsNotOneIsRefusedNamingTheFileAndThePath() throws {
        try Self.audited { folder, _ in
            _ = try CLI.write("{\"documents\": [", to: "broken.json", in: folder)
            let broken = try CLI.run(["merge", "s1.json", "broken.json", "-o", "out.html"], directory: folder)
            #expect(broken.status == 1 && broken.messageLines.count == 1, "\(broken)")
            #expect(broken.stderr.contains("'broken.json' at $: not valid JSON"), "\(broken.stderr)")
            #expect(broken.stderr.contains("give the JSON that 'reflow-cli audit --format json' writes"), "\(broken.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.html").path), "nothing written")

            let original = try String(contentsOf: folder.appendingPathComponent("all.json"), encoding: .utf8)
            let severity = try #require(original.range(of: #""severity": "[a-z]+""#, options: .regularExpression))
            _ = try CLI.write(original.replacingCharacters(in: severity, with: "\"severity\": \"fatal\""), to: "fatal.json", in: folder)
            let fatal = try CLI.run(["merge", "fatal.json"], directory: folder)
            #expect(fatal.status == 1, "\(fatal)")
            #expect(fatal.stderr.contains("'fatal.json' at $.documents[0].findings[0].severity: expected one of info, warning, error, "
                + "got the string \"fatal\""), "\(fatal.stderr)")

            _ = try CLI.write(original.replacingOccurrences(of: "\"summary\": {\"documents\"", with: "\"version\": 2, \"summary\": {\"documents\""),
                              to: "later.json", in: folder)
            let later = try CLI.run(["merge", "later.json"], directory: folder)
            #expect(later.stderr.contains("'later.json' at $.version: version 2 is not one this reflow-cli reads"), "\(later.stderr)")

            let twice = try CLI.run(["merge", "s1.json", "all.json"], directory: folder)
            #expect(twice.status == 1 && twice.stderr.contains("is in both 's1.json' and 'all.json'"), "\(twice.stderr)")

            let sarif = try CLI.run(["audit", "docs/udhr.txt", "--format", "sarif", "-o", "log.sarif"] + Self.sizes, directory: folder)
            #expect(sarif.status == 0, "\(sarif)")
            let log = try CLI.run(["merge", "log.sarif"], directory: folder)
            #expect(log.stderr.contains("'log.sarif' at $: this is a SARIF log"), "\(log.stderr)")
        }
    }

    @Test func aScreenSplitByLanguageIsOneDocumentAgain() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(atPath: CLI.repository.appendingPathComponent("Tests/Corpus/strings/p0deje--Maccy/Localizable.xcstrings").path,
                                         toPath: folder.appendingPathComponent("Localizable.xcstrings").path)
        _ = try CLI.write(CheckLanguageTests.screen.replacingOccurrences(of: "\"title\"", with: "\"preferences\"")
            .replacingOccurrences(of: "\"general\"", with: "\"preferences_general\"").replacingOccurrences(of: "\"clear\"", with: "\"clear_alert_message\""),
                          to: "settings.json", in: folder)
        let options = ["--lang", "all", "--width", "320", "--format", "json"] + Self.sizes
        let whole = try CLI.run(["audit", "settings.json", "--shard", "1/1", "-o", "all.json"] + options, directory: folder)
        var languages: [[String]] = []
        for shard in 1...2 {
            let run = try CLI.run(["audit", "settings.json", "--shard", "\(shard)/2", "-o", "s\(shard).json"] + options, directory: folder)
            #expect(run.status == whole.status, "\(run)")
            let documents = try Self.json(folder.appendingPathComponent("s\(shard).json"))["documents"] as? [[String: Any]] ?? []
            languages.append(documents.flatMap { ($0["languages"] as? [[String: Any]] ?? []).compactMap { $0["language"] as? String } })
        }
        #expect(!languages[0].isEmpty && !languages[1].isEmpty && Set(languages[0]).isDisjoint(with: languages[1]),
                "each shard holds some of the screen's languages: \(languages)")
        for format in ["txt", "sarif", "html"] {
            let merged = try CLI.run(["merge", "s1.json", "s2.json", "-o", "merged.\(format)"], directory: folder)
            let one = try CLI.run(["merge", "all.json", "-o", "whole.\(format)"], directory: folder)
            #expect(merged.status == whole.status && one.status == whole.status, "\(merged)")
            let mergedText = try String(contentsOf: folder.appendingPathComponent("merged.\(format)"), encoding: .utf8)
            let wholeText = try String(contentsOf: folder.appendingPathComponent("whole.\(format)"), encoding: .utf8)
            #expect(mergedText.replacingOccurrences(of: " from 2 results", with: " from 1 result") == wholeText, "\(format)")
        }
        let text = try String(contentsOf: folder.appendingPathComponent("merged.txt"), encoding: .utf8)
        #expect(text.contains("1 document in \(languages[0].count + languages[1].count) languages from 2 results"), "\(text.suffix(300))")
    }
}
