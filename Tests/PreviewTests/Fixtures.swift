import Foundation
import Preview
import Reflow
import Readers
import TestSupport
import TextMetrics

/// What the preview tests add to the shared fixtures.
extension Fixtures {
    static let goldenFile = GoldenFile(besides: #filePath)

    /// The example laid out at `category` for 390 pt and drawn: the whole document, or its first
    /// `screenHeight` points.
    static func displayList(_ example: String = "welcome.md", category: ContentSizeCategory, screenHeight: Double? = nil,
                            debug: Bool = false, library: FontLibrary? = nil) throws -> DisplayList {
        let sizer = CellSizer(typesetter: try Typesetter(fonts: try library ?? Self.fonts()))
        let environment = LayoutEnvironment(containerWidth: 390, category: category)
        let layout = try ListLayout().layout(CellMode.blocks.content(for: try Self.example(example)), in: environment, sizer: sizer)
        let height = screenHeight ?? layout.contentSize.height
        return DisplayListBuilder(debug: debug).displayList(elements: layout.allAttributes,
                                                            visibleRect: Rect(x: 0, y: 0, width: 390, height: height))
    }
}
