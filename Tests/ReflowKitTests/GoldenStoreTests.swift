import Foundation
import Reflow
import ReflowKit
import TextMetrics
import Testing
import TestSupport

@Suite struct GoldenStoreTests {
    static let categories: [ContentSizeCategory] = [.large, .accessibilityExtraExtraExtraLarge]

    static func layouts(width: Double) throws -> GoldenStore.Layouts {
        try GoldenStore.layouts(of: try Fixtures.input("welcome.md"), categories: categories, width: width,
                                fontsDirectory: try Fixtures.fonts().directory)
    }

    @Test func goldensAreNamedAfterTheDocumentAndCategory() {
        let store = GoldenStore(folder: "goldens", document: "docs/welcome.md")
        #expect(store.path(of: .accessibilityExtraExtraExtraLarge) == "goldens/welcome-ax5.json")
    }

    /// A document named itself keeps the goldens named after its stem; one found in a folder has
    /// goldens named after its path there, extension kept, in the same subfolders.
    @Test func aFoldersDocumentsHaveGoldensNamedAfterTheirPathsInIt() {
        let named = DocumentSet.Document(path: "docs/guides/setup.md")
        let found = DocumentSet.Document(path: "docs/guides/setup.md", folder: "docs", relativePath: "guides/setup.md")
        #expect(GoldenStore(folder: "g", document: named).path(of: .large) == "g/setup-l.json")
        #expect(GoldenStore(folder: "g", document: found).path(of: .large) == "g/guides/setup.md-l.json")
        #expect(GoldenStore(folder: "g", document: DocumentSet.Document(path: "docs/setup.txt", folder: "docs", relativePath: "setup.txt"))
            .path(of: .accessibilityExtraExtraExtraLarge) == "g/setup.txt-ax5.json")
    }

    /// Two documents whose goldens would share names are refused, naming both; two found in a
    /// folder never are, whatever their names.
    @Test func documentsWhoseGoldensWouldShareNamesAreRefused() throws {
        let named = ["a/readme.md", "b/readme.txt"].map { DocumentSet.Document(path: $0) }
        #expect(throws: GoldenStore.Problem.sharedGoldens(first: "a/readme.md", second: "b/readme.txt", folder: "g", prefix: "readme")) {
            try GoldenStore.distinct(named, folder: "g")
        }
        let found = ["a/readme.md", "b/readme.md", "a/readme.txt", "readme.md"].map {
            DocumentSet.Document(path: "docs/" + $0, folder: "docs", relativePath: $0)
        }
        #expect(try GoldenStore.distinct(found, folder: "g").map(\.prefix) == ["a/readme.md", "b/readme.md", "a/readme.txt", "readme.md"])
        // A named file whose stem is a found document's name.
        let mixed = [DocumentSet.Document(path: "x/readme.md.txt"), found[3]]
        let problem = #expect(throws: GoldenStore.Problem.self) { try GoldenStore.distinct(mixed, folder: "g") }
        #expect(problem?.description.hasPrefix("'x/readme.md.txt' and 'docs/readme.md' would share the goldens readme.md-CATEGORY.json in 'g'; ") == true)
    }

    /// Goldens in subfolders are recorded into folders made inside the goldens folder; a link
    /// where a subfolder goes is refused before anything is written.
    @Test func goldensInSubfoldersAreRecordedInsideTheGoldensFolderOnly() throws {
        let root = try OutputFileTests.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let goldens = root.appendingPathComponent("goldens").path
        let document = DocumentSet.Document(path: "docs/a/b/doc.md", folder: "docs", relativePath: "a/b/doc.md")
        let store = GoldenStore(folder: goldens, document: document)
        let layouts = try Self.layouts(width: 390)
        _ = try store.record(layouts, to: try store.outputs(for: Self.categories, protecting: []))
        #expect(try FileManager.default.contentsOfDirectory(atPath: goldens + "/a/b").sorted() == ["doc.md-ax5.json", "doc.md-l.json"])
        #expect(try store.compare(layouts, categories: Self.categories, reader: DocumentReader(), tolerance: 0).passed)

        let outside = root.appendingPathComponent("outside").path
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: goldens + "/c", withDestinationPath: outside)
        let linked = GoldenStore(folder: goldens, document: DocumentSet.Document(path: "docs/c/doc.md", folder: "docs", relativePath: "c/doc.md"))
        #expect(throws: GoldenStore.Problem.subfolderIsALink(path: goldens + "/c", to: outside)) {
            try linked.outputs(for: Self.categories, protecting: [])
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
    }

    /// Recorded, the same layouts pass; at another width they fail, naming the sizes and what moved.
    @Test func recordedLayoutsMatchAndMovedLayoutsAreNamed() throws {
        let folder = try OutputFileTests.scratch().appendingPathComponent("goldens").path
        let store = GoldenStore(folder: folder, document: Fixtures.examplePath("welcome.md"))
        #expect(throws: GoldenStore.Problem.noFolder(folder: folder)) { try store.checkFolder(recording: false) }
        try store.checkFolder(recording: true)
        let recorded = try Self.layouts(width: 390)
        #expect(recorded.fonts.contains { $0.file == "Inter-Regular.otf" && !$0.version.isEmpty })
        #expect(try store.record(recorded, to: try store.outputs(for: Self.categories, protecting: [])) == [])
        #expect(FileManager.default.fileExists(atPath: store.path(of: .large)))

        let same = try store.compare(recorded, categories: Self.categories, reader: DocumentReader(), tolerance: 0)
        #expect(same.passed)
        #expect(same.fontChanges.isEmpty && !same.recordedWithoutFonts)
        #expect(same.text(document: "welcome.md", maxCells: 10) == "check passed: welcome.md matches its goldens at 2 size(s)\n")

        let narrower = try store.compare(try Self.layouts(width: 320), categories: Self.categories, reader: DocumentReader(),
                                         tolerance: 0)
        #expect(narrower.differences.map(\.category) == Self.categories)
        let text = narrower.text(document: "welcome.md", maxCells: 1)
        #expect(text.hasPrefix("check failed: welcome.md changed at 2 of 2 size(s) (golden → now)\n  L: recorded for width 390 pt, checked at 320 pt"))
        #expect(text.contains("… and "), "at most one element per size is listed")
        #expect(narrower.mismatch == "layouts differ from the goldens at l, ax5")
        #expect(narrower.failure == "layouts differ from the goldens at l, ax5; if the change is intended, record the goldens again")
        #expect(same.mismatch == nil && same.failure == nil)
    }

    @Test func aMissingGoldenIsNamedWithWhatToDo() throws {
        let folder = try OutputFileTests.scratch().path
        let store = GoldenStore(folder: folder, document: "welcome.md")
        let problem = GoldenStore.Problem.missingGoldens(Self.categories, folder: folder, prefix: "welcome")
        #expect(throws: problem) {
            try store.compare(try Self.layouts(width: 390), categories: Self.categories, reader: DocumentReader(), tolerance: 0)
        }
        #expect("\(problem)" == "no golden for l, ax5 in '\(folder)' (expected welcome-CATEGORY.json); record them to create them")
    }

    @Test func aFileWhereTheFolderShouldBeIsAnError() throws {
        let file = try OutputFileTests.scratch().appendingPathComponent("goldens").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        #expect(throws: GoldenStore.Problem.folderIsAFile(folder: file)) {
            try GoldenStore(folder: file, document: "a.md").checkFolder(recording: true)
        }
    }
}
