import Foundation
import Reflow
import ReflowKit
import TextMetrics

/// Documents and fonts the ReflowKit tests share.
enum Fixtures {
    /// The repository's Examples folder.
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")

    /// The path of `name` in Examples.
    static func example(_ name: String) -> String { examples.appendingPathComponent(name).path }

    /// `name` in Examples, read as a layout input.
    static func input(_ name: String) throws -> LayoutInput { try DocumentReader().layoutInput(at: example(name)) }

    /// The bundled fonts.
    static func fonts() throws -> FontLibrary { try FontLibrary() }
}
