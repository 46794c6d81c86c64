import Foundation
import TestSupport
import Testing

/// Issue 36, row 10, end to end: `check --report` given a golden with one number edited (a frame
/// 1e20 or 1e300 pt across, a billion lines, a 10^12 pt edge) never ends by a signal or runs out
/// of memory: the golden is refused naming itself, the number's place and its value (exit 1, as a
/// golden that is not a layout JSON is), or it reads and the report draws what its pictures show.
/// Before, 34 of these 144 edits ended by a signal: SIGILL (a double converted to `Int` in
/// `Raster` and `PNGRenderer`), or a failed allocation of 4 GB and more (a dashed edge cut into
/// billions of pieces, a bar for each of a billion lines).
///
/// A handful of edits run by default; `REFLOW_HOSTILE_GOLDENS=all` runs every edit of
/// `HostileGoldenEdit.all(for:)` for both documents and prints how many ended by a signal (with
/// `REFLOW_CLI` naming an older build, the count before a fix).
@Suite(.serialized) struct CheckHostileGoldenTests {
    /// The examples whose goldens are edited: a document with lists, images and code, and a
    /// screen with badges and a section that scrolls sideways.
    static let documents = ["constructs.md", "store.json"]

    /// The edits run by default (the number's place ends with the first, set to the second): those
    /// that ended by a signal before, and the bounds themselves, which read and are drawn.
    static let handful: [String: [(String, String)]] = [
        "constructs.md": [("frame.x", "1e20"), ("frame.width", "-1e20"), ("frame.height", "1e300"), ("lines", "1000000000"),
                          ("lines", "2147483648"), ("frame.height", "1e400"), ("frame.height", "1e12"), ("frame.width", "-1e12"),
                          ("frame.x", "1e11")],
        "store.json": [("frame.x", "-1e300"), ("lines", "1000000000"), ("frame.height", "1e12")],
    ]

    /// A child's address space is bounded (4 GiB, some forty times what these checks take), so a
    /// runaway allocation ends that child rather than the machine's memory; not under
    /// AddressSanitizer (`.ci/run --deep` sets `ASAN_OPTIONS`), whose shadow memory takes terabytes of addresses.
    static let memoryLimit = ProcessInfo.processInfo.environment["ASAN_OPTIONS"] == nil ? "ulimit -v 4194304 2>/dev/null; " : ""

    @Test(.timeLimit(.hangGuard))
    func checkReportOnAGoldenWithOneNumberEditedEndsInAVerdictOrAClearError() throws {
        let all = ProcessInfo.processInfo.environment["REFLOW_HOSTILE_GOLDENS"] == "all"
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cli = try CLI.executable().path
        var failures: [String] = [], runs = 0
        for document in Self.documents {
            let source = CLI.repository.appendingPathComponent("Examples/\(document)").path
            let stem = (document as NSString).deletingPathExtension
            let recorded = try CLI.run(["check", source, "--goldens", "base", "--record", "--category", "l"], directory: folder)
            try #require(recorded.status == 0, "\(recorded)")
            let golden = try String(contentsOf: folder.appendingPathComponent("base/\(stem)-l.json"), encoding: .utf8)
            let edits = try HostileGoldenEdit.all(for: golden).filter { edit in
                all || Self.handful[document, default: []].contains { edit.place.hasSuffix($0.0) && edit.literal == $0.1 }
            }
            if !all { #expect(edits.count >= Self.handful[document, default: []].count, "\(document): \(edits)") }
            for edit in edits {
                runs += 1
                let run = folder.appendingPathComponent("\(runs)")
                try FileManager.default.createDirectory(at: run.appendingPathComponent("g"), withIntermediateDirectories: true)
                try edit.apply(to: golden).write(to: run.appendingPathComponent("g/\(stem)-l.json"), atomically: false, encoding: .utf8)
                let output = try ChildProcess.run("/bin/sh", ["-c", Self.memoryLimit + "exec \"$0\" \"$@\"", cli, "check", source,
                                                              "--goldens", "g", "--category", "l", "--report", "r.html"],
                                                  timeout: 120, directory: run)
                let stderr = output.stderrText
                let said = "\(document) \(edit): status \(output.status), \(stderr.suffix(300))"
                guard !output.crashed, !output.timedOut else {
                    failures.append("\(document) \(edit): " + (output.timedOut ? "ran out of time" : "ended by a signal")
                        + ", \(stderr.suffix(200))")
                    continue
                }
                let error = stderr.split(separator: "\n").first { $0.hasPrefix("reflow-cli: error: ") }.map(String.init) ?? ""
                let named = "reflow-cli: error: golden 'g/\(stem)-l.json' "
                switch edit.expected {
                case .reads:
                    #expect(output.status == 0 || error.contains("layouts differ from the goldens"), "\(said)")
                    let report = try? String(contentsOf: run.appendingPathComponent("r.html"), encoding: .utf8)
                    #expect(report?.contains("<h1>reflow check: ") == true, "the report is written: \(said)")
                case .refused(let value):
                    #expect(output.status == 1, "\(said)")
                    #expect(error.hasPrefix(named + "holds a number no layout has: \(edit.place)"), "\(said)")
                    #expect(error.contains(" is \(value), ") && error.hasSuffix("; re-record it with --record"), "\(said)")
                case .notANumber:
                    #expect(output.status == 1, "\(said)")
                    #expect(error.hasPrefix(named + "is not a layout JSON: \(edit.place) is not a number"), "\(said)")
                }
            }
        }
        print("hostile goldens through check --report: \(runs) edits, \(failures.count) ended by a signal or ran out of time")
        let list = failures.joined(separator: "\n")
        #expect(failures.isEmpty, "\(failures.count) of \(runs):\n\(list)")
    }
}
