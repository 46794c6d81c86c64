import Foundation
import Preview
import Reflow
import TestSupport
import TextMetrics

/// The bundled fonts and examples of the checkout, never system fonts. Each call makes its own
/// font library: tests run in parallel and a FreeType face belongs to one thread at a time.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let goldenFile = GoldenFile(besides: #filePath)

    static func library() throws -> FontLibrary {
        try FontLibrary(directory: root.appendingPathComponent("Fonts").path)
    }

    static func example(_ name: String) throws -> Document {
        let url = root.appendingPathComponent("Examples").appendingPathComponent(name)
        return Document(text: try String(contentsOf: url, encoding: .utf8), format: DocumentFormat(path: name))
    }

    /// The example laid out at `category` for 390 pt and drawn: the whole document, or its first
    /// `screenHeight` points.
    static func displayList(_ example: String = "welcome.md", category: ContentSizeCategory, screenHeight: Double? = nil,
                            debug: Bool = false, library: FontLibrary? = nil) throws -> DisplayList {
        let sizer = CellSizer(typesetter: try Typesetter(fonts: try library ?? Self.library()))
        let environment = LayoutEnvironment(containerWidth: 390, category: category)
        let layout = try ListLayout().layout(CellMode.blocks.content(for: try Self.example(example)), in: environment, sizer: sizer)
        let height = screenHeight ?? layout.contentSize.height
        return DisplayListBuilder(debug: debug).displayList(elements: layout.allAttributes,
                                                            visibleRect: Rect(x: 0, y: 0, width: 390, height: height))
    }
}
