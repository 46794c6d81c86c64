import Foundation
import Preview
import Testing

/// `reflow-cli check --report PATH.html`: written whether the check passes or not, with the
/// golden's, today's and a difference picture for each changed size, its path checked before any
/// work.
@Suite struct CheckReportCommandTests {
    static let sizes = ["l", "xxxl", "ax5"]

    /// A folder with `doc.md` recorded at `sizes` into `goldens`, then edited with `edit`.
    static func recorded(edit: (String) -> String) throws -> (folder: URL, file: String, goldens: String) {
        let folder = try CLI.scratch()
        let file = try CLI.write(CheckCommandTests.document, to: "doc.md", in: folder)
        let goldens = folder.appendingPathComponent("goldens").path
        let record = try CLI.run(["check", file, "--goldens", goldens, "--record", "--category"] + sizes)
        try #require(record.status == 0, "\(record)")
        _ = try CLI.write(edit(CheckCommandTests.document), to: "doc.md", in: folder)
        return (folder, file, goldens)
    }

    /// The PNGs inline in `html`, in order.
    static func pictures(_ html: String) throws -> [RGBAImage] {
        try html.components(separatedBy: "<img src=\"data:image/png;base64,").dropFirst().map { part in
            let base64 = String(part.prefix { $0 != "\"" })
            return try PNGCodec.decode(try #require(Data(base64Encoded: base64)))
        }
    }

    @Test func aChangedDocumentsReportHasThePicturesOfEveryChangedSize() throws {
        let (folder, file, goldens) = try Self.recorded {
            $0.replacingOccurrences(of: "and further.", with: "and further, then further again, on and on until it takes more lines.")
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("report.html")
        let result = try CLI.run(["check", file, "--goldens", goldens, "--category"] + Self.sizes + ["--report", report.path])
        #expect(result.status == 1, "\(result)")
        #expect(result.output.hasPrefix("check failed: doc.md changed at "), "the verdict is printed as without --report")
        let named = try #require(result.messageLines.last?.components(separatedBy: "at ").last?.components(separatedBy: ";").first)
            .components(separatedBy: ", ")
        try #require(!named.isEmpty)
        let html = try String(contentsOf: report, encoding: .utf8)
        #expect(html.contains("<h1>reflow check: <span class=\"bad\">failed</span></h1>"))
        let pictures = try Self.pictures(html)
        #expect(pictures.count == 3 * named.count, "golden, now and difference for each of \(named)")
        for picture in pictures { #expect(picture.width == 780, "390 pt at 2 px a point") }
        for size in named {
            let heading = CheckCommandTests.displayName(size)
            #expect(html.contains("<h3>\(heading) <span class=\"muted\">"), "\(heading) has a section")
        }
        #expect(html.contains("cell 0.2 (paragraph &quot;A paragraph long enough"), "what moved, in words")
        #expect(html.contains("<td><a href=\"#document-1\">doc.md</a></td><td class=\"bad\">changed</td>"))
    }

    @Test func aPassingCheckWritesAReportThatSaysSo() throws {
        let (folder, file, goldens) = try Self.recorded { $0 }
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("report.html").path
        let result = try CLI.run(["check", file, "--goldens", goldens, "--category"] + Self.sizes + ["--report", report])
        #expect(result.status == 0, "\(result)")
        let html = try String(contentsOfFile: report, encoding: .utf8)
        #expect(html.contains("<h1>reflow check: <span class=\"good\">passed</span></h1>"))
        #expect(html.contains("1 document checked against the goldens in <code>\(goldens)</code> at 3 sizes (L, xxxL, AX5)"))
        #expect(!html.contains("<img"))
    }

    /// A document that cannot be checked still gets its report, saying why; the run fails with
    /// the document's own error.
    @Test func aReportIsWrittenWhenTheDocumentCannotBeChecked() throws {
        let (folder, file, goldens) = try Self.recorded { $0 }
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("report.html").path
        let result = try CLI.run(["check", file, "--goldens", goldens, "--category", "xs", "--report", report])
        #expect(result.status == 1, "\(result)")
        #expect(result.messageLines == ["reflow-cli: error: no golden for xs in '\(goldens)' (expected doc-CATEGORY.json); run with --record to create them"])
        let html = try String(contentsOfFile: report, encoding: .utf8)
        #expect(html.contains("<h2>doc.md <span class=\"bad\">could not be checked</span></h2>\n<p><code>no golden for xs in"))
    }

    @Test func theReportsPathIsCheckedBeforeAnyWork() throws {
        let (folder, file, goldens) = try Self.recorded { $0 }
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("none/report.html").path
        let result = try CLI.run(["check", file, "--goldens", goldens, "--report", missing])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty, "nothing was checked")
        #expect(result.messageLines == ["reflow-cli: error: cannot write '\(missing)': the folder '\(folder.path)/none' does not exist; create it or choose another path"])
        let overInput = try CLI.run(["check", file, "--goldens", goldens, "--report", file])
        #expect(overInput.status == 1 && overInput.stdout.isEmpty, "\(overInput)")
        #expect(overInput.stderr.contains("it is the input document"), "\(overInput.stderr)")
        let recording = try CLI.run(["check", file, "--goldens", goldens, "--record", "--report", missing])
        #expect(recording.status == 64, "\(recording)")
        #expect(recording.stderr.contains("--report shows a check against the goldens; --record writes them"), "\(recording.stderr)")
    }
}
