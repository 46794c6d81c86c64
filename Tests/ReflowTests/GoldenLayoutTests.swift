import Foundation
import Testing
import TextMetrics
@testable import Reflow

/// Golden JSON layouts of the bundled examples, one file per document and category, compared as
/// text. Re-recording is explicit: run with REFLOW_RECORD=1.
@Suite struct GoldenLayoutTests {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static var recording: Bool { ProcessInfo.processInfo.environment["REFLOW_RECORD"] == "1" }

    @Test(arguments: ["welcome.md", "article.txt"])
    func layoutsMatchTheirGoldens(_ example: String) throws {
        let sizer = try Fixtures.sizer()
        let sections = CellMode.blocks.content(for: try Fixtures.example(example))
        let stem = (example as NSString).deletingPathExtension
        for category in ContentSizeCategory.allCases {
            let environment = LayoutEnvironment(containerWidth: 390, category: category)
            let layout = try ListLayout().layout(sections, in: environment, sizer: sizer)
            let actual = LayoutReport(layout).jsonText() + "\n"
            let file = Self.goldens.appendingPathComponent("\(stem)-\(category.shortName).json")
            if Self.recording {
                try FileManager.default.createDirectory(at: Self.goldens, withIntermediateDirectories: true)
                try actual.write(to: file, atomically: true, encoding: .utf8)
                continue
            }
            guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
                Issue.record("no golden at \(file.path); run the tests with REFLOW_RECORD=1 to record it")
                continue
            }
            if actual != expected {
                let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
                let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
                let first = zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? min(actualLines.count, expectedLines.count)
                let got = first < actualLines.count ? String(actualLines[first]) : "<end>"
                let want = first < expectedLines.count ? String(expectedLines[first]) : "<end>"
                Issue.record("""
                    \(file.lastPathComponent) differs at line \(first + 1): expected \(want.trimmingCharacters(in: .whitespaces)), \
                    got \(got.trimmingCharacters(in: .whitespaces)). If the change is intended, re-record with REFLOW_RECORD=1.
                    """)
            }
        }
    }
}
