import Foundation
import Reflow
import ReflowKit
import TextMetrics
import Testing
import TestSupport

@Suite struct LayoutReportDocumentTests {
    /// The streamed document is one JSON object: what was read and how, then a layout per size
    /// in the order asked, each the size's `LayoutReport`.
    @Test func theStreamedDocumentIsJSONWithEveryLayoutInOrder() throws {
        let input = try Fixtures.input("welcome.md")
        let path = try OutputFileTests.scratch().appendingPathComponent("layout.json").path
        let sink = try LayoutReport.Document.Sink(output: try OutputFile(path: path))
        let categories: [ContentSizeCategory] = [.accessibilityExtraExtraExtraLarge, .small, .large]
        let document = LayoutReport.Document(document: "welcome.md", format: .commonMark, cells: .blocks, layout: "list")
        try document.write(input, categories: categories, width: 390, fontsDirectory: try Fixtures.fonts().directory,
                           to: sink)
        try sink.commit()

        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("{\n  \"version\": \(LayoutReport.formatVersion),\n  \"document\": "), "the version comes first")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        #expect(object["document"] as? String == "welcome.md")
        #expect(object["format"] as? String == DocumentFormat.commonMark.rawValue)
        #expect(object["cells"] as? String == "blocks")
        #expect(object["layout"] as? String == "list")
        let layouts = try #require(object["layouts"] as? [[String: Any]])
        let sizes = layouts.compactMap { ($0["environment"] as? [String: Any])?["category"] as? String }
        #expect(sizes == categories.map(\.shortName))
        #expect(layouts.allSatisfy { $0["version"] == nil }, "a nested layout leaves the version to its document")
    }
}
