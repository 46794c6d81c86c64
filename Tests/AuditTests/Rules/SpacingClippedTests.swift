import Audit
import Foundation
import Reflow
import Readers
import Testing
import TextMetrics
import TestSupport

/// `spacing-clipped`: text that clips with WCAG 1.4.12's text spacing where it fits without it.
@Suite struct SpacingClippedTests {
    /// The same 60 pt card under WCAG 1.4.12 text spacing (lines 1.5 × the size apart): it clips
    /// from the first category where the spaced lines pass its bottom, and that is
    /// `spacing-clipped` only at the categories where it does not clip without the spacing.
    @Test func textSpacingThatClipsACardIsSpacingClippedWhereTheCardFitsOtherwise() throws {
        let json = AuditTests.screen(height: "{\"absolute\": 60}", cells: "{\"text\": \"First line\\nSecond line\"}")
        let report = try AuditTests.audit(json, text: TextSettings(spacing: .wcag))
        let insets = EdgeInsets(top: 10, leading: 12, bottom: 10, trailing: 12)
        func needed(_ category: ContentSizeCategory, spaced: Bool) -> Double {
            let spec = DynamicType.spec(.body, category)
            let pitch = spaced ? max(spec.leading, 1.5 * spec.pointSize) : spec.leading
            return insets.scaled(by: FontMetrics(forTextStyle: .body).scaleFactor(for: category)).top + 2 * pitch
        }
        let spacedOnly = ContentSizeCategory.allCases.filter { needed($0, spaced: true) > 60 && needed($0, spaced: false) <= 60 }
        #expect(!spacedOnly.isEmpty, "some size fits only without the spacing")
        let finding = try #require(AuditTests.findings(report, .spacingClipped).first)
        #expect(finding.severity == .error)
        #expect(([finding.category] + finding.otherCategories).sorted() == spacedOnly)
        #expect(finding.message.hasPrefix("with WCAG 1.4.12 text spacing"))
        // Where it clips anyway it is text-clipped, as without the spacing.
        let plain = try AuditTests.audit(json)
        #expect(AuditTests.findings(report, .textClipped).map(\.category) == AuditTests.findings(plain, .textClipped).map(\.category))
        #expect(AuditTests.findings(plain, .spacingClipped).isEmpty)
        let roomy = try AuditTests.audit(AuditTests.screen(height: "{\"absolute\": 400}", cells: "{\"text\": \"First line\\nSecond line\"}"),
                                   text: TextSettings(spacing: .wcag))
        #expect(AuditTests.findings(roomy, .spacingClipped).isEmpty)
    }
}
