import Audit
import Reflow
import Testing
import TextMetrics

/// `missing-key` (error): a key no catalog has; the screen shows the key itself, as iOS does.
@Suite struct MissingKeyTests {
    @Test func aKeyInNoCatalogIsAnErrorOncePerLanguage() throws {
        let report = try CatalogAudit.audit(CatalogAudit.screen([CatalogAudit.cell("settings.nowhere")]), in: "de")
        let findings = AuditTests.findings(report, .missingKey)
        try #require(findings.count == 1, "\(findings.map(\.message))")
        #expect(findings[0].severity == .error && findings[0].language == "de")
        #expect(findings[0].message.hasPrefix("key 'settings.nowhere' is in no catalog (table Localizable): "
                                              + "the screen shows the key itself, as iOS does"))
        #expect(findings[0].message.hasSuffix("add it to the catalog or fix the key's name"), "no other table has it")
        #expect(report.fails(at: .error))
        // Not reported as untranslated as well.
        #expect(AuditTests.findings(report, .untranslated).isEmpty)
    }

    /// iOS looks a key up in the one table it is named with: a key of another table is missing,
    /// and the finding names the table that has it.
    @Test func aKeyOfAnotherTableNamesThatTable() throws {
        let cell = "{\"text\": {\"key\": \"greeting\", \"table\": \"InfoPlist\"}, \"style\": \"body\"}"
        let report = try CatalogAudit.audit(CatalogAudit.screen([cell]), in: "de", categories: [.large])
        let findings = AuditTests.findings(report, .missingKey)
        try #require(findings.count == 1, "\(findings.map(\.message))")
        #expect(findings[0].message.hasPrefix("key 'greeting' is in no catalog (table InfoPlist)"))
        #expect(findings[0].message.hasSuffix("table 'Localizable' has it: name that table in the text (\"table\": \"Localizable\")"),
                "\(findings[0].message)")
    }

    @Test func aKeyTheCatalogHasIsNotMissingInAnyLanguage() throws {
        for language in ["de", "fr", "pseudo-accented"] {
            let report = try CatalogAudit.audit(CatalogAudit.screen([CatalogAudit.cell("greeting")]), in: language, categories: [.large])
            #expect(AuditTests.findings(report, .missingKey).isEmpty, "\(language)")
        }
    }
}
