import Foundation
import Testing

/// Issue 24 on `check`'s goldens: `--record` writes inside the goldens folder only (row 14), a
/// golden's errors name the golden, the JSON path and what was expected there, `check` says when
/// the fonts changed since the goldens were recorded, and a golden's text is escaped for the
/// terminal (row 12).
@Suite struct GoldensHardeningTests {
    // MARK: Row 14: goldens stay inside their folder

    @Test func recordReplacesALinkInTheGoldensFolderAndNeverWritesThroughIt() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = try CLI.write("# Title\n\nText.\n", to: "doc.md", in: folder)
        let goldens = folder.appendingPathComponent("goldens")
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: false)
        let outside = try CLI.write("precious", to: "outside.txt", in: folder)
        try FileManager.default.createSymbolicLink(atPath: goldens.appendingPathComponent("doc-l.json").path,
                                                   withDestinationPath: "../outside.txt")
        try FileManager.default.createSymbolicLink(atPath: goldens.appendingPathComponent("doc-ax5.json").path,
                                                   withDestinationPath: "../created.txt")

        let result = try CLI.run(["check", document, "--goldens", goldens.path, "--record", "--category", "l", "ax5"])
        #expect(result.status == 0, "\(result)")
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "precious", "the link's target is untouched")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("created.txt").path),
                "a dangling link creates nothing outside the folder")
        for name in ["doc-l.json", "doc-ax5.json"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: goldens.appendingPathComponent(name).path)
            #expect(attributes[.type] as? FileAttributeType == .typeRegular, "\(name) is now the golden itself")
        }
        #expect(try PreviewPartsCommandTests.names(goldens) == ["doc-ax5.json", "doc-l.json"], "no temporary file is left")
        let warning = "reflow-cli: warning: '\(goldens.path)/doc-l.json' was a symbolic link (to '../outside.txt'); "
            + "replaced it with the golden (goldens are written inside the goldens folder, never through a link)"
        #expect(result.stderrLines.first.map(String.init) == warning, "\(Array((result.stderrLines.first ?? "").utf8).count) \(warning.utf8.count)")
        let check = try CLI.run(["check", document, "--goldens", goldens.path, "--category", "l", "ax5"])
        #expect(check.status == 0, "\(check)")
    }

    /// The goldens folder itself may be a link (a checkout's shared goldens): it is the folder the
    /// command line names, and is followed.
    @Test func aLinkGivenAsTheGoldensFolderIsFollowed() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = try CLI.write("Text.\n", to: "doc.md", in: folder)
        let real = folder.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: false)
        let link = folder.appendingPathComponent("goldens").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "shared")
        let result = try CLI.run(["check", document, "--goldens", link, "--record", "--category", "l"])
        #expect(result.status == 0, "\(result)")
        #expect(try PreviewPartsCommandTests.names(real) == ["doc-l.json"])
    }

    // MARK: Golden errors name the golden and what was expected

    @Test func goldenErrorsNameTheGoldenTheJSONPathAndWhatWasExpected() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try CLI.write("Text.\n", to: "doc.md", in: folder)
        let goldens = folder.appendingPathComponent("g")
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: false)
        func check(_ arguments: [String] = []) throws -> CLI.Result {
            try CLI.run(["check", "doc.md", "--goldens", "g", "--category", "l"] + arguments, directory: folder)
        }
        _ = try CLI.write(#"{"environment": {"containerWidth": 390, "category": "l", "layoutDirection": "leftToRight"}, "contentSize": {"width": 390, "height": 10}, "elements": [{"indexPath": 3}]}"#,
                          to: "doc-l.json", in: goldens)
        #expect(try check().stderrLines == ["reflow-cli: error: golden 'g/doc-l.json' is not a layout JSON: elements[0].indexPath is not an "
            + "object (expected an object with keys section, item); re-record it with --record"])
        _ = try CLI.write("[]", to: "doc-l.json", in: goldens)
        #expect(try check().stderrLines == ["reflow-cli: error: golden 'g/doc-l.json' is not a layout JSON: the top level is not an "
            + "object (expected an object with keys environment, contentSize, elements); re-record it with --record"])
        _ = try CLI.write(String(repeating: " ", count: 4_000) + "{}", to: "doc-l.json", in: goldens)
        #expect(try check(["--max-input", "1K"]).stderrLines == ["reflow-cli: error: golden 'g/doc-l.json' is larger than the input "
            + "limit of 1 KiB; raise it with --max-input (e.g. --max-input 1G)"])
        try FileManager.default.removeItem(at: goldens.appendingPathComponent("doc-l.json"))
        try FileManager.default.createDirectory(at: goldens.appendingPathComponent("doc-l.json"), withIntermediateDirectories: false)
        #expect(try check().stderrLines == ["reflow-cli: error: golden 'g/doc-l.json' is a folder, not a layout JSON file; "
            + "move the folder away and run with --record"])
    }

    // MARK: A change of fonts is said as such

    /// The goldens' record of `file`'s version.
    static func recordedVersion(of file: String, in golden: String) throws -> String? {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: golden))) as? [String: Any]
        let fonts = json?["fonts"] as? [[String: String]]
        return fonts?.first { $0["file"] == file }?["version"]
    }

    @Test func checkSaysWhichFontsChangedBeforeTheLayoutDifferences() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = try CLI.write("# Title\n\n" + Array(repeating: "wrapping words of text", count: 60).joined(separator: " ") + "\n",
                                     to: "doc.md", in: folder)
        let goldens = folder.appendingPathComponent("goldens").path
        try #require(try CLI.run(["check", document, "--goldens", goldens, "--record", "--category", "l"]).status == 0)
        let golden = goldens + "/doc-l.json"
        let recorded = try #require(try Self.recordedVersion(of: "Inter-Regular.otf", in: golden))
        let displayVersion = try #require(try Self.recordedVersion(of: "InterDisplay-SemiBold.otf", in: golden))
        try #require(recorded != displayVersion)

        // The same fonts, but Inter-Regular.otf is now another cut (another version).
        let fonts = folder.appendingPathComponent("fonts")
        try FileManager.default.copyItem(at: CLI.repository.appendingPathComponent("Fonts"), to: fonts)
        try FileManager.default.removeItem(at: fonts.appendingPathComponent("Inter-Regular.otf"))
        try FileManager.default.copyItem(at: fonts.appendingPathComponent("InterDisplay-SemiBold.otf"),
                                         to: fonts.appendingPathComponent("Inter-Regular.otf"))
        let changed = try CLI.run(["check", document, "--goldens", goldens, "--category", "l", "--fonts", fonts.path])
        #expect(changed.status == 1, "\(changed)")
        let lines = changed.output.split(separator: "\n")
        #expect(lines.count > 2 && lines[1] == "  fonts changed since the goldens were recorded: Inter-Regular.otf \(recorded) → \(displayVersion)",
                "\(changed.output)")
        #expect(changed.messageLines == ["reflow-cli: error: the fonts changed since the goldens were recorded (Inter-Regular.otf "
            + "\(recorded) → \(displayVersion)) and layouts differ from the goldens at l; if the change is intended, re-record with --record"])

        // A golden from before fonts were recorded still reads; the report says a change of fonts cannot be told.
        let text = try String(contentsOfFile: golden, encoding: .utf8)
        let start = try #require(text.range(of: "  \"fonts\": ["))
        let end = try #require(text.range(of: "\n  ],\n", range: start.upperBound..<text.endIndex))
        try (String(text[..<start.lowerBound]) + String(text[end.upperBound...])).write(toFile: golden, atomically: true, encoding: .utf8)
        let unchanged = try CLI.run(["check", document, "--goldens", goldens, "--category", "l"])
        #expect(unchanged.status == 0, "\(unchanged)")
        let old = try CLI.run(["check", document, "--goldens", goldens, "--category", "l", "--fonts", fonts.path])
        #expect(old.status == 1, "\(old)")
        #expect(old.output.contains("\n  fonts: the goldens were recorded before goldens recorded fonts"), "\(old.output)")
        #expect(old.messageLines.first?.hasPrefix("reflow-cli: error: layouts differ from the goldens at l;") == true, "\(old)")
    }

    // MARK: Row 12: a golden's text in the report

    @Test func checksGoldenDifferencesShowControlCharactersEscaped() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = try CLI.write("Title \u{1B}[8m hidden\r\n", to: "doc.md", in: folder)
        let goldens = folder.appendingPathComponent("goldens").path
        try #require(try CLI.run(["check", document, "--goldens", goldens, "--record", "--category", "l"]).status == 0)
        _ = try CLI.write("Title\n", to: "doc.md", in: folder)
        let result = try CLI.run(["check", document, "--goldens", goldens, "--category", "l"])
        #expect(result.status == 1, "\(result)")
        #expect(TerminalTextCommandTests.controls(result.output).isEmpty, "\(result.output)")
        #expect(result.output.contains(#"text "Title \u{1B}[8m hidden" → "Title""#), "\(result.output)")
    }
}
