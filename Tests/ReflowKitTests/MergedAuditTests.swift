import Audit
import Foundation
import ReflowKit
import Testing
import TextMetrics

/// `MergedAudit` and `AuditResult`: a document a run over languages split across shards is one
/// document again, its findings by language then size whatever order the shards come in; the
/// language fields of a finding are read when there; a result that is not one is refused naming
/// the file and the JSON path.
@Suite struct MergedAuditTests {
    /// One finding's JSON, as the audit writes it with --lang.
    static func finding(_ rule: String, _ severity: String, _ category: String, language: String?, key: String? = nil,
                        form: String? = nil) -> String {
        var members = ""
        if let language {
            members = "\"language\": \"\(language)\", \"key\": \(key.map { "\"\($0)\"" } ?? "null"), \"table\": \"Localizable\", "
                + "\"form\": \(form.map { "\"\($0)\"" } ?? "null"), "
        }
        return """
            {"rule": "\(rule)", "severity": "\(severity)", "category": "\(category)", "otherCategories": [], "width": 390, \
            "element": {"kind": "cell", "indexPath": {"section": 0, "item": 1}, "frame": {"x": 0, "y": 44, "width": 390, "height": 44}}, \
            "source": {"jsonPath": "$.sections[0].cells[1]"}, \(members)"message": "a message"}
            """
    }

    /// A shard's result: one document in `languages`, with `findings`.
    static func shard(_ path: String, languages: [String], findings: [String], failOn: String = "error") -> [UInt8] {
        let languageList = languages.map { "{\"language\": \"\($0)\", \"errors\": 0, \"warnings\": 0, \"info\": 0, \"untranslated\": 0}" }
        return Array("""
            {"documents": [{"file": "\(path)", "categories": ["l", "ax5"], "widths": [390], \
            "summary": {"errors": 0, "warnings": 0, "info": 0}, "languages": [\(languageList.joined(separator: ", "))], \
            "styleScales": [], "findings": [\(findings.joined(separator: ", "))]}], \
            "summary": {"documents": 1, "unreadable": 0, "failing": 0, "failOn": "\(failOn)", "errors": 0, "warnings": 0, "info": 0}}
            """.utf8)
    }

    @Test func aDocumentSplitByLanguageIsOneDocumentAgainInAStableOrder() throws {
        let french = try AuditResult(bytes: Self.shard("screens/settings.json", languages: ["fr"], findings: [
            Self.finding("text-clipped", "error", "ax5", language: "fr", key: "clear", form: "other"),
            Self.finding("untranslated", "info", "l", language: "fr", key: "title"),
        ]), file: "audit-2.json")
        let german = try AuditResult(bytes: Self.shard("screens/settings.json", languages: ["de"], findings: [
            Self.finding("untranslated", "info", "l", language: "de", key: "title"),
        ]), file: "audit-1.json")
        for order in [[french, german], [german, french]] {
            let merged = try MergedAudit(order, threshold: .error)
            #expect(merged.documents.count == 1)
            let document = try #require(merged.documents.first)
            #expect(document.languages == ["de", "fr"])
            #expect(document.findings.map { "\($0.language ?? "-") \($0.category.shortName) \($0.rule)" }
                == ["de l untranslated", "fr l untranslated", "fr ax5 text-clipped"])
            #expect(merged.count(.error) == 1 && merged.count(.info) == 2 && merged.fails)
            #expect(merged.summary == "1 document in 2 languages from 2 results: 1 error, 0 warnings, 2 info; 1 has a finding at or above error")
            #expect(merged.text().contains("    error   text-clipped ax5 at 390 pt, cell 0.1 ($.sections[0].cells[1]): a message (key 'clear', form other)"),
                    "\(merged.text())")
        }
        let html = try MergedAudit([french, german], threshold: .error).html()
        #expect(html.contains("<tr><td>de</td><td>0</td><td>0</td><td>1</td><td>1</td><td class=\"good\">·</td></tr>"),
                "the languages × sizes grid: \(html)")
        #expect(html.contains("<tr><td>fr</td><td>1</td><td>0</td><td>1</td><td>1</td><td>1</td></tr>"))
        #expect(try MergedAudit([french, german], threshold: nil).fails == false, "--fail-on never")
    }

    @Test func aLanguageInTwoResultsIsRefused() throws {
        let one = try AuditResult(bytes: Self.shard("a.json", languages: ["de"], findings: []), file: "audit-1.json")
        let two = try AuditResult(bytes: Self.shard("a.json", languages: ["de", "fr"], findings: []), file: "audit-2.json")
        #expect(throws: MergeError.duplicate(document: "a.json in de", first: "audit-1.json", second: "audit-2.json")) {
            try MergedAudit([one, two], threshold: .error)
        }
    }

    @Test func aResultThatIsNotOneIsRefusedNamingTheFileAndTheJSONPath() throws {
        let cases: [(String, String, String)] = [
            ("[1, 2]", "$", "expected an object, got an array"),
            ("{\"file\": \"a.md\"}", "$", "\"categories\" is missing"),
            ("{\"documents\": [{\"file\": 3}], \"summary\": {}}", "$.documents[0].file", "expected a string, got the value 3"),
            (String(decoding: Self.shard("a.json", languages: [], findings: [Self.finding("overlap", "error", "huge", language: nil)]),
                    as: UTF8.self), "$.documents[0].findings[0].category", "expected a text size"),
            ("{\"version\": 7, \"documents\": []}", "$.version", "version 7 is not one this reflow-cli reads"),
            ("{\"documents\": [", "$", "not valid JSON"),
        ]
        for (json, path, problem) in cases {
            do {
                _ = try AuditResult(bytes: Array(json.utf8), file: "shard.json")
                Issue.record("\(json) was read")
            } catch let error as MergeError {
                guard case .malformed(let file, let at, let said) = error else { Issue.record("\(error)"); continue }
                #expect(file == "shard.json" && at == path, "\(json): \(error)")
                #expect(said.hasPrefix(problem), "\(json): \(said)")
            }
        }
    }
}
