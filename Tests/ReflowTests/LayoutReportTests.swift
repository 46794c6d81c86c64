import Foundation
import PropertyBased
import Testing
import TextMetrics
@testable import Reflow
import Readers
import TestSupport

/// The hand-written JSON of layout reports must be JSON that reads back to the same report.
@Suite struct LayoutReportTests {
    @Test func jsonTextReadsBackAsTheSameReport() throws {
        let sizer = try Fixtures.sizer()
        let document = try Document(markdown: "# Quotes \"and\" \\ back\\slash\n\nTabs\tand\u{1}control, *emphasis*, ünïcödé, 漢字.\n")
        let arabic = TextEnvironment(category: .accessibilityExtraExtraExtraLarge, direction: .rightToLeft,
                                     language: try LanguageTag("ar"))
        for environment in [LayoutEnvironment(containerWidth: 333.3, category: .extraSmall),
                            LayoutEnvironment(containerWidth: 333.3, text: arabic, layoutDirection: .rightToLeft)] {
            let layout = try ListLayout().layout(CellMode.blocks.content(for: document), in: environment, sizer: sizer)
            let report = LayoutReport(layout)
            let decoded = try JSONDecoder().decode(LayoutReport.self, from: Data(report.jsonText().utf8))
            #expect(decoded == report)
            #expect(decoded.environment.language == environment.text.language?.tag)
        }
    }

    @Test func numbersAreShortestAndStringsEscaped() {
        #expect(JSONText.number(390) == "390")
        #expect(JSONText.number(-8) == "-8")
        #expect(JSONText.number(56.125) == "56.125")
        #expect(JSONText.number(.nan) == "null")
        #expect(JSONText.string("a\"b\\c\nd\u{1}") == "\"a\\\"b\\\\c\\nd\\u0001\"")
    }

    /// Frames are written in thousandths of a point through a path of their own; it must write
    /// what `String(Double)` (Swift's shortest round-trip form) writes, digit for digit.
    @Test func thousandthsAreWrittenAsSwiftWritesThem() async {
        let edges: [Int64] = [1, -1, 5, -5, 10, 100, 999, -999, 1_001, 12_375, -12_375, 999_999_999_999_999,
                              -999_999_999_999_999, 123_456_789_012_345, 500, -500, 20]
        for thousandths in edges {
            let value = Double(thousandths) / 1000
            let expected = value == value.rounded() ? String(Int64(value)) : String(value)
            #expect(JSONText.number(value) == expected, "\(thousandths) thousandths")
        }
        await propertyCheck(count: 20_000, input: Gen.int64(in: -999_999_999_999_999...999_999_999_999_999)) { thousandths in
            let value = Double(thousandths) / 1000
            let expected = value == value.rounded() ? String(Int64(value)) : String(value)
            #expect(JSONText.number(value) == expected, "\(thousandths) thousandths")
        }
        // Not a whole number of thousandths: Swift's form.
        for value in [0.0001, 1.0 / 3, 1e-7, -2.5e-4, 0.1 + 0.2] { #expect(JSONText.number(value) == String(value)) }
    }
}

/// The report made unit by unit (what `layout` and `check` write) is the report of the eager
/// layout, for every kind of layout: lists, flows of words, and compositional screens with
/// headers, badges, backgrounds and orthogonal sections.
@Suite struct StreamedReportTests {
    @Test func theReportMadeUnitByUnitEqualsTheSnapshotsReport() throws {
        let sizer = try Fixtures.sizer()
        let document = try Document(markdown: "# Title\n\nA paragraph of body text.\n\n## Second\n\n- an item\n- another\n")
        var inputs: [(String, CollectionContent, any CollectionLayout)] = [
            ("list", CellMode.blocks.content(for: document), ListLayout()),
            ("flow", CellMode.words.content(for: document), FlowLayout()),
        ]
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples")
        for name in ["store.json", "settings.json", "grid.json"] {
            let screen = try LayoutInput(bytes: Array(try Data(contentsOf: examples.appendingPathComponent(name))), format: .screen)
            inputs.append((name, screen.content, screen.layout))
        }
        for (name, content, layout) in inputs {
            for category in [ContentSizeCategory.extraSmall, .large, .accessibilityExtraExtraExtraLarge] {
                let environment = LayoutEnvironment(containerWidth: 320, category: category)
                let eager = LayoutReport(try layout.layout(content, in: environment, sizer: sizer))
                let streamed = try LayoutReport(layout, content, in: environment, sizer: sizer)
                #expect(streamed == eager, "\(name) at \(category)")
                #expect(streamed.jsonText() == eager.jsonText())
            }
        }
    }
}
