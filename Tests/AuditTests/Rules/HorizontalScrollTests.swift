import Audit
import Foundation
import Reflow
import Readers
import Testing
import TextMetrics
import TestSupport

/// `horizontal-scroll`: content wider than its container is an error (WCAG 1.4.10), except where
/// it is meant to scroll sideways (a section that does, a code block in its cell): information.
@Suite struct HorizontalScrollTests {
    @Test func contentWiderThanTheContainerScrollsExceptInAnOrthogonalSection() throws {
        let wide = AuditTests.screen(width: "{\"absolute\": 350}", height: "{\"estimated\": 44}", cells: "{\"text\": \"Wide\"}")
        let report = try AuditTests.audit(wide, widths: [390, 320])
        let findings = AuditTests.findings(report, .horizontalScroll)
        #expect(findings.map(\.width) == [320], "350 pt fits 390 but not 320")
        #expect(findings.first?.severity == .error)
        let sideways = try AuditTests.audit(AuditTests.screen(width: "{\"absolute\": 350}", height: "{\"estimated\": 44}",
                                                  cells: "{\"text\": \"A\"}, {\"text\": \"B\"}", orthogonal: true), widths: [320])
        #expect(!AuditTests.findings(sideways, .horizontalScroll).isEmpty)
        #expect(AuditTests.findings(sideways, .horizontalScroll).allSatisfy { $0.severity == .info })
        let fits = try AuditTests.audit(AuditTests.screen(height: "{\"estimated\": 44}", cells: "{\"text\": \"Fits\"}"), widths: [320])
        #expect(AuditTests.findings(fits, .horizontalScroll).isEmpty)
    }

    /// A code block wider than its cell scrolls sideways inside it: `horizontal-scroll` at info
    /// (WCAG 1.4.10 allows two-dimensional content), never an error; code that fits says nothing.
    @Test func codeWiderThanItsCellIsHorizontalScrollInfo() throws {
        let markdown = "```\nlet line = \"a line of code much wider than a phone screen at any text size\"\n```\n\n```\nok\n```\n"
        var options = Auditor.Options()
        options.widths = [390]
        let report = try Auditor(input: try LayoutInput(bytes: Array(markdown.utf8), format: .commonMark), options: options,
                                 makeSizer: { try Fixtures.sizer() }).run()
        let findings = AuditTests.findings(report, .horizontalScroll)
        #expect(!findings.isEmpty && findings.allSatisfy { $0.severity == .info })
        #expect(findings.allSatisfy { $0.message.contains("scrolls sideways") })
        #expect(findings.allSatisfy { $0.source?.line == 1 }, "only the wide block, not the one that fits")
    }
}
