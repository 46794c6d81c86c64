import Reflow

/// `missing-key` (error): a key the screen names that no catalog has, in any language. iOS then
/// shows the key itself (`settings.display.title`), and so does the layout: a person sees code.
enum MissingKeyRule: ElementRule {
    static let rule = AuditRule.missingKey

    static func check(_ element: LayoutAttributes, in context: Auditor.LayoutContext) -> [Problem] {
        element.textOrigins.compactMap { origin -> Problem? in
            guard let origin, origin.isMissing else { return nil }
            let said = "key '\(origin.key)' is in no catalog (table \(origin.table)): the screen shows the key itself, as iOS does; "
            guard !origin.otherTables.isEmpty else {
                return Problem(.error, said + "add it to the catalog or fix the key's name", origin: origin)
            }
            // A key of another table (iOS looks a key up in the one table it is named with).
            let others = origin.otherTables.map { "'\($0)'" }.joined(separator: ", ")
            return Problem(.error, said + "table \(others) has it: name that table in the text (\"table\": \"\(origin.otherTables[0])\")",
                           origin: origin)
        }
    }
}
