import Foundation
import Testing

/// Issue 36 row 11: a file that is not text named as a document (a picture, a PDF, an archive,
/// a NUL byte in its first 8 KiB, UTF-16) is refused by every command that reads one, before it
/// is read as text: exit 1, one line that says what it is, nothing written. Standard input gets
/// the same check. A NUL past the first 8 KiB is replaced and warned about, as before.
extension BadInputTableTests {
    /// The measuring commands and `lines`, with what keeps them quick; `{in}` is the input.
    static let documentCommands: [[String]] = [
        ["layout", "{in}"], ["preview", "{in}", "-o", "out.png"], ["scroll", "{in}"],
        ["audit", "{in}", "--category", "l", "--width", "390"], ["check", "{in}", "--record", "--goldens", "g", "--category", "l"],
        ["lines", "{in}", "--width", "300"],
    ]

    static let notADocument = "not a document (Markdown, text or a screen file)"

    /// Each input, written into the folder, and the error line every command gives for it.
    static let notDocuments: [(name: String, error: String)] = [
        ("welcome-xxxl.png", "reflow-cli: error: 'welcome-xxxl.png' is a PNG image, \(notADocument)"),
        ("paper.md", "reflow-cli: error: 'paper.md' is a PDF file, \(notADocument)"),
        ("notes.md.gz", "reflow-cli: error: 'notes.md.gz' is a gzip file, \(notADocument)"),
        ("nul.md", "reflow-cli: error: 'nul.md' is binary (a NUL byte at offset 100), \(notADocument)"),
        ("utf16.txt", "reflow-cli: error: 'utf16.txt' is text in UTF-16 (little-endian), not UTF-8; save it as UTF-8"),
    ]

    static func writeNotDocuments(in folder: URL) throws {
        // A real picture: one of the preview's goldens.
        try FileManager.default.copyItem(at: CLI.repository.appendingPathComponent("Tests/PreviewTests/Goldens/welcome-l.png"),
                                         to: folder.appendingPathComponent("welcome-xxxl.png"))
        _ = try CLI.write("%PDF-1.7\n%\u{E2}\u{E3}\u{CF}\u{D3}\n1 0 obj\n<< /Type /Catalog >>\nendobj\n", to: "paper.md", in: folder)
        _ = try CLI.write([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x4B, 0x4C, 0x4A, 0x06, 0x00],
                          to: "notes.md.gz", in: folder)
        var nul = Array(("# Title\n\n" + String(repeating: "word ", count: 40) + "\n").utf8)
        nul[100] = 0
        _ = try CLI.write(nul, to: "nul.md", in: folder)
        _ = try CLI.write([0xFF, 0xFE] + "# Hello\n\nUTF-16 text.\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
                          to: "utf16.txt", in: folder)
        _ = try CLI.write(Array(repeating: UInt8(ascii: "a"), count: 9_000) + [0, 0x0A], to: "late-nul.txt", in: folder)
    }

    @Test func aFileThatIsNotTextIsRefusedByEveryCommandBeforeItIsRead() throws {
        let folder = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.writeNotDocuments(in: folder)
        let before = Self.snapshot(folder)
        for (name, error) in Self.notDocuments {
            for command in Self.documentCommands {
                let arguments = command.map { $0 == "{in}" ? name : $0 }
                let result = try CLI.run(arguments, timeout: 60, directory: folder)
                #expect(!result.crashed && result.status == 1, "\(arguments): \(result)")
                #expect(result.messageLines == [Substring(error)], "\(arguments): \(result.stderr)")
            }
        }
        // check --record may make its goldens folder before reading; no golden is written in it.
        let after = Self.snapshot(folder).filter { $0.key != "g" }
        #expect(after == before, "nothing written")
    }

    /// A NUL past the first 8 KiB: the document is read, the NUL replaced, a warning says so.
    @Test func aNulPastTheFirst8KiBIsReplacedAndWarnedAbout() throws {
        let folder = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.writeNotDocuments(in: folder)
        let result = try CLI.run(["lines", "late-nul.txt", "--width", "300"], timeout: 60, directory: folder)
        #expect(result.status == 0, "\(result)")
        #expect(result.output.hasSuffix("a\u{FFFD}\n"), "\(result.output.suffix(20))")
        #expect(result.messageLines.first == "reflow-cli: warning: 'late-nul.txt' contains 1 NUL byte(s); they were replaced with U+FFFD")
    }

    static let standardInputCases: [Case] = [
        Case(name: "a gzip file on standard input", arguments: [], status: 1,
             stderr: "reflow-cli: error: standard input is a gzip file, \(notADocument)", stdin: "notes.md.gz"),
        Case(name: "a NUL at offset 100 on standard input", arguments: [], status: 1,
             stderr: "reflow-cli: error: standard input is binary (a NUL byte at offset 100), \(notADocument)", stdin: "nul.md"),
        Case(name: "UTF-16 on standard input", arguments: [], status: 1,
             stderr: "reflow-cli: error: standard input is text in UTF-16 (little-endian), not UTF-8; save it as UTF-8", stdin: "utf16.txt"),
        Case(name: "/dev/stdin: a PNG", arguments: ["/dev/stdin"], status: 1,
             stderr: "reflow-cli: error: '/dev/stdin' is a PNG image, \(notADocument)", stdin: "welcome-xxxl.png"),
        Case(name: "-: a PNG", arguments: ["-"], status: 1,
             stderr: "reflow-cli: error: standard input is a PNG image, \(notADocument)", stdin: "welcome-xxxl.png"),
    ]

    @Test(arguments: standardInputCases)
    func standardInputThatIsNotText(_ item: Case) throws {
        try Self.verify(item.arguments.isEmpty ? ["hyphenate"] : ["layout"], item) { try Self.writeNotDocuments(in: $0) }
    }
}
