import Audit
import Reflow
import Testing
import TextMetrics

/// A screen may name keys of many tables (CotEditor's find panel names `TextFind`'s, its menus
/// `MainMenu`'s): `plural-form-missing` says which table's catalog and which localization to
/// add the form to. Before, it said only "add it to the catalog".
@Suite struct PluralFormMissingTableTests {
    @Test func theFindingNamesTheTableAndTheLocalization() throws {
        let report = try CatalogAudit.audit(CatalogAudit.screen([CatalogAudit.cell("items", args: "3")]), in: "ru",
                                            categories: [.large], widths: [390])
        let findings = AuditTests.findings(report, .pluralFormMissing)
        try #require(findings.count == 1, "\(findings.map(\.message))")
        #expect(findings[0].message.hasSuffix("that ru needs by CLDR; add them to its ru localization in the catalog of table Localizable"),
                "\(findings[0].message)")
    }
}
