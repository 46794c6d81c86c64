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
        #expect(findings[0].message.contains((mismatch.hasSuffix(".") ? String(mismatch.dropLast()) : mismatch) + "; make"))
    }

    /// A translation that is no format at all (Loop's Russian 'Versия %1$@ (%$11d)') is one sentence:
    /// the reader's reason, then what to do, never "…%s.; make…".
    @Test func aTranslationThatIsNoFormatReadsAsOneSentence() throws {
        let catalog = """
            {"sourceLanguage": "en", "strings": {"version": {"localizations": {
              "en": {"stringUnit": {"state": "translated", "value": "Version %@ (%lld)"}},
              "ru": {"stringUnit": {"state": "translated", "value": "Версия %1$@ (%$11d)"}}}}}}
            """
        let report = try CatalogAudit.audit(CatalogAudit.screen([CatalogAudit.cell("version", args: "\"1.2\", 12")]), in: "ru",
                                            catalog: catalog, categories: [.large], widths: [390])
        let findings = AuditTests.findings(report, .formatMismatch)
        try #require(findings.count == 1, "\(findings.map(\.message))")
        #expect(findings[0].message.contains("cannot be read as a format") && !findings[0].message.contains(".;"), "\(findings[0].message)")
        #expect(findings[0].message.hasSuffix("make the translation's specifiers those of the source string, in kind and number"))
    }

    @Test func aTranslationWithTheSourcesSpecifiersIsNot() throws {
        for language in ["fr", "en"] {
            let report = try CatalogAudit.audit(Self.screen, in: language, categories: [.large])
            #expect(AuditTests.findings(report, .formatMismatch).isEmpty, "\(language): \(report.findings.map(\.message))")
        }
    }
}
