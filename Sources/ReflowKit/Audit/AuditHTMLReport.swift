import Audit
import Reflow
import TextMetrics

/// An audit as one self-contained HTML page (`reflow-cli audit --format html`, an `HTMLPage`):
/// whether the run passes `--fail-on`, its documents and their counts, the findings per rule and
/// severity, then the findings grouped by rule (the worst rules first) and by severity, each
/// drawn on the screen it was found on (`AuditScreens`) with its document, source line, element
/// and message, and a strip of the twelve text sizes marking where it holds and where it starts.
/// A document draws at most `pictureBudget` findings, the worst (`AuditPictures`); the others are
/// rows of a table under their rule, each with its sizes, width, places and message.
///
/// Everything quoted from a document (its path, a word in a message, an image's source) is
/// escaped, and the page's content security policy runs no script whatever it holds.
public struct AuditHTMLReport: Sendable {
    public var run: AuditRun
    /// Each document's screens, one per listed finding, in the order of its report's findings
    /// (none for a document that could not be audited); nil for a finding not drawn.
    public var screens: [[AuditScreens.Screen?]]
    /// The most findings a document draws (nil: every one it has a screen for): the worst of
    /// those drawn, ranked as `AuditPictures.ranked` says; the others are listed without one.
    public var pictureBudget: Int?
    public var title = "Accessibility audit"

    public init(run: AuditRun, screens: [[AuditScreens.Screen?]], pictureBudget: Int? = nil) {
        precondition(screens.count == run.documents.count, "a list of screens per document")
        self.run = run
        self.screens = screens
        self.pictureBudget = pictureBudget
    }

    /// A listed finding and where it is in the run.
    struct Listed {
        var document: Int
        /// Its place in its document's report's findings.
        var position: Int
        var finding: AuditFinding
        var screen: AuditScreens.Screen?
        var report: AuditReport
    }

    /// The page.
    public func rendered() -> String {
        var page = HTMLPage(title: title)
        page.style = Self.style
        var listed: [Listed] = []
        for (index, document) in run.documents.enumerated() {
            guard let report = document.report else { continue }
            let drawn = drawn(report.findings, screens[index])
            for (position, finding) in report.findings.enumerated() {
                listed.append(Listed(document: index, position: position, finding: finding,
                                     screen: drawn.contains(position) ? screens[index][position] : nil, report: report))
            }
        }
        page.append("<h1>\(HTMLPage.escaped(title))</h1>\n")
        page.append(verdict())
        // Over several languages: the grid of languages × sizes first, then the findings by language.
        let languages = run.documents.reduce(into: [String]()) { all, document in
            for language in document.report?.languages ?? [] where !all.contains(language) { all.append(language) }
        }
        if languages.count > 1 {
            page.append(languageGrid(listed, languages: languages))
            page.append(documentsTable())
            page.append(rulesTable(listed, linked: false))
            if !listed.isEmpty { page.append(Self.legend) }
            for language in languages { page.append(languageSection(language, listed.filter { $0.finding.language == language })) }
            return page.rendered()
        }
        page.append(documentsTable())
        page.append(rulesTable(listed))
        let byRule = Dictionary(grouping: listed, by: \.finding.rule)
        let rules = byRule.keys.sorted { a, b in
            let (worstA, worstB) = (byRule[a]!.map(\.finding.severity).max()!, byRule[b]!.map(\.finding.severity).max()!)
            return worstA != worstB ? worstA > worstB : a < b
        }
        if !rules.isEmpty { page.append(Self.legend) }
        for rule in rules { page.append(section(rule, byRule[rule]!)) }
        return page.rendered()
    }

    /// The places of `findings` drawn: those with a screen, the worst `pictureBudget` of them.
    private func drawn(_ findings: [AuditFinding], _ screens: [AuditScreens.Screen?]) -> Set<Int> {
        let ranked = AuditPictures.ranked(findings).filter { $0 < screens.count && screens[$0] != nil }
        return Set(ranked.prefix(pictureBudget ?? ranked.count))
    }

