import Foundation
import Reflow
import Readers
import ReflowKit
import Testing
import TestSupport
import TextMetrics
#if canImport(Glibc)
import Glibc
#endif

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
            let marks = try DocumentReader().bytes(of: path).withUnsafeBufferPointer { MarkdownBounds.marks(in: $0) }
            #expect(Double(marks) < 0.2 * Double(size), "\(name): \(marks) marks in \(size) bytes")
            _ = try DocumentReader(maximumBytes: max(8 * size, 64 << 10)).layoutInput(at: path)
        }
        let path = folder.appendingPathComponent("empties.md").path
        try Data(String(repeating: "-\n", count: 40_000).utf8).write(to: URL(fileURLWithPath: path))
        #expect(try DocumentReader().bytes(of: path).withUnsafeBufferPointer { MarkdownBounds.marks(in: $0) } == 80_000)
        #expect(throws: InputError.tooMuchMarkup(path: path, marks: 80_000, limit: 5_000, inputLimit: 160_000)) {
            try DocumentReader(maximumBytes: 160_000).layoutInput(at: path)
        }
        // The same bytes as plain text are lines, not markup: the cell limit is theirs.
        let text = folder.appendingPathComponent("empties.txt").path
        try Data(String(repeating: "-\n", count: 40_000).utf8).write(to: URL(fileURLWithPath: text))
        _ = try DocumentReader(maximumBytes: 160_000).layoutInput(at: text)
    }

    /// cmark-gfm 0.29.0.gfm.6 (Debian 12's) gives every body row of a pipe table the header's
    /// columns and appends a row's cells one walk of the row each: a 60 KB table of 10,000 columns
    /// and 10,000 one-cell rows took over 6 GB, and a 200 KB header row of 50,000 cells 6 s. The
    /// scan before parsing bounds both (cells, and steps of n²/2 a row of n cells), never below
    /// what the parser makes.
    @Test func markdownTablesAreCountedBeforeParsing() throws {
        func tables(_ text: String) -> DocumentReader.MarkdownTables { Array(text.utf8).withUnsafeBufferPointer { MarkdownTables(counting: $0) } }
        // One table: the header and each row get the header's columns.
        let plain = tables("Intro\n\n| a | b | c |\n|---|:-:|--:|\n| 1 | 2 | 3 |\n| 4 |\n\nAfter | pipes\n")
        #expect(plain.cells == 9 && plain.steps == 4 + 4 + 4 + 4 && plain.line == 4 && plain.columns == 3 && plain.rows == 2)
        // In a block quote, with CR and CR LF line ends; a quote's blank line ends it.
        let quoted = tables("> | a | b |\r> |---|---|\r\n> | 1 | 2 |\n>\n> not a row\n")
        #expect(quoted.cells == 4 && quoted.rows == 1 && quoted.columns == 2)
        // cmark-gfm's own pathological input (its test suite's "tables"), one-column tables: a
        // cell a line, which the cell and mark limits count. Empty list items look alike.
        let pathological = tables(String(repeating: "aaa\rbbb\n-\u{0B}\n", count: 1_000))
        #expect(pathological.line == 3 && pathological.columns == 1 && pathological.rows == 2_997 && pathological.cells == 0)
        #expect(tables(String(repeating: "-\n", count: 100)).cells == 0)
        // A heading's underline before a wide table does not hide the table: its rows count wide.
        let hidden = tables("Title\n-----\n" + "|" + String(repeating: "a|", count: 300) + "\n|" + String(repeating: "-|", count: 300)
                            + "\n" + String(repeating: "a\n", count: 300))
        #expect(hidden.cells >= 300 * 301 && hidden.columns == 300)
        // No delimiter row, no table; a delimiter row after a blank line has no header.
        #expect(tables("| a | b |\n| 1 | 2 |\n\n|---|---|\n| 3 | 4 |\n").cells == 0)

        let folder = try OutputFileTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 300 columns and 300 one-cell rows: 2.4 KB that would be 90,300 cells.
        let padded = folder.appendingPathComponent("padded.md").path
        try Data(("|" + String(repeating: "a|", count: 300) + "\n|" + String(repeating: "-|", count: 300) + "\n"
                  + String(repeating: "a\n", count: 300)).utf8).write(to: URL(fileURLWithPath: padded))
        let expected = tables(try String(contentsOfFile: padded, encoding: .utf8))
        #expect(expected.cells == 90_300 && expected.line == 2 && expected.columns == 300 && expected.rows == 300)
        #expect(throws: InputError.tooCostlyTables(path: padded, tables: expected, inputLimit: 1 << 20)) {
            try DocumentReader(maximumBytes: 1 << 20).layoutInput(at: padded)
        }
        // One header row of 3,000 cells (12 KB): 9,000,000 steps, beyond 1 MiB's 2,097,152.
        let wide = folder.appendingPathComponent("wide.md").path
        try Data(("|" + String(repeating: "a|", count: 3_000) + "\n|" + String(repeating: "-|", count: 3_000) + "\n").utf8)
            .write(to: URL(fileURLWithPath: wide))
        let wideTables = tables(try String(contentsOfFile: wide, encoding: .utf8))
        #expect(wideTables.steps == 9_000_000 && wideTables.cells == 3_000)
        #expect(throws: InputError.tooCostlyTables(path: wide, tables: wideTables, inputLimit: 1 << 20)) {
            try DocumentReader(maximumBytes: 1 << 20).layoutInput(at: wide)
        }
        #expect(InputError.tooCostlyTables(path: wide, tables: wideTables, inputLimit: 1 << 20).problem
                == "'\(wide)' has Markdown table rows too wide to parse (line 2 starts a table of 3,000 columns and 0 rows): the "
                + "Markdown parser takes time growing with the square of a row's cells, 9,000,000 steps here, more than the 2,097,152 "
                + "the input limit of 1 MiB allows (2 per byte of it, about 1.3 s at 256 MiB)")
        // Under the limit that takes them, both are read.
        _ = try DocumentReader(maximumBytes: InputError.inputLimit(for: wideTables)).layoutInput(at: wide)
        _ = try DocumentReader(maximumBytes: InputError.inputLimit(for: expected)).layoutInput(at: padded)
        // The corpus's 17 tables are far inside what their own size allows.
        let corpus = Fixtures.repository.appendingPathComponent("Tests/Corpus/markdown")
        var found = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: corpus.path) where name.hasSuffix(".md") {
            let bytes = try DocumentReader().bytes(of: corpus.appendingPathComponent(name).path)
            let counted = bytes.withUnsafeBufferPointer { MarkdownTables(counting: $0) }
            found += counted.line > 0 ? 1 : 0
            #expect(counted.cells * DocumentReader.bytesPerCell < 8 * bytes.count && counted.steps < bytes.count, "\(name): \(counted)")
        }
        #expect(found >= 5)
    }

    /// Issue 36 row 5: a document is a regular file (or standard input, named `-`). A FIFO with
    /// no writer, a pipe, a device and a socket are refused at once by every method that reads a
    /// document, before a byte is read, and without waiting in `open()` for a writer, saying what
    /// they are and what to do. (Before, a FIFO waited for a writer forever, a pipe was read
    /// until it ended and /dev/zero up to the input limit.)
    @Test(.timeLimit(.hangGuard)) func aDocumentThatIsNotARegularFileIsRefusedAtOnce() throws {
        let folder = try OutputFileTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("doc.md").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // Should a reading wait for a writer (the failure this test is for), one comes every
        // 5 s and closes at once: the reading ends, with no error, and the test fails.
        let done = Locked(false)
        Thread.detachNewThread {
            while !done.withLock({ $0 }) {
                usleep(5_000_000)
                let writer = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
                if writer >= 0 { close(writer) }
            }
        }
        defer { done.withLock { $0 = true } }
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        close(ends[1])  // a pipe at its end: read, it would be an empty document
        defer { close(ends[0]) }
        let socketPath = folder.appendingPathComponent("socket.md").path
        let socket = Self.listeningSocket(at: socketPath)
        defer { close(socket) }
        let pipePath = "/proc/self/fd/\(ends[0])"
        let refused = [(fifo, "a FIFO (named pipe)"), (pipePath, "a FIFO (named pipe)"), ("/dev/zero", "a character device"),
                       (socketPath, "a socket")]
        for (path, kind) in refused {
            let error = InputError.notARegularFile(path: path, kind: kind)
            #expect(throws: error, "\(path)") { try DocumentReader().bytes(of: path) }
            #expect(throws: error, "\(path)") { try DocumentReader().text(of: path) }
            #expect(throws: error, "\(path)") { try DocumentReader().layoutInput(at: path) }
            #expect(throws: error, "\(path)") { try DocumentReader().document(at: path) }
            #expect(throws: error, "\(path)") { try DocumentReader().paragraphs(of: path) }
        }
        #expect("\(InputError.notARegularFile(path: "doc.md", kind: "a FIFO (named pipe)"))"
            == "'doc.md' is a FIFO (named pipe), not a regular file; save the document to a file, or give '-' and pipe it to standard input")
    }

    /// A Unix socket listening at `path`, as a server leaves one.
    static func listeningSocket(at path: String) -> Int32 {
        let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0 && listen(descriptor, 1) == 0, "a socket at \(path)")
        return descriptor
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

    /// Issue 36 row 11: a file that is not text is refused before it is read as text, by what it
    /// is: a kind known by its signature, binary by a NUL in its first 8 KiB (as git decides),
    /// UTF-16 by its byte order mark. A NUL later is replaced with U+FFFD and counted, as the
    /// Markdown reader does for text given to it directly.
    @Test func aFileThatIsNotTextIsRefusedBeforeItIsReadAsText() throws {
        let folder = try OutputFileTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = Array("# Title\n\nSome words.\n".utf8)
        var nul = Array(String(repeating: "a", count: 200).utf8)
        nul[100] = 0
        let cases: [(name: String, bytes: [UInt8], content: InputError.Content?)] = [
            ("picture.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8), .signature("a PNG image")),
            ("picture.md", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8), .signature("a PNG image")),
            ("paper.txt", Array("%PDF-1.7\n%\u{E2}\u{E3}\n1 0 obj\n".utf8), .signature("a PDF file")),
            ("notes.md.gz", [0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03], .signature("a gzip file")),
            ("photo.md", [0xFF, 0xD8, 0xFF, 0xE0] + Array("JFIF".utf8), .signature("a JPEG image")),
            ("anim.md", Array("GIF89a".utf8) + [1, 0, 1, 0], .signature("a GIF image")),
            ("image.md", Array("RIFF".utf8) + [4, 0, 0, 0] + Array("WEBPVP8 ".utf8), .signature("a WebP image")),
            ("archive.md", [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00], .signature("a ZIP archive")),
            ("nul.md", nul, .nulByte(offset: 100)),
            ("utf16.txt", [0xFF, 0xFE] + Array("Hi".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, .encoding("UTF-16 (little-endian)")),
            ("utf16be.txt", [0xFE, 0xFF] + Array("Hi".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }, .encoding("UTF-16 (big-endian)")),
            ("utf32.txt", [0xFF, 0xFE, 0, 0, 0x48, 0, 0, 0], .encoding("UTF-32 (little-endian)")),
            // Text: UTF-8 with or without a mark, Latin-1 (invalid UTF-8, replaced), a NUL past 8 KiB.
            ("doc.md", text, nil),
            ("marked.md", [0xEF, 0xBB, 0xBF] + text, nil),
            ("latin1.txt", Array("caf".utf8) + [0xE9, 0x0A], nil),
            ("late-nul.md", Array(repeating: UInt8(ascii: "a"), count: DocumentReader.binaryWindow) + [0, 0x0A], nil),
        ]
        for (name, bytes, content) in cases {
            let path = folder.appendingPathComponent(name).path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            #expect(DocumentReader.content(of: bytes) == content, "\(name)")
            guard let content else {
                #expect(throws: Never.self, "\(name)") { _ = try DocumentReader().layoutInput(at: path) }
                #expect(throws: Never.self, "\(name)") { _ = try DocumentReader().text(of: path) }
                continue
            }
            let error = InputError.notADocument(path: path, content: content)
            #expect(throws: error, "\(name)") { try DocumentReader().layoutInput(at: path) }
            #expect(throws: error, "\(name)") { try DocumentReader().text(of: path) }
            #expect(throws: error, "\(name)") { try DocumentReader().document(at: path) }
            #expect(throws: error, "\(name)") { try DocumentReader().paragraphs(of: path) }
            // The bytes themselves are still the bytes (a golden, a height cache's key).
            #expect(try DocumentReader().bytes(of: path) == bytes)
        }
        let late = try DocumentReader().text(of: folder.appendingPathComponent("late-nul.md").path)
        #expect(late.nulCount == 1 && late.text.hasSuffix("a\u{FFFD}\n"))
        #expect(try DocumentReader().document(at: folder.appendingPathComponent("doc.md").path).document.blocks.map(\.text.string)
            == ["Title", "Some words."])
        // What each says.
        #expect("\(InputError.notADocument(path: "welcome-xxxl.png", content: .signature("a PNG image")))"
            == "'welcome-xxxl.png' is a PNG image, not a document (Markdown, text or a screen file)")
        #expect("\(InputError.notADocument(path: "x.md", content: .nulByte(offset: 100)))"
            == "'x.md' is binary (a NUL byte at offset 100), not a document (Markdown, text or a screen file)")
        #expect("\(InputError.notADocument(path: "x.txt", content: .encoding("UTF-16 (little-endian)")))"
            == "'x.txt' is text in UTF-16 (little-endian), not UTF-8; save it as UTF-8")
        // The library's readers keep replacing NULs in text given to them directly.
        #expect(try Document(markdown: "a\u{0}b").blocks.map(\.text.string) == ["a\u{FFFD}b"])
    }
}
