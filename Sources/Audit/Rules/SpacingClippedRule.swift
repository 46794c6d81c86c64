import Reflow
import TextMetrics

/// `spacing-clipped`: with WCAG 1.4.12's text spacing, text that clips where it does not clip
/// without it. Read from two layouts of each size (the audit lays each width out twice when
/// extra spacing is asked for): what `text-clipped` finds in the spaced one, less what it finds
/// in the other; so it is no `ElementRule`.
enum SpacingClippedRule {
    static let rule = AuditRule.spacingClipped

    /// Where text clipped: an element at a category and width.
    struct ClipKey: Hashable {
        var element: ElementRole
        var indexPath: IndexPath
        var category: ContentSizeCategory
        var width: Double

        init(_ observation: Auditor.Observation) {
            (element, indexPath, category, width) = (observation.element, observation.indexPath, observation.category, observation.width)
        }
    }

    /// `spacing-clipped`: the text clipped in a layout with extra text spacing (`spaced`) at a
    /// category, width and element where the same layout without it clipped nothing
    /// (`clippedAnyway`: where it did).
    static func observations(with spaced: [Auditor.Observation], without clippedAnyway: Set<ClipKey>) -> [Auditor.Observation] {
        spaced.filter { $0.rule == .textClipped && !clippedAnyway.contains(ClipKey($0)) }.map { observation in
            var clipped = observation
            clipped.rule = .spacingClipped
            clipped.message = "with WCAG 1.4.12 text spacing " + observation.message
            return clipped
        }
    }
}
