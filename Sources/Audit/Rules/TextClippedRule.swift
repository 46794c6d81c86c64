import Reflow
import TextMetrics

/// `text-clipped`: a line of text outside its element's frame (an icon taller than the row is
/// not one: that is `content-clipped`), or lines a line limit hides.
enum TextClippedRule: ElementRule {
    static let rule = AuditRule.textClipped

    static func check(_ element: LayoutAttributes, in context: Auditor.LayoutContext) -> [Problem] {
        var problems: [Problem] = []
        if let message = cutLine(in: element) { problems.append(Problem(.error, message)) }
        for content in element.content {
            guard case .text(let layout, let style, let textFrame, let truncated) = content, truncated else { continue }
            problems.append(Problem(.error, "a line limit shows \(shownLines(layout, in: textFrame)) of \(layout.lines.count) "
                                        + "lines of \(style.rawValue) text: the rest is cut off"))
        }
        return problems
    }

    /// How far a line may reach past its element's edge and still count as whole: half a point,
    /// under a pixel at every screen scale (rounding, not clipping).
    static let clipTolerance = 0.5

    /// How many lines of `layout` a text frame shows (the frame is as tall as the lines shown).
    static func shownLines(_ layout: TextLayout, in frame: Rect) -> Int {
        min(layout.lines.count, Int((frame.height / max(layout.lineHeight, 1e-9)).rounded()))
    }

    /// `text-clipped`'s first case: the first line (of the element's texts and list markers)
    /// whose line box, a line pitch tall, lies partly or wholly outside the element's frame, as
    /// a view that clips to its bounds cuts it. Lines a line limit hides are the second case
    /// (`truncated`); an image taller than the row is `content-clipped`, not this.
    static func cutLine(in element: LayoutAttributes) -> String? {
        let frame = element.frame
        for content in element.content {
            let layout: TextLayout, box: Rect, what: String
            switch content {
            case .text(let text, let style, let textFrame, _): (layout, box, what) = (text, textFrame, "\(style.rawValue) text")
            case .marker(let marker, let markerFrame): (layout, box, what) = (marker, markerFrame, "list marker")
            default: continue
            }
            let shown = shownLines(layout, in: box)
            for index in 0..<shown {
                let top = box.minY + layout.lines[index].top, bottom = top + layout.lineHeight
                let lineName = shown == 1 && layout.lines.count == 1 ? "the line" : "line \(index + 1) of \(layout.lines.count)"
                if bottom > frame.maxY + clipTolerance {
                    return "\(lineName) of its \(what) reaches \(Auditor.points(bottom - frame.minY)) pt from the top of a "
                        + "\(Auditor.points(frame.height)) pt \(element.role.name): \(Auditor.points(min(bottom - frame.maxY, layout.lineHeight))) pt of it is cut off"
                }
                if top < frame.minY - clipTolerance {
                    return "\(lineName) of its \(what) starts \(Auditor.points(frame.minY - top)) pt above the top of its \(element.role.name): "
                        + "\(Auditor.points(min(frame.minY - top, layout.lineHeight))) pt of it is cut off"
                }
            }
        }
        return nil
    }
}
