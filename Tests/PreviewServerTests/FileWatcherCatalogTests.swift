import Dispatch
import Foundation
import Testing
import TextMetrics
@testable import PreviewServer

/// The watch of a screen and its string catalogs (`FileWatcher.watch(_:)`): a catalog file in
/// another folder, a folder of catalogs with its `*.lproj` subfolders (any file in them), and a
/// new set of paths replacing the old one.
@Suite(.serialized) struct FileWatcherCatalogTests {
    @Test func catalogsBesideAndInFoldersAreWatchedAndReplaced() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reflow-watch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let screen = folder.appendingPathComponent("screen.json")
        let elsewhere = folder.appendingPathComponent("strings/Localizable.xcstrings")
        let lproj = folder.appendingPathComponent("more/de.lproj")
        try FileManager.default.createDirectory(at: elsewhere.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        for file in [screen, elsewhere, lproj.appendingPathComponent("Localizable.strings")] { try Data("{}".utf8).write(to: file) }

        let changes = Locked(0)
        let watcher = try FileWatcher(paths: [screen.path, elsewhere.path, folder.appendingPathComponent("more").path],
                                      debounce: 0.05, queue: DispatchQueue(label: "test.watch")) { changes.withLock { $0 += 1 } }
        defer { watcher.stop() }
        func count(after change: () throws -> Void, within: Double = 5) rethrows -> Int {
            let before = changes.withLock { $0 }
            try change()
            let deadline = Date().addingTimeInterval(within)
            while changes.withLock({ $0 }) == before, Date() < deadline { usleep(10_000) }
            usleep(300_000)
            return changes.withLock { $0 } - before
        }

        #expect(try count { try Data("{\"a\": 1}".utf8).write(to: elsewhere, options: .atomic) } == 1, "a catalog in another folder")
        #expect(try count { try Data("\"a\" = \"b\";".utf8).write(to: lproj.appendingPathComponent("Localizable.strings")) } == 1,
                "a file in a folder of catalogs' *.lproj")
        #expect(try count(after: { try Data("x".utf8).write(to: folder.appendingPathComponent("strings/notes.txt")) }, within: 0.5) == 0,
                "another file beside a watched catalog")

        // The screen now names no catalog: the old ones are no longer changes, the screen still is.
        #expect(watcher.watch([screen.path]).isEmpty)
        #expect(try count(after: { try Data("{}".utf8).write(to: elsewhere, options: .atomic) }, within: 0.5) == 0)
        #expect(try count { try Data("{ }".utf8).write(to: screen, options: .atomic) } == 1)
        // A folder that does not exist is said to be left out.
        #expect(watcher.watch([screen.path, folder.appendingPathComponent("gone/x.xcstrings").path])
            == [folder.appendingPathComponent("gone").path])
    }
}
