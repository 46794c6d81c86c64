import Foundation
import Testing
import TextMetrics

/// Shared helpers. Fonts are always the repository's (`FontLibrary()` finds `Fonts/` from its own
/// source path or beside the build products), never the system's. Every test builds its own
/// `Typesetter`: it is not thread-safe, and Swift Testing runs tests in parallel.
enum Support {
    /// The golden files: the copy SwiftPM puts in the test bundle, or the source folder beside
    /// this file when the bundle has none.
    static var goldens: URL {
        if let bundled = Bundle.module.url(forResource: "Goldens", withExtension: nil) { return bundled }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    }

    static func golden(_ name: String) throws -> String {
        try String(contentsOf: goldens.appendingPathComponent(name), encoding: .utf8)
    }

    /// The repository's `Fonts/`, from this file's path (Tests/TextMetricsTests/Support.swift).
    static var fontsDirectory: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fonts").path
    }

    /// The repository's `Examples/`.
    static var examples: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples")
    }

    static func typesetter() throws -> Typesetter {
        try Typesetter(fonts: try FontLibrary())
    }

    /// A fresh temporary directory, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("reflow-textmetrics-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The substring of `text` at UTF-8 byte range `range`.
    static func bytes(_ text: String, _ range: Range<Int>) -> String {
        String(decoding: Array(text.utf8)[range], as: UTF8.self)
    }
}
