import Foundation
import Preview
import Reflow
import TextMetrics

/// The HTML report of `check --report`: one self-contained page (`HTMLPage`: pictures inline as
/// `data:` URIs, no script) a browser opens with no server. It opens with a summary: whether the
/// run passed, every document with its verdict and the sizes that changed, and the fonts the
/// goldens were recorded with against today's. Then a section per changed document: per changed
/// size, the golden's picture, today's and the difference side by side (`LayoutSketch`,
/// `ChangeMarks`), and the list of what moved. A document that could not be checked says why.
///
/// It is built from the verdicts `check` prints, never from a second comparison, and holds each
/// document's section as HTML once drawn (`Painter`, on the thread that checked it), not its
/// layouts. Everything quoted from a document, a path or a font is escaped.
public struct CheckReport: Sendable {
    /// What the run compared: the goldens folder, the sizes, the width and the tolerance.
    public let goldens: String
    public let categories: [ContentSizeCategory]
    public let width: Double
    public let tolerance: Double
    /// The documents, in the run's order.
    public private(set) var entries: [Entry] = []
    /// How many changed sizes the report draws, spent in the run's order.
    public let budget: PictureBudget
    /// A run over languages: what moved per language and size, shown above the documents.
    public var languages: LanguageGrid?

    public init(goldens: String, categories: [ContentSizeCategory], width: Double, tolerance: Double,
                budget: PictureBudget = PictureBudget()) {
        (self.goldens, self.categories, self.width, self.tolerance, self.budget) = (goldens, categories, width, tolerance, budget)
    }

    /// How many changed sizes a report draws at most, over the whole run, in the run's order;
    /// those after them are described in words only, so a run where many documents changed keeps
    /// a page a browser opens (the three pictures of a size are 100 to 300 KB). Shared by the
    /// report, which spends it as documents are added, and its painters, which stop drawing once it
    /// is spent: whatever they drew after that would be left out. What a report holds is the same
    /// whatever the number of threads.
    public final class PictureBudget: Sendable {
        /// Changed sizes drawn at most.
        public let limit: Int
        private let spent = Locked(0)

        public init(limit: Int = 60) { self.limit = limit }

        /// Every size the budget allows is drawn.
        public var isSpent: Bool { spent.withLock { $0 >= limit } }

        /// Takes one size from the budget; false when none is left.
        func spend() -> Bool {
            spent.withLock { spent in
                guard spent < limit else { return false }
                spent += 1
                return true
            }
        }
    }

    /// One document of the run.
    public struct Entry: Sendable {
        public enum Outcome: Sendable, Hashable {
            case passed
            /// The sizes that changed.
            case changed([ContentSizeCategory])
            /// Why it could not be checked.
            case failed(String)
        }

        /// The document as the run names it.
        public let name: String
        public let outcome: Outcome
        /// Its fonts now and as its goldens recorded them; its verdict's font changes.
        public let fonts: [LayoutReport.Golden.FontRecord], recordedFonts: [LayoutReport.Golden.FontRecord]
        public let fontChanges: [GoldenStore.Verdict.FontChange]
        public let recordedWithoutFonts: Bool
        /// The HTML of a changed document's section, as added.
        let section: String?
    }

    /// A changed document's part of the report, drawn by a `Painter`: its heading, then per
    /// changed size a heading, the pictures and what changed.
    public struct Section: Sendable {
        let heading: String
        let sizes: [Size]

        struct Size: Sendable {
            let heading: String
            /// The pictures and their legend; nil when none were drawn.
            let pictures: String?
            /// Why none were drawn (a paragraph), or nothing.
            let note: String
            let changes: String
        }

        /// How many sizes have pictures.
        public var sizesDrawn: Int { sizes.filter { $0.pictures != nil }.count }
    }

    /// Adds a document that was checked: its verdict, and for a changed one its section, each
    /// size's pictures kept while the budget lasts.
    public mutating func add(_ name: String, verdict: GoldenStore.Verdict, section: Section?) {
        var html: String?
        if !verdict.passed, let section {
            html = section.heading
            for size in section.sizes {
                html! += size.heading + size.note
                if let pictures = size.pictures, budget.spend() {
                    html! += pictures
                } else if size.note.isEmpty {
                    html! += "<p class=\"muted\">Pictures not drawn: this report draws the first "
                        + "\(Self.count(budget.limit, "changed size")) of the run.</p>\n"
                }
                html! += size.changes
            }
        }
        entries.append(Entry(name: name, outcome: verdict.passed ? .passed : .changed(verdict.differences.map(\.category)),
                             fonts: verdict.fonts, recordedFonts: verdict.recordedFonts, fontChanges: verdict.fontChanges,
                             recordedWithoutFonts: verdict.recordedWithoutFonts, section: html))
    }

