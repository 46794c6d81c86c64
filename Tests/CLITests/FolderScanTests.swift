import Foundation
import Testing

/// Issue 36, row 8: a folder scan (audit, check, the preview of a folder) reads the regular files
/// inside the folder only. A link to a file outside it is skipped with a warning naming the link
/// and where it leads (read with --follow-links); FIFOs, sockets, devices and dangling links are
/// skipped with a warning whatever the options; a link inside the folder to a file inside it is
/// read; a linked folder is not searched. A file named on the command line is not a scan.
@Suite struct FolderScanTests {
    /// In a scratch folder: `secret.md` beside `docs`, and in `docs` two documents, a link to one
    /// of them, a link out to `secret.md`, a link to /dev/zero, a FIFO with no writer, a dangling
    /// link, a link to the folder itself and a link out whose name is no document's.
    static func folder(_ body: (URL) throws -> Void) throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = FileManager.default
        try files.createDirectory(at: folder.appendingPathComponent("docs/sub"), withIntermediateDirectories: true)
        _ = try CLI.write("# The secret\n\nTOPSECRET words.\n", to: "secret.md", in: folder)
        _ = try CLI.write("# Hello\n\nA short document.\n", to: "docs/a.md", in: folder)
        _ = try CLI.write("Plain text inside.\n", to: "docs/sub/b.txt", in: folder)
        let docs = folder.appendingPathComponent("docs").path
        try files.createSymbolicLink(atPath: docs + "/in.md", withDestinationPath: "sub/b.txt")
        try files.createSymbolicLink(atPath: docs + "/out.md", withDestinationPath: "../secret.md")
        try files.createSymbolicLink(atPath: docs + "/zero.md", withDestinationPath: "/dev/zero")
        try files.createSymbolicLink(atPath: docs + "/gone.md", withDestinationPath: "nowhere.md")
        try files.createSymbolicLink(atPath: docs + "/loop", withDestinationPath: ".")
        try files.createSymbolicLink(atPath: docs + "/notes.pdf", withDestinationPath: "../secret.md")
        #expect(mkfifo(docs + "/pipe.md", 0o600) == 0)
        try body(folder)
    }

    /// The folder's real path (the scratch folder may be reached through a link, as /tmp can be).
    static func real(_ url: URL) -> String {
        guard let resolved = realpath(url.path, nil) else { return url.path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static let audit = ["audit", "docs", "--format", "json", "--category", "l", "--width", "390", "--max-input", "1M", "--quiet"]

    static func documents(_ result: CLI.Result) throws -> [String] {
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], "\(result)")
        return try #require(json["documents"] as? [[String: Any]], "\(result)").map { $0["file"] as? String ?? "" }
    }

    static func warnings(_ result: CLI.Result) -> [String] {
        result.messageLines.filter { $0.hasPrefix("reflow-cli: warning:") }.map(String.init)
    }

    static let follow = "; pass --follow-links to read files linked from outside a folder"

    @Test func aLinkOutOfTheFolderAndSpecialFilesAreSkippedWithAWarning() throws {
        try Self.folder { folder in
            let started = Date()
            let result = try CLI.run(Self.audit, timeout: 60, directory: folder)
            #expect(Date().timeIntervalSince(started) < 30, "/dev/zero is not read")
            #expect(result.status == 0 && !result.crashed, "\(result)")
            #expect(try Self.documents(result) == ["docs/a.md", "docs/in.md", "docs/sub/b.txt"], "regular files inside, and a link inside")
            #expect(Self.warnings(result) == [
                "reflow-cli: warning: skipped 'docs/gone.md': a link to 'nowhere.md', which does not exist",
                "reflow-cli: warning: skipped 'docs/out.md': a link to '\(Self.real(folder))/secret.md', outside the folder 'docs'" + Self.follow,
                "reflow-cli: warning: skipped 'docs/pipe.md': a FIFO (named pipe), not a regular file",
                "reflow-cli: warning: skipped 'docs/zero.md': a link to '/dev/zero', outside the folder 'docs'" + Self.follow,
            ], "\(result.stderr)")
            #expect(!result.output.contains("TOPSECRET") && !result.output.contains("secret.md"))
        }
    }

    /// --follow-links reads a file linked from outside; a device or a FIFO is never read, and a
    /// linked folder is still not searched.
    @Test func followLinksReadsFilesLinkedFromOutsideButNeverADeviceOrAFIFO() throws {
        try Self.folder { folder in
            let started = Date()
            let result = try CLI.run(Self.audit + ["--follow-links"], timeout: 60, directory: folder)
            #expect(Date().timeIntervalSince(started) < 30, "/dev/zero is not read")
            #expect(result.status == 0 && !result.crashed, "\(result)")
            #expect(try Self.documents(result) == ["docs/a.md", "docs/in.md", "docs/out.md", "docs/sub/b.txt"])
            #expect(Self.warnings(result) == [
                "reflow-cli: warning: skipped 'docs/gone.md': a link to 'nowhere.md', which does not exist",
                "reflow-cli: warning: skipped 'docs/pipe.md': a FIFO (named pipe), not a regular file",
                "reflow-cli: warning: skipped 'docs/zero.md': a link to '/dev/zero', a character device, not a regular file",
            ], "\(result.stderr)")
        }
    }

    /// check and the preview of a folder scan it the same way: nothing of the link out, the
    /// device or the FIFO is written, and each is warned about.
    @Test func checkAndThePreviewOfAFolderSkipTheSameFiles() throws {
        try Self.folder { folder in
            for (command, output) in [(["check", "docs", "--record", "--goldens", "g", "--category", "l", "--quiet"], "g"),
                                      (["preview", "docs", "-o", "out", "--format", "json", "--category", "l", "--quiet"], "out")] {
                let result = try CLI.run(command + ["--max-input", "1M"], timeout: 60, directory: folder)
                #expect(result.status == 0 && !result.crashed, "\(command[0]): \(result)")
                let warned = Self.warnings(result).map { $0.split(separator: "'")[1] }
                #expect(warned == ["docs/gone.md", "docs/out.md", "docs/pipe.md", "docs/zero.md"], "\(command[0]): \(result.stderr)")
                let written = try FileManager.default.subpathsOfDirectory(atPath: folder.appendingPathComponent(output).path)
                #expect(!written.isEmpty, "\(command[0])")
                for name in ["out", "zero", "pipe", "gone", "secret"] {
                    #expect(!written.contains { ($0 as NSString).lastPathComponent.hasPrefix(name) }, "\(command[0]) wrote \(written)")
                }
                let texts = written.compactMap { try? Data(contentsOf: folder.appendingPathComponent(output + "/" + $0)) }
                #expect(!texts.contains { String(decoding: $0, as: UTF8.self).contains("TOPSECRET") }, "\(command[0])")
            }
        }
    }

    /// A file named on the command line is not a scan: a link out of its folder is read as it
    /// always was, without a warning.
    @Test func aLinkNamedOnTheCommandLineIsReadAsBefore() throws {
        try Self.folder { folder in
            let result = try CLI.run(["audit", "docs/out.md", "docs/a.md", "--format", "json", "--category", "l", "--width", "390", "--quiet"],
                                     timeout: 60, directory: folder)
            #expect(result.status == 0 && !result.crashed, "\(result)")
            #expect(try Self.documents(result) == ["docs/out.md", "docs/a.md"])
            #expect(Self.warnings(result).isEmpty, "\(result.stderr)")
        }
    }
}
