import Audit
import Readers
import Reflow
import Testing
import TextMetrics

/// A `format-mismatch` finding quotes the translation and the source string it differs from, so
/// that whoever fixes the catalog sees what to change without opening it. Xcodes' Arabic
/// "إصدار ٪@ (٪@)" (About view) writes its placeholders with the Arabic percent sign, U+066A:
/// the finding said only "The source takes 2 arguments and the translation 0", which a reader
/// of the catalog's `%`s could not see.
@Suite struct FormatMismatchQuoteTests {
    static let catalog = """
        {"sourceLanguage": "en", "strings": {
          "VersionWithBuild": {"extractionState": "manual", "localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "Version %@ (%@)"}},
            "ar": {"stringUnit": {"state": "translated", "value": "إصدار ٪@ (٪@)"}}}},
          "DownloadingPercentDescription": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "Downloading  : %d%% complete"}},
            "ru": {"stringUnit": {"state": "translated", "value": "Скачивание  : %d% завершено"}}}},
          "%lld files": {"localizations": {
            "en": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld file"}},
                                             "other": {"stringUnit": {"state": "translated", "value": "%lld files"}}}}},
            "de": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "eine Datei"}},
                                             "other": {"stringUnit": {"state": "translated", "value": "%@ Dateien"}}}}}}}}}
        """

    static func message(_ key: String, _ args: String, in language: String) throws -> String {
        let report = try CatalogAudit.audit(CatalogAudit.screen([CatalogAudit.cell(key, args: args)]), in: language,
                                            catalog: Self.catalog, categories: [.large], widths: [390])
        let findings = AuditTests.findings(report, .formatMismatch)
        try #require(findings.count == 1, "\(findings.map(\.message))")
        return findings[0].message
    }

    @Test func theFindingQuotesTheTranslationAndTheSource() throws {
        let arabic = try Self.message("VersionWithBuild", "\"2.4.1\", \"34\"", in: "ar")
        #expect(arabic.contains("\"إصدار ٪@ (٪@)\"") && arabic.contains("\"Version %@ (%@)\""), "\(arabic)")
        #expect(arabic.hasPrefix("key 'VersionWithBuild' in ar: "), "\(arabic)")
        let russian = try Self.message("DownloadingPercentDescription", "42", in: "ru")
        #expect(russian.contains("\"Скачивание  : %d% завершено\"") && russian.contains("\"Downloading  : %d%% complete\""), "\(russian)")
        #expect(russian.contains("cannot be read as a format"), "\(russian)")
        // A plural variation is quoted by its `other` form, the one that shows the number.
        let german = try Self.message("%lld files", "3", in: "de")
        #expect(german.contains("\"%@ Dateien\"") && german.contains("\"%lld files\""), "\(german)")
    }
}
