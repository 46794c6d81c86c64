import Audit
import Reflow
import Testing
import TextMetrics

/// `untranslated` (info): a key the language asked for has no translation of, shown in the
/// catalog's source language; reported once per language and key, whatever the sizes and widths.
@Suite struct UntranslatedTests {
    @Test func aKeyWithoutTheLanguagesTranslationIsReportedOnceNamingBothLanguages() throws {
        let report = try CatalogAudit.audit(CatalogAudit.screen([CatalogAudit.cell("greeting")]), in: "fr")
        let findings = AuditTests.findings(report, .untranslated)
        try #require(findings.count == 1, "one finding for 12 sizes × 2 widths: \(findings.map(\.message))")
        let finding = findings[0]
        #expect(finding.severity == .info)
        #expect(finding.message == "key 'greeting' (table Localizable) has no fr translation: the screen shows its en text")
        #expect(finding.language == "fr" && finding.textOrigin?.key == "greeting")
        #expect(finding.categories == ContentSizeCategory.allCases && finding.width == 390)
        #expect(report.untranslated(in: "fr") == 1)
        let text = report.text(file: "s.json")
        #expect(text.contains("  info    every size at 390 pt, cell 0.0 (sections[0].cells[0], line 4, column 26): key 'greeting'"), "\(text)")
        #expect(text.hasSuffix("s.json: 0 errors, 0 warnings, 1 info at 12 sizes × 2 widths (390 pt, 320 pt) in fr; untranslated: fr 1\n"))
        // Info: it never fails the audit.
        #expect(!report.fails(at: .warning))
    }

    @Test func aTranslatedKeyAKeyNotToTranslateAndAPseudolanguageAreNot() throws {
        let screen = CatalogAudit.screen([CatalogAudit.cell("greeting"), CatalogAudit.cell("brand")])
        for language in ["de", "en", "pseudo-double"] {
            let report = try CatalogAudit.audit(screen, in: language, categories: [.large])
            #expect(AuditTests.findings(report, .untranslated).isEmpty, "\(language): \(report.findings.map(\.message))")
        }
        // brand (shouldTranslate false) in French: only greeting is untranslated.
        let french = try CatalogAudit.audit(screen, in: "fr", categories: [.large])
        #expect(AuditTests.findings(french, .untranslated).map(\.textOrigin?.key) == ["greeting"])
    }

    @Test func twoUntranslatedKeysOfOneCellAreTwoFindings() throws {
        let stack = "{\"stack\": [{\"text\": {\"key\": \"greeting\"}, \"style\": \"body\"}, {\"text\": {\"key\": \"welcome\", \"args\": [\"Ada\"]}, \"style\": \"body\"}]}"
        let report = try CatalogAudit.audit(CatalogAudit.screen([stack]), in: "ja", categories: [.large, .extraLarge])
        #expect(AuditTests.findings(report, .untranslated).compactMap(\.textOrigin?.key).sorted() == ["greeting", "welcome"])
        #expect(report.untranslated(in: "ja") == 2)
    }
}
