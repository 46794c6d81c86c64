import Foundation
import Testing
import TestSupport

/// Reordering on the live page in a real browser (`reorder_page.py`, headless chromium driven by
/// Selenium, as `ServeBrowserTests`): a screen's cell dragged with pointer events lands where the
/// pointer dropped it and `/layout.json` agrees, Escape cancels a drag, and a Markdown list's item
/// moves with Alt+ArrowDown from the keyboard alone, never out of its list; a cell held at the
/// screen's edge scrolls the page. Skipped where the
/// browser is missing, as `ServeBrowserTests` is (`theBrowserIsAvailableWhereRequired` says so).
@Suite(.serialized, .runsOutsideTools, .tags(.outsideTools)) struct ReorderBrowserTests {
    static let script = CLI.repository.appendingPathComponent("Tests/CLITests/reorder_page.py")

    /// Runs `reorder_page.py URL kind` against `serve example`; what it printed.
    static func run(_ example: String, _ kind: String, serving arguments: [String] = [], passing extra: [String] = [],
                    after: (URL) throws -> Void = { _ in }) throws -> [String: Any]? {
        let served = try Served(example, arguments: arguments)
        defer { served.stop() }
        let work = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: work) }
        let out = work.appendingPathComponent("stdout"), err = work.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Prerequisites.testPython)
        process.arguments = [script.path, served.url.trimmingCharacters(in: .whitespacesAndNewlines), kind, "--document", served.document.path] + extra
        var environment = ProcessInfo.processInfo.environment
        (environment["REFLOW_CHROMIUM"], environment["REFLOW_CHROMEDRIVER"]) = (ServeBrowserTests.chromium, ServeBrowserTests.chromedriver)
        environment["SE_OFFLINE"] = "true"
        process.environment = environment
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(240)
        while process.isRunning, Date() < deadline { usleep(50_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            Issue.record("reorder_page.py \(kind) ran longer than 240 s")
            return nil
        }
        let printed = (try? String(contentsOf: out, encoding: .utf8)) ?? "", errors = (try? String(contentsOf: err, encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 0, "reorder_page.py \(kind): \(errors.suffix(2_000)) \(printed)")
        FileHandle.standardError.write(Data("reorder page (\(kind)): \(printed)".utf8))
        try after(served.document)
        return try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: Any]
    }

    @Test(.enabled(if: ServeBrowserTests.missing == nil, "SKIPPED: chromium, chromedriver or Selenium is missing, so reordering was not tried in a browser"))
    func aScreensCellIsDraggedAndEscapeCancels() throws {
        let seen = try Self.run("store.json", "screen")
        #expect((seen?["dropped"] as? [String: Any])?["order"] as? String == "1.0:1.3")
        #expect((seen?["dropped"] as? [String: Any])?["announced"] as? String == "Moved Travel to position 4 of 6.")
        #expect((seen?["escape"] as? [String: Any])?["order"] as? String == "1.0:1.3")
        #expect((seen?["escape"] as? [String: Any])?["announced"] as? String == "Move cancelled: Weather Now is back in its place.")
        #expect((seen?["scrolled"] as? [String: Any])?["order"] as? String == "1.0:1.3")
        #expect((seen?["keyboard"] as? [String: Any])?["order"] as? String == "1.0:1.3,1.3:1.4,1.4:1.5,1.5:2.0")
        #expect((seen?["keyboard"] as? [String: Any])?["announced"] as? String == "Moved Travel to position 1 of 5.")
    }

    @Test(.enabled(if: ServeBrowserTests.missing == nil, "SKIPPED: chromium, chromedriver or Selenium is missing, so reordering was not tried in a browser"))
    func aScreensCellIsDraggedIntoAnotherSection() throws {
        let seen = try Self.run("store.json", "across")
        #expect((seen?["across"] as? [String: Any])?["announced"] as? String == "Moved Weather Now to position 6 of 7.")
    }

    @Test(.enabled(if: ServeBrowserTests.missing == nil, "SKIPPED: chromium, chromedriver or Selenium is missing, so reordering was not tried in a browser"))
    func aMarkdownListItemMovesFromTheKeyboard() throws {
        let seen = try Self.run("welcome.md", "markdown")
        #expect((seen?["moved"] as? [String: Any])?["announced"] as? String == "Moved Reads CommonMark or plain text to position 2 of 4.")
        #expect((seen?["refused"] as? String)?.contains("within its own list") == true)
        #expect((seen?["edited"] as? String)?.contains("The file changed, so the cells are in its order again") == true)
    }

    /// With `serve --allow-edits` the move goes to the file, and a second reading by `layout`
    /// agrees with the page.
    @Test(.enabled(if: ServeBrowserTests.missing == nil, "SKIPPED: chromium, chromedriver or Selenium is missing, so reordering was not tried in a browser"))
    func aMoveIsSavedToTheFileWithAllowEdits() throws {
        let seen = try Self.run("welcome.md", "edits", serving: ["--allow-edits"]) { document in
            let layout = try CLI.run(["layout", document.path])
            #expect(layout.status == 0)
            let json = try JSONSerialization.jsonObject(with: layout.stdout) as? [String: Any]
            let elements = ((json?["layouts"] as? [[String: Any]])?.first?["elements"] as? [[String: Any]]) ?? []
            let moved = elements.first { $0["kind"] as? String == "cell" && ($0["indexPath"] as? [String: Int]) == ["section": 1, "item": 2] }
            #expect((moved?["text"] as? String)?.hasPrefix("Reads CommonMark") == true, "\(String(describing: moved))")
        }
        #expect((seen?["saved"] as? [String: Any])?["message"] as? String == "Saved: the file holds the new order.")
    }

    /// A list item with a nested list (Alamofire's README: its contents' "Usage") moved with
    /// Alt+ArrowDown passes the next item and its nested list as one, under `--allow-edits`: the file
    /// holds both items with their nested lists in the new order, and `layout` reading the written
    /// file agrees with the page.
    @Test(.enabled(if: ServeBrowserTests.missing == nil, "SKIPPED: chromium, chromedriver or Selenium is missing, so reordering was not tried in a browser"))
    func anItemWithANestedListMovesWholeAndIsSaved() throws {
        let readme = CLI.repository.appendingPathComponent("Tests/Corpus/markdown/Alamofire--Alamofire--README.md").path
        let seen = try Self.run("welcome.md", "nested", serving: ["--allow-edits"], passing: ["--readme", readme]) { document in
            let layout = try CLI.run(["layout", document.path])
            #expect(layout.status == 0)
            let json = try JSONSerialization.jsonObject(with: layout.stdout) as? [String: Any]
            let elements = ((json?["layouts"] as? [[String: Any]])?.first?["elements"] as? [[String: Any]]) ?? []
            let text = { (item: Int) in
                elements.first { $0["kind"] as? String == "cell" && ($0["indexPath"] as? [String: Int]) == ["section": 0, "item": item] }?["text"] as? String ?? ""
            }
            #expect(text(10).hasPrefix("Advanced Usage") && text(15).hasPrefix("Connection"), "\(text(10)) \(text(15))")
            #expect(text(16).hasPrefix("Usage") && text(17).hasPrefix("Introduction") && text(20).hasPrefix("Tools"), "\(text(16))")
            #expect(text(21).hasPrefix("Open Radars"))
        }
        let nested = seen?["nested"] as? [String: Any]
        #expect(nested?["announced"] as? String == "Moved Usage to position 9 of 14.", "\(String(describing: nested))")
        #expect(nested?["message"] as? String == "Saved: the file holds the new order.")
        #expect(nested?["0.10"] as? String == "Advanced Usage" && nested?["0.16"] as? String == "Usage"
                && nested?["0.17"] as? String == "Introduction -", "\(String(describing: nested))")
    }
}
