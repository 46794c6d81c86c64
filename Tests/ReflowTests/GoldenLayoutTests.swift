import Foundation
import TestSupport
import Testing
import TextMetrics
@testable import Reflow

/// Golden JSON layouts of the bundled examples, documents and screen files, one file per example
/// and category, compared as text. Re-recording is explicit: run with REFLOW_RECORD=1.
@Suite struct GoldenLayoutTests {
    static let goldens = GoldenFile(besides: #filePath)

    static let examples = ["welcome.md", "constructs.md", "tables.md", "article.txt", "store.json", "settings.json", "grid.json"]

    @Test(arguments: Self.examples)
    func layoutsMatchTheirGoldens(_ example: String) throws {
        let input = try Fixtures.input(example)
        let stem = (example as NSString).deletingPathExtension
        let sizer = try Fixtures.sizer()
        for category in ContentSizeCategory.allCases {
            let environment = LayoutEnvironment(containerWidth: 390, category: category)
            let snapshot = try input.layout.layout(input.content, in: environment, sizer: sizer)
            try Self.goldens.checkText(LayoutReport(snapshot).jsonText() + "\n", against: "\(stem)-\(category.shortName).json")
        }
    }
}
