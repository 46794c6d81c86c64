import Audit
import Reflow
import Testing
import TextMetrics

/// `format-mismatch` (error): a translation whose specifiers differ from the source's (`%d`
/// where the source has `%@`), which garbles or crashes on a device.
@Suite struct FormatMismatchTests {
    static let screen = CatalogAudit.screen([CatalogAudit.cell("welcome", args: "\"Ada\"")])

    @Test func aTranslationWithAnotherSpecifierIsAnError() throws {
        let report = try CatalogAudit.audit(Self.screen, in: "de")
        let findings = AuditTests.findings(report, .formatMismatch)
        try #require(findings.count == 1, "\(findings.map(\.message))")
        #expect(findings[0].severity == .error && findings[0].language == "de")
        #expect(findings[0].message.hasPrefix("key 'welcome' in de: "), "\(findings[0].message)")
        let mismatch = try #require(findings[0].textOrigin?.formatMismatch)
        #expect(findings[0].message.contains(mismatch))
    }

    @Test func aTranslationWithTheSourcesSpecifiersIsNot() throws {
        for language in ["fr", "en"] {
            let report = try CatalogAudit.audit(Self.screen, in: language, categories: [.large])
            #expect(AuditTests.findings(report, .formatMismatch).isEmpty, "\(language): \(report.findings.map(\.message))")
        }
    }
}
