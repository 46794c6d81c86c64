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
        let problem = GoldenStore.Problem.missingGoldens(Self.categories, folder: folder, stem: "welcome")
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
