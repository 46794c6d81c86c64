import Reflow
import TextMetrics

/// `text-clipped`: a line of text outside its element's frame (an icon taller than the row is
/// not one: that is `content-clipped`), or lines a line limit hides.
enum TextClippedRule: ElementRule {
    static let rule = AuditRule.textClipped

    static func check(_ element: LayoutAttributes, in context: Auditor.LayoutContext) -> [Problem] {
        var problems: [Problem] = []
        if let cut = cut(in: element) { problems.append(Problem(.error, cut.message, origin: origin(ofText: cut.text, in: element))) }
        var text = 0
        for content in element.content {
            guard case .text(let layout, let style, let textFrame, let truncated) = content else { continue }
            defer { text += 1 }
            guard truncated else { continue }
            problems.append(Problem(.error, "a line limit shows \(shownLines(layout, in: textFrame)) of \(layout.lines.count) "
                                        + "lines of \(style.rawValue) text: the rest is cut off", origin: origin(ofText: text, in: element)))
        }
        return problems
    }

    /// Where the element's `index`th text came from (`LayoutAttributes.textOrigins`), when a catalog gave it.
    static func origin(ofText index: Int?, in element: LayoutAttributes) -> TextOrigin? {
        guard let index, element.textOrigins.indices.contains(index) else { return nil }
        return element.textOrigins[index]
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
    static func cutLine(in element: LayoutAttributes) -> String? { cut(in: element)?.message }

    /// `cutLine`'s message, and which of the element's texts it is about (nil: a list marker).
    static func cut(in element: LayoutAttributes) -> (message: String, text: Int?)? {
        let frame = element.frame
        var texts = 0
        for content in element.content {
            let layout: TextLayout, box: Rect, what: String, text: Int?
            switch content {
            case .text(let measured, let style, let textFrame, _):
                (layout, box, what, text) = (measured, textFrame, "\(style.rawValue) text", texts)
                texts += 1
            case .marker(let marker, let markerFrame): (layout, box, what, text) = (marker, markerFrame, "list marker", nil)
            default: continue
            }
            let shown = shownLines(layout, in: box)
            for index in 0..<shown {
                let top = box.minY + layout.lines[index].top, bottom = top + layout.lineHeight
                let lineName = shown == 1 && layout.lines.count == 1 ? "the line" : "line \(index + 1) of \(layout.lines.count)"
                if bottom > frame.maxY + clipTolerance {
                    return ("\(lineName) of its \(what) reaches \(Auditor.points(bottom - frame.minY)) pt from the top of a "
                        + "\(Auditor.points(frame.height)) pt \(element.role.name): \(Auditor.points(min(bottom - frame.maxY, layout.lineHeight))) pt of it is cut off", text)
                }
                if top < frame.minY - clipTolerance {
                    return ("\(lineName) of its \(what) starts \(Auditor.points(frame.minY - top)) pt above the top of its \(element.role.name): "
                        + "\(Auditor.points(min(frame.minY - top, layout.lineHeight))) pt of it is cut off", text)
                }
            }
        }
        return nil
    }
}
