import Foundation

/// Runs a program as a child process and collects what it prints: the one runner behind the
/// CLI tests' `CLI.run` and the suites that run outside tools (peers, Pango, Pyphen, validators).
public enum ChildProcess {
    public struct Output: Sendable {
        public var status: Int32
        /// The process ended by a signal (a crash, a trap, or the kill after `timeout`).
        public var crashed: Bool
        /// The process ran longer than the timeout and was stopped.
        public var timedOut: Bool
        public var stdout: Data
        public var stderr: Data
        public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
        /// Exited with status 0.
        public var succeeded: Bool { !crashed && !timedOut && status == 0 }
    }

    /// Runs `executable arguments…` with stdin empty (or read from the file `input`) and waits for
    /// it; after `timeout` seconds (if given) it is sent SIGTERM, and SIGKILL 5 s later, so none
    /// outlives its test.
    /// - Parameters:
    ///   - directory: the working directory (default: this process's).
    ///   - environment: variables set (or, with nil, removed) on top of this process's.
    public static func run(_ executable: String, _ arguments: [String], input: URL? = nil, timeout: TimeInterval? = nil,
                           directory: URL? = nil, environment: [String: String?] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty {
            var variables = ProcessInfo.processInfo.environment
            for (name, value) in environment { variables[name] = value }
            process.environment = variables
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reflow-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Files, not pipes: nothing can block on a full pipe, however much is printed.
        let out = folder.appendingPathComponent("stdout"), err = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: out), errHandle = try FileHandle(forWritingTo: err)
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = try input.map { try FileHandle(forReadingFrom: $0) } ?? FileHandle.nullDevice
        try process.run()
        var timedOut = false
        if let timeout {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning, Date() < deadline { usleep(5_000) }
            if process.isRunning {
                timedOut = true
                process.terminate()
                // A process that ignores SIGTERM (or is deep in a read) is killed.
                let grace = Date().addingTimeInterval(5)
                while process.isRunning, Date() < grace { usleep(5_000) }
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            }
        }
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        return Output(status: process.terminationStatus, crashed: process.terminationReason == .uncaughtSignal, timedOut: timedOut,
                      stdout: try Data(contentsOf: out), stderr: try Data(contentsOf: err))
    }
}
