import Foundation
import ReflowKit
import Testing
import TestSupport
import TextMetrics
@testable import PreviewServer

/// Issue 36 row 5: a FIFO put at the served document's path is refused at once, as images are
/// (opened without waiting for a writer, a regular file only). The page says why (the last good
/// version stays on show) and a later save of a regular file is read as a new version; reloading
/// never stops. Before, the reading waited in `open()` for a writer that never came, and the
/// watcher's queue with it: no save was read again.
@Suite(.timeLimit(.hangGuard)) struct DocumentSourceFIFOTests {
    /// A folder with `doc.md` in it; the caller removes it.
    static func folder() throws -> (folder: URL, document: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reflow-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let document = folder.appendingPathComponent("doc.md").path
        try Data("# First\n\nThe first version.\n".utf8).write(to: URL(fileURLWithPath: document))
        return (folder, document)
    }

    /// Puts a FIFO at `path` in one step (made beside it, renamed over it), as an editor's save is.
    static func swapInFIFO(at path: String) {
        let made = path + ".fifo"
        #expect(mkfifo(made, 0o600) == 0)
        #expect(rename(made, path) == 0)
    }

    /// Lets a reader waiting in `open()` for a writer of the FIFO at `path` go on (a writer opens
    /// and closes it at once), so that a test that failed does not leave a thread stuck.
    static func releaseReaders(of path: String) {
        let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        if descriptor >= 0 { close(descriptor) }
    }

    /// `body` on a thread of its own; its value, or nil when it did not return within `seconds`
    /// (then `release` runs, to end the wait, and the test fails).
    static func within<T: Sendable>(_ seconds: Double, release: () -> Void, _ body: @escaping @Sendable () -> T,
                                    sourceLocation: SourceLocation = #_sourceLocation) -> T? {
        let result = Locked<T?>(nil), done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else {
            Issue.record("still waiting after \(seconds) s (a reading blocked in open())", sourceLocation: sourceLocation)
            release()
            _ = done.wait(timeout: .now() + 10)
            return nil
        }
        return result.withLock { $0 }
    }

    @Test func aFIFOSwappedInIsAProblemAndALaterSaveIsANewVersion() throws {
        let (folder, document) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try DocumentSource(path: document, reader: DocumentReader(), describe: { "\($0)" })
        #expect(source.current.number == 1)

        Self.swapInFIFO(at: document)
        let failed = Self.within(20, release: { Self.releaseReaders(of: document) }) { source.reload() }
        #expect(failed?.number == 1, "the last good version stays on show")
        #expect(failed?.problem == "'doc.md' is a FIFO (named pipe), not a regular file; save the document as a regular file to show it again")
        #expect(failed?.input.content.cellCount == source.current.input.content.cellCount)

        // Saved again as a regular file (written beside it and renamed over the FIFO): read.
        try Data("# Second\n\nSaved again.\n\nWith a paragraph more.\n".utf8).write(to: URL(fileURLWithPath: document), options: .atomic)
        let saved = Self.within(20, release: { Self.releaseReaders(of: document) }) { source.reload() }
        #expect(saved?.number == 2)
        #expect(saved?.problem == nil)
        #expect(saved?.input.content.cellCount == 3)
    }

    /// A device at the path is refused the same way, never read (`/dev/zero` would give bytes
    /// up to the input limit).
    @Test func aDeviceLinkedInIsAProblemNotRead() throws {
        let (folder, document) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try DocumentSource(path: document, reader: DocumentReader(), describe: { "\($0)" })
        try FileManager.default.removeItem(atPath: document)
        try FileManager.default.createSymbolicLink(atPath: document, withDestinationPath: "/dev/zero")
        let failed = source.reload()
        #expect(failed.number == 1)
        #expect(failed.problem == "'doc.md' is a character device, not a regular file; save the document as a regular file to show it again")
    }

    /// Serving a FIFO is a clean error at once, not a wait before the server starts; standard
    /// input ('-') is refused too: the server reads the document again at each save.
    @Test func servingAFIFOOrStandardInputIsRefusedAtOnce() throws {
        let (folder, document) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.removeItem(atPath: document)
        #expect(mkfifo(document, 0o600) == 0)
        let message = Self.within(20, release: { Self.releaseReaders(of: document) }) { () -> String? in
            do {
                _ = try DocumentSource(path: document, reader: DocumentReader(), describe: { "\($0)" })
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect((message ?? nil) == "'\(document)' is a FIFO (named pipe), not a regular file; save the document to a file and serve that")
        let standardInput = #expect(throws: (any Error).self) {
            try DocumentSource(path: "-", reader: DocumentReader(), describe: { "\($0)" })
        }
        #expect(standardInput.map { "\($0)" }
            == "serve reads the document again each time it is saved, and standard input ('-') only once: give the document's file")
    }

    /// Through a running server: the page's /info.json says what is wrong while the FIFO is
    /// there, and shows the next save; the server answers throughout.
    @Test func aRunningServerShowsTheProblemAndPicksUpTheNextSave() throws {
        let running = try PreviewServerTests.Running()
        let document = running.document.path
        defer {
            Self.releaseReaders(of: document)
            running.stop()
        }
        Self.swapInFIFO(at: document)
        let problem = try Self.info(of: running, until: { $0.contains("is a FIFO (named pipe), not a regular file") })
        #expect(problem?.contains(#""version": 1, "problem": "'welcome.md' is a FIFO (named pipe), not a regular file; "#) == true,
                "\(problem ?? "no answer")")
        #expect(try running.get("/render.png").status == 200, "the last good version is still drawn")

        try Data("# Saved\n\nA regular file again.\n".utf8).write(to: running.document, options: .atomic)
        let saved = try Self.info(of: running, until: { $0.contains(#""version": 2"#) })
        #expect(saved?.contains(#"{"document": "welcome.md", "version": 2, "problem": null, "#) == true, "\(saved ?? "no answer")")
    }

    /// /info.json, asked every 50 ms until `accept` takes it (at most 30 s; nil after).
    static func info(of running: PreviewServerTests.Running, until accept: (String) -> Bool) throws -> String? {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let text = try running.get("/info.json").text
            if accept(text) { return text }
            usleep(50_000)
        }
        return nil
    }
}
