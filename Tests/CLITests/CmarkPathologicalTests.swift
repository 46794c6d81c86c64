import Foundation
import TestSupport
import Testing

/// The pathological inputs of cmark's own test suite (commonmark/cmark's
/// `test/pathological_tests.py`, at the sizes it uses) and of the cmark-gfm advisories fixed
/// after 0.29.0.gfm.6, Debian 12's: each is read in a bounded time. It is laid out, refused before
/// parsing (tables, marks), or stopped at `--parse-timeout` with one line, never left running.
@Suite(.timeLimit(.minutes(5)), .runsOutsideTools, .tags(.outsideTools))
struct CmarkPathologicalTests {
    struct Input: CustomTestStringConvertible, Sendable {
        let name: String
        let text: @Sendable () -> String
        var testDescription: String { name }
    }

    static func repeated(_ text: String, _ count: Int) -> String { String(repeating: text, count: count) }

    static let inputs: [Input] = [
        Input(name: "nested strong emph") { repeated("*a **a ", 65_000) + "b" + repeated(" a** a*", 65_000) },
        Input(name: "many emph closers with no openers") { repeated("a_ ", 65_000) },
        Input(name: "many emph openers with no closers") { repeated("_a ", 65_000) },
        Input(name: "many link closers with no openers") { repeated("a]", 65_000) },
        Input(name: "many link openers with no closers") { repeated("[a", 65_000) },
        Input(name: "mismatched openers and closers") { repeated("*a_ ", 50_000) },
        Input(name: "issue #389") { repeated("*a ", 20_000) + repeated("_a*_ ", 20_000) },
        Input(name: "openers and closers multiple of 3") { "a**b" + repeated("c* ", 50_000) },
        Input(name: "link openers and emph closers") { repeated("[ a_", 50_000) },
        Input(name: "pattern [ (]( repeated") { repeated("[ (](", 80_000) },
        Input(name: "pattern ![[]() repeated") { repeated("![[]()", 160_000) },
        Input(name: "nested brackets") { repeated("[", 50_000) + "a" + repeated("]", 50_000) },
        Input(name: "nested block quotes") { repeated("> ", 50_000) + "a" },
        Input(name: "deeply nested lists") { (0..<1_000).map { repeated("  ", $0) + "* a\n" }.joined() },
        Input(name: "backticks") { (1..<5_000).map { "e" + repeated("`", $0) }.joined() },
        Input(name: "unclosed links A") { repeated("[a](<b", 30_000) },
        Input(name: "unclosed links B") { repeated("[a](b", 30_000) },
        Input(name: "tables") { repeated("aaa\rbbb\n-\u{0B}\n", 30_000) },
        Input(name: "unclosed <!--") { "</" + repeated("<!--", 300_000) },
        Input(name: "empty lines in deeply nested lists") { repeated("- ", 30_000) + "x" + repeated("\n", 30_000) },
        Input(name: "empty lines in deeply nested lists in blockquote") { "> " + repeated("- ", 30_000) + "x\n" + repeated(">\n", 30_000) },
        Input(name: "emph in deep blockquote") { repeated(">", 100_000) + repeated("a*", 100_000) },
        // cmark-gfm's advisories after 0.29.0.gfm.6, and its table extension.
        Input(name: "inline comments after text (GHSA-24f7-9frr-5h2r)") { "a" + repeated("<!--", 50_000) },
        Input(name: "www. runs joined by underscores (autolink)") { repeated("www.a_", 30_000) },
        Input(name: "unclosed image openers before reference links") { repeated("![[a]", 40_000) + "\n\n[a]: /u\n" },
        Input(name: "a table row of 50,000 cells (GHSA-w4qg-3vf7-m9x5)") { "|" + repeated("a|", 50_000) + "\n|" + repeated("-|", 50_000) + "\n" },
        Input(name: "a table padded to 10,000 columns") { "|" + repeated("a|", 10_000) + "\n|" + repeated("-|", 10_000) + "\n" + repeated("a\n", 10_000) },
    ]

    @Test(arguments: inputs)
    func isReadInABoundedTime(_ input: Input) throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = URL(fileURLWithPath: try CLI.write(input.text(), to: "input.md", in: folder)).lastPathComponent
        let started = Date()
        let result = try CLI.run(["layout", name, "--quiet", "--parse-timeout", "2"], timeout: 90, directory: folder)
        let seconds = Date().timeIntervalSince(started)
        #expect(!result.crashed, "\(result)")
        let lines = result.messageLines.filter { !$0.isEmpty }
        switch result.status {
        case 0:
            #expect(lines.isEmpty, "\(result.stderr)")
        case 1:
            #expect(lines.count == 1, "\(result.stderr)")
            let stopped = lines.first?.hasPrefix("reflow-cli: error: reading 'input.md' took more than 2.") ?? false
            // Refused before parsing: its tables, or (cmark's 12.5 MB of backticks) its marks.
            let refused = lines.first?.hasPrefix("reflow-cli: error: 'input.md' has ") ?? false
            #expect(stopped || refused, "\(input.name): \(result.stderr)")
        default:
            Issue.record("\(input.name): exit status \(result.status): \(result.stderr)")
        }
        // The deadline is 2 s and the parse the only slow part; the rest of the run is a few
        // seconds in a debug build at most, with room for a loaded machine.
        #expect(seconds < 45, "\(input.name): \(seconds) s")
    }
}
