import Foundation
import Reflow
import ReflowKit
import Testing

@Suite struct DocumentReaderTests {
    @Test func readsAFileWhole() throws {
        let folder = try OutputFileTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("doc.txt").path
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 % 26 + 97) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try DocumentReader().bytes(of: path) == bytes)
        #expect(try DocumentReader(maximumBytes: 300_000).bytes(of: path) == bytes, "exactly the limit is fine")
        #expect(throws: InputError.tooLarge(path: path, limit: 299_999, size: 300_000)) {
            try DocumentReader(maximumBytes: 299_999).bytes(of: path)
        }
    }

    @Test func anEndlessDeviceStopsAtTheLimit() throws {
        #expect(throws: InputError.tooLarge(path: "/dev/zero", limit: 5 << 20, size: nil)) {
            try DocumentReader(maximumBytes: 5 << 20).bytes(of: "/dev/zero")
        }
    }

    @Test func aPipeIsReadToItsEnd() throws {
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        let text = String(repeating: "pipe ", count: 50_000)
        let (readEnd, writeEnd) = (descriptors[0], descriptors[1])
        let writer = Thread {
            var bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeMutableBytes { write(writeEnd, $0.baseAddress! + offset, $0.count - offset) }
                guard written > 0 else { break }
                offset += written
            }
            close(writeEnd)
        }
        writer.start()
        defer { close(readEnd) }
        #expect(try DocumentReader().text(of: "/proc/self/fd/\(readEnd)").text == text)
    }

    @Test func errorsSayWhatWasWrong() throws {
        let folder = try OutputFileTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("nope.md").path
        #expect(throws: InputError.notFound(path: missing)) { try DocumentReader().bytes(of: missing) }
        #expect(throws: InputError.isDirectory(path: folder.path)) { try DocumentReader().bytes(of: folder.path) }
        #expect("\(InputError.tooLarge(path: "big.txt", limit: 256 << 20, size: 300 << 20))"
            == "'big.txt' is 300 MiB larger than the input limit of 256 MiB; raise it with --max-input (e.g. --max-input 1G) if the document is meant to be this long")
    }

    /// A byte order mark is no part of the text, in plain text as in Markdown (cmark drops it).
    @Test func aByteOrderMarkIsDroppedInEveryFormat() throws {
        let folder = try OutputFileTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["doc.txt", "doc.md"] {
            let path = folder.appendingPathComponent(name).path
            try Data([0xEF, 0xBB, 0xBF] + Array("Hello".utf8)).write(to: URL(fileURLWithPath: path))
            let (document, text) = try DocumentReader().document(at: path)
            #expect(text.hadByteOrderMark, "\(name)")
            #expect(document.blocks.map(\.text.string) == ["Hello"], "\(name)")
        }
        // The offset of a bad byte is still the file's offset.
        let text = DocumentText(bytes: [0xEF, 0xBB, 0xBF, 0x61, 0xFF])
        #expect(text.text == "a\u{FFFD}")
        #expect(text.firstInvalidByte == 4)
    }
}
