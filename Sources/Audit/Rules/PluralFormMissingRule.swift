import Reflow

/// `plural-form-missing` (warning): a plural variation of the shown translation lacks a category
/// its language needs by CLDR's rules (Russian's `few` and `many`, Arabic's `zero`, `two`, …):
/// the counts of that category show another form, a grammatical error a reader sees.
enum PluralFormMissingRule: ElementRule {
    static let rule = AuditRule.pluralFormMissing

    static func check(_ element: LayoutAttributes, in context: Auditor.LayoutContext) -> [Problem] {
        element.textOrigins.compactMap { origin -> Problem? in
            guard let origin, !origin.missingPluralForms.isEmpty else { return nil }
            let shown = origin.shownLanguage ?? origin.language
            let forms = origin.missingPluralForms.map { "'\($0)'" }.joined(separator: ", ")
            return Problem(.warning, "key '\(origin.key)' in \(shown) lacks the plural form\(origin.missingPluralForms.count == 1 ? "" : "s") "
                               + "\(forms) that \(shown) needs by CLDR; add \(origin.missingPluralForms.count == 1 ? "it" : "them") to its \(shown) "
                               + "localization in the catalog of table \(origin.table)",
                           origin: origin)
        }
    }
}