    /// Adds a document that could not be checked, and why (`reason`, as the command words it).
    public mutating func add(_ name: String, failure reason: String) {
        entries.append(Entry(name: name, outcome: .failed(reason), fonts: [], recordedFonts: [], fontChanges: [],
                             recordedWithoutFonts: false, section: nil))
    }

    /// Every document matched its goldens.
    public var passed: Bool { entries.allSatisfy { $0.outcome == .passed } }

    /// The report as one HTML page.
    public func html() -> String {
        let counts = (passed: entries.filter { $0.outcome == .passed }.count,
                      changed: entries.filter { if case .changed = $0.outcome { true } else { false } }.count,
                      failed: entries.filter { if case .failed = $0.outcome { true } else { false } }.count)
        var page = HTMLPage(title: "reflow check: " + (passed ? "passed" : "failed"))
        page.style = Self.style
        page.append(passed
            ? "<h1>reflow check: <span class=\"good\">passed</span></h1>\n"
            : "<h1>reflow check: <span class=\"bad\">failed</span></h1>\n")
        let sizes = categories.map(\.displayName).joined(separator: ", ")
        page.append("<p>\(Self.count(entries.count, "document")) checked against the goldens in <code>\(HTMLPage.escaped(goldens))"
            + "</code> at \(Self.count(categories.count, "size")) (\(sizes)), \(JSONText.number(width)) pt wide, tolerance "
            + "\(JSONText.number(tolerance)) pt: ")
        page.append(passed
            ? "<span class=\"good\">every document matches its goldens</span>.</p>\n"
            : "\(counts.passed) passed, <span class=\"bad\">\(counts.changed) changed</span>"
                + (counts.failed > 0 ? ", <span class=\"bad\">\(counts.failed) could not be checked</span>" : "") + ".</p>\n")
        if let languages { page.append(languages.html()) }
        page.append(documentTable())
        page.append(fontTable())
        for (index, entry) in entries.enumerated() {
            switch entry.outcome {
            case .passed: continue
            case .failed(let reason):
                page.append("<section id=\"document-\(index + 1)\">\n<h2>\(HTMLPage.escaped(entry.name)) "
                    + "<span class=\"bad\">could not be checked</span></h2>\n<p><code>\(HTMLPage.escaped(reason))</code></p>\n</section>\n")
            case .changed:
                page.append("<section id=\"document-\(index + 1)\">\n\(entry.section ?? "")</section>\n")
            }
        }
        return page.rendered()
    }

    /// Every document, its verdict and the sizes that changed, linked to its section.
    private func documentTable() -> String {
        var html = "<table class=\"documents\">\n<tr><th>document</th><th>verdict</th><th>sizes changed</th></tr>\n"
        for (index, entry) in entries.enumerated() {
            let name = HTMLPage.escaped(entry.name)
            switch entry.outcome {
            case .passed:
                html += "<tr><td>\(name)</td><td class=\"good\">passed</td><td></td></tr>\n"
            case .changed(let sizes):
                html += "<tr><td><a href=\"#document-\(index + 1)\">\(name)</a></td><td class=\"bad\">changed</td>"
                    + "<td>\(sizes.map(\.displayName).joined(separator: ", ")) (\(sizes.count) of \(categories.count))</td></tr>\n"
            case .failed:
                html += "<tr><td><a href=\"#document-\(index + 1)\">\(name)</a></td><td class=\"bad\">could not be checked</td>"
                    + "<td></td></tr>\n"
            }
        }
        return html + "</table>\n"
    }