    /// Whether the run passes, in words (colour only repeats them).
    private func verdict() -> String {
        let threshold = run.threshold.map { "<code>--fail-on \($0.rawValue)</code>" } ?? "<code>--fail-on never</code>"
        var reasons: [String] = []
        if !run.failing.isEmpty {
            reasons.append("\(run.failing.count) document\(run.failing.count == 1 ? " has" : "s have") a finding at or above "
                + (run.threshold?.rawValue ?? ""))
        }
        if !run.unreadable.isEmpty {
            reasons.append("\(run.unreadable.count) could not be audited")
        }
        var sizes = ""
        if let report = run.documents.lazy.compactMap(\.report).first {
            let categories = report.categories.map(\.displayName).joined(separator: ", ")
            let widths = report.widths.map { "\(Auditor.points($0)) pt" }.joined(separator: ", ")
            sizes = " · \(Self.counted(report.categories.count, "size")) (\(categories)) × \(Self.counted(report.widths.count, "width")) (\(widths))"
        }
        var out = run.fails
            ? "<p class=\"verdict fails\"><strong>Fails</strong> \(threshold): \(reasons.joined(separator: "; ")).</p>\n"
            : "<p class=\"verdict passes\"><strong>Passes</strong> \(threshold)"
                + (run.threshold == nil ? " (findings never fail it)" : ": no finding at or above \(run.threshold!.rawValue)") + ".</p>\n"
        out += "<p class=\"muted\">\(run.documents.count) document\(run.documents.count == 1 ? "" : "s")\(HTMLPage.escaped(sizes)) · "
            + "\(run.count(.error)) error\(run.count(.error) == 1 ? "" : "s"), \(run.count(.warning)) warning"
            + "\(run.count(.warning) == 1 ? "" : "s"), \(run.count(.info)) info listed</p>\n"
        return out
    }

    /// Each document: its counts and whether it passes, or why it could not be audited.
    private func documentsTable() -> String {
        var out = "<h2>Documents</h2>\n<table class=\"documents\">\n<thead><tr><th>document</th><th>errors</th><th>warnings</th><th>info</th>"
            + "<th>not listed</th><th>verdict</th></tr></thead>\n<tbody>\n"
        for document in run.documents {
            out += "<tr><td><code>\(HTMLPage.escaped(document.path))</code></td>"
            switch document.outcome {
            case .success(let report):
                let fails = report.fails(at: run.threshold)
                out += "<td>\(report.count(.error))</td><td>\(report.count(.warning))</td><td>\(report.count(.info))</td>"
                out += "<td>\(report.omittedCount)</td>"
                out += fails ? "<td class=\"bad\">fails</td>" : "<td class=\"good\">passes</td>"
            case .failure(let failure):
                out += "<td colspan=\"4\"></td><td class=\"bad\">could not be audited: \(HTMLPage.escaped(failure.message))</td>"
            }
            out += "</tr>\n"
        }
        return out + "</tbody>\n</table>\n"
    }

    /// Listed findings per rule and severity, and those not listed, each rule linking to its section.
    private func rulesTable(_ listed: [Listed], linked: Bool = true) -> String {
        let omitted = run.documents.reduce(into: [AuditRule: Int]()) { sum, document in
            sum.merge(document.report?.omitted ?? [:], uniquingKeysWith: +)
        }
        let rules = AuditRule.allCases.filter { rule in listed.contains { $0.finding.rule == rule } || omitted[rule] != nil }
        guard !rules.isEmpty else { return "<h2>Findings</h2>\n<p class=\"good\">No findings.</p>\n" }
        var out = "<h2>Findings by rule and severity</h2>\n<table class=\"rules\">\n<thead><tr><th>rule</th>"
        out += AuditSeverity.allCases.reversed().map { "<th>\($0.rawValue)</th>" }.joined() + "<th>not listed</th></tr></thead>\n<tbody>\n"
        for rule in rules {
            out += linked ? "<tr><td><a href=\"#\(Self.anchor(rule))\">\(rule.rawValue)</a></td>" : "<tr><td>\(rule.rawValue)</td>"
            for severity in AuditSeverity.allCases.reversed() {
                out += "<td>\(listed.filter { $0.finding.rule == rule && $0.finding.severity == severity }.count)</td>"
            }
            out += "<td>\(omitted[rule] ?? 0)</td></tr>\n"
        }
        return out + "</tbody>\n</table>\n"
    }

