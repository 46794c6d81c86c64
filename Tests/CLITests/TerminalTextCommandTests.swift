import Foundation
import Testing

/// Issue 24, row 12: control characters from files (a file name on stderr, a document's words in
/// the audit report, a golden's text in `check`'s report) reach no terminal raw: they are written
/// out as `\u{1B}`, `\r` (`TerminalText`).
@Suite struct TerminalTextCommandTests {
    /// The bytes of `text` below 0x20 other than line feeds, and DEL.
    static func controls(_ text: String) -> [UInt8] {
        text.utf8.filter { ($0 < 0x20 && $0 != 0x0A) || $0 == 0x7F }
    }

    @Test func fileNamesOnStderrShowControlAndBidiCharactersEscaped() throws {
        let name = "no\u{1B}]0;pwned\u{07}such\r\u{202E}gpj.md"
        let result = try CLI.run([name])
        #expect(result.status == 1, "\(result)")
        #expect(Self.controls(result.stderr).isEmpty, "\(Array(result.stderr.utf8))")
        #expect(!result.stderr.unicodeScalars.contains("\u{202E}"))
        #expect(result.stderrLines == [#"reflow-cli: error: cannot read 'no\u{1B}]0;pwned\u{7}such\r\u{202E}gpj.md': no such file; check the path"#])
    }

    @Test func theAuditReportShowsTheDocumentsControlCharactersEscaped() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = try CLI.write("\u{1B}[2J\u{1B}[31m" + String(repeating: "W", count: 60) + "\n", to: "esc.md", in: folder)
        let result = try CLI.run(["audit", document, "--category", "ax5", "--width", "320", "--fail-on", "never"])
        #expect(result.status == 0, "\(result)")
        #expect(Self.controls(result.output).isEmpty, "\(result.output)")
        #expect(result.output.contains(#""\u{1B}[2J\u{1B}[31mWWW"#), "the broken word is quoted escaped: \(result.output)")
    }
}
