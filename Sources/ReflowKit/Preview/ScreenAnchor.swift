import Reflow
import TextMetrics

/// A place to show at the top of a screen, named by what is there rather than by a y: a line of
/// the Markdown source, a heading, or a cell (UIKit's `scrollToItem(at:at: .top)`). Resolved per
/// text size, since what lies above it grows with the text.
public enum ScreenAnchor: Hashable, Sendable, CustomStringConvertible {
    /// The block holding source line `n` (1-based) of a Markdown document: the last cell starting
    /// at or before it (cells are in source order).
    case line(Int)
    /// The first heading whose text is this (case and surrounding spaces aside; failing that, the
    /// first that starts with it).
    case heading(String)
    /// The cell at this index path (`S.I`: section S, item I, both from 0).
    case item(IndexPath)

    /// Why an anchor is wrong, in words that say what to give instead.
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        case malformed(String)
        case noSourceLines
        case headingNotFound(String, headings: [String])
        case itemNotFound(IndexPath, sections: Int, items: Int?)

        public var description: String {
            switch self {
            case .malformed(let text):
                "must be line:N (a Markdown source line), heading:TEXT or item:SECTION.ITEM (e.g. item:0.12), got '\(text)'"
            case .noSourceLines:
                "line:N needs a Markdown document (its cells know their source lines); for this document use heading:TEXT or item:S.I"
            case .headingNotFound(let text, let headings):
                headings.isEmpty ? "no heading '\(text)': the document has no headings; use line:N or item:S.I"
                    : "no heading '\(text)'; the headings are " + headings.prefix(8).map { "'\($0)'" }.joined(separator: ", ")
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

    /// The cell this anchor names in `content`.
    public func indexPath(in content: CollectionContent) throws -> IndexPath {
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
            // matter) is the first block's, a line past the last block the last one's.
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
            let wanted = Self.folded(text)
            var headings: [String] = [], exact: IndexPath?, prefix: IndexPath?
            try forEachCell(of: content) { indexPath, cell in
                guard case .heading = cell.kind else { return true }
                let title = cell.text.string.trimmingCharacters(in: .whitespacesAndNewlines)
                headings.append(title)
                let folded = Self.folded(title)
                if folded == wanted { exact = indexPath; return false }
                if prefix == nil, folded.hasPrefix(wanted) { prefix = indexPath }
                return true
            }
            guard let found = exact ?? prefix else { throw Problem.headingNotFound(text, headings: headings) }
            return found
        }
    }

    private static func folded(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
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