    /// The page's opening over several languages: a row per language, a column per size audited,
    /// each cell the errors and warnings listed that hold at that size in that language (summed
    /// over the documents), linked to them in the language's section.
    private func languageGrid(_ listed: [Listed], languages: [String]) -> String {
        let categories = run.documents.lazy.compactMap(\.report).first?.categories ?? []
        var out = "<h2>Languages × sizes</h2>\n<p class=\"muted\">Each cell: errors / warnings found at that size in that language.</p>\n"
        out += "<table class=\"grid\">\n<thead><tr><th>language</th>"
        out += categories.map { "<th>\($0.displayName)</th>" }.joined() + "</tr></thead>\n<tbody>\n"
        for language in languages {
            out += "<tr><th scope=\"row\"><a href=\"#\(Self.anchor(language: language))\">\(HTMLPage.escaped(language))</a></th>"
            for category in categories {
                let here = listed.filter { $0.finding.language == language && $0.finding.categories.contains(category) }
                let (errors, warnings) = (here.filter { $0.finding.severity == .error }.count, here.filter { $0.finding.severity == .warning }.count)
                let words = "\(HTMLPage.escaped(language)) at \(category.longName): \(Self.counted(errors, "error")), \(Self.counted(warnings, "warning"))"
                let cell = "\(errors) / \(warnings)"
                let style = errors > 0 ? " class=\"bad\"" : warnings > 0 ? " class=\"warn\"" : ""
                out += here.isEmpty ? "<td title=\"\(words)\">\(cell)</td>"
                    : "<td\(style)><a href=\"#\(Self.anchor(language: language, category))\" title=\"\(words)\">\(cell)</a></td>"
            }
            out += "</tr>\n"
        }
        return out + "</tbody>\n</table>\n"
    }

    /// One language's findings: for each size, links to those that hold there (the grid's cells
    /// lead here), then the findings by rule.
    private func languageSection(_ language: String, _ listed: [Listed]) -> String {
        var out = "<section id=\"\(Self.anchor(language: language))\">\n<h2>\(HTMLPage.escaped(language)) "
            + "<span class=\"muted\">\(Self.counted(listed.count, "finding"))</span></h2>\n"
        let categories = run.documents.lazy.compactMap(\.report).first?.categories ?? []
        for category in categories {
            let here = listed.filter { $0.finding.categories.contains(category) }
            guard !here.isEmpty else { continue }
            out += "<p id=\"\(Self.anchor(language: language, category))\" class=\"at-size\"><strong>\(category.displayName)</strong>: "
            out += here.map { "<a href=\"#\(Self.anchor($0))\">\(HTMLPage.escaped("\($0.finding.rule.rawValue), \($0.finding.elementText)"))</a>" }
                .joined(separator: " · ") + "</p>\n"
        }
        let byRule = Dictionary(grouping: listed, by: \.finding.rule)
        let rules = byRule.keys.sorted { a, b in
            let (worstA, worstB) = (byRule[a]!.map(\.finding.severity).max()!, byRule[b]!.map(\.finding.severity).max()!)
            return worstA != worstB ? worstA > worstB : a < b
        }
        for rule in rules { out += section(rule, byRule[rule]!, id: Self.anchor(language: language) + "-" + Self.anchor(rule), heading: "h3") }
        return out + "</section>\n"
    }

    /// A rule's findings, by severity, the worst first.
    private func section(_ rule: AuditRule, _ listed: [Listed], id: String? = nil, heading: String = "h2") -> String {
        let sub = heading == "h2" ? "h3" : "h4"
        var out = "<section id=\"\(id ?? Self.anchor(rule))\">\n<\(heading)>\(rule.rawValue) <span class=\"muted\">\(listed.count) finding"
            + "\(listed.count == 1 ? "" : "s")</span></\(heading)>\n"
        out += "<p>\(HTMLPage.escaped(rule.summary)) <a href=\"\(HTMLPage.escaped(rule.helpURI))\">About it</a></p>\n"
        for severity in AuditSeverity.allCases.reversed() {
            let group = listed.filter { $0.finding.severity == severity }
            guard !group.isEmpty else { continue }
            out += "<\(sub) class=\"\(Self.severityClass(severity))\">\(severity.rawValue) · \(group.count)</\(sub)>\n"
            let pictured = group.filter { $0.screen != nil }
            if !pictured.isEmpty { out += "<div class=\"findings\">\n" + pictured.map(finding).joined() + "</div>\n" }
            out += notDrawn(group.filter { $0.screen == nil })
        }
        for document in run.documents {
            guard let more = document.report?.omitted[rule], more > 0 else { continue }
            let limit = document.report?.findingsPerRule.map { "at most \($0) per rule are listed; " } ?? ""
            out += "<p class=\"muted\">… and \(more) more element\(more == 1 ? "" : "s") in <code>\(HTMLPage.escaped(document.path))</code>, "
                + "not listed (\(limit)<code>--max-findings 0</code> lists all)</p>\n"
        }
        return out + "</section>\n"
    }

