import Foundation
import Testing
import TestSupport

/// Issue 36 row 5: `reflow-cli serve` on a FIFO is a clean error at once, and SIGTERM and SIGINT
/// end `serve` with status 0 at any moment from the time its handlers are in place: while it
/// starts, while it is stuck before printing its URL, and after it. Before, serving a FIFO waited
/// in `open()` for a writer, and a signal that came before the URL was only noted for later: a
/// serve stuck there could not be stopped but with SIGKILL.
@Suite(.serialized, .timeLimit(.hangGuard)) struct ServeSignalTests {
    @Test func servingAFIFOIsAnErrorAtOnce() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.appendingPathComponent("doc.md").path, 0o600) == 0)
        // A hang is stopped after 30 s (SIGTERM, then SIGKILL) and fails the test.
        let result = try CLI.run(["serve", "doc.md", "--port", "0"], timeout: 30, directory: folder)
        #expect(!result.crashed && result.status == 1, "\(result)")
        #expect(result.messageLines
            == ["reflow-cli: error: 'doc.md' is a FIFO (named pipe), not a regular file; save the document to a file and serve that"])
        #expect(result.output.isEmpty, "no URL")

        let standardInput = try CLI.run(["serve", "-", "--port", "0"], timeout: 30, directory: folder)
        #expect(standardInput.status == 1, "\(standardInput)")
        #expect(standardInput.messageLines == ["reflow-cli: error: serve reads the document again each time it is saved, and "
            + "standard input ('-') only once: give the document's file"])
    }

    /// stdout is a pipe that nobody reads and that is full already: the server starts but cannot
    /// write its URL. A signal then (or while it starts) ends it with 0, at once.
    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalBeforeTheURLEndsItWith0(_ signal: Int32) throws {
        let stdout = Pipe()
        let writer = stdout.fileHandleForWriting.fileDescriptor
        let flags = fcntl(writer, F_GETFL)
        #expect(fcntl(writer, F_SETFL, flags | O_NONBLOCK) == 0)
        var chunk = [UInt8](repeating: 0x2E, count: 4096)
        while write(writer, &chunk, chunk.count) > 0 {}
        while write(writer, &chunk, 1) > 0 {}
        #expect(fcntl(writer, F_SETFL, flags) == 0)  // the server's writes block

        let serve = try Self.Serve(stdout: stdout)
        defer { serve.end() }
        #expect(serve.handlersInPlace(), "SIGTERM and SIGINT caught or ignored within 60 s")
        kill(serve.process.processIdentifier, signal)
        #expect(serve.status(within: 60) == 0, "ended by signal \(signal) with 0; stderr: \(serve.stderr)")
        #expect(serve.stderr.isEmpty)
    }

    /// A signal as soon as the handlers are in place, while the server reads the document and
    /// its fonts: 0.
    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalWhileStartingEndsItWith0(_ signal: Int32) throws {
        let serve = try Self.Serve(stdout: Pipe())
        defer { serve.end() }
        #expect(serve.handlersInPlace())
        kill(serve.process.processIdentifier, signal)
        #expect(serve.status(within: 60) == 0, "ended by signal \(signal) with 0; stderr: \(serve.stderr)")
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalAfterTheURLEndsItWith0(_ signal: Int32) throws {
        let served = try Served()
        #expect(try served.get("/info.json").status == 200)
        #expect(served.stop(signal: signal) == 0)
        #expect(served.stderr.isEmpty)
    }

    /// `reflow-cli serve welcome.md --port 0` (a copy of the example), stdout to `stdout`,
    /// stderr to a file.
    final class Serve {
        let process = Process()
        let folder: URL
        private let stdout: Pipe
        private let stderrFile: URL

        init(stdout: Pipe) throws {
            folder = try CLI.scratch()
            self.stdout = stdout
            let document = folder.appendingPathComponent("welcome.md")
            try FileManager.default.copyItem(at: CLI.repository.appendingPathComponent("Examples/welcome.md"), to: document)
            stderrFile = folder.appendingPathComponent("stderr.txt")
            _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
            process.executableURL = try CLI.executable()
            process.arguments = ["serve", document.path, "--port", "0"]
            process.standardOutput = stdout
            process.standardError = try FileHandle(forWritingTo: stderrFile)
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }

        var stderr: String { (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "" }

        /// Whether SIGTERM and SIGINT are caught or ignored by the process (its /proc status),
        /// within 60 s of its start: from then on they are serve's, not their default action.
        func handlersInPlace() -> Bool {
            let wanted: UInt64 = 1 << (UInt64(SIGTERM) - 1) | 1 << (UInt64(SIGINT) - 1)
            let deadline = Date().addingTimeInterval(60)
            while process.isRunning, Date() < deadline {
                let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
                var handled: UInt64 = 0
                for line in status.split(separator: "\n") where line.hasPrefix("SigIgn:") || line.hasPrefix("SigCgt:") {
                    handled |= UInt64(line.split(separator: "\t").last ?? "", radix: 16) ?? 0
                }
                if handled & wanted == wanted { return true }
                usleep(1_000)
            }
            return false
        }

        /// The exit status once it ends, waited for at most `seconds`; nil when it had to be
        /// killed or ended by a signal.
        func status(within seconds: Double) -> Int32? {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning, Date() < deadline { usleep(5_000) }
            guard !process.isRunning else { return nil }
            process.waitUntilExit()
            return process.terminationReason == .exit ? process.terminationStatus : nil
        }

        /// Kills it if still running; removes its folder.
        func end() {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            withExtendedLifetime(stdout) {}
            try? FileManager.default.removeItem(at: folder)
        }
    }
}
