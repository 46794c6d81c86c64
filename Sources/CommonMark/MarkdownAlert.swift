/// The kind of a GitHub alert (a "callout": `> [!NOTE]`), one of the five GitHub has.
///
/// GitHub's rule, as its documentation and its renderer have it: a block quote is an alert when
/// its first line is the marker `[!KIND]` alone (any case; spaces after it allowed), KIND one of
/// NOTE, TIP, IMPORTANT, WARNING, CAUTION, and something follows the marker in the quote. The
/// quote must stand at the document's top level: "alerts cannot be nested within other elements"
/// (a quote in a list item or in another quote stays a quote, as one inside an alert does).
/// Anything else stays a quote showing what was written: another word (`[!DANGER]`), text after
/// the marker on its line, a marker on a later line, an emphasised or escaped-looking marker that
/// is not plain text, a marker with nothing after it.
public enum MarkdownAlertKind: String, CaseIterable, Hashable, Sendable {
    case note, tip, important, warning, caution

    /// The alert a top-level block quote of `blocks` makes, and its blocks without the marker
    /// line; nil when the quote is not an alert (see the type's rule).
    public static func split(quote blocks: [MarkdownBlock]) -> (kind: MarkdownAlertKind, blocks: [MarkdownBlock])? {
        guard let first = blocks.first, case .paragraph(let inlines) = first.content else { return nil }
        // The first line: the paragraph's inlines before its first line break, all plain text.
        let lineEnd = inlines.firstIndex { $0 == .softBreak || $0 == .lineBreak } ?? inlines.endIndex
        var marker = ""
        for inline in inlines[..<lineEnd] {
            guard case .text(let text) = inline else { return nil }
            marker += text
        }
        while let last = marker.last, last == " " || last == "\t" { marker.removeLast() }
        guard marker.hasPrefix("[!"), marker.hasSuffix("]"), marker.count > 3,
              let kind = MarkdownAlertKind(rawValue: String(marker.dropFirst(2).dropLast()).lowercased())
        else { return nil }
        let rest = lineEnd < inlines.endIndex ? Array(inlines[(lineEnd + 1)...]) : []
        var kept = Array(blocks.dropFirst())
        // The rest of the paragraph starts on the line after the marker's.
        if !rest.isEmpty { kept.insert(MarkdownBlock(.paragraph(rest), line: first.line + 1), at: 0) }
        guard !kept.isEmpty else { return nil }
        return (kind, kept)
    }
}
