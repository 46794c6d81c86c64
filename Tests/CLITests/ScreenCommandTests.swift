import Foundation
import Testing

/// Screen files (`.json`) through every command, end to end: the same preview, layout JSON,
/// `check` and `scroll` as documents.
@Suite struct ScreenCommandTests {
    static let store = CLI.repository.appendingPathComponent("Examples/store.json").path
    static let settings = CLI.repository.appendingPathComponent("Examples/settings.json").path

    static func json(_ result: CLI.Result) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], "not JSON: \(result.output.prefix(200))")
    }

    @Test func layoutListsEveryKindOfElement() throws {
        let result = try CLI.run(["layout", Self.store, "--category", "l"])
        try #require(result.status == 0, "\(result)")
        let root = try Self.json(result)
        #expect(root["format"] as? String == "screen")
        #expect(root["layout"] as? String == "compositional")
        let layout = try #require((root["layouts"] as? [[String: Any]])?.first)
        let elements = try #require(layout["elements"] as? [[String: Any]])
        let kinds = Set(elements.compactMap { $0["kind"] as? String })
        #expect(kinds == ["cell", "header", "background"])
        // The carousel is an orthogonal section: its content width beyond the screen is reported.
        let widths = try #require(layout["scrollingWidths"] as? [[String: Any]])
        #expect(widths.first?["section"] as? Int == 0)
        #expect((widths.first?["width"] as? Double ?? 0) > 390 * 2)
        let badges = try CLI.run(["layout", Self.settings, "--category", "xxxl"])
        let settingsElements = try #require((try Self.json(badges)["layouts"] as? [[String: Any]])?.first?["elements"] as? [[String: Any]])
        #expect(Set(settingsElements.compactMap { $0["kind"] as? String }) == ["cell", "header", "footer", "badge", "background"])
    }

    @Test func aViewportShowsPinnedHeadersAtItsOffset() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("scrolled.png").path
        let result = try CLI.run([Self.settings, "--category", "xxxl", "--viewport", "390x844", "--offset", "400", "-o", output, "--quiet"])
        #expect(result.status == 0, "\(result)")
        #expect(FileManager.default.fileExists(atPath: output))
    }

    @Test func checkRecordsThenPassesThenNamesTheElementThatMoved() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(contentsOfFile: Self.settings, encoding: .utf8)
        let screen = try CLI.write(text, to: "settings.json", in: folder)
        let goldens = folder.appendingPathComponent("goldens").path
        let record = try CLI.run(["check", screen, "--goldens", goldens, "--record", "--quiet"])
        try #require(record.status == 0, "\(record)")
        let pass = try CLI.run(["check", screen, "--goldens", goldens, "--quiet"])
        #expect(pass.status == 0, "\(pass)")
        // A longer header pushes its section's cells down at every size.
        _ = try CLI.write(text.replacingOccurrences(of: "\"Notifications\"", with: "\"Notifications and alerts from every app you use\""),
                          to: "settings.json", in: folder)
        let fail = try CLI.run(["check", screen, "--goldens", goldens, "--quiet"])
        #expect(fail.status == 1, "\(fail)")
        #expect(fail.output.contains("header of section 1"), "\(fail.output)")
    }

    @Test func scrollReportsLazyEqualsEagerInEveryCategory() throws {
        for category in ["xs", "l", "xxxl", "ax1", "ax5"] {
            let result = try CLI.run(["scroll", Self.store, "--category", category, "--format", "json", "--quiet"])
            try #require(result.status == 0, "\(result)")
            let summary = try Self.json(result)
            #expect(summary["lazyEqualsEager"] as? Bool == true, "\(category): \(summary)")
            #expect(summary["maxAnchorJump"] as? Double == 0)
        }
    }

    @Test func aBadScreenFileIsOneLineNamingThePlace() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = try CLI.write("""
            {"sections": [{"group": {"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"percent": 5}},
                                     "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}}]}}]}
            """, to: "bad.json", in: folder)
        for command in [["layout", bad], [bad, "-o", folder.appendingPathComponent("bad.png").path], ["scroll", bad],
                        ["check", bad, "--goldens", folder.path]] {
            let result = try CLI.run(command)
            #expect(result.status == 1, "\(command): \(result)")
            #expect(!result.crashed)
            #expect(result.stderrLines.count == 1, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("sections[0].group.size.height: expected a dimension"), "\(command): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("bad.png").path))
    }
}