    /// One finding: its screen, where it is, what is wrong, and the sizes it holds at.
    private func finding(_ entry: Listed) -> String {
        let finding = entry.finding
        let path = run.documents[entry.document].path
        var place = path
        if let line = finding.source?.line { place += ":\(line)" + (finding.source?.column.map { ":\($0)" } ?? "") }
        let size = "\(finding.category.displayName), \(Auditor.points(finding.width)) pt"
            + (finding.count > 1 ? " in \(finding.count) places" : "")
        // Named only over several languages, where the grid links to it.
        var out = finding.language == nil ? "<article class=\"finding\">\n" : "<article class=\"finding\" id=\"\(Self.anchor(entry))\">\n"
        if let screen = entry.screen {
            let alt = "\(finding.elementText) of \(path) at \(size)"
                + (screen.isOutlined ? ", outlined in \(Self.colorName(finding.severity)) and labelled \(finding.rule.rawValue)" : "")
            out += "<img src=\"\(HTMLPage.dataURI(png: Array(screen.png)))\" width=\"\(Int(screen.visibleRect.width.rounded()))\" "
                + "height=\"\(Int(screen.visibleRect.height.rounded()))\" alt=\"\(HTMLPage.escaped(alt))\">\n"
        }
        out += "<div>\n<p class=\"place\"><code>\(HTMLPage.escaped(place))</code>"
        if let jsonPath = finding.source?.jsonPath { out += " <code class=\"muted\">\(HTMLPage.escaped(jsonPath))</code>" }
        out += "</p>\n<p><strong>\(HTMLPage.escaped(finding.elementText))</strong> at \(HTMLPage.escaped(size)): "
            + "\(HTMLPage.escaped(finding.messageNamingText))</p>\n"
        if finding.count > 1 {
            out += "<p class=\"muted\">Also: \(HTMLPage.escaped(AuditReport.placesText(finding.otherPlaces)))</p>\n"
        }
        if let screen = entry.screen, !screen.isOutlined {
            out += "<p class=\"muted\">The element is not on this size's layout; the screen shows the page's top.</p>\n"
        }
        out += Self.strip(finding, audited: entry.report.categories)
        return out + "</div>\n</article>\n"
    }

    /// The findings of a rule and severity that are not drawn (past the document's picture
    /// budget): a table, a row each, with where it starts, its places and message.
    private func notDrawn(_ entries: [Listed]) -> String {
        guard !entries.isEmpty else { return "" }
        let note = pictureBudget.map { "Not drawn (each document draws its worst \($0); <code>--max-pictures 0</code> draws all):" }
            ?? "Not drawn:"
        var out = "<p class=\"muted\">\(note)</p>\n<table class=\"listed\">\n<thead><tr><th>document</th><th>starts at</th>"
            + "<th>places</th><th>what</th></tr></thead>\n<tbody>\n"
        for entry in entries {
            let finding = entry.finding
            let id = finding.language == nil ? "" : " id=\"\(Self.anchor(entry))\""
            let places = (finding.count > 1 ? "\(finding.count): " : "") + AuditReport.placesText(finding.places)
            out += "<tr\(id)><td><code>\(HTMLPage.escaped(run.documents[entry.document].path))</code></td>"
                + "<td>\(HTMLPage.escaped(sizesText(finding, entry.report))), \(Auditor.points(finding.width)) pt</td>"
                + "<td>\(HTMLPage.escaped(places))</td><td>\(HTMLPage.escaped(finding.messageNamingText))</td></tr>\n"
        }
        return out + "</tbody>\n</table>\n"
    }

    /// `AX3 (and AX4, AX5)`: where a finding starts and holds, as the strip names sizes.
    private func sizesText(_ finding: AuditFinding, _ report: AuditReport) -> String {
        finding.otherCategories.isEmpty ? finding.category.displayName
            : "\(finding.category.displayName) (and \(finding.otherCategories.map(\.displayName).joined(separator: ", ")))"
    }

