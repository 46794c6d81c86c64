import Foundation
import Testing

/// The preview over several documents and folders: a file per document in the -o folder, named
/// after its path, the same bytes as drawing each document alone, for any --jobs and any split
/// into shards.
@Suite struct PreviewDocumentsCommandTests {
    /// The files under `folder`, as paths relative to it, sorted.
    static func files(in folder: URL) -> [String] {
        let root = folder.standardizedFileURL.path + "/"
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        return (enumerator?.allObjects as? [URL] ?? [])
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .map { String($0.standardizedFileURL.path.dropFirst(root.count)) }.sorted()
    }

    static let drawn = AuditDocumentsCommandTests.paths.map { "\($0)-l.png" }

    @Test func twoFilesAndAFolderAreDrawnIntoTheFolderAsEachAlone() throws {
        try AuditDocumentsCommandTests.documents { folder in
            // Two files: two pictures in a folder that did not exist.
            let two = try CLI.run(["docs/welcome.md", "docs/more/welcome.md", "-o", "out/two", "--quiet"], directory: folder)
            #expect(two.status == 0, "\(two)")
            #expect(Self.files(in: folder.appendingPathComponent("out/two")) == ["docs/more/welcome.md-l.png", "docs/welcome.md-l.png"])

            let all = try CLI.run(["docs", "-o", "out/all", "--quiet"], directory: folder)
            #expect(all.status == 0, "\(all)")
            #expect(Self.files(in: folder.appendingPathComponent("out/all")) == Self.drawn)
            for path in AuditDocumentsCommandTests.paths {
                let alone = try CLI.run([path, "-o", "alone.png", "--quiet"], directory: folder)
                #expect(alone.status == 0, "\(alone)")
                let expected = try Data(contentsOf: folder.appendingPathComponent("alone.png"))
                #expect(try Data(contentsOf: folder.appendingPathComponent("out/all/\(path)-l.png")) == expected,
                        "\(path) is drawn as when drawn alone")
            }
            // Said in document order: what was written, each once.
            let said = try CLI.run(["docs", "-o", "out/said", "--jobs", "2"], directory: folder)
            #expect(said.messageLines.filter { $0.hasPrefix("wrote ") }.map(String.init) == Self.drawn.map { "wrote out/said/\($0)" })
        }
    }

    @Test func jobsAndShardsDrawTheSameFiles() throws {
        try AuditDocumentsCommandTests.documents { folder in
            let options = ["--category", "ax5", "--format", "svg", "--quiet"]
            #expect(try CLI.run(["docs", "-o", "serial", "--jobs", "1"] + options, directory: folder).status == 0)
            #expect(try CLI.run(["docs", "-o", "parallel", "--jobs", "2"] + options, directory: folder).status == 0)
            #expect(try CLI.run(["docs", "-o", "shards", "--shard", "1/2"] + options, directory: folder).status == 0)
            let first = Self.files(in: folder.appendingPathComponent("shards"))
            #expect(try CLI.run(["docs", "-o", "shards", "--shard", "2/2"] + options, directory: folder).status == 0)
            let both = Self.files(in: folder.appendingPathComponent("shards"))
            let expected = AuditDocumentsCommandTests.paths.map { "\($0)-ax5.svg" }
            #expect(!first.isEmpty && first.count < expected.count, "the first shard draws some of them")
            #expect(both == expected, "the two shards draw every document once between them")
            for name in expected {
                let serial = try Data(contentsOf: folder.appendingPathComponent("serial/\(name)"))
                #expect(try Data(contentsOf: folder.appendingPathComponent("parallel/\(name)")) == serial, "\(name), --jobs 2")
                #expect(try Data(contentsOf: folder.appendingPathComponent("shards/\(name)")) == serial, "\(name), in its shard")
            }
        }
    }

    /// The -o folder inside the folder drawn is not searched: layout JSON written there is not
    /// read back as screens by the next run.
    @Test func theOutputFolderIsNotSearched() throws {
        try AuditDocumentsCommandTests.documents { folder in
            for _ in 0..<2 {
                let result = try CLI.run(["docs", "-o", "docs/previews", "--format", "json", "--quiet"], directory: folder)
                #expect(result.status == 0, "\(result)")
                #expect(Self.files(in: folder.appendingPathComponent("docs/previews"))
                    == AuditDocumentsCommandTests.paths.map { "\($0)-l.json" })
            }
        }
    }

    @Test func aDocumentThatCannotBeDrawnFailsTheRunAndTheOthersAreDrawn() throws {
        try AuditDocumentsCommandTests.documents { folder in
            _ = try CLI.write("{\"sections\": 3}", to: "docs/broken.json", in: folder)
            let result = try CLI.run(["docs", "-o", "out", "--quiet"], directory: folder)
            #expect(result.status == 1)
            #expect(result.messageLines.filter { $0.hasPrefix("reflow-cli: error:") } == [
                "reflow-cli: error: docs/broken.json: sections: expected an array of sections, got a number",
                "reflow-cli: error: 1 of 5 documents could not be drawn (see above)",
            ])
            #expect(Self.files(in: folder.appendingPathComponent("out")) == Self.drawn)
        }
    }

    @Test func severalDocumentsNeedAnOutputFolder() throws {
        try AuditDocumentsCommandTests.documents { folder in
            let missing = try CLI.run(["docs"], directory: folder)
            #expect(missing.status == 64)
            #expect(missing.stderr.contains("need -o FOLDER"), "\(missing.stderr)")
            let file = try CLI.run(["docs/welcome.md", "docs/udhr.txt", "-o", "docs/udhr.txt"], directory: folder)
            #expect(file.status == 64 && file.stderr.contains("is a file"), "\(file.stderr)")
            let pictureName = try CLI.run(["docs", "-o", "page.png"], directory: folder)
            #expect(pictureName.status == 64 && pictureName.stderr.contains("names a file"), "\(pictureName.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("page.png").path))
            // One file named alone keeps its default: beside the document.
            let one = try CLI.run(["docs/udhr.txt", "--quiet"], directory: folder)
            #expect(one.status == 0)
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("docs/udhr-l.png").path))
        }
    }
}
