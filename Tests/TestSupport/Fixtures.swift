import Foundation
import Readers
import Reflow
import TextMetrics

/// The checkout's fonts and examples, for every test target: never the system's fonts. Each call
/// makes its own font library and sizer: Swift Testing runs tests in parallel, and a FreeType
/// face or a `Typesetter` belongs to one thread at a time.
public enum Fixtures {
    /// The repository's root, from this file's path (Tests/TestSupport/Fixtures.swift).
    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The repository's Examples folder.
    public static let examples = repository.appendingPathComponent("Examples")

    /// The extensions a folder's documents are found by, as the commands' folder scan finds them
    /// (ReflowKit's `DocumentSet.documentExtensions`, which AuditCommandTests holds this to):
    /// Markdown, plain text, screens.
    public static let documentExtensions: Set<String> = ["md", "markdown", "txt", "text", "json"]

    /// The documents in Examples, by name in order: its files with a document's extension, so a
    /// preview written beside them (the README's first command writes `welcome-xxxl.png` there)
    /// is never taken for one.
    public static var exampleDocuments: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []
        return names.filter { name in
            var isFolder: ObjCBool = false
            return !name.hasPrefix(".") && documentExtensions.contains((name as NSString).pathExtension.lowercased())
                && FileManager.default.fileExists(atPath: examples.appendingPathComponent(name).path, isDirectory: &isFolder)
                && !isFolder.boolValue
        }.sorted()
    }

    /// The path of `name` in Examples.
    public static func examplePath(_ name: String) -> String { examples.appendingPathComponent(name).path }

    /// The repository's bundled fonts.
    public static func fonts() throws -> FontLibrary {
        try FontLibrary(directory: repository.appendingPathComponent("Fonts").path)
    }

    /// A sizer over the bundled fonts.
    public static func sizer() throws -> CellSizer { CellSizer(typesetter: try Typesetter(fonts: try fonts())) }

    /// The example `name` read as the commands read it: a document made into `cells` placed by
    /// `layout` (one cell per block in a list, by default), or a screen file with its own layout.
    public static func input(_ name: String, cells: CellMode = .blocks, layout: LayoutInput.DocumentLayout = .list) throws -> LayoutInput {
        let path = examplePath(name)
        return try LayoutInput(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), format: DocumentFormat(path: path),
                               cells: cells, layout: layout)
    }

    /// The example document `name` (Markdown or plain text, by its extension).
    public static func example(_ name: String) throws -> Document {
        let path = examplePath(name)
        let text = DocumentText(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))).text
        return try Document(text: text, format: DocumentFormat(path: path))
    }
}
