import Audit
import Foundation
import Reflow
import Readers
import Testing
import TextMetrics
import TestSupport

/// A Markdown table that scrolls sideways (its minimums wider than the screen, readable so) is
/// `horizontal-scroll` information, as a code block wider than its cell is: WCAG 1.4.10 allows
/// two-dimensional content; never an error.
@Suite struct SidewaysTableAuditTests {
    @Test func aSidewaysTableIsHorizontalScrollInfoNotAnError() throws {
        let markdown = """
            | Swift | Moya           | RxMoya          | ReactiveMoya   |
            | ----- | -------------- |---------------- |--------------- |
            | 4.X   | 9.0.0 - 12.0.1 | 10.0.0 - 12.0.1 | 9.0.0 - 12.0.1 |
            """
        var options = Auditor.Options()
        options.widths = [390]
        options.categories = [.large, .accessibilityExtraExtraExtraLarge]
        let report = try Auditor(input: try LayoutInput(bytes: Array(markdown.utf8), format: .commonMark), options: options,
                                 makeSizer: { try Fixtures.sizer() }).run()
        let findings = AuditTests.findings(report, .horizontalScroll)
        #expect(!findings.isEmpty, "the table reaches past the screen at L")
        #expect(findings.allSatisfy { $0.severity == .info }, "\(findings.map(\.message))")
        #expect(findings.allSatisfy { $0.category == .large || $0.otherCategories.contains(.large) })
    }
}
