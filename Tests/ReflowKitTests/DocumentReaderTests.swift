import Foundation
import Reflow
import Readers
import ReflowKit
import Testing
import TestSupport

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

    /// Issue 24 row 4: a large screen file (read lazily, cell by cell, as it is laid out) that is
    /// truncated once read still reads as its bytes did: its cells, their places in the file, a
    /// bad cell's error; the input limit still holds. Mapped, as it was, the first cell read
    /// after the truncation ended the process with SIGBUS.
    @Test func aLargeScreenFileTruncatedAfterReadingReadsAsItsBytesDid() throws {
        let folder = try OutputFileTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("grid.json").path
        var cells = (0..<40_000).map { "{\"text\": \"Cell \($0)\", \"style\": \"body\"}" }
        cells[39_000] = "{\"text\": \"Bad\", \"style\": \"gigantic\"}"
        let json = """
            {"sections": [{"group": {"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}},
                                     "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}}]},
                           "cells": [\(cells.joined(separator: ",\n"))]}]}
            """
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        #expect(json.utf8.count >= 1 << 20, "large enough to have been mapped")
        let truncated = try DocumentReader().layoutInput(at: path)
        #expect(truncate(path, 0) == 0)
        let read = try LayoutInput(bytes: Array(json.utf8), format: .screen)
        #expect(truncated.content.cellCount == 40_000)
        for item in [0, 7, 20_000, 39_999] {
            let indexPath = IndexPath(item: item, section: 0)
            #expect(try truncated.content.cell(at: indexPath) == read.content.cell(at: indexPath))
            #expect(truncated.source?(indexPath) == read.source?(indexPath))
        }
        #expect(truncated.source?(IndexPath(item: 7, section: 0))?.line == 10, "cell 0 is on line 3, one cell a line")
        func failure(_ input: LayoutInput) -> String {
            do {
                _ = try input.content.cell(at: IndexPath(item: 39_000, section: 0))
                return "none"
            } catch {
                return "\(error)"
            }
        }
        #expect(failure(truncated).hasPrefix("sections[0].cells[39000].style: unknown text style \"gigantic\""))
        #expect(failure(truncated) == failure(read))
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: InputError.tooLarge(path: path, limit: 1 << 20, size: json.utf8.count)) {
            try DocumentReader(maximumBytes: 1 << 20).layoutInput(at: path)
        }
    }

    /// Issue 24 row 8: cmark-gfm makes its whole tree before a cell can be counted, a node of
    /// nearly every line end and markup character (20 MB of empty list items took 4.9 GB), so a
    /// Markdown document with more of them than the input limit allows (one per 32 bytes) is
    /// refused before it is parsed. Real READMEs hold 3 to 16 % of such bytes: each of the corpus's
    /// is read under a limit of eight times its size, where a list of empty items twice as short is not.
    @Test func markdownMarkupBeyondTheLimitIsRefusedBeforeParsing() throws {
        let folder = try OutputFileTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let corpus = Fixtures.repository.appendingPathComponent("Tests/Corpus/markdown")
        let readmes = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".md") }
        #expect(readmes.count >= 10)
        for name in readmes {
            let path = corpus.appendingPathComponent(name).path
            let size = try DocumentReader().bytes(of: path).count
            let marks = DocumentReader.markdownMarks(in: try DocumentReader().bytes(of: path))
            #expect(Double(marks) < 0.2 * Double(size), "\(name): \(marks) marks in \(size) bytes")
            _ = try DocumentReader(maximumBytes: max(8 * size, 64 << 10)).layoutInput(at: path)
        }
        let path = folder.appendingPathComponent("empties.md").path
        try Data(String(repeating: "-\n", count: 40_000).utf8).write(to: URL(fileURLWithPath: path))
        #expect(DocumentReader.markdownMarks(in: try DocumentReader().bytes(of: path)) == 80_000)
        #expect(throws: InputError.tooMuchMarkup(path: path, marks: 80_000, limit: 5_000, inputLimit: 160_000)) {
            try DocumentReader(maximumBytes: 160_000).layoutInput(at: path)
        }
        // The same bytes as plain text are lines, not markup: the cell limit is theirs.
        let text = folder.appendingPathComponent("empties.txt").path
        try Data(String(repeating: "-\n", count: 40_000).utf8).write(to: URL(fileURLWithPath: text))
        _ = try DocumentReader(maximumBytes: 160_000).layoutInput(at: text)
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
            == "'big.txt' is 300 MiB, more than the input limit of 256 MiB; raise the limit (DocumentReader's maximumBytes) if the document is meant to be this long")
    }

    /// Issue 24 row 13: where only a regular file is read (goldens, a height cache's document),
    /// a FIFO is refused at once, with its path, not waited on for a writer that never comes.
    @Test func onlyRegularFilesWhereOnlyRegularFilesAreRead() throws {
        let folder = try OutputFileTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("golden.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: InputError.notARegularFile(path: fifo, kind: "a FIFO (named pipe)")) {
            try DocumentReader().bytes(ofRegularFile: fifo)
        }
        #expect(throws: InputError.notARegularFile(path: "/dev/zero", kind: "a character device")) {
            try DocumentReader().bytes(ofRegularFile: "/dev/zero")
        }
        let file = folder.appendingPathComponent("doc.txt").path
        try Data("text".utf8).write(to: URL(fileURLWithPath: file))
        #expect(try DocumentReader().bytes(ofRegularFile: file) == Array("text".utf8))
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
