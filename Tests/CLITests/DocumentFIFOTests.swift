import Foundation
import Testing
import TestSupport

/// Issue 36 row 5: every command that reads a document opens it as images are opened, without
/// waiting and as a regular file only. A FIFO named as the document (no writer ever comes) is
/// refused at once with what it is and what to do; before, each command waited in `open()` for
/// ever. A document from a pipe is read from standard input, named `-`.
@Suite(.timeLimit(.hangGuard)) struct DocumentFIFOTests {
    static let refusal = "reflow-cli: error: 'doc.md' is a FIFO (named pipe), not a regular file; "
        + "save the document to a file, or give '-' and pipe it to standard input"

    @Test func aFIFOIsRefusedAtOnceByEveryCommand() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.appendingPathComponent("doc.md").path, 0o600) == 0)
        for command in BadInputTableTests.documentCommands {
            let arguments = command.map { $0 == "{in}" ? "doc.md" : $0 }
            // A wait for a writer is stopped after 30 s and fails the test.
            let result = try CLI.run(arguments, timeout: 30, directory: folder)
            #expect(!result.crashed && result.status == 1, "\(arguments): \(result)")
            #expect(result.messageLines == [Substring(Self.refusal)], "\(arguments): \(result.stderr)")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "g" }
        #expect(left == ["doc.md"], "nothing written")
    }

    /// `-` reads standard input, a pipe here, as the file would be read.
    @Test func aPipeIsReadAsStandardInputWithADash() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = "Plain text from a pipe.\n\nA second paragraph, long enough to break into a few lines at this width.\n"
        let file = try CLI.write(text, to: "doc.txt", in: folder)
        for command in [["lines", "{in}", "--width", "200"], ["layout", "{in}", "--format", "text"]] {
            let fromFile = try CLI.run(command.map { $0 == "{in}" ? file : $0 }, timeout: 60)
            let piped = try Self.run(command.map { $0 == "{in}" ? "-" : $0 }, piping: Array(text.utf8), in: folder)
            #expect(fromFile.status == 0 && piped.status == 0, "\(command): \(piped.stderr)")
            // The layout JSON names the document: the file's name, or '-'.
            #expect(piped.stdout == fromFile.output.replacingOccurrences(of: "\"document\": \"doc.txt\"", with: "\"document\": \"-\""),
                    "\(command)")
        }
    }

    /// `reflow-cli arguments…` with `bytes` written to its standard input through a pipe (then
    /// closed); its status, stdout and stderr. Killed after 60 s.
    static func run(_ arguments: [String], piping bytes: [UInt8], in folder: URL) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = try CLI.executable()
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let input = Pipe()
        let out = folder.appendingPathComponent("stdout.txt"), err = folder.appendingPathComponent("stderr.txt")
        for file in [out, err] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        process.standardInput = input
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data(bytes))
        try input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline { usleep(5_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let status = process.terminationReason == .exit ? process.terminationStatus : -1
        return (status, try String(contentsOf: out, encoding: .utf8), try String(contentsOf: err, encoding: .utf8))
    }
}
