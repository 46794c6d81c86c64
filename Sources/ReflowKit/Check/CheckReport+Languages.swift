import Audit
import Preview
import Reflow
import TextMetrics

extension CheckReport {
    /// What moved in a check over languages, at a glance: a row per language, a column per size,
    /// each cell the number of elements that changed there (summed over the documents checked in
    /// that language), `·` where nothing did, `?` where some document could not be checked. It is
    /// printed after the verdicts and opens the HTML report; the per-element details are in the
    /// verdicts, grouped by language.
    public struct LanguageGrid: Sendable, Equatable {
        /// The sizes checked, in order.
        public let categories: [ContentSizeCategory]
        /// The languages, in the order their first document was added; nil is a document's own
        /// language (a document without catalogs in a `--lang all` run).
        public private(set) var languages: [String?] = []
        /// Elements changed by language and size.
        public private(set) var moved: [String?: [ContentSizeCategory: Int]] = [:]
        /// Languages where some document could not be checked.
        public private(set) var unchecked: Set<String?> = []

        public init(categories: [ContentSizeCategory]) { self.categories = categories }

        /// Adds a document checked in `language`: every element that changed at each size, resized
        /// or only moved.
        public mutating func add(language: String?, verdict: GoldenStore.Verdict) {
            note(language)
            for difference in verdict.differences {
                moved[language, default: [:]][difference.category, default: 0] += max(1, difference.comparison.changes.count)
            }
        }

        /// Adds a document that could not be checked in `language`.
        public mutating func addFailure(language: String?) {
            note(language)
            unchecked.insert(language)
        }

        private mutating func note(_ language: String?) {
            if !languages.contains(language) { languages.append(language) }
        }

        /// The elements that changed in `language` at `category`.
        public func count(_ language: String?, _ category: ContentSizeCategory) -> Int { moved[language]?[category] ?? 0 }

        /// Whether nothing moved in `language` and every document was checked.
        public func isUnchanged(_ language: String?) -> Bool { (moved[language] ?? [:]).isEmpty && !unchecked.contains(language) }

        /// A cell's text: the count, `·` for none, `?` for none where some document could not be checked.
        func cell(_ language: String?, _ category: ContentSizeCategory) -> String {
            let count = count(language, category)
            if count > 0 { return "\(count)" }
            return unchecked.contains(language) ? "?" : "·"
        }

        /// A row's name: the tag, or `(own)` for a document's own language.
        static func name(_ language: String?) -> String { language ?? "(own)" }

        /// The grid for a terminal: a heading line, then a row per language, columns aligned.
        public func text() -> String {
            let names = languages.map { TerminalText.escaped(Self.name($0)) }
            let nameWidth = max("language".count, names.map(\.count).max() ?? 0)
            let cells = languages.map { language in categories.map { cell(language, $0) } }
            let widths = categories.indices.map { column in
                max(categories[column].shortName.count, cells.map { $0[column].count }.max() ?? 0)
            }
            func row(_ first: String, _ rest: [String]) -> String {
                var line = "  " + first.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
                for (text, width) in zip(rest, widths) { line += "  " + String(repeating: " ", count: width - text.count) + text }
                return line + "\n"
            }
            var out = "what moved, languages × sizes (elements changed; · unchanged; ? not checked):\n"
            out += row("language", categories.map(\.shortName))
            for (name, line) in zip(names, cells) { out += row(name, line) }
            return out
        }

        /// The grid as an HTML table: a row per language, a column per size, changed cells red with
        /// their count, unchanged ones a dot.
        public func html() -> String {
            var html = "<h2>Languages × sizes</h2>\n<p>Elements that changed in each language at each size, over every "
                + "document checked in it (· nothing moved; ? some document could not be checked).</p>\n"
            html += "<table class=\"languages\">\n<tr><th>language</th>"
                + categories.map { "<th>\($0.shortName)</th>" }.joined() + "</tr>\n"
            for language in languages {
                html += "<tr><td>\(HTMLPage.escaped(Self.name(language)))</td>"
                for category in categories {
                    let text = cell(language, category)
                    let style = text == "·" ? "good" : "bad"
                    html += "<td class=\"\(style)\">\(text)</td>"
                }
                html += "</tr>\n"
            }
            return html + "</table>\n"
        }
    }
}
