import Foundation
import Preview
import Reflow
import ReflowKit
import Testing
import TestSupport
import TextMetrics

/// `check --report`'s page: built from the verdicts, every quoted text escaped, three pictures per
/// changed size drawn from the layouts alone (the golden's from its layout JSON), a difference
/// picture that marks the change where it is, and a bound on the pictures spent in run order.
@Suite struct CheckReportTests {
    static let categories: [ContentSizeCategory] = [.large, .accessibilityExtraExtraExtraLarge]

    static let before = """
        A first paragraph.

        The <script>alert(1)</script> & "quoted" <img src=x onerror=alert(2)> paragraph.

        The last paragraph.
        """
    static let after = before.replacingOccurrences(of: "paragraph.\n\nThe last",
                                                   with: "paragraph, now long enough to take another line at every size.\n\nThe last")

    /// The verdict of `after` checked against the goldens of `before`, both plain text, at `categories`.
    static func verdict(before: String = before, after: String = after) throws -> GoldenStore.Verdict {
        let folder = try OutputFileTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("doc.txt").path
        let store = GoldenStore(folder: folder.appendingPathComponent("goldens").path, document: path)
        func layouts(_ text: String) throws -> GoldenStore.Layouts {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return try GoldenStore.layouts(of: try DocumentReader().layoutInput(at: path), categories: categories, width: 390,
                                           fontsDirectory: try Fixtures.fonts().directory)
        }
        try store.checkFolder(recording: true)
        _ = try store.record(try layouts(before), to: try store.outputs(for: categories, protecting: []))
        return try store.compare(try layouts(after), categories: categories, reader: DocumentReader(), tolerance: 0)
    }

    static func report(_ entries: [(String, GoldenStore.Verdict)], limit: Int = 60) throws -> String {
        let budget = CheckReport.PictureBudget(limit: limit)
        var report = CheckReport(goldens: "goldens", categories: categories, width: 390, tolerance: 0, budget: budget)
        let painter = try CheckReport.Painter(fonts: try Fixtures.fonts(), budget: budget)
        for (name, verdict) in entries { report.add(name, verdict: verdict, section: painter.section(name, verdict: verdict)) }
        return report.html()
    }

    static func count(_ text: String, in html: String) -> Int { html.components(separatedBy: text).count - 1 }

    @Test func aDocumentsTextAndNameCannotBecomeMarkup() throws {
        let verdict = try Self.verdict()
        try #require(verdict.differences.count == 2, "the edit changes both sizes")
        let html = try Self.report([("<img src=x onerror=alert(3)>.txt", verdict)])
        #expect(!html.lowercased().contains("<script"))
        #expect(!html.contains("<img src=x"))
        #expect(html.contains("&lt;img src=x onerror=alert(3)&gt;.txt"), "the name, escaped")
        #expect(html.contains("(paragraph &quot;The &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quoted&quot;"),
                "the changed cell's words, escaped, in the list of what moved")
        // The only images are the report's own: three per changed size, each a PNG inline.
        #expect(Self.count("<img ", in: html) == 6)
        #expect(Self.count("<img src=\"data:image/png;base64,", in: html) == 6)
        for figure in ["golden", "now", "difference"] { #expect(Self.count("<figure class=\"\(figure)\">", in: html) == 2) }
        #expect(html.contains("default-src 'none'"), "and no script could run anyway")
    }

    @Test func aPassingReportSaysItPassedAndDrawsNothing() throws {
        let html = try Self.report([("doc.txt", try Self.verdict(after: Self.before))])
        #expect(html.contains("<h1>reflow check: <span class=\"good\">passed</span></h1>"))
        #expect(html.contains("every document matches its goldens"))
        #expect(html.contains("<td>doc.txt</td><td class=\"good\">passed</td>"))
        #expect(!html.contains("<img"))
        #expect(html.contains("none changed its version since the goldens were recorded"))
    }

    @Test func theSummaryNamesEveryDocumentItsChangedSizesAndTheFonts() throws {
        var report = CheckReport(goldens: "g", categories: Self.categories, width: 390, tolerance: 0)
        let verdict = try Self.verdict()
        report.add("a.txt", verdict: verdict, section: nil)
        report.add("b.txt", failure: "cannot read 'b.txt': no such file")
        let html = report.html()
        #expect(!report.passed)
        #expect(html.contains("<h1>reflow check: <span class=\"bad\">failed</span></h1>"))
        #expect(html.contains("2 documents checked against the goldens in <code>g</code> at 2 sizes (L, AX5)"))
        #expect(html.contains("<td><a href=\"#document-1\">a.txt</a></td><td class=\"bad\">changed</td><td>L, AX5 (2 of 2)</td>"))
        #expect(html.contains("<section id=\"document-2\">\n<h2>b.txt <span class=\"bad\">could not be checked</span></h2>"))
        #expect(html.contains("<p><code>cannot read 'b.txt': no such file</code></p>"))
        let regular = try #require(verdict.fonts.first { $0.file == "Inter-Regular.otf" })
        #expect(verdict.recordedFonts.contains(regular), "the goldens recorded the same font")
        #expect(html.contains("<tr><td>Inter-Regular.otf</td><td>\(HTMLPage.escaped(regular.version))</td><td>\(HTMLPage.escaped(regular.version))</td></tr>"))
    }