    /// The fonts: those whose version changed since the goldens were recorded, in a table, and
    /// every font file with the goldens' versions and today's, folded (over every document checked).
    private func fontTable() -> String {
        var recorded: [String: Set<String>] = [:], now: [String: Set<String>] = [:]
        for entry in entries {
            for font in entry.recordedFonts { recorded[font.file, default: []].insert(font.version) }
            for font in entry.fonts { now[font.file, default: []].insert(font.version) }
        }
        let files = Set(recorded.keys).union(now.keys).sorted()
        guard !files.isEmpty else { return "" }
        let changed = files.filter { file in
            let (then, today) = (recorded[file] ?? [], now[file] ?? [])
            return !then.isEmpty && !today.isEmpty && then != today
        }
        func table(_ files: [String]) -> String {
            func versions(_ set: Set<String>) -> String {
                set.isEmpty ? "<span class=\"muted\">not recorded</span>" : set.sorted().map(HTMLPage.escaped).joined(separator: "<br>")
            }
            var html = "<table class=\"fonts\">\n<tr><th>font file</th><th>the goldens'</th><th>today's</th></tr>\n"
            for file in files {
                html += "<tr><td>\(HTMLPage.escaped(file))</td><td>\(versions(recorded[file] ?? []))</td>"
                    + "<td>\(versions(now[file] ?? []))</td></tr>\n"
            }
            return html + "</table>\n"
        }
        var html = "<h2>Fonts</h2>\n"
        if changed.isEmpty {
            html += "<p>The layouts were made with \(Self.count(files.count, "font file")); none changed its version since the "
                + "goldens were recorded.</p>\n"
        } else {
            html += "<p class=\"bad\">\(Self.count(changed.count, "font file")) changed since the goldens were recorded:</p>\n"
                + table(changed)
        }
        if entries.contains(where: \.recordedWithoutFonts) {
            html += "<p class=\"warn\">Some goldens were recorded before goldens recorded their fonts: a change of fonts cannot be "
                + "told for them. Record them again to record the fonts.</p>\n"
        }
        return html + "<details><summary>Every font file, the goldens' versions and today's</summary>\n\(table(files))</details>\n"
    }

    /// "1 document", "3 sizes".
    package static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    /// The report's own rules, after `HTMLPage`'s: the marks' colours in the legend.
    static let style = """
        .documents td:first-child, .fonts td:first-child { font-family: ui-monospace, "SF Mono", Menlo, monospace; font-size: .92em; }
        .changes li { font-family: ui-monospace, "SF Mono", Menlo, monospace; font-size: .88em; overflow-wrap: anywhere; }
        .key { display: inline-block; width: 1.6em; height: .8em; margin: 0 .3em 0 .6em; vertical-align: baseline; }
        .key.golden { border: 2px dashed \(ChangeMarks.Palette.golden.hexString); }
        .key.now { border: 2px solid \(ChangeMarks.Palette.now.hexString); }
        .key.added { border: 2px solid \(ChangeMarks.Palette.added.hexString); }
        .key.shifted { background: \(ChangeMarks.Palette.shifted.hexString); opacity: \(JSONText.number((Double(ChangeMarks.Palette.shifted.alpha) / 2.55).rounded() / 100)); }
        figure img { background: #fff; }
        .languages td { text-align: center; font-variant-numeric: tabular-nums; }
        .languages td:first-child { text-align: left; }
        """
}

extension CheckReport {
    /// Draws changed documents' sections: for each changed size, the golden's picture, today's and
    /// the difference, as PNGs inline, and the list of what changed. It holds a typesetter and a
    /// renderer (with its glyph cache), so it is made once per thread and used there only.
    public final class Painter {
        let typesetter: Typesetter
        let renderer: PNGRenderer
        /// The tallest part of a page drawn, in points; longer pages are shown from a little above
        /// their first change (`ChangeMarks.window`).
        public let maximumHeight: Double
        /// Changes labelled on a difference picture at most (the list under it names them all).
        public let labels: Int
        /// Changed elements listed per size at most; the rest are counted.
        public static let listed = 1_000
        /// Pages wider than this many points are not drawn (their sizes are listed in words).
        public static let maximumWidth = 2_048.0

        /// The report's budget: once it is spent, nothing more is drawn.
        let budget: PictureBudget

        /// A painter for a report with `budget`, setting text in `fonts`, drawing at `scale` device
        /// pixels per point.
        public init(fonts: FontLibrary, budget: PictureBudget, scale: Int = 2, maximumHeight: Double = 1_200,
                    labels: Int = 10) throws {
            typesetter = try Typesetter(fonts: fonts)
            renderer = try PNGRenderer(scale: scale)
            (self.budget, self.maximumHeight, self.labels) = (budget, maximumHeight, labels)
        }

