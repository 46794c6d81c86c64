import Audit
import Reflow
import TextMetrics

/// An audit as one self-contained HTML page (`reflow-cli audit --format html`, an `HTMLPage`):
/// whether the run passes `--fail-on`, its documents and their counts, the findings per rule and
/// severity, then the findings grouped by rule (the worst rules first) and by severity, each
/// drawn on the screen it was found on (`AuditScreens`) with its document, source line, element
/// and message, and a strip of the twelve text sizes marking where it holds and where it starts.
///
/// Everything quoted from a document (its path, a word in a message, an image's source) is
/// escaped, and the page's content security policy runs no script whatever it holds.
public struct AuditHTMLReport: Sendable {
    public var run: AuditRun
    /// Each document's screens, one per listed finding, in the order of its report's findings
    /// (none for a document that could not be audited).
    public var screens: [[AuditScreens.Screen]]
    public var title = "Accessibility audit"

    public init(run: AuditRun, screens: [[AuditScreens.Screen]]) {
        precondition(screens.count == run.documents.count, "a list of screens per document")
        self.run = run
        self.screens = screens
    }

    /// A listed finding and where it is in the run.
    struct Listed {
        var document: Int
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
            for (position, finding) in report.findings.enumerated() {
                listed.append(Listed(document: index, finding: finding,
                                     screen: position < screens[index].count ? screens[index][position] : nil, report: report))
            }
        }
        page.append("<h1>\(HTMLPage.escaped(title))</h1>\n")
        page.append(verdict())
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
    private func rulesTable(_ listed: [Listed]) -> String {
        let omitted = run.documents.reduce(into: [AuditRule: Int]()) { sum, document in
            sum.merge(document.report?.omitted ?? [:], uniquingKeysWith: +)
        }
        let rules = AuditRule.allCases.filter { rule in listed.contains { $0.finding.rule == rule } || omitted[rule] != nil }
        guard !rules.isEmpty else { return "<h2>Findings</h2>\n<p class=\"good\">No findings.</p>\n" }
        var out = "<h2>Findings by rule and severity</h2>\n<table class=\"rules\">\n<thead><tr><th>rule</th>"
        out += AuditSeverity.allCases.reversed().map { "<th>\($0.rawValue)</th>" }.joined() + "<th>not listed</th></tr></thead>\n<tbody>\n"
        for rule in rules {
            out += "<tr><td><a href=\"#\(Self.anchor(rule))\">\(rule.rawValue)</a></td>"
            for severity in AuditSeverity.allCases.reversed() {
                out += "<td>\(listed.filter { $0.finding.rule == rule && $0.finding.severity == severity }.count)</td>"
            }
            out += "<td>\(omitted[rule] ?? 0)</td></tr>\n"
        }
        return out + "</tbody>\n</table>\n"
    }

    /// A rule's findings, by severity, the worst first.
    private func section(_ rule: AuditRule, _ listed: [Listed]) -> String {
        var out = "<section id=\"\(Self.anchor(rule))\">\n<h2>\(rule.rawValue) <span class=\"muted\">\(listed.count) finding"
            + "\(listed.count == 1 ? "" : "s")</span></h2>\n"
        out += "<p>\(HTMLPage.escaped(rule.summary)) <a href=\"\(HTMLPage.escaped(rule.helpURI))\">About it</a></p>\n"
        for severity in AuditSeverity.allCases.reversed() {
            let group = listed.filter { $0.finding.severity == severity }
            guard !group.isEmpty else { continue }
            out += "<h3 class=\"\(Self.severityClass(severity))\">\(severity.rawValue) · \(group.count)</h3>\n<div class=\"findings\">\n"
            for entry in group { out += finding(entry) }
            out += "</div>\n"
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
        var out = "<article class=\"finding\">\n"
        if let screen = entry.screen {
            let alt = "\(finding.elementText) of \(path) at \(size)"
                + (screen.isOutlined ? ", outlined in \(Self.colorName(finding.severity)) and labelled \(finding.rule.rawValue)" : "")
            out += "<img src=\"\(HTMLPage.dataURI(png: Array(screen.png)))\" width=\"\(Int(screen.visibleRect.width.rounded()))\" "
                + "height=\"\(Int(screen.visibleRect.height.rounded()))\" alt=\"\(HTMLPage.escaped(alt))\">\n"
        }
        out += "<div>\n<p class=\"place\"><code>\(HTMLPage.escaped(place))</code>"
        if let jsonPath = finding.source?.jsonPath { out += " <code class=\"muted\">\(HTMLPage.escaped(jsonPath))</code>" }
        out += "</p>\n<p><strong>\(HTMLPage.escaped(finding.elementText))</strong> at \(HTMLPage.escaped(size)): "
            + "\(HTMLPage.escaped(finding.message))</p>\n"
        if let screen = entry.screen, !screen.isOutlined {
            out += "<p class=\"muted\">The element is not on this size's layout; the screen shows the page's top.</p>\n"
        }
        out += Self.strip(finding, audited: entry.report.categories)
        return out + "</div>\n</article>\n"
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
        .strip .hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); border: 0; padding: 0; min-width: 0; }
        """
}
