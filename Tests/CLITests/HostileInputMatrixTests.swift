import Foundation
import Testing

/// Issue 24's hostile inputs, each through every command it applies to: the input, the commands,
/// and what each must do. Every run ends within its time, by exit (never a signal), with exit 0 or
/// with status 1 and one line on stderr that starts as given. The rows' own suites test each
/// defect in depth (CombiningMarkTests, StandardStreamTests, GoldensHardeningTests,
/// PreviewPartsCommandTests, BadInputTableTests); this table holds that no command was left out.
/// The inputs are small versions of the (a few thousand marks, a 100 KB word, 3,000 table
/// rows): enough to reach each bound, quick enough for every command.
@Suite struct HostileInputMatrixTests {
    /// What a run must end in.
    enum Outcome: Sendable, CustomStringConvertible {
        case succeeds
        /// Status 1 and one line on stderr starting with this.
        case fails(String)

        var description: String {
            switch self {
            case .succeeds: "exit 0"
            case .fails(let prefix): "exit 1, '\(prefix)…'"
            }
        }
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        /// The commands and their arguments; `{in}` stands for the input's file name.
        let commands: [[String]]
        let outcome: Outcome
        var redirections: String? = nil
        var stdin: String? = nil
        var environment: [String: String?] = [:]
        var testDescription: String { name }
    }

    /// The measuring commands that take a document or screen, with what keeps them quick.
    static func every(_ extra: [String] = []) -> [[String]] {
        [["layout", "{in}"], ["preview", "{in}", "--viewport", "390x844", "-o", "out.png"], ["scroll", "{in}"],
         ["audit", "{in}", "--category", "l", "--width", "390"], ["check", "{in}", "--record", "--goldens", "g", "--category", "l"]]
            .map { $0 + extra }
    }

    static let stdoutFull = "reflow-cli: error: cannot write to stdout: no space left on the device"

    static let rows: [Row] = [
        Row(name: "1 a letter with 6,000 marks", commands: every() + [["lines", "{in}", "--width", "300"]], outcome: .succeeds),
        Row(name: "2 three nested groups of count 1000", commands: every(), outcome: .succeeds),
        Row(name: "2 two levels of tiny absolute heights", commands: every(), outcome: .succeeds),
        Row(name: "3 standard input without end", commands: [["hyphenate", "--max-input", "64K"]],
            outcome: .fails("reflow-cli: error: standard input is larger than the input limit of 64 KiB"), stdin: "/dev/zero"),
        Row(name: "3 '-' (standard input) without end", commands: [["layout", "-", "--max-input", "64K"],
                                                                   ["lines", "-", "--max-input", "64K", "--width", "300"]],
            outcome: .fails("reflow-cli: error: standard input is larger than the input limit of 64 KiB"), stdin: "/dev/zero"),
        // Issue 36 row 5: a path is read as a regular file only; /dev/stdin is here a device.
        Row(name: "3 /dev/stdin, a device", commands: [["layout", "/dev/stdin", "--max-input", "64K"],
                                                       ["lines", "/dev/stdin", "--max-input", "64K", "--width", "300"]],
            outcome: .fails("reflow-cli: error: '/dev/stdin' is a character device, not a regular file"), stdin: "/dev/zero"),
        Row(name: "5 stdout on a full device",
            commands: [["layout", "{in}"], ["lines", "{in}", "--width", "300"], ["scroll", "{in}"],
                       ["audit", "{in}", "--category", "l"], ["fonts"], ["type-table"], ["hyphenate"]],
            outcome: .fails(stdoutFull), redirections: ">/dev/full"),
        Row(name: "5 stderr on a full device", commands: [["preview", "{in}", "-o", "out.png"]], outcome: .fails(""),
            redirections: "2>/dev/full"),
        Row(name: "6 one unbroken 100 KB word",
            commands: every() + [["lines", "{in}", "--width", "300", "--overflow-wrap", "break-word"]], outcome: .succeeds),
        Row(name: "7 a table of 3,000 rows", commands: every(), outcome: .succeeds),
        Row(name: "8 more cells than the input limit allows", commands: every(["--max-input", "1K"]),
            outcome: .fails("reflow-cli: error: 'empties.md' makes 12 cells, more than the 8 the input limit of 1 KiB allows")),
        Row(name: "8 Markdown markup beyond the input limit, refused before it is parsed", commands: every(["--max-input", "1K"]),
            outcome: .fails("reflow-cli: error: 'marks.md' has 600 line ends and Markdown markup characters, more than the 32 the input limit of 1 KiB allows")),
        Row(name: "8 a Markdown table of 2,000 columns and 2,000 one-cell rows", commands: every(),
            outcome: .fails("reflow-cli: error: 'padded.md' has Markdown tables of 4,002,000 cells (line 2 starts a table of 2,000 columns")),
        Row(name: "6 a Markdown table row of 30,000 cells", commands: every(),
            outcome: .fails("reflow-cli: error: 'wide.md' has Markdown table rows too wide to parse (line 2 starts a table of 30,000 columns")),
        Row(name: "6 lists nested 8,000 deep over 8,000 empty lines, stopped at the parse deadline", commands: every(["--parse-timeout", "0.5"]),
            outcome: .fails("reflow-cli: error: reading 'nested.md' took more than 0.5 s and was stopped: the Markdown parser")),
        Row(name: "12 a file name with ESC and CR", commands: every() + [["lines", "{in}", "--width", "300"]],
            outcome: .fails("reflow-cli: error: cannot read 'red\\u{1B}[31m\\r.md': no such file")),
        Row(name: "13 a FIFO for a face",
            commands: every(["--fonts", "fifo-fonts"]) + [["lines", "{in}", "--width", "300", "--fonts", "fifo-fonts"],
                                                         ["type-table", "--fonts", "fifo-fonts"]],
            outcome: .fails("reflow-cli: error: 'fifo-fonts/Inter-Regular.otf' is not a font FreeType can read (it is a FIFO (named pipe)")),
    ]

