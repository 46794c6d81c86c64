import Reflow
import TextMetrics

/// A place to show at the top of a screen, named by what is there rather than by a y: a line of
/// the Markdown source, a heading, or a cell (UIKit's `scrollToItem(at:at: .top)`). Resolved per
/// text size, since what lies above it grows with the text.
public enum ScreenAnchor: Hashable, Sendable, CustomStringConvertible {
    /// The block holding source line `n` (1-based) of a Markdown document: the last cell starting
    /// at or before it (cells are in source order). A line past the file's last is an error.
    case line(Int)
    /// A heading named as a person names it: the first whose text is this (case and surrounding
    /// spaces aside) or whose GitHub anchor this is, with or without its `#` (`#-community` for
    /// `### 💧 Community`, `usage-1` for the second `Usage`: `HeadingSlug`); failing that, the
    /// first with these words, emoji, punctuation and case aside (`community`); failing that, the
    /// first whose words start with these.
    case heading(String)
    /// The cell at this index path (`S.I`: section S, item I, both from 0).
    case item(IndexPath)

    /// Why an anchor is wrong, in words that say what to give instead.
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        case malformed(String)
        case noSourceLines
        case lineNotFound(Int, lineCount: Int)
        case headingNotFound(String, headings: [String])
        case itemNotFound(IndexPath, sections: Int, items: Int?)

        public var description: String {
            switch self {
            case .malformed(let text):
                "must be line:N (a Markdown source line), heading:TEXT or item:SECTION.ITEM (e.g. item:0.12), got '\(text)'"
            case .noSourceLines:
                "line:N needs a Markdown document (its cells know their source lines); for this document use heading:TEXT or item:S.I"
            case .lineNotFound(let line, let lineCount):
                "no line \(line): the document has \(lineCount) line(s); give line:1 to line:\(max(1, lineCount)), or heading:TEXT"
            case .headingNotFound(let text, let headings):
                headings.isEmpty ? "no heading '\(text)': the document has no headings; use line:N or item:S.I"
                    : "no heading '\(text)'; the headings are "
                        + zip(headings.prefix(8), HeadingSlug.slugs(headings)).map { "'\($0)' (#\($1))" }.joined(separator: ", ")
                        + (headings.count > 8 ? ", … (\(headings.count) in all)" : "")
            case .itemNotFound(let indexPath, let sections, let items):
                if let items {
                    "no item \(indexPath.section).\(indexPath.item): section \(indexPath.section) has \(items) item(s), 0 to \(items - 1)"
                } else {
                    "no item \(indexPath.section).\(indexPath.item): the document has \(sections) section(s), 0 to \(sections - 1)"
                }
            }
        }
    }

    /// `line:N`, `heading:TEXT` or `item:S.I`.
    public init(parsing text: String) throws(Problem) {
        guard let colon = text.firstIndex(of: ":") else { throw .malformed(text) }
        let kind = text[..<colon].lowercased(), value = String(text[text.index(after: colon)...])
        switch kind {
        case "line":
            guard let line = Int(value), line >= 1 else { throw .malformed(text) }
            self = .line(line)
        case "heading":
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { throw .malformed(text) }
            self = .heading(trimmed)
        case "item":
            let parts = value.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, let section = Int(parts[0]), let item = Int(parts[1]), section >= 0, item >= 0 else {
                throw .malformed(text)
            }
            self = .item(IndexPath(item: item, section: section))
        default:
            throw .malformed(text)
        }
    }

    public var description: String {
        switch self {
        case .line(let line): "line:\(line)"
        case .heading(let text): "heading:\(text)"
        case .item(let indexPath): "item:\(indexPath.section).\(indexPath.item)"
        }
    }

    /// The cell this anchor names in `content`, whose source file has `sourceLineCount` lines
    /// when known (a `line:N` past them is then an error, not the last block).
    public func indexPath(in content: CollectionContent, sourceLineCount: Int? = nil) throws -> IndexPath {
        switch self {
        case .item(let indexPath):
            guard content.sections.indices.contains(indexPath.section) else {
                throw Problem.itemNotFound(indexPath, sections: content.sections.count, items: nil)
            }
            let items = content.sections[indexPath.section].cellCount
            guard indexPath.item < items else { throw Problem.itemNotFound(indexPath, sections: content.sections.count, items: items) }
            return indexPath
        case .line(let line):
            // The last block starting at or before the line; a line above the first block (front
            // matter) is the first block's, a line after the last block's start the last one's.
            if let sourceLineCount, line > sourceLineCount { throw Problem.lineNotFound(line, lineCount: sourceLineCount) }
            var best: IndexPath?, first: IndexPath?
            try forEachCell(of: content) { indexPath, cell in
                guard let start = cell.sourceLine else { return true }
                if first == nil { first = indexPath }
                guard start <= line else { return false }
                best = indexPath
                return true
            }
            guard let found = best ?? first else { throw Problem.noSourceLines }
            return found
        case .heading(let text):
            var matcher = HeadingMatcher(text)
            var headings: [String] = [], found: IndexPath?, sameWords: IndexPath?, startingWords: IndexPath?
            try forEachCell(of: content) { indexPath, cell in
                guard case .heading = cell.kind else { return true }
                let title = cell.text.string.trimmingCharacters(in: .whitespacesAndNewlines)
                headings.append(title)
                switch matcher.match(title) {
                case .named?: found = indexPath; return false
                case .words?: if sameWords == nil { sameWords = indexPath }
                case .startOfWords?: if startingWords == nil { startingWords = indexPath }
                case nil: break
                }
                return true
            }
            guard let heading = found ?? sameWords ?? startingWords else { throw Problem.headingNotFound(text, headings: headings) }
            return heading
        }
    }

    /// Which of a document's headings `heading:TEXT` names, offered them one at a time in order:
    /// the first whose text is TEXT (case and surrounding spaces aside) or whose GitHub anchor
    /// it is (a leading `#` aside: `HeadingSlug`); failing that, the first with TEXT's words
    /// (emoji, punctuation and case aside); failing that, the first whose words start with them.
    struct HeadingMatcher {
        enum Match { case named, words, startOfWords }

        private let wanted: String, anchor: String, words: String
        private var slugs: [String: Int] = [:]

        init(_ text: String) {
            wanted = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            anchor = wanted.hasPrefix("#") ? String(wanted.dropFirst()) : wanted
            words = HeadingSlug.words(wanted)
        }

        /// How the next heading, `title`, is named by the text: by its text or anchor, by its
        /// words, by the start of its words (weaker matches, in that order: the first `named`
        /// heading after them wins), or not at all.
        mutating func match(_ title: String) -> Match? {
            let slug = HeadingSlug.slug(title)
            let count = slugs[slug, default: 0]
            slugs[slug] = count + 1
            if title.lowercased() == wanted { return .named }
            if !anchor.isEmpty, anchor == (count == 0 ? slug : "\(slug)-\(count)") { return .named }
            guard !words.isEmpty else { return nil }
            let titleWords = HeadingSlug.words(title)
            return titleWords == words ? .words : titleWords.hasPrefix(words) ? .startOfWords : nil
        }
    }

    /// Calls `body` with each cell in order until it returns false.
    private func forEachCell(of content: CollectionContent, _ body: (IndexPath, Cell) throws -> Bool) throws {
        for (section, contentSection) in content.sections.enumerated() {
            for item in 0..<contentSection.cellCount {
                guard try body(IndexPath(item: item, section: section), try contentSection.cell(item)) else { return }
            }
        }
    }
}
