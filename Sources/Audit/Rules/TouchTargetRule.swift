import Reflow
import TextMetrics

/// `touch-target`: every cell is one, and one smaller than 44 × 44 pt (Apple's minimum) is a
/// warning, smaller than 24 × 24 pt (WCAG 2.5.8's) an error.
enum TouchTargetRule: ElementRule {
    static let rule = AuditRule.touchTarget

    static func check(_ element: LayoutAttributes, in context: Auditor.LayoutContext) -> [Problem] {
        guard element.role == .cell else { return [] }
        let frame = element.frame
        let side = min(frame.width, frame.height)
        guard side < 44 - 1e-9 else { return [] }
        return [Problem(side < 24 - 1e-9 ? .error : .warning,
                        "\(Auditor.points(frame.width)) × \(Auditor.points(frame.height)) pt, smaller than the 44 × 44 pt minimum touch target"
                            + (side < 24 - 1e-9 ? " and the 24 × 24 pt WCAG 2.5.8 minimum" : ""))]
    }
}
