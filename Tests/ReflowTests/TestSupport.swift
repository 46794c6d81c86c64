import Foundation
import TextMetrics
@testable import Reflow

/// Shared helpers. Every test builds its own sizer: a `Typesetter` is not thread-safe, and
/// Swift Testing runs tests in parallel. Fonts are always the repository's (`FontLibrary()`
/// locates `Fonts/` from its own source path), never the system's.
enum Fixtures {
    static func sizer() throws -> CellSizer {
        CellSizer(typesetter: try Typesetter(fonts: try FontLibrary()))
    }

    /// The repository's root, from this file's path (Tests/ReflowTests/TestSupport.swift).
    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// A bundled example read as the commands read it: a document in list layout, or a screen file.
    static func input(_ name: String) throws -> LayoutInput {
        let path = repository.appendingPathComponent("Examples").appendingPathComponent(name).path
        return try LayoutInput(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), format: DocumentFormat(path: path))
    }

    static func example(_ name: String) throws -> Document {
        let path = repository.appendingPathComponent("Examples").appendingPathComponent(name).path
        let text = DocumentText(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))).text
        return Document(text: text, format: DocumentFormat(path: path))
    }
}
