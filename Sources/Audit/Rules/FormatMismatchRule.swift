import Reflow

/// `format-mismatch` (error): the shown translation's format specifiers differ from the source
/// string's in kind or number (`%@` where the source has `%d`). `String(format:)` then reads an
/// argument as the wrong type, which garbles the text or crashes the app on a device. What
/// differs is the reader's (`TextOrigin.formatMismatch`), in words.
enum FormatMismatchRule: ElementRule {
    static let rule = AuditRule.formatMismatch

    static func check(_ element: LayoutAttributes, in context: Auditor.LayoutContext) -> [Problem] {
        element.textOrigins.compactMap { origin -> Problem? in
            guard let origin, let mismatch = origin.formatMismatch else { return nil }
            let shown = origin.shownLanguage ?? origin.language
            // The reader's message may end a sentence of its own ("…%c, %s."): one sentence here.
            let clause = mismatch.hasSuffix(".") ? String(mismatch.dropLast()) : mismatch
            return Problem(.error, "key '\(origin.key)' in \(shown): \(clause); make the translation's specifiers "
                               + "those of the source string, in kind and number", origin: origin)
        }
    }
}
