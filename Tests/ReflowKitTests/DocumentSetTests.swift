import Foundation
import ReflowKit
import Testing
import TextMetrics

@Suite struct DocumentSetTests {
    /// A folder tree of `files` (paths relative to it, each with a line of text), removed after `body`.
    static func tree(_ files: [String], _ body: (String) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("document-set-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        for file in files {
            let path = root + "/" + file
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try "text\n".write(toFile: path, atomically: false, encoding: .utf8)
        }
        try body(root)
    }

    @Test func aFolderGivesItsDocumentsByExtensionInPathOrderThroughSubfolders() throws {
        try Self.tree(["b.md", "a.txt", "sub/c.json", "sub/deeper/d.MARKDOWN", "notes.pdf", "image.png", ".hidden.md", ".git/x.md", "e.text"]) { root in
            let set = try DocumentSet([root])
            #expect(set.paths == ["a.txt", "b.md", "e.text", "sub/c.json", "sub/deeper/d.MARKDOWN"].map { root + "/" + $0 })
        }
    }

    @Test func filesNamedAreKeptWhateverTheirExtensionAndEachPathOnce() throws {
        try Self.tree(["x.rst", "docs/a.md"]) { root in
            let set = try DocumentSet([root + "/x.rst", root + "/docs", root + "/docs/a.md", root + "/x.rst"])
            #expect(set.paths == [root + "/x.rst", root + "/docs/a.md"])
        }
    }

