import Reflow
import TextMetrics

extension AuditReport {
    /// The formats a report is written in.
    public enum Format: String, CaseIterable, Sendable {
        /// For people (`text(file:)`).
        case text
        /// For scripts (`json(file:)`).
        case json
        /// SARIF 2.1.0, for code scanning (`sarif(uri:toolVersion:)`).
        case sarif
    }

    /// The report in `format`, for the document at `path` (named by its last component, except
    /// in SARIF, whose artifact location is the path as given, as a URI reference: `sarifURI`).
    public func rendered(_ format: Format, path: String, toolVersion: String = "1.0") -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return switch format {
        case .text: text(file: name)
        case .json: json(file: name)
        case .sarif: sarif(uri: path, toolVersion: toolVersion)
        }
    }

    /// What fails an audit (`--fail-on`): a finding of at least this severity, or never.
    public enum FailureThreshold: String, CaseIterable, Sendable {
        case error, warning, never

        /// The least severity that fails; nil for never.
        public var severity: AuditSeverity? { AuditSeverity(rawValue: rawValue) }
    }

    /// Whether a finding at or above `threshold` was found (never, for a nil threshold): what
    /// makes an audit fail a build.
    public func fails(at threshold: AuditSeverity?) -> Bool {
        guard let threshold, let worst else { return false }
        return worst >= threshold
    }

    /// A report for a person: findings grouped by rule, the worst rules first, each with where it
    /// shows (sizes, width, element, place in the file) and what is wrong; then how far each
    /// text style grows, and a summary line. Text quoted from the document (a word, an image's
    /// source) and the file's name are escaped for a terminal (`TerminalText`).
    public func text(file: String) -> String {
        var out = ""
        if languages.count > 1 {
            // Per language: its findings by rule, then its counts.
            for language in languages {
                out += TerminalText.escaped("\(language):") + "\n"
                out += ruleGroups(findings.filter { $0.language == language }, omitted: [:])
                out += TerminalText.escaped("\(language): \(Self.counts(count(.error, in: language), count(.warning, in: language), count(.info, in: language)))"
                    + (untranslated(in: language) > 0 ? "; \(untranslated(in: language)) untranslated" : "")) + "\n\n"
            }
        } else {
            out += ruleGroups(findings, omitted: omitted)
        }
        if !styleScales.isEmpty {
            out += "text sizes from L to AX5: "
            out += styleScales.map { "\($0.style.rawValue) \(Int(($0.scale * 100).rounded())) %\($0.meetsWCAG ? "" : " (under 200 %)")" }
                .joined(separator: ", ") + "\n"
        }
        let sizes = "\(categories.count) size\(categories.count == 1 ? "" : "s") × \(widths.count) width\(widths.count == 1 ? "" : "s")"
        out += "\(TerminalText.escaped(file)): \(Self.counts(count(.error), count(.warning), count(.info))) at \(sizes) "
        out += "(\(widths.map { Auditor.points($0) + " pt" }.joined(separator: ", ")))"
        if !languages.isEmpty {
            out += TerminalText.escaped(languages.count == 1 ? " in \(languages[0])" : " in \(languages.count) languages")
            let untranslated = languages.map { ($0, self.untranslated(in: $0)) }.filter { $0.1 > 0 }
            if !untranslated.isEmpty {
                out += TerminalText.escaped("; untranslated: " + untranslated.map { "\($0.0) \($0.1)" }.joined(separator: ", "))
            }
        }
        if omittedCount > 0 {
            out += "; \(omittedCount) more finding\(omittedCount == 1 ? "" : "s") not listed (worst: \(omittedWorst?.rawValue ?? "info"))"
        }
        return out + "\n"
    }

    /// `3 errors, 1 warning, 0 info`.
    static func counts(_ errors: Int, _ warnings: Int, _ info: Int) -> String {
        "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"), \(info) info"
    }

    /// `findings` grouped by rule, the worst rules first, a line each, and what each rule did not list.
    private func ruleGroups(_ findings: [AuditFinding], omitted: [AuditRule: Int]) -> String {
        var out = ""
        let byRule = Dictionary(grouping: findings, by: \.rule)
        let rules = byRule.keys.sorted { (byRule[$1]!.map(\.severity).max()!, $0) < (byRule[$0]!.map(\.severity).max()!, $1) }
        for rule in rules {
            let group = byRule[rule]!
            let places = group.reduce(0) { $0 + $1.count }
            out += "\(rule.rawValue): \(group.count) finding\(group.count == 1 ? "" : "s")"
                + (places > group.count ? " in \(places) places" : "") + " — \(rule.summary)\n"
            for finding in group {
                let width = Auditor.points(finding.width)
                var line = "  \(finding.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)) \(sizesText(finding)) at \(width) pt, "
                guard finding.count > 1 else {
                    line += finding.elementText
                    if let source = finding.source { line += " (\(source))" }
                    out += TerminalText.escaped(line + ": \(finding.messageNamingText)") + "\n"
                    continue
                }
                // The same problem in several elements: its count and message, then its places.
                out += TerminalText.escaped(line + "\(finding.count) places: \(finding.messageNamingText)") + "\n"
                out += TerminalText.escaped("          " + Self.placesText(finding.places, limit: Self.placesListed)) + "\n"
            }
            if let more = omitted[rule], more > 0 { out += "  … and \(more) more \(more == 1 ? "element" : "elements"), not listed\(listingNote)\n" }
            out += "\n"
        }
        return out
    }

    /// How many of a finding's places the text report names (JSON and SARIF name them all).
    static let placesListed = 12

    /// `cell 0.1 (line 3), cell 0.4 (line 12), … and 3 more`: the first `limit` places (all: nil).
    public static func placesText(_ places: [AuditPlace], limit: Int? = nil) -> String {
        let shown = places.prefix(limit ?? places.count)
        let more = places.count - shown.count
        return shown.map(\.text).joined(separator: ", ") + (more > 0 ? ", … and \(more) more (--format json lists all)" : "")
    }

    /// Where a finding shows: its categories (`AuditFinding.categoryText`), or `every size` for a
    /// rule about a catalog's text found at every size audited (it does not depend on size).
    func sizesText(_ finding: AuditFinding) -> String {
        finding.rule.readsTextOrigin && categories.count > 1 && finding.categories == categories ? "every size" : finding.categoryText
    }

    /// Why findings are not listed, and how to list them.
    var listingNote: String {
        guard let findingsPerRule else { return "" }
        return " (at most \(findingsPerRule) per rule are listed; --max-findings 0 lists all)"
    }

    /// `"omitted": {"touch-target": 120}` (JSON), when a rule found more than it lists.
    var omittedJSON: String { Self.omittedJSON(omitted) }

    /// `omitted`'s counts as JSON members, in rule order.
    static func omittedJSON(_ omitted: [AuditRule: Int]) -> String {
        AuditRule.allCases.compactMap { rule in omitted[rule].map { "\(JSONText.string(rule.rawValue)): \($0)" } }.joined(separator: ", ")
    }

    /// The report as JSON with stable keys, for scripts: every finding with its rule, severity,
    /// category (and the others), width, element (kind, index path, frame) and source.
    public func json(file: String) -> String {
        var out = "{\n"
        out += "  \"file\": \(JSONText.string(file)),\n"
        out += "  \"categories\": [\(categories.map { JSONText.string($0.shortName) }.joined(separator: ", "))],\n"
        out += "  \"widths\": [\(widths.map(JSONText.number).joined(separator: ", "))],\n"
        out += "  \"summary\": {\"errors\": \(count(.error)), \"warnings\": \(count(.warning)), \"info\": \(count(.info))},\n"
        // Only with --lang, so that a report without reads as before.
        if !languages.isEmpty {
            out += "  \"languages\": [" + languages.map { language in
                "{\"language\": \(JSONText.string(language)), \"errors\": \(count(.error, in: language)), "
                    + "\"warnings\": \(count(.warning, in: language)), \"info\": \(count(.info, in: language)), "
                    + "\"untranslated\": \(untranslated(in: language))}"
            }.joined(separator: ", ") + "],\n"
        }
        // Only when something is not listed, so that a whole report reads as before.
        if omittedCount > 0 { out += "  \"omitted\": {\(omittedJSON)},\n" }
        out += "  \"styleScales\": ["
        out += styleScales.map {
            "{\"style\": \(JSONText.string($0.style.rawValue)), \"sizeAtL\": \(JSONText.number($0.sizeAtL)), "
                + "\"sizeAtAX5\": \(JSONText.number($0.sizeAtAX5)), \"scale\": \(JSONText.number(($0.scale * 1000).rounded() / 1000))}"
        }.joined(separator: ", ")
        out += "],\n  \"findings\": ["
        for (index, finding) in findings.enumerated() {
            out += index == 0 ? "\n" : ",\n"
            out += "    {\"rule\": \(JSONText.string(finding.rule.rawValue)), \"severity\": \(JSONText.string(finding.severity.rawValue)), "
            out += "\"category\": \(JSONText.string(finding.category.shortName)), "
            out += "\"otherCategories\": [\(finding.otherCategories.map { JSONText.string($0.shortName) }.joined(separator: ", "))], "
            out += "\"width\": \(JSONText.number(finding.width)), "
            out += "\"element\": {\"kind\": \(JSONText.string(finding.element.name)), "
            out += "\"indexPath\": {\"section\": \(finding.indexPath.section), \"item\": \(finding.indexPath.item)}, "
            let frame = finding.frame
            out += "\"frame\": {\"x\": \(Self.number(frame.minX)), \"y\": \(Self.number(frame.minY)), "
            out += "\"width\": \(Self.number(frame.width)), \"height\": \(Self.number(frame.height))}}, "
            out += "\"source\": \(Self.source(finding.source)), "
            if finding.language != nil || finding.textOrigin != nil { out += Self.languageMembers(finding) + ", " }
            out += "\"message\": \(JSONText.string(finding.message))"
            // Only for a problem of several elements, so that one of a single element reads as before.
            if finding.count > 1 { out += ", \"count\": \(finding.count), \"places\": [\(finding.places.map(Self.placeJSON).joined(separator: ", "))]" }
            out += "}"
        }
        out += findings.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return out
    }

    /// One place of a finding: `{"element": {"kind", "indexPath", "frame"}, "source", "categories", "message"}`.
    static func placeJSON(_ place: AuditPlace) -> String {
        let frame = place.frame
        return "{\"element\": {\"kind\": \(JSONText.string(place.element.name)), "
            + "\"indexPath\": {\"section\": \(place.indexPath.section), \"item\": \(place.indexPath.item)}, "
            + "\"frame\": {\"x\": \(number(frame.minX)), \"y\": \(number(frame.minY)), \"width\": \(number(frame.width)), "
            + "\"height\": \(number(frame.height))}}, \"source\": \(source(place.source)), "
            + "\"categories\": [\(place.categories.map { JSONText.string($0.shortName) }.joined(separator: ", "))], "
            + "\"message\": \(JSONText.string(place.message))}"
    }

    /// `"language": "de", "key": "settings.title", "table": "Localizable", "form": "few"` (null
    /// where not known: a text of the screen's own has no key, a string without variations no form).
    static func languageMembers(_ finding: AuditFinding) -> String {
        let origin = finding.textOrigin
        let form = origin.flatMap { $0.forms.isEmpty ? nil : $0.forms.joined(separator: ", ") }
        return "\"language\": \(string(finding.language ?? origin?.language)), \"key\": \(string(origin?.key)), "
            + "\"table\": \(string(origin?.table)), \"form\": \(string(form))"
    }

    /// A JSON string, or null.
    static func string(_ value: String?) -> String { value.map(JSONText.string) ?? "null" }

    static func number(_ value: Double) -> String { JSONText.number((value * 1000).rounded() / 1000) }

    static func source(_ source: SourceLocation?) -> String {
        guard let source else { return "null" }
        var parts: [String] = []
        if let line = source.line { parts.append("\"line\": \(line)") }
        if let column = source.column { parts.append("\"column\": \(column)") }
        if let path = source.jsonPath { parts.append("\"jsonPath\": \(JSONText.string(path))") }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    /// The report as SARIF 2.1.0 (OASIS Static Analysis Results Interchange Format): one run of
    /// `reflow-cli audit`, its rules, and a result per finding located on the file's line, so
    /// GitHub code scanning and other CI tools show the findings on the source.
    /// - Parameter uri: the audited file's path as given (relative to the repository root when it
    ///   can be); the log holds it percent-encoded as a URI reference (`sarifURI(path:)`).
    public func sarif(uri: String, toolVersion: String) -> String {
        Self.sarif(artifacts: [uri], reports: [(0, self)], failures: [], toolVersion: toolVersion)
    }

    /// One SARIF run over several files (`AuditRun`): an artifact per file, the results of each
    /// audited one located in its artifact, and a file that could not be audited as a failed
    /// invocation's notification (only when there is one, so a run without reads as before).
    /// - Parameters:
    ///   - artifacts: the files' paths, in order (written as URI references: `sarifURI(path:)`).
    ///   - reports: each audited file's artifact index and report.
    ///   - failures: each file that could not be audited: its artifact index and why.
    static func sarif(artifacts: [String], reports: [(artifact: Int, report: AuditReport)], failures: [(artifact: Int, message: String)],
                      toolVersion: String) -> String {
        let artifacts = artifacts.map(sarifURI(path:))
        // The rules about a catalog's text only where some report laid a language out or names a
        // key, so that a log without reads as before (they come last: the others' indices hold).
        let aboutText = reports.contains { !$0.report.languages.isEmpty || $0.report.findings.contains { $0.textOrigin != nil } }
        let rules = AuditRule.allCases.filter { aboutText || !$0.readsTextOrigin }
        var out = "{\n"
        out += "  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"
        out += "  \"version\": \"2.1.0\",\n"
        out += "  \"runs\": [\n    {\n"
        out += "      \"tool\": {\"driver\": {\"name\": \"reflow-cli audit\", \"version\": \(JSONText.string(toolVersion)), "
        out += "\"informationUri\": \"https://www.w3.org/WAI/WCAG22/quickref/\", \"rules\": ["
        out += rules.map { rule in
            "{\"id\": \(JSONText.string(rule.rawValue)), \"name\": \(JSONText.string(Self.camelCase(rule.rawValue))), "
                + "\"shortDescription\": {\"text\": \(JSONText.string(rule.summary))}, "
                + "\"helpUri\": \(JSONText.string(rule.helpURI)), "
                + "\"defaultConfiguration\": {\"level\": \(JSONText.string(Self.defaultSeverity(rule).sarifLevel))}}"
        }.joined(separator: ", ")
        out += "]}},\n"
        if !failures.isEmpty {
            out += "      \"invocations\": [{\"executionSuccessful\": false, \"toolExecutionNotifications\": ["
            out += failures.map { failure in
                "{\"level\": \"error\", \"message\": {\"text\": \(JSONText.string(failure.message))}, "
                    + "\"locations\": [{\"physicalLocation\": {\"artifactLocation\": "
                    + "{\"uri\": \(JSONText.string(artifacts[failure.artifact])), \"index\": \(failure.artifact)}}}]}"
            }.joined(separator: ", ")
            out += "]}],\n"
        }
        out += "      \"artifacts\": [\(artifacts.map { "{\"location\": {\"uri\": \(JSONText.string($0))}}" }.joined(separator: ", "))],\n"
        out += "      \"results\": ["
        var first = true
        for (artifact, report) in reports {
            let uri = artifacts[artifact]
            for finding in report.findings {
                out += first ? "\n" : ",\n"
                first = false
                out += "        {\"ruleId\": \(JSONText.string(finding.rule.rawValue)), \"ruleIndex\": \(rules.firstIndex(of: finding.rule)!), "
                out += "\"level\": \(JSONText.string(finding.severity.sarifLevel)), "
                let language = finding.language.map { " (\($0))" } ?? ""
                let more = finding.count > 1 ? " (and \(finding.count - 1) more place\(finding.count == 2 ? "" : "s"))" : ""
                out += "\"message\": {\"text\": \(JSONText.string("\(finding.elementText)\(more) at \(report.sizesText(finding)), \(Auditor.points(finding.width)) pt\(language): \(finding.messageNamingText)"))}, "
                out += "\"locations\": [{\(Self.sarifLocation(uri: uri, index: artifact, source: finding.source))}], "
                if finding.count > 1 {
                    out += Self.sarifRelatedLocations(finding.otherPlaces.map { ($0.text, $0.source) }, uri: uri, index: artifact) + ", "
                }
                out += "\"properties\": {\"category\": \(JSONText.string(finding.category.shortName)), "
                out += "\"categories\": [\(finding.categories.map { JSONText.string($0.shortName) }.joined(separator: ", "))], "
                out += "\"width\": \(JSONText.number(finding.width)), \"element\": \(JSONText.string(finding.elementText))"
                if finding.language != nil || finding.textOrigin != nil { out += ", " + Self.languageMembers(finding) }
                if finding.count > 1 { out += ", \"count\": \(finding.count)" }
                out += "}}"
            }
        }
        out += first ? "]" : "\n      ]"
        let omitted = reports.reduce(into: [AuditRule: Int]()) { sum, entry in sum.merge(entry.report.omitted, uniquingKeysWith: +) }
        if omitted.values.contains(where: { $0 > 0 }) {
            let perRule = reports.lazy.compactMap(\.report.findingsPerRule).first ?? 0
            out += ",\n      \"properties\": {\"omittedResults\": {\(Self.omittedJSON(omitted))}, \"resultsPerRule\": \(perRule)}"
        }
        out += "\n    }\n  ]\n}\n"
        return out
    }

    /// `path` as a SARIF `artifactLocation.uri`, a URI reference (RFC 3986) whose path is
    /// `path`: each byte of its UTF-8 but the unreserved ones (A-Z a-z 0-9 - . _ ~) and `/`
    /// written `%XX`, so that a space, `#`, `?`, `%`, `:` or a non-ASCII letter in a file's name
    /// reads as part of the path (not as a fragment, a query or a scheme). Leading slashes are
    /// one (`//a` would name a host); a relative path stays relative.
    public static func sarifURI(path: String) -> String {
        var bytes = Substring(path).utf8
        while bytes.starts(with: "//".utf8) { bytes = bytes.dropFirst() }
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        encoded.reserveCapacity(bytes.count)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.append(byte)
            default:
                encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// The severity a rule's findings have unless the numbers say otherwise.
    static func defaultSeverity(_ rule: AuditRule) -> AuditSeverity {
        switch rule {
        case .textClipped, .spacingClipped, .horizontalScroll, .contrast, .touchTarget, .overlap, .missingGlyph: .error
        case .missingKey, .formatMismatch: .error
        case .textNotScaling, .wordBroken, .contentClipped, .imageAlt, .pluralFormMissing: .warning
        case .untranslated: .info
        }
    }

    /// `touch-target` → `TouchTarget`, SARIF's rule name style.
    static func camelCase(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}

extension AuditReport {
    /// A SARIF result's location: the artifact (`uri`, its `index` in the run's artifacts), the
    /// line and column when the source has them, and the JSON path as a logical location. The
    /// body of `"locations": [{…}]`, shared by the audit's SARIF and `merge`'s.
    public static func sarifLocation(uri: String, index: Int, source: SourceLocation?) -> String {
        var location = "\"physicalLocation\": {\"artifactLocation\": {\"uri\": \(JSONText.string(uri)), \"index\": \(index)}"
        if let line = source?.line {
            location += ", \"region\": {\"startLine\": \(line)" + (source?.column.map { ", \"startColumn\": \($0)" } ?? "") + "}"
        }
        location += "}"
        if let path = source?.jsonPath {
            location += ", \"logicalLocations\": [{\"fullyQualifiedName\": \(JSONText.string(path)), \"kind\": \"object\"}]"
        }
        return location
    }
}

extension AuditReport {
    /// `"relatedLocations": [...]` for the other places of a finding of several (`AuditFinding.count`):
    /// each a location in the artifact with an `id` (1, 2, … unique in the result) and a message
    /// naming the element. SARIF 2.1.0 §3.27.12 keeps `locations` for places that must all change
    /// to fix the result; places fixed one by one (a word broken in several paragraphs) are
    /// related locations (§3.27.22), so the result is one, located at its first place.
    /// - Parameter places: each other place's words (`cell 0.3 (line 12)`) and source.
    public static func sarifRelatedLocations(_ places: [(text: String, source: SourceLocation?)], uri: String, index: Int) -> String {
        "\"relatedLocations\": [" + places.enumerated().map { offset, place in
            "{\"id\": \(offset + 1), \(sarifLocation(uri: uri, index: index, source: place.source)), "
                + "\"message\": {\"text\": \(JSONText.string("also here: \(place.text)"))}}"
        }.joined(separator: ", ") + "]"
    }
}
