import Foundation
import TestSupport
import Testing

/// Progress goes to stderr only when it is a terminal: a CI log (stderr a file) gets the run's
/// messages and no "laying out: 40%" lines (issue 38, row 13). Before, a run that took over a
/// second wrote a line at every tenth into the log.
@Suite struct ProgressOnTerminalTests {
    /// A document long enough that its work is reported in steps.
    static func longDocument(in folder: URL) throws -> String {
        let words = "the quick brown fox jumps over a lazy dog while reflow measures every word it is given".split(separator: " ")
        let paragraphs = (0..<1500).map { index in
            (0..<40).map { words[($0 * 7 + index * 3) % words.count] }.joined(separator: " ")
        }
        return try CLI.write(paragraphs.joined(separator: "\n\n") + "\n", to: "long.md", in: folder)
    }

    /// `layout` at every size, and a contact sheet (which says what it wrote: a message, kept).
    @Test(arguments: [["layout", "--category", "all", "-o", "layout.json"],
                      ["--category", "all", "--viewport", "390x844", "-o", "sheet.png"]])
    func aLogFileGetsNoProgress(_ command: [String]) throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = try Self.longDocument(in: folder)
        let log = folder.appendingPathComponent("stderr.log")
        let arguments = command.first == "layout" ? ["layout", document] + command.dropFirst() : [document] + command
        let result = try CLI.run(arguments, directory: folder, redirections: "2>'\(log.path)'")
        #expect(result.status == 0, "\(result)")
        let written = try String(contentsOf: log, encoding: .utf8)
        let progress = written.split(separator: "\n").filter(CLI.Result.isProgress)
        #expect(progress.isEmpty, "progress in a log file: \(progress)")
        #expect(!written.contains("\r") && !written.contains("%"), "\(written.debugDescription)")
        if command.contains("sheet.png") { #expect(written.hasPrefix("wrote "), "the run's own message stays: \(written.debugDescription)") }
    }

    /// The same runs on a terminal (a pseudo-terminal from `script`) do draw the bar: what keeps the
    /// log clean is where stderr goes, not how long the run lasted.
    @Test(arguments: [["layout", "--category", "all", "-o", "layout.json"],
                      ["--category", "all", "--viewport", "390x844", "-o", "sheet.png"]])
    func aTerminalGetsTheBar(_ command: [String]) throws {
        let script = "/usr/bin/script"
        try #require(FileManager.default.isExecutableFile(atPath: script), "needs util-linux's script for a pseudo-terminal")
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = try Self.longDocument(in: folder)
        let arguments = command.first == "layout" ? ["layout", document] + command.dropFirst() : [document] + command
        let quoted = ([try CLI.executable().path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let transcript = folder.appendingPathComponent("terminal.txt")
        let output = try ChildProcess.run(script, ["-qec", quoted + " >/dev/null", transcript.path], directory: folder)
        #expect(output.status == 0, "\(output.stderrText)")
        let drawn = try String(contentsOf: transcript, encoding: .utf8)
        #expect(drawn.contains("\r") && drawn.contains("%"), "no bar on a terminal: \(drawn.prefix(400).debugDescription)")
    }
}