    /// A document found in a folder knows the folder named and its path below it (goldens are
    /// named after it); a file named itself knows neither; a shard keeps both.
    @Test func aFoldersDocumentsKnowWhereTheyWereFound() throws {
        try Self.tree(["docs/a/readme.md", "docs/b/readme.md", "notes.txt"]) { root in
            let set = try DocumentSet([root + "/notes.txt", root + "/docs/"])
            #expect(set.documents == [
                DocumentSet.Document(path: root + "/notes.txt"),
                DocumentSet.Document(path: root + "/docs/a/readme.md", folder: root + "/docs/", relativePath: "a/readme.md"),
                DocumentSet.Document(path: root + "/docs/b/readme.md", folder: root + "/docs/", relativePath: "b/readme.md"),
            ])
            let shards = try (1...2).map { try set.sharded(Shard(index: $0, count: 2)).documents }
            #expect(Set(shards.flatMap { $0 }) == Set(set.documents))
        }
    }

    @Test func anExcludedFolderIsSkippedHoweverItIsSpelled() throws {
        try Self.tree(["a.md", "goldens/a-l.json", "goldens/a-ax5.json"]) { root in
            let set = try DocumentSet([root], excluding: [root + "/./goldens/"])
            #expect(set.paths == [root + "/a.md"])
        }
    }

    /// A report a run writes into the folder it reads is not read back as a document by the
    /// next run; named on the command line, it is (the command then refuses to write over it).
    @Test func anExcludedFileIsSkippedInAFolderButKeptWhenNamed() throws {
        try Self.tree(["a.md", "reports/audit.json", "reports/b.json"]) { root in
            let found = try DocumentSet([root], excluding: [root + "/reports/../reports/audit.json"])
            #expect(found.paths == [root + "/a.md", root + "/reports/b.json"])
            let named = try DocumentSet([root + "/reports/audit.json"], excluding: [root + "/reports/audit.json"])
            #expect(named.paths == [root + "/reports/audit.json"])
        }
    }

    /// Results come back in document order whatever the number of threads, and a document whose
    /// work fails is delivered as its failure while the others go on.
    @Test func documentsAreWorkedOnInParallelAndDeliveredInOrder() throws {
        struct Odd: Error {}
        let set = DocumentSet(paths: (0..<23).map { "doc-\($0).md" })
        for jobs in [1, 2, 5, 64] {
            let delivered = Locked<[String]>([])
            let progress = Locked<[Double]>([])
            try set.forEach(jobs: jobs, produce: { path -> Int in
                let number = Int(path.dropFirst(4).dropLast(3))!
                if number % 7 == 3 { throw Odd() }
                // Later documents finish first, so order is the delivery's doing.
                usleep(UInt32((23 - number) * 300))
                return number * number
            }, deliver: { index, path, result in
                let text = switch result {
                case .success(let square): "\(index) \(path) \(square)"
                case .failure: "\(index) \(path) failed"
                }
                delivered.withLock { $0.append(text) }
            }, progress: { fraction in progress.withLock { $0.append(fraction) } })
            let expected = (0..<23).map { $0 % 7 == 3 ? "\($0) doc-\($0).md failed" : "\($0) doc-\($0).md \($0 * $0)" }
            #expect(delivered.withLock { $0 } == expected, "--jobs \(jobs)")
            #expect(progress.withLock { $0 }.last == 1)
        }
        try DocumentSet(paths: []).forEach(jobs: 4, produce: { _ in 0 }, deliver: { _, _, _ in Issue.record("nothing to deliver") })
    }

    /// Outputs named after their documents' paths keep their places and never collide: same
    /// names in other folders, paths that leave the current folder, names that look like markers.
    @Test func aDocumentsPathIsMirroredInsideAnOutputFolder() {
        #expect(DocumentSet.mirrored("docs/guide/intro.md") == "docs/guide/intro.md")
        #expect(DocumentSet.mirrored("./docs//intro.md") == "docs/intro.md")
        #expect(DocumentSet.mirrored("../shared/intro.md") == "%2E%2E/shared/intro.md")
        #expect(DocumentSet.mirrored("/srv/docs/intro.md") == "%2F/srv/docs/intro.md")
        #expect(DocumentSet.mirrored("100%/%2F/a.md") == "100%25/%252F/a.md")
        let paths = ["intro.md", "a/intro.md", "b/intro.md", "/intro.md", "%2F/intro.md", "../intro.md", "%2E%2E/intro.md",
                     "intro.txt", "a/%/intro.md", "a/%25/intro.md"]
        let mirrored = paths.map(DocumentSet.mirrored)
        #expect(Set(mirrored).count == paths.count, "no two paths share a name: \(mirrored)")
        #expect(mirrored.allSatisfy { !$0.hasPrefix("/") && !$0.split(separator: "/").contains("..") }, "inside the folder")
    }

    @Test func aLinkedFolderIsNotFollowed() throws {
        try Self.tree(["docs/a.md"]) { root in
            try FileManager.default.createSymbolicLink(atPath: root + "/docs/loop", withDestinationPath: root + "/docs")
            #expect(try DocumentSet([root]).paths == [root + "/docs/a.md"])
        }
    }

    @Test func aMissingPathAndAnEmptyFolderAreErrorsThatSayWhatToDo() throws {
        try Self.tree(["empty/readme.pdf"]) { root in
            #expect(throws: DocumentSet.Problem.notFound(path: root + "/nope.md")) { try DocumentSet([root + "/nope.md"]) }
            let error = #expect(throws: DocumentSet.Problem.self) { try DocumentSet([root + "/empty"]) }
            #expect(error?.description.contains(".md") == true)
            #expect(error?.description.contains("holds no documents") == true)
        }
    }

    @Test func shardsPartitionThePathsEvenlyAndStably() throws {
        let paths = (0..<103).map { "docs/chapter-\($0).md" }
        for count in [1, 2, 3, 4, 7] {
            let shares = try (1...count).map { try Shard(index: $0, count: count).select(paths) }
            // Every path in exactly one share, each share in the input's order.
            #expect(shares.flatMap { $0 }.sorted() == paths.sorted())
            for share in shares { #expect(share == paths.filter(share.contains)) }
            let sizes = shares.map(\.count)
            #expect(sizes.max()! - sizes.min()! <= 1, "shares of \(count): \(sizes)")
        }
        // The same paths in another order make the same shares.
        let shuffled = paths.reversed().map { $0 }
        let shard = try Shard(parsing: "2/4")
        #expect(Set(shard.select(shuffled)) == Set(shard.select(paths)))
        // Not simply every fourth path of the list.
        #expect(shard.select(paths) != paths.enumerated().filter { $0.offset % 4 == 1 }.map(\.element))
    }

    @Test func aShardIsParsedFromIOverNAndBadOnesSayWhatIsWrong() throws {
        #expect(try Shard(parsing: "3/8") == Shard(index: 3, count: 8))
        #expect(throws: Shard.Problem.notAShard("3")) { try Shard(parsing: "3") }
        #expect(throws: Shard.Problem.notAShard("a/b")) { try Shard(parsing: "a/b") }
        #expect(throws: Shard.Problem.indexOutOfRange(index: 0, count: 4)) { try Shard(parsing: "0/4") }
        #expect(throws: Shard.Problem.indexOutOfRange(index: 5, count: 4)) { try Shard(parsing: "5/4") }
        #expect(throws: Shard.Problem.countBelowOne(0)) { try Shard(parsing: "1/0") }
        // Issue 36 row 12: a negative index is out of range like 0, and numbers are decimal only.
        #expect(throws: Shard.Problem.indexOutOfRange(index: -1, count: 2)) { try Shard(parsing: "-1/2") }
        #expect(throws: Shard.Problem.countBelowOne(-2)) { try Shard(parsing: "1/-2") }
        for text in ["0x1/2", "1/0x2", " 1/2", "1.0/2", "1/2/3"] {
            #expect(throws: Shard.Problem.notAShard(text)) { try Shard(parsing: text) }
        }
    }

    /// Issue 36 row 12: a shard with no documents says so (the commands print it on stderr).
    @Test func aShardWithNoDocumentsSaysHowManyWereFound() throws {
        let set = DocumentSet(paths: ["only.md"])
        #expect(try set.sharded(Shard(index: 2, count: 2)).documents.isEmpty)
        #expect(try Shard(index: 2, count: 2).noDocuments(found: 1) == "shard 2/2 has no documents of the 1 found")
    }
}
