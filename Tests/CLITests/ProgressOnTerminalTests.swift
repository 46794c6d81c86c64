import Foundation
import Testing

/// Progress goes to stderr only when it is a terminal: a CI log (stderr a file) gets the run's
/// messages and no "laying out: 40%" lines (issue 38, row 13). Before, a run that took over a
/// second wrote a line at every tenth into the log.
@Suite struct ProgressOnTerminalTests {
    /// A document that takes seconds to lay out at twelve sizes in a debug build, so the old
    /// logger (a line a tenth, once a second has passed) would have written into the file.
    static func longDocument(in folder: URL) throws -> String {
        let words = "the quick brown fox jumps over a lazy dog while reflow measures every word it is given".split(separator: " ")
        let paragraphs = (0..<4000).map { index in
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
        let started = Date()
        let result = try CLI.run(arguments, directory: folder, redirections: "2>'\(log.path)'")
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.status == 0, "\(result)")
        let written = try String(contentsOf: log, encoding: .utf8)
        let progress = written.split(separator: "\n").filter(CLI.Result.isProgress)
        #expect(progress.isEmpty, "progress in a log file: \(progress)")
        #expect(!written.contains("\r") && !written.contains("%"), "\(written.debugDescription)")
        if command.contains("sheet.png") { #expect(written.hasPrefix("wrote "), "the run's own message stays: \(written.debugDescription)") }
        // The work outlasted the second after which the old logger started writing, so this run
        // tells the two apart.
        #expect(elapsed > 1, "ran \(elapsed) s: too short to tell")
    }
}
