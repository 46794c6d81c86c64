import Audit
import Foundation
import Reflow
import Testing
import TextMetrics

/// A clipped text from a catalog names its key, language and plural form; the audit lays every
/// plural form out, not only the one the screen's arguments pick (the longest form is the one
/// that clips); findings of two languages never merge; and the outputs carry the language and
/// key only when there is one (a report without reads byte for byte as before).
@Suite struct TextClippedFormsTests {
    /// `files` is short for one and long for every other count, in a cell of one line.
    static let catalog = """
        {"sourceLanguage": "en", "strings": {
          "files": {"localizations": {
            "en": {"variations": {"plural": {
              "one": {"stringUnit": {"state": "translated", "value": "%lld file"}},
              "other": {"stringUnit": {"state": "translated", "value": "%lld files were moved to the trash and are deleted for good after thirty days"}}}}},
            "de": {"stringUnit": {"state": "translated", "value": "%lld Dateien"}}}}
        }}
        """
    static let screen = AuditTests.screen(height: "{\"estimated\": 44}",
                                          cells: "{\"text\": {\"key\": \"files\", \"args\": [1]}, \"style\": \"body\", \"lines\": 1}")

    @Test func theLongestFormClipsThoughTheArgumentsPickAShortOne() throws {
        let onlyArguments = try CatalogAudit.audit(Self.screen, in: "en", catalog: Self.catalog, categories: [.large], widths: [390], everyForm: false)
        #expect(AuditTests.findings(onlyArguments, .textClipped).isEmpty, "'1 file' fits: \(onlyArguments.findings.map(\.message))")

        let everyForm = try CatalogAudit.audit(Self.screen, in: "en", catalog: Self.catalog, categories: [.large], widths: [390])
        let clipped = AuditTests.findings(everyForm, .textClipped)
        try #require(clipped.count == 1, "one finding, however many passes clipped it: \(clipped.map(\.message))")
        let finding = clipped[0]
        #expect(finding.textOrigin?.forms == ["other"] && finding.formPass != nil)
        #expect(finding.messageNamingText == finding.message + " (key 'files', en, form other)")
        #expect(everyForm.text(file: "s.json").contains("the rest is cut off (key 'files', en, form other)\n"))
    }

    @Test func findingsOfTwoLanguagesStayTwoAndTheOutputsNameThem() throws {
        let english = try CatalogAudit.audit(Self.screen, in: "en", catalog: Self.catalog, categories: [.large], widths: [390])
        let arabic = try CatalogAudit.audit(Self.screen, in: "ar", catalog: Self.catalog, categories: [.large], widths: [390])
        let report = AuditReport.merging([("en", english), ("ar", arabic)])
        let clipped = AuditTests.findings(report, .textClipped)
        #expect(clipped.map(\.language) == ["en", "ar"], "the same element clipped in two languages: two findings")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.json(file: "s.json").utf8)) as? [String: Any])
        #expect((json["languages"] as? [[String: Any]])?.compactMap { $0["language"] as? String } == ["en", "ar"])
        let first = try #require((json["findings"] as? [[String: Any]])?.first { $0["rule"] as? String == "text-clipped" })
        #expect(first["language"] as? String == "en" && first["key"] as? String == "files" && first["form"] as? String == "other")
        #expect(first["table"] as? String == "Localizable")
        let text = report.text(file: "s.json")
        #expect(text.hasPrefix("en:\n") && text.contains("\nar:\n") && text.contains("in 2 languages"), "\(text)")
    }

    /// A finding about one text of a cell names that text's key, and none for a text the screen
    /// wrote itself, never another text's: Home Assistant's settings row of a catalog title over
    /// a plain URL had "https://ha.example.org" broken at AX5 reported under the title's key.
    @Test func aFindingAboutTheScreensOwnTextNamesNoKey() throws {
        let cell = "{\"stack\": [{\"text\": {\"key\": \"greeting\"}}, {\"text\": \"https://connect.example.org/api/webhooks/a-very-long-identifier\", \"style\": \"footnote\"}]}"
        let report = try CatalogAudit.audit(CatalogAudit.screen([cell]), in: "de", catalog: CatalogAudit.catalog,
                                            categories: [.accessibilityExtraExtraExtraLarge], widths: [320])
        let broken = AuditTests.findings(report, .wordBroken)
        try #require(!broken.isEmpty, "the URL is wider than its column at AX5: \(report.findings.map(\.message))")
        #expect(broken.allSatisfy { $0.textOrigin == nil }, "\(broken.map(\.messageNamingText))")
    }

    /// A character no font has in the screen's own text, under a catalog title: the finding is
    /// the plain text's, and names no key (it named the title's).
    @Test func aMissingGlyphOfTheScreensOwnTextNamesNoKey() throws {
        let cell = "{\"stack\": [{\"text\": {\"key\": \"greeting\"}}, {\"text\": \"Private \u{E001} use\", \"style\": \"footnote\"}]}"
        let report = try CatalogAudit.audit(CatalogAudit.screen([cell]), in: "de", catalog: CatalogAudit.catalog,
                                            categories: [.large], widths: [390])
        let missing = AuditTests.findings(report, .missingGlyph)
        try #require(missing.count == 1, "\(report.findings.map(\.message))")
        #expect(missing[0].textOrigin == nil, "\(missing[0].messageNamingText)")
        #expect(missing[0].message.hasPrefix("U+E001 is drawn as .notdef"))
    }

    @Test func aReportWithoutLanguagesOrKeysReadsAsBefore() throws {
        let report = try AuditTests.audit(AuditTests.screen(height: "{\"absolute\": 20}", cells: "{\"text\": \"Tap\", \"style\": \"caption2\"}"))
        #expect(report.findings.allSatisfy { $0.language == nil && $0.textOrigin == nil })
        let json = report.json(file: "x.json")
        #expect(!json.contains("\"language\"") && !json.contains("\"key\""))
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(report.sarif(uri: "x.json", toolVersion: "1.0").utf8)) as? [String: Any])
        let driver = (((sarif["runs"] as? [[String: Any]])?.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = (driver?["rules"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
        #expect(rules.count == 11 && !rules.contains("untranslated"), "\(rules)")
        #expect(!report.text(file: "x.json").contains("languages"))
    }
}
