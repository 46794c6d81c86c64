import Foundation
import ReflowKit
import Testing

/// A folder's documents are its regular files inside it (`Folder.files(in:)`): links out of it,
/// FIFOs, devices and dangling links are left out and listed in `skipped`, with why.
@Suite struct DocumentSetLinksTests {
    /// A folder `docs` (a.md, sub/b.md) beside `secret.md`, in a scratch folder removed after `body`.
    static func tree(_ body: (_ root: String, _ docs: String) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("document-set-links-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/docs/sub", withIntermediateDirectories: true)
        for file in ["secret.md", "docs/a.md", "docs/sub/b.md"] {
            try "text\n".write(toFile: root + "/" + file, atomically: false, encoding: .utf8)
        }
        try body(root, root + "/docs")
    }

    static func real(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func link(_ path: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    @Test func aLinkInsideTheFolderToAFileInsideItIsADocument() throws {
        try Self.tree { _, docs in
            try Self.link(docs + "/in.md", to: "sub/b.md")
            try Self.link(docs + "/sub/up.md", to: "../a.md")
            let set = try DocumentSet([docs])
            #expect(set.paths == ["a.md", "in.md", "sub/b.md", "sub/up.md"].map { docs + "/" + $0 })
            #expect(set.skipped.isEmpty)
        }
    }

    @Test func aLinkOutOfTheFolderIsSkippedUnlessLinksAreFollowed() throws {
        try Self.tree { root, docs in
            try Self.link(docs + "/out.md", to: "../secret.md")
            // Out and back in is inside: where the link leads is what counts.
            try Self.link(docs + "/round.md", to: "../docs/a.md")
            let set = try DocumentSet([docs])
            #expect(set.paths == ["a.md", "round.md", "sub/b.md"].map { docs + "/" + $0 })
            #expect(set.skipped == [Folder.Skipped(path: docs + "/out.md", folder: docs, reason: .linkOutside(target: Self.real(root) + "/secret.md"))])
            #expect(set.skipped.first?.description == "skipped '\(docs)/out.md': a link to '\(Self.real(root))/secret.md', outside the folder '\(docs)'")
            let followed = try DocumentSet([docs], followingLinks: true)
            #expect(followed.paths == ["a.md", "out.md", "round.md", "sub/b.md"].map { docs + "/" + $0 })
            #expect(followed.skipped.isEmpty)
            // Scanned from the folder above, the same link is inside.
            #expect(try DocumentSet([root]).paths.contains(docs + "/out.md"))
        }
    }

    /// /dev/zero, a FIFO and a dangling link are never documents of a scan, followed or not; the
    /// scan finishes at once (nothing is opened).
    @Test func devicesFIFOsAndDanglingLinksAreSkippedWithWhatTheyAre() throws {
        try Self.tree { _, docs in
            try Self.link(docs + "/zero.md", to: "/dev/zero")
            try Self.link(docs + "/gone.md", to: "nowhere.md")
            #expect(mkfifo(docs + "/pipe.md", 0o600) == 0)
            try Self.link(docs + "/pipe-link.md", to: "pipe.md")
            for following in [false, true] {
                let set = try DocumentSet([docs], followingLinks: following)
                #expect(set.paths == [docs + "/a.md", docs + "/sub/b.md"], "following: \(following)")
                #expect(set.skipped.map(\.path) == ["gone.md", "pipe-link.md", "pipe.md", "zero.md"].map { docs + "/" + $0 })
                #expect(set.skipped.map(\.reason) == [
                    .danglingLink(target: "nowhere.md"),
                    .notARegularFile(kind: "a FIFO (named pipe)", target: Self.real(docs) + "/pipe.md"),
                    .notARegularFile(kind: "a FIFO (named pipe)", target: nil),
                    following ? .notARegularFile(kind: "a character device", target: "/dev/zero") : .linkOutside(target: "/dev/zero"),
                ])
            }
        }
    }

    /// Only what a scan would take by name is looked at; hidden files and linked folders stay silent.
    @Test func filesAScanWouldNotTakeAreNotWarnedAbout() throws {
        try Self.tree { _, docs in
            try Self.link(docs + "/notes.pdf", to: "/dev/zero")
            try Self.link(docs + "/.hidden.md", to: "../secret.md")
            try Self.link(docs + "/loop", to: ".")
            #expect(mkfifo(docs + "/socket-like", 0o600) == 0)
            let set = try DocumentSet([docs])
            #expect(set.paths == [docs + "/a.md", docs + "/sub/b.md"])
            #expect(set.skipped.isEmpty)
        }
    }

    /// A file named is not a scan: kept as named, whatever it is.
    @Test func aFileNamedIsKeptWhereverItLeads() throws {
        try Self.tree { _, docs in
            try Self.link(docs + "/out.md", to: "../secret.md")
            let set = try DocumentSet([docs + "/out.md"])
            #expect(set.paths == [docs + "/out.md"])
            #expect(set.skipped.isEmpty)
        }
    }
}
