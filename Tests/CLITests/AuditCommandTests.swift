import Foundation
import TestSupport
import Testing

/// `reflow-cli audit` end to end: the bundled examples audit clean at --fail-on error, a screen
/// with findings exits 1 naming them, and every format is what its readers expect.
@Suite struct AuditCommandTests {
    /// Every example document but audit-demo.json, which breaks rules on purpose (the README says
    /// so); found by extension, so the previews the README's first command writes beside them
    /// (`Examples/welcome-xxxl.png`) are not audited.
    static let examples: [String] = Fixtures.exampleDocuments.filter { $0 != "audit-demo.json" }

    @Test(arguments: Self.examples)
    func theBundledExamplesAuditCleanAtFailOnError(_ example: String) throws {
        let path = CLI.repository.appendingPathComponent("Examples").appendingPathComponent(example).path
        let result = try CLI.run(["audit", path, "--quiet"])
        #expect(result.status == 0, "\(example): \(result.output)")
        #expect(result.output.contains(" 0 errors,"), "\(example): \(result.output)")
    }

    /// The examples' documents, as the tests find them, are the ones `audit` finds in the folder:
    /// the tests' extensions are the commands' (a stray file, a preview, counts for neither).
    @Test func theExampleDocumentsAreTheOnesAFolderAuditFinds() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A copy with a file of each extension the tests know and a preview beside them.
        let copy = folder.appendingPathComponent("Examples")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: false)
        var expected: [String] = []
        for (index, pathExtension) in Fixtures.documentExtensions.sorted().enumerated() {
            let name = "doc\(index).\(pathExtension)"
            _ = try CLI.write(pathExtension == "json" ? "{\"sections\": []}" : "Text\n", to: "Examples/\(name)", in: folder)
            expected.append("Examples/\(name)")
        }
        for stray in ["welcome-xxxl.png", "welcome-l.svg", "notes.rtf", "README"] {
            _ = try CLI.write("x", to: "Examples/\(stray)", in: folder)
        }
        let result = try CLI.run(["audit", "Examples", "--format", "json", "--category", "l", "--fail-on", "never", "--quiet"],
                                 directory: folder)
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], "\(result)")
        let found = (json["documents"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String }
        #expect(found == expected.sorted(), "\(result)")
    }

    /// Issue 13's hyphenation figure: a German and an English text at AX5 in a 320 pt column have
    /// words broken between letters, and none with --hyphenate in their language.
    @Test(arguments: [("grundgesetz-artikel-1-3.de.txt", "de"), ("declaration-of-independence.en.txt", "en-US")])
    func hyphenationLeavesNoWordBrokenAtAX5In320Points(_ example: String, _ language: String) throws {
        let path = CLI.repository.appendingPathComponent("Examples").appendingPathComponent(example).path
        func brokenWords(_ extra: [String]) throws -> Int {
            let result = try CLI.run(["audit", path, "--category", "ax5", "--width", "320", "--lang", language,
                                      "--format", "json", "--quiet"] + extra)
            let json = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]
            let findings = json?["findings"] as? [[String: Any]] ?? []
            return findings.filter { $0["rule"] as? String == "word-broken" }.count
        }
        #expect(try brokenWords([]) > 0, "\(example) has words too wide for the column at AX5")
        #expect(try brokenWords(["--hyphenate"]) == 0)
    }

    static let clipped = """
        {"sections": [{"group": {"axis": "horizontal", "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 20}},
                                 "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 20}}}]},
                       "cells": [{"text": "Two lines\\nof text"}]}]}
        """

    @Test func findingsAtOrAboveFailOnExitOne() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let screen = try CLI.write(Self.clipped, to: "clipped.json", in: folder)
        let failing = try CLI.run(["audit", screen, "--quiet"])
        #expect(failing.status == 1)
        #expect(failing.output.contains("text-clipped"))
        #expect(failing.output.contains("touch-target"))
        #expect(failing.output.contains("sections[0].cells[0]"))
        #expect(try CLI.run(["audit", screen, "--quiet", "--fail-on", "never"]).status == 0)
        let json = try CLI.run(["audit", screen, "--quiet", "--format", "json", "--category", "l", "--width", "390"])
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        #expect(object["categories"] as? [String] == ["l"])
        #expect(object["widths"] as? [Double] == [390])
        let sarif = try CLI.run(["audit", screen, "--quiet", "--format", "sarif"])
        let log = try #require(try JSONSerialization.jsonObject(with: sarif.stdout) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let results = try #require(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        #expect(results.contains { $0["ruleId"] as? String == "text-clipped" && $0["level"] as? String == "error" })
    }

    @Test func badOptionsAreOneLineAndExit64() throws {
        for arguments in [["audit", "x.json", "--format", "xml"], ["audit", "x.json", "--fail-on", "sometimes"],
                          ["audit", "x.json", "--width", "-3"], ["audit", "x.json", "--category", "huge"]] {
            let result = try CLI.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result)")
            #expect(!result.crashed)
        }
        let missing = try CLI.run(["audit", "/nonexistent/x.json"])
        #expect(missing.status == 1)
        #expect(missing.stderrLines.count == 1)
    }
}

extension AuditCommandTests {
    @Test func previewWithAuditDrawsTheFindings() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let screen = try CLI.write(Self.clipped, to: "clipped.json", in: folder)
        let plain = folder.appendingPathComponent("plain.svg").path, audited = folder.appendingPathComponent("audited.svg").path
        #expect(try CLI.run([screen, "--category", "l", "-o", plain, "--quiet"]).status == 0)
        #expect(try CLI.run([screen, "--category", "l", "--audit", "-o", audited, "--quiet"]).status == 0)
        let without = try String(contentsOfFile: plain, encoding: .utf8), with = try String(contentsOfFile: audited, encoding: .utf8)
        #expect(!without.contains("text-clipped"))
        #expect(with.contains("text-clipped") && with.contains("touch-target"), "the outline's label, as selectable text in the SVG")
    }
}
