import Foundation
import Reflow
import ReflowKit
import TextMetrics
import Testing
import TestSupport

/// `reflow-cli layout` writes each size with `LayoutReport.appendJSON`, a byte writer, not
/// `jsonText`: the two must write the same bytes, for every field a report can have.
@Suite struct LayoutJSONBytesTests {
    /// Every example (screens, Markdown with lists, quotes, code, tables and images, plain text
    /// in many scripts) at three sizes, nested and on its own: the same bytes.
    @Test(arguments: ["grid.json", "settings.json", "store.json", "audit-demo.json", "constructs.md", "tables.md",
                      "welcome.md", "world.md", "udhr-article1.txt"])
    func theByteWriterWritesWhatJSONTextWrites(_ name: String) throws {
        let input = try Fixtures.input(name)
        let reports = try input.reports(categories: [.extraSmall, .large, .accessibilityExtraExtraExtraLarge], width: 390,
                                        fontsDirectory: try Fixtures.fonts().directory)
        for report in reports {
            #expect(report.jsonBytes(indent: "    ", versioned: false) == Array(report.jsonText(indent: "    ", versioned: false).utf8),
                    "\(name) at \(report.environment.category), nested")
            #expect(report.jsonBytes() == Array(report.jsonText().utf8), "\(name) at \(report.environment.category)")
        }
    }

    /// `reflow-cli layout` writes each element as its unit is laid out (`LayoutReport.jsonBuffer(_:_:in:sizer:)`,
    /// the head written last into room left before the elements): the same bytes as the report
    /// made whole and then written, nested and on its own, and with an indent too long for the
    /// room (the head and the elements then copied together). Warnings (the grid's clipped
    /// badges), an empty document and right-to-left text included.
    @Test(arguments: ["grid.json", "settings.json", "store.json", "audit-demo.json", "constructs.md", "tables.md",
                      "world.md", "udhr-article1.txt"])
    func elementsWrittenAsTheyComeAreTheReportsBytes(_ name: String) throws {
        let input = try Fixtures.input(name)
        let sizer = try CellSizer(fonts: try Fixtures.fonts())
        for category in [ContentSizeCategory.extraSmall, .accessibilityExtraExtraExtraLarge] {
            let environment = TextSettings().layoutEnvironment(width: 390, category: category)
            let whole = try LayoutReport(input.layout, input.content, in: environment, sizer: sizer)
            for (indent, versioned) in [("    ", false), ("", true), (String(repeating: " ", count: 2_000), false)] {
                let streamed = try LayoutReport.jsonBuffer(input.layout, input.content, in: environment, sizer: sizer,
                                                           indent: indent, versioned: versioned)
                let bytes = streamed.withUnsafeBytes { Array($0) }
                #expect(bytes == whole.jsonBytes(indent: indent, versioned: versioned),
                        "\(name) at \(category), indent \(indent.count), versioned \(versioned)")
            }
        }
    }

    @Test func aDocumentWithNoElementsIsWrittenTheSameWay() throws {
        let input = try LayoutInput(bytes: [], format: .plainText, cells: .blocks, layout: .list)
        let sizer = try CellSizer(fonts: try Fixtures.fonts())
        let environment = TextSettings().layoutEnvironment(width: 390, category: .large)
        let whole = try LayoutReport(input.layout, input.content, in: environment, sizer: sizer)
        #expect(whole.elements.isEmpty)
        let streamed = try LayoutReport.jsonBuffer(input.layout, input.content, in: environment, sizer: sizer)
        #expect(streamed.withUnsafeBytes { Array($0) } == whole.jsonBytes())
    }

    /// The parts only some reports have: a viewport, warnings, scrolling widths, a direction and
    /// a language, numbers that are not thousandths, strings with characters to escape.
    @Test func theRarerPartsAreWrittenTheSameWay() throws {
        let report = try JSONDecoder().decode(LayoutReport.self, from: Data("""
            {"environment": {"containerWidth": 390, "category": "ax5", "layoutDirection": "rightToLeft",
                             "direction": "rtl", "language": "ar"},
             "contentSize": {"width": 390, "height": 1234.5},
             "viewport": {"frame": {"x": 0, "y": -0.25, "width": 390, "height": 844}, "contentHeightEstimated": true},
             "elements": [{"indexPath": {"section": 0, "item": 1}, "kind": "cell", "cell": "heading", "level": 2,
                           "style": "title2", "frame": {"x": 0.001, "y": 1e-7, "width": 123456789.125, "height": -3},
                           "zIndex": 2, "lines": 3, "text": "quote \\" backslash \\\\ tab \\t bell \\u0007 é", "sourceLine": 7,
                           "depth": 1, "alert": "warning", "textFrame": {"x": 1, "y": 2, "width": 3, "height": 4},
                           "marker": {"text": "1.", "frame": {"x": 0, "y": 0, "width": 9.5, "height": 22}},
                           "language": "swift", "contentWidth": 512.75, "alt": "a cat",
                           "images": [{"source": "cat.png", "frame": {"x": 0, "y": 0, "width": 10, "height": 10},
                                       "pixelWidth": 20, "pixelHeight": 20},
                                      {"source": "missing.png", "frame": {"x": 0, "y": 0, "width": 10, "height": 10},
                                       "placeholder": true}]}],
             "scrollingWidths": [{"section": 0, "width": 800.5}, {"section": 2, "width": 1000}],
             "warnings": [{"warning": "clipped", "kind": "cell", "indexPath": {"section": 0, "item": 1}, "category": "ax5",
                           "given": 44, "needed": 60.125, "message": "cell 0.1 is clipped"}]}
            """.utf8))
        #expect(String(decoding: report.jsonBytes(), as: UTF8.self) == report.jsonText())
        #expect(String(decoding: report.jsonBytes(indent: "  ", versioned: false), as: UTF8.self)
                == report.jsonText(indent: "  ", versioned: false))
    }

    /// A field added to a report must be added to the byte writer too: these are the fields it
    /// writes. A new one fails here, naming itself.
    @Test func theByteWriterKnowsEveryFieldOfAReport() {
        func labels(_ value: Any) -> [String] { Mirror(reflecting: value).children.compactMap(\.label) }
        let report = try? JSONDecoder().decode(LayoutReport.self, from: Data("""
            {"environment": {"containerWidth": 390, "category": "l", "layoutDirection": "leftToRight"},
             "contentSize": {"width": 390, "height": 10},
             "elements": [{"indexPath": {"section": 0, "item": 0}, "kind": "cell", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}]}
            """.utf8))
        guard let report else {
            Issue.record("the minimal report did not decode")
            return
        }
        #expect(labels(report) == ["environment", "contentSize", "viewport", "elements", "scrollingWidths", "warnings"])
        #expect(labels(report.environment) == ["containerWidth", "category", "layoutDirection", "direction", "language"])
        #expect(labels(report.elements[0]) == ["indexPath", "kind", "cell", "level", "style", "frame", "zIndex", "lines", "text",
                                               "sourceLine", "truncated", "depth", "alert", "textFrame", "marker", "language", "contentWidth", "alt",
                                               "images"], "a new field of ElementReport: write it in JSONBytes.swift (ElementReport's writer)")
    }
}