        /// The section of `name`, whose check found `verdict`: a heading saying at how many sizes
        /// it changed, the fonts that changed, then per changed size its pictures and changes.
        public func section(_ name: String, verdict: GoldenStore.Verdict) -> Section {
            let escapedName = HTMLPage.escaped(name)
            var heading = "<h2>\(escapedName) <span class=\"bad\">changed at \(verdict.differences.count) of "
                + "\(CheckReport.count(verdict.checked, "size"))</span></h2>\n"
            if !verdict.fontChanges.isEmpty {
                heading += "<p class=\"warn\">Fonts changed since the goldens were recorded: "
                    + HTMLPage.escaped(verdict.fontChanges.map(\.description).joined(separator: ", ")) + ".</p>\n"
            }
            let sizes = verdict.differences.map { difference in
                let (pictures, note) = budget.isSpent ? (nil, "") : self.pictures(of: difference.comparison, name: escapedName,
                                                                                   category: difference.category)
                return Section.Size(
                    heading: "<h3>\(difference.category.displayName) <span class=\"muted\">"
                        + "(\(DocumentPreview.bodySizeLabel(difference.category)))</span>: \(HTMLPage.escaped(difference.summary))</h3>\n",
                    pictures: pictures, note: note, changes: Self.changeList(difference.comparison))
            }
            return Section(heading: heading, sizes: sizes)
        }

        /// The three pictures of one size side by side, with a legend and the part of the page
        /// they show; else a paragraph saying why there are none (a page too wide, an image too large).
        func pictures(of comparison: LayoutComparison, name: String, category: ContentSizeCategory) -> (String?, note: String) {
            let marks = ChangeMarks(comparison)
            let window = marks.window(maximumHeight: maximumHeight)
            guard window.width <= Self.maximumWidth else {
                return (nil, "<p class=\"muted\">Pictures not drawn: the page is \(JSONText.number(window.width)) pt wide, more "
                    + "than the \(JSONText.number(Self.maximumWidth)) pt a report draws.</p>\n")
            }
            do {
                return (try pictures(marks, window: window, name: name, category: category), "")
            } catch {
                return (nil, "<p class=\"bad\">The pictures could not be drawn: \(HTMLPage.escaped("\(error)"))</p>\n")
            }
        }

        private func pictures(_ marks: ChangeMarks, window: Rect, name: String, category: ContentSizeCategory) throws -> String {
            let comparison = marks.comparison
            let golden = LayoutSketch(comparison.golden).displayList(window: window, typesetter: typesetter)
            let now = LayoutSketch(comparison.actual).displayList(window: window, typesetter: typesetter)
            let difference = marks.displayList(window: window, typesetter: typesetter, labels: labels)
            let size = "width=\"\(Int(window.width.rounded(.up)))\" height=\"\(Int(window.height.rounded(.up)))\""
            func figure(_ list: DisplayList, _ role: String, _ caption: String) throws -> String {
                let source = HTMLPage.dataURI(png: Array(try renderer.render(list)))
                return "<figure class=\"\(role)\"><figcaption>\(caption)</figcaption><img src=\"\(source)\" \(size) "
                    + "alt=\"\(name) at \(category.displayName): \(role)\"></figure>\n"
            }
            var html = "<div class=\"side-by-side\">\n"
            html += try figure(golden, "golden", "golden (recorded)")
            html += try figure(now, "now", "now")
            html += try figure(difference, "difference", "difference: <span class=\"key golden\"></span>golden "
                + "<span class=\"key now\"></span>now <span class=\"key added\"></span>new <span class=\"key shifted\"></span>moved")
            html += "</div>\n"
            let page = max(comparison.golden.contentSize.height, comparison.actual.contentSize.height)
            if window.height < page {
                html += "<p class=\"muted\">Showing \(JSONText.number(window.minY))–\(JSONText.number(window.maxY)) pt of the "
                    + "\(JSONText.number(page)) pt page, from just above the first change.</p>\n"
            }
            return html
        }

        /// What changed at one size, in words: every element that changed other than by moving
        /// (at most `listed`), then those that only moved.
        static func changeList(_ comparison: LayoutComparison) -> String {
            let resized = comparison.resized
            var items = resized.prefix(listed).map { "<li>\(HTMLPage.escaped($0.description))</li>" }
            if resized.count > listed { items.append("<li>… and \(resized.count - listed) more</li>") }
            if let shifts = comparison.shiftDescription { items.append("<li>\(HTMLPage.escaped(shifts))</li>") }
            return items.isEmpty ? "" : "<ul class=\"changes\">\n" + items.joined(separator: "\n") + "\n</ul>\n"
        }
    }
}
