import Reflow

/// `missing-key` (error): a key the screen names that no catalog has, in any language. iOS then
/// shows the key itself (`settings.display.title`), and so does the layout: a person sees code.
enum MissingKeyRule: ElementRule {
    static let rule = AuditRule.missingKey

    static func check(_ element: LayoutAttributes, in context: Auditor.LayoutContext) -> [Problem] {
        element.textOrigins.compactMap { origin -> Problem? in
            guard let origin, origin.isMissing else { return nil }
            return Problem(.error, "key '\(origin.key)' is in no catalog (table \(origin.table)): the screen shows the key itself, "
                               + "as iOS does; add it to the catalog or fix the key's name", origin: origin)
        }
    }
}
