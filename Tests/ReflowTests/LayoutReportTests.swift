import Foundation
import Testing
import TextMetrics
@testable import Reflow

/// The hand-written JSON of layout reports must be JSON that reads back to the same report.
@Suite struct LayoutReportTests {
    @Test func jsonTextReadsBackAsTheSameReport() throws {
        let sizer = try Fixtures.sizer()
        let document = Document(markdown: "# Quotes \"and\" \\ back\\slash\n\nTabs\tand\u{1}control, *emphasis*, ünïcödé, 漢字.\n")
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
}
