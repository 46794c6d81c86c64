import Foundation
import Testing

/// `reflow-cli scroll FILE --reorder FROM:TO` end to end: the drag lands the item where it was
/// asked, the JSON keeps `scroll`'s keys and adds the final order, the cells not dragged keep
/// still, a cancel restores the order, and every wrong FROM, TO or option says what exists.
@Suite struct ScrollReorderCommandTests {
    /// A screen of two list sections of `first` and `second` cells, every text different.
    static func screen(first: Int = 24, second: Int = 12) -> String {
        func cells(_ count: Int, _ section: Int) -> String {
            (0..<count).map { "{\"text\": \"Cell \(section).\($0)\(String(repeating: " and more", count: $0 % 5))\"}" }
                .joined(separator: ",")
        }
        func section(_ title: String, _ body: String) -> String {
            """
            {"header": {"text": "\(title)", "style": "title2"}, "interGroupSpacing": 4,
             "group": {"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 60}},
                       "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 60}}}]},
             "cells": [\(body)]}
            """
        }
        return "{\"title\": \"Two lists\", \"sections\": [\(section("First", cells(first, 0))), \(section("Second", cells(second, 1)))]}"
    }

    static func json(_ result: CLI.Result) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], "not JSON: \(result)")
    }

    /// Runs `scroll` on the two-list screen, written to a scratch folder, which `arguments` may name files in.
    static func run(_ arguments: [String], in folderArguments: (URL) -> [String] = { _ in [] }) throws -> (CLI.Result, URL) {
        let folder = try CLI.scratch()
        let file = try CLI.write(screen(), to: "two.json", in: folder)
        return (try CLI.run(["scroll", file] + arguments + folderArguments(folder)), folder)
    }

    static let scrollKeys = ["frames", "framesOverBudget", "maxAnchorJump", "unitsMeasured", "units", "estimateError", "maxFrameMs",
                             "medianFrameMs", "maxFrameWallMs", "framesOverBudgetWallClock", "finalContentHeight", "budgetMs",
                             "lazyEqualsEager"]

    @Test func aDragAcrossASectionReportsTheNewOrderInJSON() throws {
        let (result, folder) = try Self.run(["--reorder", "0.20:1.4", "--fps", "120", "--height", "300", "--format", "json",
                                             "--quiet"]) { ["--plot", $0.appendingPathComponent("plot.svg").path] }
        defer { try? FileManager.default.removeItem(at: folder) }
        try #require(result.status == 0, "\(result)")
        let summary = try Self.json(result)
        for key in Self.scrollKeys { #expect(summary[key] != nil, "\(key) missing: \(summary.keys.sorted())") }
        var expected = (0..<12).map { "1.\($0)" }
        expected.insert("0.20", at: 4)
        #expect(summary["order"] as? [String] == expected)
        #expect(summary["final"] as? String == "1.4" && summary["cancelled"] as? Bool == false)
        #expect(summary["maxAnchorJump"] as? Double == 0, "a cell not dragged moved on screen")
        #expect(summary["lazyEqualsEager"] as? Bool == true)
        #expect(summary["budgetMs"] as? Double ?? 0 == 1000.0 / 120)
        // The work counted: the others flowed from the cache, nothing measured twice.
        #expect(summary["cellsMeasuredByMoves"] as? Int == 0)
        #expect((summary["cellsMeasured"] as? Int ?? 99) <= 36, "\(summary)")
        #expect((summary["unitsPlaced"] as? Int ?? 0) > 0 && (summary["targetChanges"] as? Int ?? 0) >= 2)
        let svg = try String(contentsOf: folder.appendingPathComponent("plot.svg"), encoding: .utf8)
        #expect(svg.contains("Reorder session") && svg.contains("dropped"))
    }

    @Test func aCancelRestoresTheOrderAndTheTextSaysSo() throws {
        let (result, folder) = try Self.run(["--reorder", "0.18:0.2", "--cancel", "--fps", "60", "--height", "300"])
        defer { try? FileManager.default.removeItem(at: folder) }
        try #require(result.status == 0, "\(result)")
        #expect(result.output.contains("cancelled: 0.18 dragged towards 0.2, now at 0.18"), "\(result.output)")
        #expect(result.output.contains("order of section 0 (24 cells): 0.0 … 0.15 0.16 0.17 0.18 0.19 0.20 0.21 … 0.23"))
        #expect(result.output.contains("largest anchor movement on screen (cells not dragged): 0.00 pt"))
        #expect(result.output.contains("lazy equals eager (every unit measured, frames compared): true"))
        let (json, other) = try Self.run(["--reorder", "0.18:0.2", "--cancel", "--paging", "--height", "300", "--format", "json"])
        defer { try? FileManager.default.removeItem(at: other) }
        let summary = try Self.json(json)
        #expect(summary["order"] as? [String] == (0..<24).map { "0.\($0)" } && summary["paging"] as? Bool == true)
    }

    /// A screen whose scroll view pages (`"paging": true`, UIScrollView's `isPagingEnabled`)
    /// drags as `--paging` does, and its page-by-page scrolling is the same frame for frame.
    @Test func aPagingScreenDragsAPageAtATime() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let paged = try CLI.write(Self.screen().replacingOccurrences(of: "{\"title\": ", with: "{\"paging\": true, \"title\": "),
                                  to: "paged.json", in: folder)
        let plain = try CLI.write(Self.screen(), to: "plain.json", in: folder)
        let drag = ["--reorder", "0.2:1.10", "--height", "300", "--format", "json"]
        let byFile = try Self.json(try CLI.run(["scroll", paged] + drag))
        let byOption = try Self.json(try CLI.run(["scroll", plain, "--paging"] + drag))
        let unpaged = try Self.json(try CLI.run(["scroll", plain] + drag))
        #expect(byFile["paging"] as? Bool == true && unpaged["paging"] as? Bool == false)
        #expect(byFile["frames"] as? Int == byOption["frames"] as? Int && byFile["order"] as? [String] == byOption["order"] as? [String])
        #expect(byFile["frames"] as? Int != unpaged["frames"] as? Int, "paging changes how the view scrolls")
    }

    @Test(arguments: [
        (["--reorder", "0.24:0.1"], ["there is no item 0.24 to move", "section 0 has items 0 to 23; section 1 has items 0 to 11"]),
        (["--reorder", "2.0:0.1"], ["there is no item 2.0", "section 1 has items 0 to 11"]),
        (["--reorder", "0.1:0.24"], ["there is no place 0.24", "section 0 has places 0 to 23"]),
        (["--reorder", "0.1:1.13"], ["there is no place 1.13", "section 1 has places 0 to 12"]),
        (["--reorder", "0.1:3.0"], ["there is no place 3.0", "section 0 has items 0 to 23"]),
        (["--reorder", "0.1-1.2"], ["--reorder takes FROM:TO", "section.item", "got '0.1-1.2'"]),
        (["--reorder", "0.1:1"], ["--reorder takes FROM:TO", "got '0.1:1'"]),
        (["--reorder", "a.1:1.-2"], ["--reorder takes FROM:TO"]),
        (["--cancel"], ["--cancel shapes a drag: give --reorder FROM:TO with it"]),
        (["--reorder", "0.1:0.2", "--change-category-at", "0.5", "--to", "ax5"], ["a drag runs at one text size"]),
        (["--reorder", "0.1:0.2", "--finger-speed", "0"], ["--finger-speed"]),
    ])
    func wrongDragsSayWhatExists(_ arguments: [String], _ expected: [String]) throws {
        let (result, folder) = try Self.run(arguments)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status != 0 && !result.crashed, "\(arguments): \(result)")
        for phrase in expected { #expect(result.stderr.contains(phrase), "\(arguments): \(result.stderr)") }
    }

    /// The store's carousel is a band that shows its first cells at rest: the rest is not a place
    /// a drag reaches. A Markdown table's cells are its rows and columns: they do not move.
    @Test func aBandsHiddenPartAndATableAreNotPlaces() throws {
        let store = CLI.repository.appendingPathComponent("Examples/store.json").path
        let band = try CLI.run(["scroll", store, "--reorder", "2.0:0.3"])
        #expect(band.status != 0 && band.stderr.contains("is in the hidden part of section 0"), "\(band)")
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try CLI.write("# Table\n\n| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n\nText.\n", to: "table.md", in: folder)
        let layout = try CLI.run(["layout", file])
        try #require(layout.status == 0, "\(layout)")
        let table = try CLI.run(["scroll", file, "--reorder", "1.0:1.1"])
        #expect(table.status != 0 && table.stderr.contains("cannot be moved (they form a table's rows and columns)"), "\(table)")
    }

    @Test func everyDragOptionHasHelp() throws {
        let help = try CLI.run(["scroll", "--help"])
        for option in ["--reorder <from:to>", "--cancel", "--paging", "--finger-speed <pt-per-s>"] {
            #expect(help.output.contains(option), "\(option) missing from help")
        }
    }
}
