import Foundation
import Testing
import TestSupport

/// The live page in a real browser (`live_page.py`: Debian's chromium, headless, driven by
/// Selenium through Debian's chromium-driver): moving the slider to AX5 shows the server's AX5
/// screen, scrolling the page scrolls the document, and an edit of the file shows on the open page.
///
/// Needs chromium, chromedriver and Selenium in the test Python (`REFLOW_PYTHON`, made by
/// scripts/python-tools.sh). Where one is missing the test is skipped with a message saying so;
/// in CI (CI set) or with REFLOW_REQUIRE_CHROMIUM=1 a missing one fails instead, as the SVG
/// comparison in PreviewTests does.
@Suite(.serialized, .runsOutsideTools, .tags(.outsideTools)) struct ServeBrowserTests {
    static let chromium = ProcessInfo.processInfo.environment["REFLOW_CHROMIUM"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/bin/chromium"
    static let chromedriver = ProcessInfo.processInfo.environment["REFLOW_CHROMEDRIVER"].flatMap { $0.isEmpty ? nil : $0 }
        ?? "/usr/bin/chromedriver"
    static let script = CLI.repository.appendingPathComponent("Tests/CLITests/live_page.py")

    /// What is missing for the browser test, or nil when it can run.
    static let missing: String? = {
        if !FileManager.default.isExecutableFile(atPath: chromium) { return "chromium is not installed (apt-get install chromium)" }
        if !FileManager.default.isExecutableFile(atPath: chromedriver) {
            return "chromedriver is not installed (apt-get install chromium-driver)"
        }
        switch Prerequisites.python(Prerequisites.testPython, succeedsAt: "import selenium") {
        case nil: return "the test Python \(Prerequisites.testPython) does not run (export REFLOW_PYTHON=\"$(bash scripts/python-tools.sh)\")"
        case false?: return "Selenium is not in \(Prerequisites.testPython) (bash scripts/python-tools.sh installs it)"
        case true?: return nil
        }
    }()

    static var isRequired: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["REFLOW_REQUIRE_CHROMIUM"] == "1" || !(environment["CI"] ?? "").isEmpty
    }

    @Test func theBrowserIsAvailableWhereRequired() {
        guard let missing = Self.missing else { return }
        let message = "SKIPPED: the live page was not tested in a browser: \(missing)"
        if Self.isRequired {
            Issue.record("\(message); it is required here (CI or REFLOW_REQUIRE_CHROMIUM=1)")
        } else {
            FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
        }
    }

    @Test(.enabled(if: missing == nil, "SKIPPED: chromium, chromedriver or Selenium is missing, so the live page was not opened"))
    func theLivePageFollowsTheSliderScrollingAndTheFile() throws {
        let served = try Served()
        defer { served.stop() }
        let work = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: work) }
        let out = work.appendingPathComponent("stdout"), err = work.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Prerequisites.testPython)
        process.arguments = [Self.script.path, served.url.trimmingCharacters(in: .whitespacesAndNewlines), served.document.path]
        var environment = ProcessInfo.processInfo.environment
        (environment["REFLOW_CHROMIUM"], environment["REFLOW_CHROMEDRIVER"]) = (Self.chromium, Self.chromedriver)
        // Selenium asks no one for a driver: the one given is used.
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
            Issue.record("live_page.py ran longer than 240 s")
            return
        }
        let printed = (try? String(contentsOf: out, encoding: .utf8)) ?? "", errors = (try? String(contentsOf: err, encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 0, "live_page.py: \(errors.suffix(2_000)) \(printed)")
        FileHandle.standardError.write(Data("live page: \(printed)".utf8))
        let seen = try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: Any]
        let edited = seen?["edited"] as? [String: Any]
        #expect(edited?["version"] as? String == "2")
        // The edit is drawn on the open page within a second or so (the watcher waits 0.1 s for
        // the file to settle; a debug build draws slower than a release one).
        #expect((edited?["seconds"] as? Double ?? 99) < 5)
    }
}
