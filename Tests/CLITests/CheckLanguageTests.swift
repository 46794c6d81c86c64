import Foundation
import Testing

/// `reflow-cli check --lang`: goldens per language (`STEM-LANG-CATEGORY.json`), recorded and
/// compared language by language; a changed German string moves only the German row of the
/// languages × sizes grid; a language never recorded is named with the command that records it;
/// `--shard 1/2` and `2/2` check every document × language once; `--jobs` changes nothing printed.
@Suite struct CheckLanguageTests {
    static let sizes = ["--category", "l", "ax5", "--quiet"]

    /// A catalog in English (the source), German and French: a title, a row and a longer message.
    static func catalog(german message: String = "Möchtest du den Verlauf wirklich leeren?") -> String {
        func entry(_ en: String, _ de: String, _ fr: String) -> String {
            let units = [("en", en), ("de", de), ("fr", fr)].map { language, value in
                "\"\(language)\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"\(value)\"}}"
            }
            return "{\"localizations\": {\(units.joined(separator: ", "))}}"
        }
        return """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "title": \(entry("Settings", "Einstellungen", "Réglages")),
              "general": \(entry("General", "Allgemein", "Général")),
              "clear": \(entry("Do you really want to clear the history?", message, "Voulez-vous vraiment effacer l’historique ?"))
            }}
            """
    }

    static let group = #"{"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}, "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}}]}"#

    static let screen = #"{"strings": ["Localizable.xcstrings"], "sections": [{"group": \#(group), "header": {"text": {"key": "title"}}, "cells": [{"text": {"key": "general"}}, {"text": {"key": "clear"}}]}]}"#

    /// A scratch folder with the catalog and `screens` (file names) naming its keys.
    static func folder(screens: [String] = ["settings.json"]) throws -> URL {
        let folder = try CLI.scratch()
        _ = try CLI.write(catalog(), to: "Localizable.xcstrings", in: folder)
        for name in screens { _ = try CLI.write(screen, to: name, in: folder) }
        return folder
    }