    /// The twelve text sizes, xS to AX5, each marked as where the finding starts, where it holds,
    /// where it does not, or not audited; in words for screen readers and on hover, not only in colour.
    static func strip(_ finding: AuditFinding, audited: [ContentSizeCategory]) -> String {
        let holds = Set(finding.categories)
        var out = "<ol class=\"strip \(finding.severity.rawValue)\" aria-label=\"text sizes, xS to AX5\">"
        for category in ContentSizeCategory.allCases {
            let state: (class: String, words: String)
            if category == finding.category {
                state = ("starts", "starts here")
            } else if holds.contains(category) {
                state = ("holds", "holds")
            } else if audited.contains(category) {
                state = ("clear", "not found")
            } else {
                state = ("skipped", "not audited")
            }
            out += "<li class=\"\(state.class)\" title=\"\(category.longName): \(state.words)\">\(category.displayName)"
                + "<span class=\"hidden\">: \(state.words)</span></li>"
        }
        return out + "</ol>\n"
    }

    /// What the strip's marks mean.
    static let legend = """
        <p class="legend muted">Each finding is drawn at the size and width it was first found at. Its strip of text sizes: \
        <span class="strip"><span class="starts">starts</span> <span class="holds">holds</span> \
        <span class="clear">not found</span> <span class="skipped">not audited</span></span></p>

        """

    static func anchor(_ rule: AuditRule) -> String { "rule-\(rule.rawValue)" }

    /// `lang-pt-BR`, `lang-de-ax3`: a language's section, and where its findings at a size are
    /// listed (a tag's letters, digits and hyphens are kept; anything else is a hyphen).
    static func anchor(language: String, _ category: ContentSizeCategory? = nil) -> String {
        let tag = String(language.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") ? $0 : "-" })
        return "lang-\(tag)" + (category.map { "-\($0.shortName)" } ?? "")
    }

    /// `finding-0-3`: a listed finding, by its document and place in the report.
    static func anchor(_ entry: Listed) -> String { "finding-\(entry.document)-\(entry.position)" }

    /// `1 size`, `12 sizes`.
    static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    static func severityClass(_ severity: AuditSeverity) -> String {
        switch severity {
        case .error: "bad"
        case .warning: "warn"
        case .info: "info"
        }
    }

    /// The outline's colour (`AuditReport.color(of:)`) in words, for an image's text alternative.
    static func colorName(_ severity: AuditSeverity) -> String {
        switch severity {
        case .error: "red"
        case .warning: "orange"
        case .info: "blue"
        }
    }

    /// The report's own rules, after `HTMLPage`'s.
    static let style = """
        .verdict { font-size: 1.1em; padding: 8px 12px; border-left: 6px solid; }
        .verdict.passes { border-color: var(--good); } .verdict.fails { border-color: var(--bad); }
        .info { color: #0090ff; }
        .findings { display: grid; grid-template-columns: repeat(auto-fill, minmax(540px, 1fr)); gap: 20px; }
        .finding { display: grid; grid-template-columns: 240px 1fr; gap: 14px; align-items: start; }
        .finding img { width: 240px; }
        .finding p { margin: 0 0 .5em; overflow-wrap: anywhere; }
        .strip { list-style: none; display: flex; flex-wrap: wrap; gap: 3px; padding: 0; margin: .4em 0; }
        .strip li, .strip span { font-size: .8em; min-width: 2.6em; text-align: center; padding: 2px 3px; border: 1px solid var(--line); border-radius: 3px; }
        .strip { --mark: var(--bad); } .strip.warning { --mark: var(--warn); } .strip.info { --mark: #0090ff; }
        .strip .starts { background: var(--mark); border-color: var(--mark); color: #fff; font-weight: 700; }
        .strip .holds { background: color-mix(in srgb, var(--mark) 30%, transparent); border-color: var(--mark); }
        .strip .skipped { border-style: dashed; color: var(--muted); text-decoration: line-through; }
        .grid td, .grid th { text-align: center; } .grid td.bad a { color: var(--bad); } .grid td.warn a { color: var(--warn); }
        .at-size { font-size: .9em; }
        .listed td { font-size: .9em; vertical-align: top; overflow-wrap: anywhere; }
        .strip .hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); border: 0; padding: 0; min-width: 0; }
        """
}
