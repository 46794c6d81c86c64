import Reflow

/// `untranslated` (info): a key of a string catalog shown in a fallback language (`pt` for
/// `pt-BR`, else the catalog's source language) because the language asked for has no
/// translation of it. One problem per such text of the element, so that each key is counted
/// (the report's summary counts them per language). A key the catalog marks as not to be
/// translated, and a pseudolanguage (which shows the source strings by design), are not.
enum UntranslatedRule: ElementRule {
    static let rule = AuditRule.untranslated

    static func check(_ element: LayoutAttributes, in context: Auditor.LayoutContext) -> [Problem] {
        element.textOrigins.compactMap { origin -> Problem? in
            guard let origin, origin.isUntranslated, let shown = origin.shownLanguage else { return nil }
            return Problem(.info, "key '\(origin.key)' (table \(origin.table)) has no \(origin.language) translation: "
                               + "the screen shows its \(shown) text", origin: origin)
        }
    }
}
