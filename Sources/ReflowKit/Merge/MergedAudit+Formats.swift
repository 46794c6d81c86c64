import Audit
import Reflow
import TextMetrics

extension MergedAudit {
    /// The formats `merge` writes.
    public enum Format: String, CaseIterable, Sendable {
        case text, sarif, html

        /// The format an output path's extension names (`.txt`, `.sarif`, `.html`); nil for another.
        public init?(path: String) {
            let lowered = path.lowercased()
            if lowered.hasSuffix(".html") || lowered.hasSuffix(".htm") { self = .html }
            else if lowered.hasSuffix(".sarif") || lowered.hasSuffix(".sarif.json") { self = .sarif }
            else if lowered.hasSuffix(".txt") || lowered.hasSuffix(".text") { self = .text }
            else { return nil }
        }
    }

    /// The joined report in `format`.
    public func rendered(_ format: Format, toolVersion: String = "1.0") -> String {
        switch format {
        case .text: text()
        case .sarif: sarif(toolVersion: toolVersion)
        case .html: html()
        }
    }

    /// One finding in a line: severity, rule, sizes, width, element, source, then the message and
    /// the catalog text it is about.
    static func line(_ finding: Finding) -> String {
        var line = "\(finding.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)) \(finding.rule) "
            + "\(finding.categoryText) at \(Self.points(finding.width)) pt, \(finding.elementText)"
        if let source = finding.source { line += " (\(source))" }
        if finding.count > 1 { line += " and \(finding.count - 1) more (\(finding.otherPlaces.map(\.text).joined(separator: ", ")))" }
        line += ": \(finding.message)"
        if let origin = finding.originText { line += " (\(origin))" }
        return line
    }

    /// `390`, `320.5`.
    static func points(_ value: Double) -> String { JSONText.number((value * 10).rounded() / 10) }

