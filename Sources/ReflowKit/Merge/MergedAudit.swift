import Audit
import Reflow
import TextMetrics

/// The JSON results of several `reflow-cli audit --format json` runs (the shards of a CI
/// matrix, `--shard I/N`) joined into the report the whole run would have made, as test runners
/// that shard join theirs (Playwright's `merge-reports`): `reflow-cli merge`.
///
/// The findings are concatenated in a stable order, document (by path), then language (the
/// document's own first, then by tag), then the first size each was found at, so that the same
/// results give the same report whatever order the files are given in and however the run was
/// split; the counts are summed. A document split across shards by language (`--lang all
/// --shard`) is one document again, its languages joined. A document (or a document in a language)
/// found in two results is refused: the shards of one run hold each once, and counting it twice
/// would mislead.
public struct MergedAudit: Sendable {
    /// One finding, as the audit's JSON gives it.
    public struct Finding: Sendable, Hashable {
        /// The rule's identifier (`text-clipped`); a rule this build does not know is kept as named.
        public var rule: String
        public var severity: AuditSeverity
        /// The first size it was found at, and the others.
        public var category: ContentSizeCategory
        public var otherCategories: [ContentSizeCategory]
        public var width: Double
        /// The element: its kind (`cell`, `header`, …), index path and frame at `category`.
        public var element: String
        public var section: Int, item: Int
        public var frame: Rect
        public var source: SourceLocation?
        public var message: String
        /// The language it was found in, and the catalog text it is about (its key, table and plural
        /// form); nil when the audit did not lay a language out or the text is the screen's own.
        public var language: String?, key: String?, table: String?, form: String?
        /// The other elements where the audit found the same problem (its `places` past the
        /// first, which is this finding's own element): empty for a problem of one element.
        public var otherPlaces: [Place] = []

        /// How many elements show it.
        public var count: Int { 1 + otherPlaces.count }

        /// `cell 1.3`, `header of section 2`, as the audit names elements.
        public var elementText: String { Self.elementText(element, section, item) }

        static func elementText(_ element: String, _ section: Int, _ item: Int) -> String {
            switch element {
            case "cell": "cell \(section).\(item)"
            case "badge": "badge of cell \(section).\(item)"
            default: "\(element) of section \(section)"
            }
        }

        /// `cell 0.3 (line 12), cell 0.9 (line 20)`: every place, this finding's own first.
        public var placesText: String {
            ([elementText + (source.map { " (\($0))" } ?? "")] + otherPlaces.map(\.text)).joined(separator: ", ")
        }

        /// `ax2 (and ax3, ax4, ax5)`.
        public var categoryText: String {
            otherCategories.isEmpty ? category.shortName
                : "\(category.shortName) (and \(otherCategories.map(\.shortName).joined(separator: ", ")))"
        }

        /// `key 'title', form few`: the catalog text the finding is about; nil for the screen's own text.
        public var originText: String? {
            guard let key else { return nil }
            var parts = ["key '\(key)'" + (table == nil || table == "Localizable" ? "" : " of table \(table!)")]
            if let form { parts.append("form \(form)") }
            return parts.joined(separator: ", ")
        }
    }

    /// One element of a finding of several (`Finding.otherPlaces`), as the audit's JSON `places` give it.
    public struct Place: Sendable, Hashable {
        public var element: String
        public var section: Int, item: Int
        public var source: SourceLocation?
        public var categories: [ContentSizeCategory]
        public var message: String

        /// `cell 0.3 (line 12)`.
        public var text: String { Finding.elementText(element, section, item) + (source.map { " (\($0))" } ?? "") }
    }

    /// One document of the joined run.
    public struct Document: Sendable {
        /// Its path, as the audit named it.
        public var path: String
        /// The languages it was audited in (empty without `--lang`), in the merged order.
        public var languages: [String] = []
        /// Why it (or one of its languages) could not be audited, one message per result that said
        /// so; empty when it was audited.
        public var errors: [String] = []
        /// Its findings, in the merged order.
        public var findings: [Finding] = []
        /// The sizes and widths audited.
        public var categories: [ContentSizeCategory] = [], widths: [Double] = []
        /// Findings found beyond those listed, by rule.
        public var omitted: [String: Int] = [:]
        /// The result files it came from, in the order given.
        public var files: [String] = []

        public init(path: String) { self.path = path }

        /// Listed findings of `severity`.
        public func count(_ severity: AuditSeverity) -> Int { findings.filter { $0.severity == severity }.count }
        /// Listed findings of `severity` in `language`.
        public func count(_ severity: AuditSeverity, in language: String?) -> Int {
            findings.filter { $0.severity == severity && $0.language == language }.count
        }
        /// Whether it could not be audited (in some language).
        public var failed: Bool { !errors.isEmpty }
    }

    /// The documents, by path.
    public private(set) var documents: [Document]
    /// The least severity that fails the run (`--fail-on`); nil: findings never fail it.
    public var threshold: AuditSeverity?
    /// How many result files were joined.
    public let files: Int

