import Audit
import Reflow
import Testing
import TextMetrics

/// `plural-form-missing` (warning): a plural variation lacking a category its language needs by
/// CLDR (Russian needs one, few, many and other).
@Suite struct PluralFormMissingTests {
    static let screen = CatalogAudit.screen([CatalogAudit.cell("items", args: "3")])

    @Test func aRussianPluralWithoutFewAndManyIsAWarningNamingBoth() throws {
        let report = try CatalogAudit.audit(Self.screen, in: "ru")
        let findings = AuditTests.findings(report, .pluralFormMissing)
        try #require(findings.count == 1, "once for every size, width and form: \(findings.map(\.message))")
        #expect(findings[0].severity == .warning && findings[0].language == "ru")
        #expect(findings[0].message.hasPrefix("key 'items' in ru lacks the plural forms "), "\(findings[0].message)")
        #expect(findings[0].message.contains("few") && findings[0].message.contains("many"), "\(findings[0].message)")
        #expect(!report.fails(at: .error) && report.fails(at: .warning))
    }

    @Test func aUkrainianPluralWithEveryFormAndTheSourcesAreNot() throws {
        for language in ["uk", "en"] {
            let report = try CatalogAudit.audit(Self.screen, in: language, categories: [.large])
            #expect(AuditTests.findings(report, .pluralFormMissing).isEmpty, "\(language): \(report.findings.map(\.message))")
        }
    }
}
