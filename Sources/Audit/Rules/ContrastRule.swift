import Reflow
import TextMetrics

/// `contrast`: text whose colour against its background (the theme's, as the preview draws it:
/// `Theme.colors(for:textFrame:decorations:)`) is under WCAG 1.4.3's 4.5:1, or 3:1 for large
/// text (18 pt, or 14 pt bold): an error. A cell's backdrop depends on the section backgrounds,
/// which a layout gives last, so the rule keeps each text (its element without the measured
/// text) and the decorations until the layout is done.
struct ContrastRule: WholeLayoutRule {
    /// A text to check once the backgrounds are known: its element without the measured text,
    /// where the text stands, and its size and style.
    struct Text {
        var element: LayoutAttributes
        var textFrame: Rect
        var pointSize: Double
        var style: TextStyle
    }

    private var decorations: [LayoutAttributes] = []
    private var texts: [Text] = []

    mutating func collect(_ element: LayoutAttributes, in context: Auditor.LayoutContext) {
        if case .decoration = element.role {
            decorations.append(element)
            return
        }
        var bare = element
        bare.content = []
        for content in element.content {
            guard case .text(let layout, let style, let textFrame, _) = content else { continue }
            // The element's first text decides which background it is over (`Theme.colors`).
            texts.append(Text(element: bare, textFrame: element.textFrame ?? textFrame, pointSize: layout.pointSize, style: style))
        }
    }

    mutating func finish(in context: Auditor.LayoutContext) -> [Auditor.Observation] {
        var found: [Auditor.Observation] = []
        for text in texts {
            let (color, backdrop) = context.theme.colors(for: text.element, textFrame: text.textFrame, decorations: decorations)
            let ratio = color.composited(over: backdrop).contrastRatio(with: backdrop)
            let large = text.pointSize >= 18 || (text.pointSize >= 14 && DynamicType.weight(of: text.style) >= .bold)
            let required = large ? 3.0 : 4.5
            if ratio < required - 1e-9 {
                found.append(context.observation(
                    .contrast, .error, text.element, "\(color.hexString) on \(backdrop.hexString) is \((ratio * 100).rounded() / 100):1, "
                        + "under the \(large ? "3" : "4.5"):1 WCAG 1.4.3 asks of \(large ? "large" : "normal") text "
                        + "(\(Auditor.points(text.pointSize)) pt \(text.style.rawValue))"))
            }
        }
        texts = []
        return found
    }
}
