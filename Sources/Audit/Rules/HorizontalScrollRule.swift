import Reflow
import TextMetrics

/// `horizontal-scroll`: content wider than its container, so the screen scrolls sideways (WCAG
/// 1.4.10): an error, or information where it is meant to (a code block wider than its cell, a
/// section that scrolls sideways).
enum HorizontalScrollRule: ElementRule {
    static let rule = AuditRule.horizontalScroll

    static func check(_ element: LayoutAttributes, in context: Auditor.LayoutContext) -> [Problem] {
        var problems: [Problem] = []
        let frame = element.frame, environment = context.environment
        // A code block wider than its cell scrolls sideways in it: two-dimensional content,
        // which WCAG 1.4.10 allows.
        if let contentWidth = element.contentWidth, contentWidth > frame.width + 0.5 {
            problems.append(Problem(.info, "code \(Auditor.points(contentWidth)) pt wide scrolls sideways in its \(Auditor.points(frame.width)) pt cell "
                                        + "(two-dimensional content, which WCAG 1.4.10 allows)"))
        }
        // Wider than the container (an orthogonal section's cells scroll sideways by design),
        // the element's frame or a line of its text that overflows it.
        var widest = 0.0
        for content in element.content {
            guard case .text(let layout, _, let textFrame, _) = content, layout.overflows else { continue }
            widest = max(widest, textFrame.minX + layout.usedWidth)
        }
        let right = max(frame.maxX, widest), left = frame.minX
        if right > environment.containerWidth + 0.5 || left < -0.5 {
            let sideways = context.orthogonalSections.contains(element.indexPath.section)
                && (element.role == .cell || element.role == .badge)
            problems.append(Problem(sideways ? .info : .error,
                                    sideways ? "in a section that scrolls sideways: beyond the \(Auditor.points(environment.containerWidth)) pt screen by design"
                                        : "reaches \(Auditor.points(right)) pt of a \(Auditor.points(environment.containerWidth)) pt container: it scrolls horizontally"))
        }
        return problems
    }
}
