import Foundation
import TestSupport
import Testing

/// The layout JSON of a screen whose line limits truncate text (`"truncated": true` on the Mail
/// inbox's previews, issue 38 row 2) validates against docs/layout-json.schema.json, and the
/// schema refuses a `truncated` that is not `true` (absent means not truncated). Validated with
/// scripts/validate-layout-json.py, as `LayoutJSONSchemaTests` does; skipped loudly without
/// jsonschema, a failure in CI or with REFLOW_REQUIRE_PEERS=1.
@Suite(.runsOutsideTools, .tags(.outsideTools)) struct TruncatedLayoutJSONSchemaTests {
    @Test(.enabled(if: LayoutJSONSchemaTests.missing == nil, "SKIPPED: jsonschema is missing (see stdout)"))
    func aTruncatedScreensLayoutValidatesAndTruncatedIsOnlyTrue() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mail = CLI.repository.appendingPathComponent("Tests/Corpus/screens/mail-inbox.json").path
        let written = folder.appendingPathComponent("mail.layout.json")
        let result = try CLI.run(["layout", mail, "--category", "ax5", "--quiet", "-o", written.path])
        #expect(result.status == 0, "\(result)")
        let json = try String(contentsOf: written, encoding: .utf8)
        #expect(json.contains("\"truncated\": true"), "the previews are truncated at AX5")
        let valid = try LayoutJSONSchemaTests.validate([written.path])
        #expect(valid.status == 0 && valid.output.hasSuffix("1 files, 0 violations\n"), "\(valid.output)")

        let wrong = folder.appendingPathComponent("wrong.layout.json")
        try json.replacingOccurrences(of: "\"truncated\": true", with: "\"truncated\": false").write(to: wrong, atomically: true, encoding: .utf8)
        let refused = try LayoutJSONSchemaTests.validate([wrong.path])
        #expect(refused.status == 1 && refused.output.contains("truncated"), "\(refused.output)")
    }
}