    static func goldens(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("goldens").path).sorted()
    }

    /// The grid's rows by language: each row's cells after the name.
    static func grid(_ output: String) -> [String: [String]] {
        var rows: [String: [String]] = [:]
        var inGrid = false
        for line in output.split(separator: "\n") {
            if line.hasPrefix("what moved, languages × sizes") { inGrid = true; continue }
            guard inGrid, line.hasPrefix("  ") else { inGrid = false; continue }
            let words = line.split(separator: " ").map(String.init)
            if words.first != "language" { rows[words[0]] = Array(words.dropFirst()) }
        }
        return rows
    }

    @Test func goldensAreNamedPerLanguageRecordedAndCompared() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let record = try CLI.run(["check", "settings.json", "--goldens", "goldens", "--lang", "all", "--record"] + Self.sizes,
                                 directory: folder)
        try #require(record.status == 0, "\(record)")
        #expect(try Self.goldens(in: folder) == ["settings-de-ax5.json", "settings-de-l.json", "settings-en-ax5.json",
                                                 "settings-en-l.json", "settings-fr-ax5.json", "settings-fr-l.json"])
        let german = try String(contentsOf: folder.appendingPathComponent("goldens/settings-de-l.json"), encoding: .utf8)
        #expect(german.contains("Allgemein") && !german.contains("General"), "the German golden holds the German strings")

        let check = try CLI.run(["check", "settings.json", "--goldens", "goldens", "--lang", "all"] + Self.sizes, directory: folder)
        #expect(check.status == 0, "\(check)")
        for language in ["en", "de", "fr"] {
            #expect(check.output.contains("check passed: settings.json (\(language)) matches its goldens at 2 size(s)"), "\(check.output)")
            #expect(Self.grid(check.output)[language] == ["·", "·"], "\(check.output)")
        }
        #expect(check.output.contains("checked 1 document in 3 languages (3 in all) at 2 sizes: 3 passed, 0 changed"), "\(check.output)")

        // Without --lang, the names goldens always had, and the grid is not printed.
        let plain = try CLI.run(["check", "settings.json", "--goldens", "plain", "--record"] + Self.sizes, directory: folder)
        try #require(plain.status == 0, "\(plain)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("plain").path).sorted()
            == ["settings-ax5.json", "settings-l.json"])
        let plainCheck = try CLI.run(["check", "settings.json", "--goldens", "plain"] + Self.sizes, directory: folder)
        #expect(plainCheck.status == 0 && !plainCheck.output.contains("languages × sizes"), "\(plainCheck)")
    }

    @Test func aChangedGermanStringMovesOnlyTheGermanRow() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let record = try CLI.run(["check", "settings.json", "--goldens", "goldens", "--lang", "all", "--record"] + Self.sizes,
                                 directory: folder)
        try #require(record.status == 0, "\(record)")
        _ = try CLI.write(Self.catalog(german: "Möchtest du den gesamten Verlauf der Zwischenablage wirklich und endgültig "
            + "leeren? Das kann nicht rückgängig gemacht werden."), to: "Localizable.xcstrings", in: folder)
        let check = try CLI.run(["check", "settings.json", "--goldens", "goldens", "--lang", "all"] + Self.sizes, directory: folder)
        #expect(check.status == 1, "\(check)")
        let grid = Self.grid(check.output)
        #expect(grid["en"] == ["·", "·"] && grid["fr"] == ["·", "·"], "\(check.output)")
        let german = try #require(grid["de"], "\(check.output)")
        #expect(german.count == 2 && german.allSatisfy { Int($0).map { $0 > 0 } ?? false }, "\(check.output)")
        #expect(check.output.contains("check failed: settings.json (de) changed at 2 of 2 size(s)"), "\(check.output)")
        #expect(check.output.contains("check passed: settings.json (fr)"))
        // The details come after the grid, grouped by language.
        let gridAt = try #require(check.output.range(of: "what moved")).lowerBound
        let detailsAt = try #require(check.output.range(of: "in de:\ncheck failed")).lowerBound
        #expect(gridAt < detailsAt, "\(check.output)")
        #expect(check.stderr.contains("1 of 3 documents changed (settings.json (de))"), "\(check.stderr)")

        // The report opens on the same grid.
        let report = try CLI.run(["check", "settings.json", "--goldens", "goldens", "--lang", "all", "--report", "r.html"] + Self.sizes,
                                 directory: folder)
        #expect(report.status == 1)
        let html = try String(contentsOf: folder.appendingPathComponent("r.html"), encoding: .utf8)
        #expect(html.contains("<table class=\"languages\">") && html.contains("<tr><td>en</td><td class=\"good\">·</td><td class=\"good\">·</td></tr>"),
                "\(html.prefix(3000))")
    }

    @Test func aLanguageNeverRecordedIsNamedWithTheCommandThatRecordsIt() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let record = try CLI.run(["check", "settings.json", "--goldens", "goldens", "--lang", "en,de", "--record"] + Self.sizes,
                                 directory: folder)
        try #require(record.status == 0, "\(record)")
        let check = try CLI.run(["check", "settings.json", "--goldens", "goldens", "--lang", "all"] + Self.sizes, directory: folder)
        #expect(check.status == 1, "\(check)")
        let command = "reflow-cli check settings.json --goldens goldens --lang fr --category l ax5 --record"
        #expect(check.output.contains("check error: settings.json (fr): no goldens in fr for settings.json (expected "
            + "settings-fr-CATEGORY.json in 'goldens'); the goldens of fr were never recorded: record them with: \(command)"),
                "\(check.output)")
        #expect(Self.grid(check.output)["fr"] == ["?", "?"], "\(check.output)")
        // Asked alone, the language's error is the run's, with the same command.
        let alone = try CLI.run(["check", "settings.json", "--goldens", "goldens", "--lang", "fr"] + Self.sizes, directory: folder)
        #expect(alone.status == 1 && alone.stderr.contains("the goldens of fr were never recorded: record them with: \(command)"),
                "\(alone)")
        #expect(!alone.output.contains("in fr:"), "no heading over nothing: \(alone.output)")
        // The command it gives records them.
        let again = try CLI.run(Array(command.split(separator: " ").dropFirst().map(String.init)) + ["--quiet"], directory: folder)
        #expect(again.status == 0, "\(again)")
        #expect(try CLI.run(["check", "settings.json", "--goldens", "goldens", "--lang", "all"] + Self.sizes, directory: folder).status == 0)
    }

    @Test func shardsCheckEveryDocumentInEveryLanguageOnceAndJobsChangeNothing() throws {
        let folder = try Self.folder(screens: ["a.json", "b.json", "c.json"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let record = try CLI.run(["check", "a.json", "b.json", "c.json", "--goldens", "goldens", "--lang", "all", "--record"] + Self.sizes,
                                 directory: folder)
        try #require(record.status == 0, "\(record)")
        #expect(try Self.goldens(in: folder).count == 3 * 3 * 2)
        func verdicts(_ output: String) -> [String] {
            output.split(separator: "\n").filter { $0.hasPrefix("check passed: ") }.map { String($0.dropFirst(14).prefix { $0 != ")" }) + ")" }
        }
        var seen: [String] = []
        for shard in ["1/2", "2/2"] {
            let run = try CLI.run(["check", "a.json", "b.json", "c.json", "--goldens", "goldens", "--lang", "all", "--shard", shard]
                + Self.sizes, directory: folder)
            #expect(run.status == 0, "\(shard): \(run)")
            #expect(!verdicts(run.output).isEmpty, "\(shard) has a share: \(run.output)")
            seen += verdicts(run.output)
        }
        let units = ["a.json", "b.json", "c.json"].flatMap { document in ["en", "de", "fr"].map { "\(document) (\($0))" } }
        #expect(seen.sorted() == units.sorted(), "every document × language exactly once: \(seen)")

        let one = try CLI.run(["check", "a.json", "b.json", "c.json", "--goldens", "goldens", "--lang", "all", "--jobs", "1"] + Self.sizes,
                              directory: folder)
        let three = try CLI.run(["check", "a.json", "b.json", "c.json", "--goldens", "goldens", "--lang", "all", "--jobs", "3"] + Self.sizes,
                                directory: folder)
        #expect(one.status == 0 && one.output == three.output, "\(one.output)\n---\n\(three.output)")
        // Grouped by language: the English verdicts first, then the German, then the French.
        let order = verdicts(one.output)
        #expect(order == ["en", "de", "fr"].flatMap { language in ["a.json", "b.json", "c.json"].map { "\($0) (\(language))" } },
                "\(order)")
    }

    @Test func standardInputIsReadOnceForEveryLanguage() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = URL(fileURLWithPath: try CLI.write("# Hello\n\nA paragraph read from standard input.\n", to: "doc.md", in: folder))
        let record = try CLI.run(["check", "-", "--goldens", "goldens", "--lang", "de,fr", "--record"] + Self.sizes, input: document,
                                 directory: folder)
        try #require(record.status == 0, "\(record)")
        for language in ["de", "fr"] {
            let golden = try String(contentsOf: folder.appendingPathComponent("goldens/stdin-\(language)-l.json"), encoding: .utf8)
            #expect(golden.contains("A paragraph read from standard input."), "\(language): \(golden.prefix(400))")
        }
        let check = try CLI.run(["check", "-", "--goldens", "goldens", "--lang", "de,fr"] + Self.sizes, input: document, directory: folder)
        #expect(check.status == 0, "\(check)")
    }
}