    /// Joins `results` (each read from its file by `AuditResult.read`), failing at `threshold`.
    /// - Throws: `MergeError.duplicate` for a document (in a language) that two results hold.
    public init(_ results: [AuditResult], threshold: AuditSeverity?) throws {
        var byPath: [String: Document] = [:]
        var owner: [String: String] = [:]
        for result in results {
            for part in result.documents {
                var document = byPath[part.path] ?? Document(path: part.path)
                // A document's languages are what a shard holds of it; without languages, the document
                // itself. One that could not be audited says so in each shard whose language failed.
                let keys = part.error != nil ? [] : part.languages.isEmpty ? [part.path] : part.languages.map { part.path + "\u{0}" + $0 }
                for key in keys {
                    if let first = owner.updateValue(result.file, forKey: key) {
                        let language = key.split(separator: "\u{0}").dropFirst().first.map { " in \($0)" } ?? ""
                        throw MergeError.duplicate(document: part.path + language, first: first, second: result.file)
                    }
                }
                document.languages += part.languages
                document.errors += part.error.map { [$0] } ?? []
                document.findings += part.findings
                for category in part.categories where !document.categories.contains(category) { document.categories.append(category) }
                for width in part.widths where !document.widths.contains(width) { document.widths.append(width) }
                document.omitted.merge(part.omitted, uniquingKeysWith: +)
                document.files.append(result.file)
                byPath[part.path] = document
            }
        }
        documents = byPath.keys.sorted().map { path in
            var document = byPath[path]!
            document.languages.sort()
            document.categories.sort()
            document.findings = Self.ordered(document.findings)
            return document
        }
        self.threshold = threshold
        files = results.count
    }

    /// `findings` in the merged order: language (none first, then by tag), then the first size,
    /// each group in the order given (a stable sort: a document's findings in one language come
    /// from one result, in the order its audit listed them).
    static func ordered(_ findings: [Finding]) -> [Finding] {
        findings.enumerated().sorted { a, b in
            let (x, y) = (a.element, b.element)
            if x.language != y.language { return (x.language ?? "") < (y.language ?? "") || x.language == nil }
            if x.category != y.category { return x.category < y.category }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// Every finding, document by document.
    public var findings: [Finding] { documents.flatMap(\.findings) }

    /// Listed findings of `severity` over every document.
    public func count(_ severity: AuditSeverity) -> Int { documents.reduce(0) { $0 + $1.count(severity) } }

    /// The documents that could not be audited (in some language).
    public var unreadable: [Document] { documents.filter(\.failed) }

    /// The audited documents with a listed finding at or above the threshold.
    public var failing: [Document] {
        guard let threshold else { return [] }
        return documents.filter { !$0.failed && $0.findings.contains { $0.severity >= threshold } }
    }

    /// Whether the joined run fails, as the whole run would have: a finding at or above the
    /// threshold, or a document that could not be audited.
    public var fails: Bool { !failing.isEmpty || !unreadable.isEmpty }

    /// Every language of the run, by tag.
    public var languages: [String] { Array(Set(documents.flatMap(\.languages))).sorted() }

    /// `3 documents in 2 languages from 4 results (1 could not be audited): 13 errors, 21
    /// warnings, 0 info; 1 has a finding at or above error`.
    public var summary: String {
        func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        var line = plural(documents.count, "document")
        if !languages.isEmpty { line += " in \(plural(languages.count, "language"))" }
        line += " from \(plural(files, "result"))"
        if !unreadable.isEmpty { line += " (\(unreadable.count) could not be audited)" }
        line += ": \(plural(count(.error), "error")), \(plural(count(.warning), "warning")), \(count(.info)) info"
        let omitted = documents.reduce(0) { $0 + $1.omitted.values.reduce(0, +) }
        if omitted > 0 { line += "; \(omitted) more not listed" }
        if let threshold, documents.count > unreadable.count {
            line += failing.isEmpty ? "; none has a finding at or above \(threshold.rawValue)"
                : "; \(failing.count) \(failing.count == 1 ? "has" : "have") a finding at or above \(threshold.rawValue)"
        }
        return line
    }
}

/// Why results cannot be merged; says what to do.
public enum MergeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A file that is not an audit's JSON result, or not one this build reads: where (a JSON
    /// path, `$` the whole file) and what is wrong.
    case malformed(file: String, path: String, problem: String)
    /// A document (in a language) that two results hold.
    case duplicate(document: String, first: String, second: String)
    /// Results that were made with different `--fail-on`.
    case thresholds(file: String, value: String, first: String, firstValue: String)

    public var description: String {
        switch self {
        case .malformed(let file, let path, let problem):
            "'\(file)' at \(path): \(problem); give the JSON that 'reflow-cli audit --format json' writes"
        case .duplicate(let document, let first, let second):
            "'\(document)' is in both '\(first)' and '\(second)'; give each shard's result once (the shards of one run, "
                + "--shard 1/N … N/N, hold each document once)"
        case .thresholds(let file, let value, let first, let firstValue):
            "'\(file)' was audited with --fail-on \(value) and '\(first)' with --fail-on \(firstValue); say which one the "
                + "merged run fails on with --fail-on"
        }
    }
}
