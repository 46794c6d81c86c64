import Foundation
import Testing
import TestSupport

/// `reflow-cli layout` and `reflow-cli scroll` end to end: the JSON they print is valid and says
/// what scripts rely on, and bad input is one clear message and a non-zero exit, never a crash.
@Suite struct LayoutAndScrollCommandTests {
    static let document = """
        # Title

        A short paragraph of text for the layout, long enough to wrap onto a second line when the \
        text gets bigger or the column narrower.

        - one
        - two

        """

    /// A document longer than one 844 pt screen: a heading and 80 paragraphs of 5 to 60 words.
    static let longDocument: String = {
        let words = "reflow measures every word with real shaping at the dynamic type sizes and lays the cells out"
            .split(separator: " ")
        var generator = SeededGenerator(seed: 7)
        var text = "# Long document\n\n"
        for _ in 0..<80 {
            let count = Int.random(in: 5...60, using: &generator)
            text += (0..<count).map { _ in String(words[Int.random(in: 0..<words.count, using: &generator)]) }
                .joined(separator: " ") + ".\n\n"
        }
        return text
    }()

    static func json(_ result: CLI.Result) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: result.stdout)
        return try #require(object as? [String: Any], "not a JSON object: \(result.output.prefix(200))")
    }

    static func frame(_ cell: [String: Any]) throws -> (y: Double, height: Double, width: Double) {
        let frame = try #require(cell["frame"] as? [String: Any])
        return (try #require(frame["y"] as? Double), try #require(frame["height"] as? Double),
                try #require(frame["width"] as? Double))
    }

    // MARK: layout

    @Test func layoutPrintsValidJSONWithOneFramePerBlock() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try CLI.write(Self.document, to: "doc.md", in: folder)
        let result = try CLI.run(["layout", file, "--width", "320"])
        try #require(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "nothing on stderr when all is well: \(result.stderr)")
        let root = try Self.json(result)
        #expect(root["document"] as? String == "doc.md")
        #expect(root["format"] as? String == "markdown")
        let layouts = try #require(root["layouts"] as? [[String: Any]])
        try #require(layouts.count == 1)
        let environment = try #require(layouts[0]["environment"] as? [String: Any])
        #expect(environment["category"] as? String == "l")
        #expect(environment["containerWidth"] as? Double == 320)
        let cells = try #require(layouts[0]["elements"] as? [[String: Any]])
        #expect(cells.map { $0["kind"] as? String } == ["cell", "cell", "cell", "cell"])
        #expect(cells.map { $0["cell"] as? String } == ["heading", "paragraph", "listItem", "listItem"])
        #expect(cells[0]["level"] as? Int == 1, "a heading keeps its level")
        #expect(cells.map { $0["style"] as? String } == ["largeTitle", "body", "body", "body"])
        // One column, top to bottom, no overlaps, every cell at least 44 pt, inside the content size.
        var bottom = 0.0
        for cell in cells {
            let frame = try Self.frame(cell)
            #expect(frame.y >= bottom, "cells overlap: \(cell)")
            #expect(frame.height >= 44, "a touchable cell is at least 44 pt: \(cell)")
            #expect(frame.width <= 320)
            bottom = frame.y + frame.height
        }
        let content = try #require(layouts[0]["contentSize"] as? [String: Any])
        #expect(try #require(content["height"] as? Double) >= bottom)
    }

    @Test func layoutAtEveryCategoryGrowsFromXSToAX5() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try CLI.write(Self.document, to: "doc.md", in: folder)
        let result = try CLI.run(["layout", file, "--category", "all", "--width", "320"])
        try #require(result.status == 0, "\(result)")
        let layouts = try #require(try Self.json(result)["layouts"] as? [[String: Any]])
        let categories = layouts.map { ($0["environment"] as? [String: Any])?["category"] as? String }
        #expect(categories == ["xs", "s", "m", "l", "xl", "xxl", "xxxl", "ax1", "ax2", "ax3", "ax4", "ax5"])
        let heights = layouts.map { (($0["contentSize"] as? [String: Any])?["height"] as? Double) ?? -1 }
        #expect(heights.allSatisfy { $0 > 0 })
        #expect(heights.last! > 2 * heights.first!, "AX5 text is about three times xS text: \(heights)")
        // The same layout at L is the one a single-category run prints.
        let single = try CLI.run(["layout", file, "--category", "large", "--width", "320"])
        let atL = try #require(try Self.json(single)["layouts"] as? [[String: Any]])
        #expect((atL.first?["contentSize"] as? [String: Any])?["height"] as? Double == heights[3])
    }

    @Test func layoutWritesTheFileWholeWithOutput() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try CLI.write(Self.document, to: "doc.md", in: folder)
        let output = folder.appendingPathComponent("out.json").path
        let result = try CLI.run(["layout", file, "-o", output])
        try #require(result.status == 0, "\(result)")
        #expect(result.stdout.isEmpty, "the JSON goes to the file, not stdout")
        let written = try #require(FileManager.default.contents(atPath: output))
        #expect(try JSONSerialization.jsonObject(with: written) is [String: Any])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["doc.md", "out.json"],
                "no temporary file left behind")
        // Into a folder that does not exist: an error, and nothing written.
        let nowhere = folder.appendingPathComponent("missing/out.json").path
        let failed = try CLI.run(["layout", file, "-o", nowhere])
        #expect(failed.status == 1 && !failed.crashed, "\(failed)")
        #expect(failed.messageLines.first?.hasPrefix("reflow-cli: error: cannot write") == true, "\(failed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: nowhere))
    }

    /// `-o -` is standard output, as in most tools: the JSON is printed, and no file named `-`
    /// appears; `./-` still names such a file.
    @Test func outputDashIsStandardOutput() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try CLI.write(Self.document, to: "doc.md", in: folder)
        let result = try CLI.run(["layout", file, "-o", "-"], directory: folder)
        try #require(result.status == 0, "\(result)")
        #expect(try Self.json(result)["layouts"] != nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["doc.md"], "no file named '-'")
        let audit = try CLI.run(["audit", file, "-o", "-", "--format", "json", "--fail-on", "never"], directory: folder)
        #expect(audit.status == 0 && (try? JSONSerialization.jsonObject(with: audit.stdout)) != nil, "\(audit)")
        let named = try CLI.run(["layout", file, "-o", "./-"], directory: folder)
        #expect(named.status == 0 && named.stdout.isEmpty, "\(named)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("-").path))
    }

    @Test func layoutOfAnEmptyDocumentHasNoCells() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try CLI.write("", to: "empty.md", in: folder)
        let result = try CLI.run(["layout", file])
        try #require(result.status == 0, "\(result)")
        let layouts = try #require(try Self.json(result)["layouts"] as? [[String: Any]])
        #expect((layouts.first?["elements"] as? [Any])?.isEmpty == true)
    }

    // MARK: scroll

    static let scrollKeys = ["frames", "framesOverBudget", "maxAnchorJump", "unitsMeasured", "units", "estimateError", "maxFrameMs",
                             "maxFrameWallMs", "framesOverBudgetWallClock"]

    @Test func scrollJSONOnASmallDocumentMeasuresEveryCellWithoutJumps() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try CLI.write(Self.document, to: "doc.md", in: folder)
        let result = try CLI.run(["scroll", file, "--format", "json", "--quiet"])
        try #require(result.status == 0, "\(result)")
        let summary = try Self.json(result)
        for key in Self.scrollKeys { #expect(summary[key] is Double || summary[key] is Int, "\(key) missing: \(summary)") }
        #expect(summary["maxAnchorJump"] as? Double == 0)
        // Four blocks, all on the first screen: all measured, in one frame, so the estimate never mattered.
        #expect(summary["unitsMeasured"] as? Int == 4)
        #expect(summary["lazyEqualsEager"] as? Bool == true)
        #expect(summary["frames"] as? Int == 1)
        #expect(summary["estimateError"] as? Double == 0)
    }

    @Test func scrollingALongDocumentKeepsTheAnchorStill() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try CLI.write(Self.longDocument, to: "long.md", in: folder)
        for extra in [[], ["--change-category-at", "0.5", "--to", "ax5"], ["--estimate", "fixed:44"]] {
            let result = try CLI.run(["scroll", file, "--format", "json", "--quiet"] + extra)
            try #require(result.status == 0, "\(extra): \(result)")
            let summary = try Self.json(result)
            for key in Self.scrollKeys { #expect(summary[key] != nil, "\(key) missing with \(extra)") }
            #expect(summary["maxAnchorJump"] as? Double == 0, "\(extra): the first visible cell moved on screen")
            #expect((summary["frames"] as? Int ?? 0) > 1, "\(extra)")
            // Every one of the 81 blocks is measured by the time the bottom is reached (some twice
            // after a text-size change).
            #expect((summary["unitsMeasured"] as? Int ?? 0) >= 81, "\(extra): \(summary)")
            #expect(summary["lazyEqualsEager"] as? Bool == true, "\(extra): \(summary)")
            #expect((summary["estimateError"] as? Double ?? -1) >= 0)
        }
    }

    /// The flow of word cells runs through the same lazy engine as the list: at every size the
    /// session ends in the eager flow's frames.
    @Test(arguments: ["xs", "s", "m", "l", "xl", "xxl", "xxxl", "ax1", "ax2", "ax3", "ax4", "ax5"])
    func scrollOfAFlowOfWordsEndsInTheEagerFrames(_ category: String) throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try CLI.write(Self.longDocument, to: "long.md", in: folder)
        let result = try CLI.run(["scroll", file, "--layout", "flow", "--cells", "words", "--category", category,
                                  "--format", "json", "--quiet"])
        try #require(result.status == 0, "\(result)")
        let summary = try Self.json(result)
        #expect(summary["lazyEqualsEager"] as? Bool == true, "\(category): \(summary)")
        #expect(summary["maxAnchorJump"] as? Double == 0)
        #expect(summary["units"] as? Int == 81, "one unit per block: \(summary)")
    }

    @Test func scrollOfAnEmptyDocumentSaysSoAndSucceeds() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try CLI.write("", to: "empty.md", in: folder)
        let result = try CLI.run(["scroll", file, "--format", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("nothing to scroll"), "\(result.stderr)")
    }

    // Bad input: BadInputTableTests.

    @Test func anUnknownCategoryListsTheValidNamesAndAll() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try CLI.write(Self.document, to: "doc.md", in: folder)
        let result = try CLI.run(["layout", file, "--category", "huge"])
        #expect(result.status != 0 && !result.crashed)
        let words = Set(result.stderr.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init))
        for name in ["xs", "s", "m", "l", "xl", "xxl", "xxxl", "ax1", "ax2", "ax3", "ax4", "ax5", "all"] {
            #expect(words.contains(name), "\(name) is not listed: \(result.stderr)")
        }
    }
}
