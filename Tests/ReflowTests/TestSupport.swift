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

    static func example(_ name: String) throws -> Document {
        let path = repository.appendingPathComponent("Examples").appendingPathComponent(name).path
        let text = DocumentText(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))).text
        return Document(text: text, format: DocumentFormat(path: path))
    }
}

import Testing

/// `body`'s value, or nil after recording its error as a test failure (for property closures,
/// which cannot throw).
func attempt<T>(_ body: () throws -> T, sourceLocation: SourceLocation = #_sourceLocation) -> T? {
    do {
        return try body()
    } catch {
        Issue.record("\(error)", sourceLocation: sourceLocation)
        return nil
    }
}
