import Foundation
import TestSupport
import Testing

/// Runs the built `reflow-cli` end to end and captures what it prints.
enum CLI {
    struct Result: CustomStringConvertible {
        var status: Int32
        /// The process ended by a signal (a crash, a trap) instead of exiting.
        var crashed: Bool
        var stdout: Data
        var stderr: String
        var output: String { String(decoding: stdout, as: UTF8.self) }
        /// stderr's lines, without the empty piece after a final line feed.
        var stderrLines: [Substring] {
            var lines = stderr.split(separator: "\n", omittingEmptySubsequences: false)
            if stderr.hasSuffix("\n") { lines.removeLast() }
            return lines
        }
        /// `stderrLines` without the progress lines a run whose stderr is not a terminal writes
        /// once its work has taken a second ("rendering: 40%"): how many depends on the
        /// machine's speed, so tests read the messages.
        var messageLines: [Substring] { stderrLines.filter { !Self.isProgress($0) } }

        static func isProgress(_ line: Substring) -> Bool {
            guard let colon = line.lastIndex(of: ":"), line.hasSuffix("%") else { return false }
            let number = line[line.index(after: colon)...].dropFirst().dropLast()
            return line[colon...].hasPrefix(": ") && !number.isEmpty && number.allSatisfy(\.isNumber)
        }
        var description: String { "status \(status)\(crashed ? " (signal)" : ""), stderr: \(stderr)" }
    }

    /// The repository's root, from this file's path (Tests/CLITests/CLI.swift).
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    struct LookupError: Error, CustomStringConvertible { let description: String }

    /// The `reflow-cli` built with these tests: in the products folder that holds the test bundle
    /// (`swift test --scratch-path X` puts both in X/<triple>/debug). `REFLOW_CLI` overrides.
    static func executable() throws -> URL {
        if let explicit = ProcessInfo.processInfo.environment["REFLOW_CLI"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        var folders: [URL] = []
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            folders.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
        }
        folders.append(Bundle.main.bundleURL)
        if let url = Bundle.main.executableURL { folders.append(url.deletingLastPathComponent()) }
        if let first = CommandLine.arguments.first, first.contains("/") {
            folders.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        folders += Bundle.allBundles.map(\.bundleURL)
        var candidates: [URL] = []
        for folder in folders {
            candidates.append(folder.appendingPathComponent("reflow-cli"))
            // An .xctest bundle folder (the macOS layout) sits inside the products folder.
            candidates.append(folder.deletingLastPathComponent().appendingPathComponent("reflow-cli"))
        }
        for candidate in candidates {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate.standardizedFileURL
            }
        }
        throw LookupError(description: "reflow-cli not found next to the test bundle; looked at "
            + candidates.map(\.path).joined(separator: ", ") + "; build it or set REFLOW_CLI")
    }

    /// Runs `reflow-cli arguments…` with stdin empty (or read from the file `input`), stopping it
    /// after `timeout` seconds (a hang is a failure).
    /// - Parameters:
    ///   - directory: the working directory (default: this process's).
    ///   - environment: variables set (or, with nil, removed) on top of this process's.
    ///   - redirections: shell redirections applied to the command (through `/bin/sh`'s `exec`),
    ///     after stdout and stderr are set to be captured: `>/dev/full` (stdout on a full device),
    ///     `>&-` (stdout closed), `2>/dev/full`. What they take away is not captured.
    static func run(_ arguments: [String], input: URL? = nil, timeout: TimeInterval = 120, directory: URL? = nil,
                    environment: [String: String?] = [:], redirections: String? = nil,
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> Result {
        let executable: String, commandLine: [String]
        if let redirections {
            executable = "/bin/sh"
            commandLine = ["-c", "exec \"$0\" \"$@\" \(redirections)", try Self.executable().path] + arguments
        } else {
            executable = try Self.executable().path
            commandLine = arguments
        }
        let output = try ChildProcess.run(executable, commandLine, input: input, timeout: timeout, directory: directory,
                                          environment: environment)
        if output.timedOut {
            Issue.record("reflow-cli \(arguments.joined(separator: " ")) ran longer than \(timeout) s",
                         sourceLocation: sourceLocation)
        }
        return Result(status: output.status, crashed: output.crashed, stdout: output.stdout, stderr: output.stderrText)
    }

    /// A fresh temporary folder; the caller removes it.
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("reflow-cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ bytes: [UInt8], to name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    static func write(_ text: String, to name: String, in folder: URL) throws -> String {
        try write(Array(text.utf8), to: name, in: folder)
    }
}
