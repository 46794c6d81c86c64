import Dispatch
import Foundation
import Testing
import TextMetrics
@testable import PreviewServer

/// The watch is on the folder: a file replaced by a rename (as editors save) is seen, other files
/// are not, and a burst of events is one change.
@Suite(.serialized) struct FileWatcherTests {
    /// A folder of its own with `doc.md` in it, and a watcher counting the changes of `doc.md`.
    final class Watched {
        let folder: URL
        let file: URL
        let changes = Locked(0)
        var watcher: FileWatcher!

        init(debounce: Double = 0.05) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("reflow-watch-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            file = folder.appendingPathComponent("doc.md")
            try Data("# One\n".utf8).write(to: file)
            let changes = self.changes
            watcher = try FileWatcher(path: file.path, debounce: debounce, queue: DispatchQueue(label: "test.watch")) {
                changes.withLock { $0 += 1 }
            }
        }

        deinit {
            watcher.stop()
            try? FileManager.default.removeItem(at: folder)
        }

        /// Waits until at least `count` changes were told (at most `within` seconds), then `settle`
        /// seconds more; the count.
        func waitForChanges(_ count: Int, within: Double = 5, settle: Double = 0.3) -> Int {
            let deadline = Date().addingTimeInterval(within)
            while changes.withLock({ $0 }) < count, Date() < deadline { usleep(10_000) }
            usleep(UInt32(settle * 1e6))
            return changes.withLock { $0 }
        }
    }

    @Test func aWriteInPlaceIsOneChange() throws {
        let watched = try Watched()
        let handle = try FileHandle(forWritingTo: watched.file)
        // Several writes in a burst (truncate, write, write, close): one change.
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data("# Two\n".utf8))
        try handle.write(contentsOf: Data("More.\n".utf8))
        try handle.close()
        #expect(watched.waitForChanges(1) == 1)
    }

    @Test func aSaveByRenameIsSeen() throws {
        let watched = try Watched()
        let temporary = watched.folder.appendingPathComponent(".doc.md.swp")
        try Data("# Saved by rename\n".utf8).write(to: temporary)
        #expect(rename(temporary.path, watched.file.path) == 0)
        #expect(watched.waitForChanges(1) == 1)
        // The watch is still there for the file now at that name.
        try Data("# Again\n".utf8).write(to: watched.file)
        #expect(watched.waitForChanges(2) == 2)
    }

    @Test func otherFilesInTheFolderAreNotChanges() throws {
        let watched = try Watched()
        try Data("x".utf8).write(to: watched.folder.appendingPathComponent("other.md"))
        try Data("x".utf8).write(to: watched.folder.appendingPathComponent("doc.md.bak"))
        #expect(watched.waitForChanges(1, within: 1, settle: 0) == 0)
    }

    @Test func aDeletedFileIsAChangeAndStopStopsTelling() throws {
        let watched = try Watched()
        try FileManager.default.removeItem(at: watched.file)
        #expect(watched.waitForChanges(1) == 1)
        watched.watcher.stop()
        try Data("# Back\n".utf8).write(to: watched.file)
        #expect(watched.waitForChanges(2, within: 1, settle: 0) == 1)
    }

    @Test func eventsAreReadAsInotifyLaysThemOut() {
        // Two events: one about "doc.md" (name padded to 16 bytes), one about the folder (no name).
        var bytes: [UInt8] = []
        func event(mask: UInt32, name: String?) {
            var header = inotify_event()
            (header.wd, header.mask) = (1, mask)
            var padded: [UInt8] = []
            if let name {
                padded = Array(name.utf8) + [0]
                while padded.count % 16 != 0 { padded.append(0) }
                header.len = UInt32(padded.count)
            }
            bytes += withUnsafeBytes(of: header) { Array($0) } + padded
        }
        event(mask: UInt32(IN_CLOSE_WRITE), name: "doc.md")
        event(mask: UInt32(IN_IGNORED), name: nil)
        let events = FileWatcher.events(in: bytes[...])
        #expect(events.count == 2)
        #expect(events[0].name == "doc.md" && events[0].mask == UInt32(IN_CLOSE_WRITE))
        #expect(events[1].name == nil && events[1].mask == UInt32(IN_IGNORED))
    }

    @Test func aMissingFolderIsAnError() {
        #expect(throws: FileWatcher.Failure.self) {
            try FileWatcher(path: "/nonexistent-reflow-folder/doc.md", queue: DispatchQueue(label: "test")) {}
        }
    }
}