    /// The golden's picture has the golden's frames, today's has today's: each element is drawn
    /// clipped to its own frame (grown by a point for its outline).
    @Test func theGoldensPictureIsDrawnAtTheGoldensFrames() throws {
        let comparison = try Self.verdict().differences[0].comparison
        let typesetter = try Typesetter(fonts: try Fixtures.fonts())
        let window = ChangeMarks(comparison).window(maximumHeight: 1_200)
        for report in [comparison.golden, comparison.actual] {
            let list = LayoutSketch(report).displayList(window: window, typesetter: typesetter)
            let clips = list.items.compactMap { item -> Rect? in if case .clip(let rect, _) = item { rect } else { nil } }
            #expect(clips == report.elements.map { Rect(x: $0.frame.x - 1, y: $0.frame.y - 1, width: $0.frame.width + 2,
                                                         height: $0.frame.height + 2) })
        }
        #expect(comparison.golden.elements.map(\.frame) != comparison.actual.elements.map(\.frame))
    }

    /// The difference picture outlines the changed cell in today's colour at its frame now and in
    /// the golden's colour where it ended before, and tints the cell that moved below it.
    @Test func theDifferencePictureMarksTheChangeWhereItIs() throws {
        let comparison = try Self.verdict().differences[0].comparison
        let change = try #require(comparison.resized.first)
        let (golden, now) = (change.golden!.frame, change.actual!.frame)
        try #require(now.height > golden.height)
        let marks = ChangeMarks(comparison)
        let window = marks.window(maximumHeight: 1_200)
        #expect(window.minY == 0, "a short page is shown whole")
        let list = marks.displayList(window: window, typesetter: try Typesetter(fonts: try Fixtures.fonts()), labels: 10)
        let image = try PNGRenderer(scale: 2).rasterize(list)
        /// The rows (in points) within `y` ± 1 pt where `color` is drawn across the middle of the cell.
        func drawn(_ color: Color, near y: Double) -> Bool {
            (Int((y - 1) * 2)...Int((y + 1) * 2)).contains { row in
                (Int(now.x + 40) * 2..<Int(now.x + now.width - 40) * 2).contains { image.pixel(x: $0, y: row) == color }
            }
        }
        #expect(drawn(ChangeMarks.Palette.now, near: now.y + now.height), "today's bottom edge")
        #expect(drawn(ChangeMarks.Palette.golden, near: golden.y + golden.height), "the golden's bottom edge, dashed")
        #expect(!drawn(ChangeMarks.Palette.now, near: golden.y + golden.height + (now.height - golden.height) / 2))
        let moved = try #require(comparison.changes.first(where: { $0.isShiftOnly })?.actual?.frame)
        let tinted = image.pixel(x: Int(moved.x + moved.width - 4) * 2, y: Int(moved.y + moved.height - 4) * 2)
        #expect(tinted.blue < tinted.red && tinted.red > 240, "the cell that moved is tinted amber: \(tinted)")
    }

    @Test func aLongPageIsShownFromJustAboveItsFirstChange() throws {
        let filler = (1...60).map { "Paragraph \($0) of the filler." }.joined(separator: "\n\n")
        let comparison = try Self.verdict(before: [filler, Self.before, filler].joined(separator: "\n\n"),
                                          after: [filler, Self.after, filler].joined(separator: "\n\n"))
            .differences[0].comparison
        let first = try #require(comparison.resized.first?.actual?.frame.y)
        let window = ChangeMarks(comparison).window(maximumHeight: 600)
        #expect(window.height == 600)
        #expect(window.minY > 0 && window.minY <= first - 60 && window.minY >= first - 70, "\(window) for a change at \(first)")
    }

    /// The budget is spent in the order documents are added: the first size gets pictures, the
    /// second a sentence; a painter whose budget is spent draws nothing.
    @Test func picturesStopWhenTheBudgetIsSpent() throws {
        let verdict = try Self.verdict()
        let html = try Self.report([("a.txt", verdict)], limit: 1)
        #expect(Self.count("<img ", in: html) == 3)
        #expect(Self.count("Pictures not drawn: this report draws the first 1 changed size of the run.", in: html) == 1)
        #expect(html.contains("(paragraph &quot;The &lt;script&gt;"), "the second size still lists what moved")

        let budget = CheckReport.PictureBudget(limit: 0)
        #expect(budget.isSpent)
        let section = try CheckReport.Painter(fonts: try Fixtures.fonts(), budget: budget).section("a.txt", verdict: verdict)
        #expect(section.sizesDrawn == 0)
    }
}
