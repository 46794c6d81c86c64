import Foundation
import Testing

/// Issue 24's rows about what reaches stdout and how the process ends, that need more than the
/// bad-input table's first line of stderr: a failing run prints nothing on stdout (row 9), a
/// reader that goes away ends the run as it ends other Unix tools (row 5), a screen file
/// truncated while it is read is an error or a whole layout, never SIGBUS (row 4).
@Suite struct StandardStreamTests {
    /// Row 9: `layout --category all` that fails at a size prints nothing on stdout, not the
    /// JSON's head and the sizes before (before: 117 bytes of JSON that does not parse, exit 1).
    @Test func aLayoutThatFailsPartWayPrintsNothing() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try Data(contentsOf: CLI.repository.appendingPathComponent("Examples/store.json"))
        try store.write(to: folder.appendingPathComponent("store.json"))
        let result = try CLI.run(["layout", "store.json", "--category", "all", "--width", "70", "--quiet"], directory: folder)
        #expect(!result.crashed && result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty, "stdout: \(result.output.prefix(200))")
        #expect(result.stderrLines.count == 1 && result.stderr.hasPrefix("reflow-cli: error: width 70 pt leaves no room for text"),
                "\(result.stderr)")
        // The same run at a width that fits prints the whole document.
        let whole = try CLI.run(["layout", "store.json", "--category", "all", "--quiet"], directory: folder)
        #expect(whole.status == 0, "\(whole)")
        let json = try JSONSerialization.jsonObject(with: whole.stdout) as? [String: Any]
        #expect((json?["layouts"] as? [Any])?.count == 12)
    }

    /// Row 5: `lines big.txt | head -1` ends by SIGPIPE, quietly, as `seq 1000000 | head -1`
    /// does, also when its parent ignores SIGPIPE (and would hand that down). Before: a write to
    /// the broken pipe trapped (SIGILL) with a backtrace on stderr.
    @Test(arguments: [false, true])
    func aReaderThatGoesAwayEndsTheRunQuietly(parentIgnoresSIGPIPE: Bool) throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        // About 150 KB of lines: more than a pipe holds, so the writer is still writing when the reader leaves.
        _ = try CLI.write(Array(repeating: "hello world hello world", count: 5_000).joined(separator: "\n\n"), to: "big.txt", in: folder)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", (parentIgnoresSIGPIPE ? "trap '' PIPE; " : "") + "exec \"$0\" \"$@\"", try CLI.executable().path,
                             "lines", "big.txt", "--width", "100"]
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        let errors = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let errorHandle = try FileHandle(forWritingTo: errors)
        process.standardOutput = pipe
        process.standardError = errorHandle
        try process.run()
        // Read the first line, then go away as `head -1` does.
        var first = Data()
        while !first.contains(0x0A), let chunk = try pipe.fileHandleForReading.read(upToCount: 1), !chunk.isEmpty {
            first.append(chunk)
        }
        try pipe.fileHandleForReading.close()
        process.waitUntilExit()
        try errorHandle.close()
        #expect(String(decoding: first, as: UTF8.self) == "hello world\n")
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGPIPE,
                "ended by \(process.terminationReason == .uncaughtSignal ? "signal" : "exit") \(process.terminationStatus)")
        #expect(try String(contentsOf: errors, encoding: .utf8) == "", "nothing on stderr")
    }

    /// Row 4: a screen file of more than 1 MiB truncated while `layout` reads it (truncated as
    /// soon as the process has it open, or mapped) ends in a whole layout or a clean error, and
    /// no partial output. Before, it was mapped and parsed lazily: the next read of a cell past
    /// the new end was SIGBUS.
    @Test func aScreenFileTruncatedWhileItIsReadIsAnErrorOrALayout() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("grid.json").path
        let cells = (0..<40_000).map { "{\"text\": \"Cell \($0)\", \"style\": \"body\"}" }
        let json = """
            {"sections": [{"group": {"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}},
                                     "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}}]},
                           "cells": [\(cells.joined(separator: ",\n"))]}]}
            """
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        let process = Process()
        process.executableURL = try CLI.executable()
        process.arguments = ["layout", "grid.json", "--viewport", "390x844", "--no-height-cache", "-o", "out.json", "--quiet"]
        process.currentDirectoryURL = folder
        let errors = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let errorHandle = try FileHandle(forWritingTo: errors)
        process.standardError = errorHandle
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let proc = "/proc/\(process.processIdentifier)"
        var truncated = false
        while process.isRunning, !truncated {
            let open = (try? FileManager.default.contentsOfDirectory(atPath: "\(proc)/fd"))?.contains {
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(proc)/fd/\($0)")) == path
            } ?? false
            let mapped = (try? String(contentsOfFile: "\(proc)/maps", encoding: .utf8))?.contains(path) ?? false
            if open || mapped { truncated = truncate(path, 0) == 0 }
        }
        process.waitUntilExit()
        try errorHandle.close()
        let stderr = try String(contentsOf: errors, encoding: .utf8)
        #expect(process.terminationReason == .exit, "ended by signal \(process.terminationStatus); stderr: \(stderr)")
        let output = folder.appendingPathComponent("out.json")
        if process.terminationStatus == 0 {
            #expect((try? JSONSerialization.jsonObject(with: Data(contentsOf: output))) != nil, "out.json is whole")
        } else {
            #expect(process.terminationStatus == 1)
            #expect(stderr.hasPrefix("reflow-cli: error: ") && stderr.split(separator: "\n").count == 1, "\(stderr)")
            #expect(!FileManager.default.fileExists(atPath: output.path), "no partial output")
        }
    }
}