    /// The input file of `row` in `folder` (nil: the row reads no file of its own).
    static func prepare(_ row: Row, in folder: URL) throws -> String? {
        func nested(_ kind: String, _ size: String, count: Int) -> String {
            "{\"axis\": \"vertical\", \"size\": {\"width\": {\"fractionalWidth\": 1}, \"height\": {\"\(kind)\": \(size)}}, \"count\": \(count), \"subitems\": ["
        }
        switch row.name.prefix(while: { $0 != " " }) + " " + row.name.split(separator: " ")[1] {
        case "1 a":
            return try CLI.write("\u{05D0}" + String(repeating: "\u{05B8}\u{05C1}", count: 3_000) + "\n", to: "marks.txt", in: folder).lastPathComponent
        case "2 three":
            let item = "{\"size\": {\"width\": {\"fractionalWidth\": 1}, \"height\": {\"estimated\": 44}}}"
            let group = nested("fractionalHeight", "1", count: 1000) + nested("fractionalHeight", "1", count: 1000)
                + nested("fractionalHeight", "1", count: 1000) + item + "]}]}]}"
            return try CLI.write("{\"sections\": [{\"group\": \(group), \"cells\": [{\"text\": \"a\"}, {\"text\": \"b\"}]}]}",
                                 to: "count.json", in: folder).lastPathComponent
        case "2 two":
            let item = "{\"size\": {\"width\": {\"fractionalWidth\": 1}, \"height\": {\"absolute\": 0.00000001}}}"
            let group = nested("absolute", "1000", count: 1) + nested("absolute", "0.0001", count: 1) + item + "]}]}"
            return try CLI.write("{\"sections\": [{\"group\": \(group), \"cells\": [{\"text\": \"a\"}, {\"text\": \"b\"}]}]}",
                                 to: "tiny.json", in: folder).lastPathComponent
        case "6 one":
            return try CLI.write(String(repeating: "abcdefghij", count: 10_000) + "\n", to: "word.txt", in: folder).lastPathComponent
        case "7 a":
            let rows = (0..<3_000).map { "| row \($0) | \($0 * 7) | some text here |" }.joined(separator: "\n")
            return try CLI.write("| a | b | c |\n|---|---|---|\n" + rows + "\n", to: "table.md", in: folder).lastPathComponent
        case "8 a":
            return try CLI.write("|" + String(repeating: "a|", count: 2_000) + "\n|" + String(repeating: "-|", count: 2_000) + "\n"
                                 + String(repeating: "a\n", count: 2_000), to: "padded.md", in: folder).lastPathComponent
        case "6 a":
            return try CLI.write("|" + String(repeating: "a|", count: 30_000) + "\n|" + String(repeating: "-|", count: 30_000) + "\n",
                                 to: "wide.md", in: folder).lastPathComponent
        case "6 lists":
            return try CLI.write(String(repeating: "- ", count: 8_000) + "x" + String(repeating: "\n", count: 8_000), to: "nested.md",
                                 in: folder).lastPathComponent
        case "8 Markdown":
            return try CLI.write(String(repeating: "-\n", count: 300), to: "marks.md", in: folder).lastPathComponent
        case "8 more":
            return try CLI.write(String(repeating: "-\n", count: 12), to: "empties.md", in: folder).lastPathComponent
        case "12 a":
            return "red\u{1B}[31m\r.md"
        case "13 a":
            // The bundled faces, but a FIFO for the regular one.
            let fonts = folder.appendingPathComponent("fifo-fonts"), bundled = CLI.repository.appendingPathComponent("Fonts")
            try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: false)
            for name in try FileManager.default.contentsOfDirectory(atPath: bundled.path) where name != "Inter-Regular.otf" {
                try FileManager.default.createSymbolicLink(at: fonts.appendingPathComponent(name), withDestinationURL: bundled.appendingPathComponent(name))
            }
            #expect(mkfifo(fonts.appendingPathComponent("Inter-Regular.otf").path, 0o600) == 0)
            return try CLI.write("hello world\n", to: "doc.txt", in: folder).lastPathComponent
        default:
            return try CLI.write("A paragraph of text that wraps onto a second line when the column narrows.\n", to: "doc.txt",
                                 in: folder).lastPathComponent
        }
    }

    @Test(arguments: rows)
    func everyCommandEndsCleanly(_ row: Row) throws {
        if (row.redirections?.contains("/dev/full") ?? false) || row.stdin == "/dev/full",
           !FileManager.default.fileExists(atPath: "/dev/full") { return }
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try Self.prepare(row, in: folder)
        for command in row.commands {
            let arguments = command.map { $0 == "{in}" ? input ?? "" : $0 }
            let shown = arguments.joined(separator: " ")
            let result = try CLI.run(arguments, input: row.stdin.map(URL.init(fileURLWithPath:)), timeout: 90, directory: folder,
                                     environment: row.environment, redirections: row.redirections)
            #expect(!result.crashed, "\(row.name): \(shown): \(result)")
            switch row.outcome {
            case .succeeds:
                #expect(result.status == 0, "\(row.name): \(shown): \(result)")
            case .fails(let prefix):
                #expect(result.status == 1, "\(row.name): \(shown): \(result)")
                if !prefix.isEmpty {
                    let lines = result.messageLines
                    #expect(lines.count == 1 && lines[0].hasPrefix(prefix), "\(row.name): \(shown): \(result.stderr)")
                }
            }
            // Nothing raw from a file reaches the terminal.
            #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(row.name): \(shown)")
        }
    }
}
