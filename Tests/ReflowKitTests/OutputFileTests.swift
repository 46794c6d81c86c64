import Foundation
import ReflowKit
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite struct OutputFileTests {
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("reflowkit-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func names(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func writesANewFileWholeAndLeavesNothingElse() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out.json").path
        let file = try OutputFile(path: path)
        #expect(file.kind == .replaced)
        let writer = try file.open()
        try writer.write("{\"a\": ")
        #expect(try Self.names(in: folder).isEmpty, "nothing has a name before commit")
        try writer.write("1}\n")
        try writer.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"a\": 1}\n")
        #expect(try Self.names(in: folder) == ["out.json"])
    }

    @Test func aDashIsStandardOutput() throws {
        #expect(try OutputFile(path: "-").kind == .standardOutput)
        #expect(try OutputFile(path: "./-").kind == .replaced, "a file named '-' is reached as ./-")
    }

    @Test func aWriterDroppedWithoutCommitLeavesTheOldFile() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out.txt").path
        try "old".write(toFile: path, atomically: false, encoding: .utf8)
        do {
            let writer = try OutputFile(path: path).open()
            try writer.write("new, but never committed")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
        #expect(try Self.names(in: folder) == ["out.txt"])
    }

    @Test func replacingKeepsTheFilesPermissions() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("script.sh").path
        try "old".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o750)
        try OutputFile(path: path).write(Data("new".utf8))
        var status = stat()
        stat(path, &status)
        #expect(status.st_mode & 0o7777 == 0o750)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
    }

    @Test func aSymbolicLinkIsFollowedAndStaysALink() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("real"), withIntermediateDirectories: false)
        let target = folder.appendingPathComponent("real/file.txt").path
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        let link = folder.appendingPathComponent("link.txt").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real/file.txt")
        // A link to a link: both stay links.
        let second = folder.appendingPathComponent("second.txt").path
        try FileManager.default.createSymbolicLink(atPath: second, withDestinationPath: "link.txt")
        try OutputFile(path: second).write(Data("new".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real/file.txt")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: second) == "link.txt")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
        #expect(try Self.names(in: folder.appendingPathComponent("real")) == ["file.txt"])
    }

    @Test func aDanglingLinkCreatesItsTarget() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("link.txt").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "made.txt")
        try OutputFile(path: link).write(Data("made".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "made.txt")
        #expect(try String(contentsOfFile: folder.appendingPathComponent("made.txt").path, encoding: .utf8) == "made")
    }

    @Test func aLinkLoopIsAnError() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = folder.appendingPathComponent("a").path, b = folder.appendingPathComponent("b").path
        try FileManager.default.createSymbolicLink(atPath: a, withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: b, withDestinationPath: "a")
        #expect(throws: OutputError.symlinkLoop(path: a)) { try OutputFile(path: a) }
    }

    @Test func aDeviceIsWrittenThroughNotReplaced() throws {
        let file = try OutputFile(path: "/dev/null")
        #expect(file.kind == .writtenThrough)
        try file.write(Data("discarded".utf8))
        var status = stat()
        #expect(lstat("/dev/null", &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFCHR, "/dev/null is still a character device")
    }

    @Test func aFIFOIsWrittenThrough() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(path, 0o600) == 0)
        let received = ReceivedBytes()
        let reader = Thread {
            let descriptor = open(path, O_RDONLY)
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                guard count > 0 else { break }
                bytes += buffer[0..<count]
            }
            close(descriptor)
            received.value = Data(bytes)
        }
        reader.start()
        try OutputFile(path: path).write(Data("through the pipe".utf8))
        while received.value == nil { usleep(1_000) }
        #expect(received.value == Data("through the pipe".utf8))
        var status = stat()
        lstat(path, &status)
        #expect(status.st_mode & S_IFMT == S_IFIFO, "the FIFO is still a FIFO")
    }

    final class ReceivedBytes: @unchecked Sendable {
        var value: Data?
    }

    @Test func noSpaceLeftIsSaidSo() throws {
        let file = try OutputFile(path: "/dev/full")
        #expect(throws: OutputError.noSpace(path: "/dev/full", folder: "/dev")) { try file.write(Data(count: 4096)) }
    }

    @Test func anInputIsNeverReplaced() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("doc.md").path
        try "# Doc".write(toFile: input, atomically: false, encoding: .utf8)
        let hardLink = folder.appendingPathComponent("hard.md").path
        #expect(link(input, hardLink) == 0)
        let symbolic = folder.appendingPathComponent("soft.md").path
        try FileManager.default.createSymbolicLink(atPath: symbolic, withDestinationPath: "doc.md")
        for path in [input, hardLink, symbolic] {
            #expect(throws: OutputError.wouldReplaceInput(path: path, input: input)) {
                try OutputFile(path: path, protecting: [input])
            }
        }
        #expect(try String(contentsOfFile: input, encoding: .utf8) == "# Doc")
    }

    @Test func folderErrorsNameTheCause() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("none/out.png").path
        #expect(throws: OutputError.folderMissing(path: missing, folder: folder.appendingPathComponent("none").path)) {
            try OutputFile(path: missing)
        }
        let file = folder.appendingPathComponent("file").path
        try "x".write(toFile: file, atomically: false, encoding: .utf8)
        #expect(throws: OutputError.notAFolder(path: file + "/out.png", folder: file)) { try OutputFile(path: file + "/out.png") }
        #expect(throws: OutputError.isDirectory(path: folder.path)) { try OutputFile(path: folder.path) }
        let long = folder.appendingPathComponent(String(repeating: "x", count: 256)).path
        #expect(throws: OutputError.nameTooLong(path: long, bytes: 256, limit: 255)) { try OutputFile(path: long) }
        // 255 bytes is allowed: the temporary file has no name, or a short one.
        let longest = folder.appendingPathComponent(String(repeating: "y", count: 255)).path
        try OutputFile(path: longest).write(Data("ok".utf8))
        try OutputFile(path: longest).write(Data("again".utf8))
        #expect(try String(contentsOfFile: longest, encoding: .utf8) == "again")
    }
}
