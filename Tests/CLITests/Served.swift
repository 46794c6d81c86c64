import Foundation
import Testing
import TestSupport
import TextMetrics

/// `reflow-cli serve` running in the background for a test: started on a copy of an example in a
/// folder of its own, its URL read from the one line it prints, stopped with a signal.
final class Served {
    let folder: URL
    let document: URL
    let process = Process()
    let url: String
    let port: Int
    private let stdout = Pipe()
    private let stderrFile: URL

    /// Starts `reflow-cli serve COPY --port 0 arguments…` on a copy of `example` and waits (at
    /// most `timeout` seconds) for the URL; with `descriptorLimit`, under `ulimit -n` of it (the
    /// shell that sets it is replaced by the server: the process is the server).
    init(_ example: String = "welcome.md", arguments: [String] = [], timeout: TimeInterval = 120,
         descriptorLimit: Int? = nil) throws {
        folder = try CLI.scratch()
        document = folder.appendingPathComponent(example)
        try FileManager.default.copyItem(atPath: CLI.repository.appendingPathComponent("Examples").appendingPathComponent(example).path,
                                         toPath: document.path)
        stderrFile = folder.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        let command = [try CLI.executable().path, "serve", document.path, "--port", "0"] + arguments
        if let descriptorLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\""] + command
        } else {
            process.executableURL = URL(fileURLWithPath: command[0])
            process.arguments = Array(command.dropFirst())
        }
        process.standardOutput = stdout
        process.standardError = try FileHandle(forWritingTo: stderrFile)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // The first line of stdout is the URL; read on a thread of its own, so a server that
        // never prints fails the test at the deadline instead of hanging it.
        let line = Locked<String?>(nil), done = DispatchSemaphore(value: 0)
        let handle = stdout.fileHandleForReading
        Thread.detachNewThread {
            var bytes: [UInt8] = []
            while !bytes.contains(0x0A) {
                let data = handle.availableData
                if data.isEmpty { break }
                bytes += data
            }
            line.withLock { $0 = String(decoding: bytes, as: UTF8.self) }
            done.signal()
        }
        guard done.wait(timeout: .now() + timeout) == .success, let printed = line.withLock({ $0 }),
              let port = Self.port(of: printed) else {
            let text = line.withLock { $0 } ?? ""
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            let errors = (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: folder)
            throw CLI.LookupError(description: "serve printed no URL (stdout: \(text.debugDescription), stderr: \(errors))")
        }
        url = printed
        self.port = port
    }

    /// The port of a URL line `http://127.0.0.1:PORT/\n`.
    static func port(of line: String) -> Int? {
        guard line.hasSuffix("/\n"), let colon = line.lastIndex(of: ":") else { return nil }
        return Int(line[line.index(after: colon)...].dropLast(2))
    }

    /// What the server wrote on stderr so far.
    var stderr: String { (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "" }

    /// The rest of stdout, after the URL (read once the process has ended).
    func remainingStdout() -> String {
        String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    func get(_ target: String) throws -> LoopbackHTTP.Response { try LoopbackHTTP.request(target, port: port) }

    /// Sends `signal` and waits (at most 20 s) for the process to end; its status, or nil when
    /// it had to be killed (or ended by a signal). The folder is removed.
    @discardableResult
    func stop(signal: Int32 = SIGTERM) -> Int32? {
        defer { try? FileManager.default.removeItem(at: folder) }
        guard process.isRunning else { return process.terminationReason == .exit ? process.terminationStatus : nil }
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        process.waitUntilExit()
        return process.terminationReason == .exit ? process.terminationStatus : nil
    }

    deinit { if process.isRunning { stop() } }

    /// The local addresses (hex, as /proc/net/tcp and tcp6 write them) of the sockets listening on `port`.
    static func listeningAddresses(port: Int) -> [String] {
        var addresses: [String] = []
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            guard let text = try? String(contentsOfFile: table, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                // sl local_address rem_address st …; st 0A is LISTEN.
                guard fields.count > 3, fields[3] == "0A" else { continue }
                let local = fields[1].split(separator: ":")
                if local.count == 2, Int(local[1], radix: 16) == port { addresses.append(String(local[0])) }
            }
        }
        return addresses
    }
}