    /// For people: each document by path, its findings language by language in the merged order,
    /// its counts; then the run's summary. Text from the results is escaped for a terminal.
    public func text() -> String {
        var out = ""
        for document in documents {
            out += TerminalText.escaped(document.path) + "\n"
            for error in document.errors { out += TerminalText.escaped("  could not be audited: \(error)") + "\n" }
            var language: String?? = .none
            for finding in document.findings {
                if !document.languages.isEmpty, language != .some(finding.language) {
                    language = .some(finding.language)
                    out += TerminalText.escaped("  \(finding.language ?? "each text's own language"):") + "\n"
                }
                out += TerminalText.escaped("    " + Self.line(finding)) + "\n"
            }
            let omitted = document.omitted.values.reduce(0, +)
            out += TerminalText.escaped("  \(document.path): \(document.count(.error)) error(s), \(document.count(.warning)) warning(s), "
                + "\(document.count(.info)) info" + (omitted > 0 ? ", \(omitted) more not listed" : "")
                + (document.languages.isEmpty ? "" : " in \(document.languages.joined(separator: ", "))")) + "\n\n"
        }
        return out + summary + "\n"
    }

    /// SARIF 2.1.0: one run with an artifact per document and a result per finding located in its
    /// document (and the language, key and form in its properties), each document that could not
    /// be audited a notification of a failed invocation; the rules are the audit's.
    public func sarif(toolVersion: String) -> String {
        var rules = AuditRule.allCases.map(\.rawValue)
        for finding in findings where !rules.contains(finding.rule) { rules.append(finding.rule) }
        func string(_ value: String?) -> String { value.map(JSONText.string) ?? "null" }
        let artifacts = documents.map { AuditReport.sarifURI(path: $0.path) }
        var out = "{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n  \"runs\": [\n    {\n"
        out += "      \"tool\": {\"driver\": {\"name\": \"reflow-cli audit\", \"version\": \(JSONText.string(toolVersion)), "
        out += "\"informationUri\": \"https://www.w3.org/WAI/WCAG22/quickref/\", \"rules\": ["
        out += rules.map { id in
            let known = AuditRule(rawValue: id)
            return "{\"id\": \(JSONText.string(id)), \"shortDescription\": {\"text\": \(JSONText.string(known?.summary ?? id))}"
                + (known.map { ", \"helpUri\": \(JSONText.string($0.helpURI))" } ?? "") + "}"
        }.joined(separator: ", ")
        out += "]}},\n"
        let failures = documents.indices.flatMap { index in documents[index].errors.map { (index, $0) } }
        if !failures.isEmpty {
            out += "      \"invocations\": [{\"executionSuccessful\": false, \"toolExecutionNotifications\": ["
            out += failures.map { index, message in
                "{\"level\": \"error\", \"message\": {\"text\": \(JSONText.string(message))}, \"locations\": [{\"physicalLocation\": "
                    + "{\"artifactLocation\": {\"uri\": \(JSONText.string(artifacts[index])), \"index\": \(index)}}}]}"
            }.joined(separator: ", ")
            out += "]}],\n"
        }
        out += "      \"artifacts\": [\(artifacts.map { "{\"location\": {\"uri\": \(JSONText.string($0))}}" }.joined(separator: ", "))],\n"
        out += "      \"results\": ["
        var first = true
        for (index, document) in documents.enumerated() {
            for finding in document.findings {
                out += first ? "\n" : ",\n"
                first = false
                let language = finding.language.map { " (\($0))" } ?? ""
                let origin = finding.originText.map { " (\($0))" } ?? ""
                out += "        {\"ruleId\": \(JSONText.string(finding.rule)), \"ruleIndex\": \(rules.firstIndex(of: finding.rule)!), "
                out += "\"level\": \(JSONText.string(finding.severity.sarifLevel)), \"message\": {\"text\": "
                let more = finding.count > 1 ? " (and \(finding.count - 1) more place\(finding.count == 2 ? "" : "s"))" : ""
                out += JSONText.string("\(finding.elementText)\(more) at \(finding.categoryText), \(Self.points(finding.width)) pt\(language): "
                    + finding.message + origin) + "}, "
                let location = AuditReport.sarifLocation(uri: artifacts[index], index: index, source: finding.source)
                out += "\"locations\": [{\(location)}], "
                if finding.count > 1 {
                    out += AuditReport.sarifRelatedLocations(finding.otherPlaces.map { ($0.text, $0.source) }, uri: artifacts[index],
                                                             index: index) + ", "
                }
                out += "\"properties\": {\"category\": \(JSONText.string(finding.category.shortName)), "
                out += "\"categories\": [\(([finding.category] + finding.otherCategories).sorted().map { JSONText.string($0.shortName) }.joined(separator: ", "))], "
                out += "\"width\": \(JSONText.number(finding.width)), \"element\": \(JSONText.string(finding.elementText))"
                if finding.language != nil || finding.key != nil {
                    out += ", \"language\": \(string(finding.language)), \"key\": \(string(finding.key)), "
                        + "\"table\": \(string(finding.table)), \"form\": \(string(finding.form))"
                }
                if finding.count > 1 { out += ", \"count\": \(finding.count)" }
                out += "}}"
            }
        }
        out += first ? "]" : "\n      ]"
        return out + "\n    }\n  ]\n}\n"
    }

    /// One HTML page (no script, nothing fetched): the verdict and counts, a table of documents
    /// (and of languages, when the run had them) with their counts, then per document its findings
    /// in the merged order.
    public func html() -> String {
        var page = HTMLPage(title: "reflow audit (merged): " + (fails ? "failed" : "passed"))
        page.style = ".findings td { font-size: .92em; } .findings td:nth-child(7) { overflow-wrap: anywhere; }"
        page.append("<h1>reflow audit (merged): " + (fails ? "<span class=\"bad\">failed</span>" : "<span class=\"good\">passed</span>")
            + "</h1>\n<p>\(HTMLPage.escaped(summary)).</p>\n")
        page.append("<table class=\"documents\">\n<tr><th>document</th><th>languages</th><th>errors</th><th>warnings</th><th>info</th></tr>\n")
        for (index, document) in documents.enumerated() {
            let languages = document.languages.isEmpty ? "" : HTMLPage.escaped(document.languages.joined(separator: ", "))
            let counts = document.failed ? "<td colspan=\"3\" class=\"bad\">could not be audited</td>"
                : "<td\(document.count(.error) > 0 ? " class=\"bad\"" : "")>\(document.count(.error))</td>"
                    + "<td>\(document.count(.warning))</td><td>\(document.count(.info))</td>"
            page.append("<tr><td><a href=\"#document-\(index + 1)\">\(HTMLPage.escaped(document.path))</a></td><td>\(languages)</td>\(counts)</tr>\n")
        }
        page.append("</table>\n")
        if !languages.isEmpty {
            // Languages × sizes: each language's counts, then per size the findings that show there.
            let sizes = Array(Set(documents.flatMap(\.categories))).sorted()
            page.append("<h2>Languages × sizes</h2>\n<table class=\"languages\">\n<tr><th>language</th><th>errors</th><th>warnings</th>"
                + "<th>info</th>" + sizes.map { "<th>\($0.shortName)</th>" }.joined() + "</tr>\n")
            for language in languages {
                let counts = AuditSeverity.allCases.reversed().map { severity in documents.reduce(0) { $0 + $1.count(severity, in: language) } }
                let found = findings.filter { $0.language == language }
                let bySize = sizes.map { size in found.filter { $0.category == size || $0.otherCategories.contains(size) }.count }
                page.append("<tr><td>\(HTMLPage.escaped(language))</td>" + counts.map { "<td>\($0)</td>" }.joined()
                    + bySize.map { $0 == 0 ? "<td class=\"good\">·</td>" : "<td>\($0)</td>" }.joined() + "</tr>\n")
            }
            page.append("</table>\n")
        }
        for (index, document) in documents.enumerated() {
            page.append("<section id=\"document-\(index + 1)\">\n<h2>\(HTMLPage.escaped(document.path))</h2>\n")
            for error in document.errors { page.append("<p class=\"bad\">Could not be audited: <code>\(HTMLPage.escaped(error))</code></p>\n") }
            if document.findings.isEmpty, !document.failed { page.append("<p class=\"good\">No findings.</p>\n") }
            if !document.findings.isEmpty {
                page.append("<table class=\"findings\">\n<tr><th>severity</th><th>rule</th><th>language</th><th>sizes</th><th>width</th>"
                    + "<th>element</th><th>message</th></tr>\n")
                for finding in document.findings {
                    let style = finding.severity == .error ? "bad" : finding.severity == .warning ? "warn" : "muted"
                    // Every place of a problem found in several elements.
                    let element = finding.count > 1 ? "\(finding.count) places: " + finding.placesText : finding.placesText
                    let message = finding.message + (finding.originText.map { " (\($0))" } ?? "")
                    page.append("<tr><td class=\"\(style)\">\(finding.severity.rawValue)</td><td>\(HTMLPage.escaped(finding.rule))</td>"
                        + "<td>\(HTMLPage.escaped(finding.language ?? ""))</td><td>\(HTMLPage.escaped(finding.categoryText))</td>"
                        + "<td>\(Self.points(finding.width)) pt</td><td>\(HTMLPage.escaped(element))</td>"
                        + "<td>\(HTMLPage.escaped(message))</td></tr>\n")
                }
                page.append("</table>\n")
            }
            let omitted = document.omitted.sorted { $0.key < $1.key }.filter { $0.value > 0 }
            if !omitted.isEmpty {
                page.append("<p class=\"muted\">Not listed: " + HTMLPage.escaped(omitted.map { "\($0.value) \($0.key)" }.joined(separator: ", "))
                    + ".</p>\n")
            }
            page.append("</section>\n")
        }
        return page.rendered()
    }
}
