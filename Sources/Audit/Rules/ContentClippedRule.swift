import Reflow
import TextMetrics

/// `content-clipped`: an image (a screen's image, a document's picture, an icon beside a row's
/// text) that reaches outside its element's frame and is cut: a warning.
enum ContentClippedRule: ElementRule {
    static let rule = AuditRule.contentClipped

    static func check(_ element: LayoutAttributes, in context: Auditor.LayoutContext) -> [Problem] {
        clippedContent(in: element).map { [Problem(.warning, $0)] } ?? []
    }

    /// `content-clipped`: the first image (a screen's image, a document's picture) that reaches
    /// outside the element's frame on any side.
    static func clippedContent(in element: LayoutAttributes) -> String? {
        let frame = element.frame, tolerance = TextClippedRule.clipTolerance
        for content in element.content {
            let box: Rect, what: String
            switch content {
            case .image(let rect): (box, what) = (rect, "image")
            case .picture(let picture, let rect, _, _): (box, what) = (rect, "picture \"\(picture.source.prefix(60))\"")
            default: continue
            }
            var outside: [String] = []
            if box.maxY > frame.maxY + tolerance { outside.append("\(Auditor.points(box.maxY - frame.maxY)) pt below the bottom") }
            if box.minY < frame.minY - tolerance { outside.append("\(Auditor.points(frame.minY - box.minY)) pt above the top") }
            if box.maxX > frame.maxX + tolerance { outside.append("\(Auditor.points(box.maxX - frame.maxX)) pt past the right edge") }
            if box.minX < frame.minX - tolerance { outside.append("\(Auditor.points(frame.minX - box.minX)) pt past the left edge") }
            guard !outside.isEmpty else { continue }
            return "its \(Auditor.points(box.width)) × \(Auditor.points(box.height)) pt \(what) reaches \(outside.joined(separator: " and ")) "
                + "of its \(Auditor.points(frame.width)) × \(Auditor.points(frame.height)) pt \(element.role.name): it is cut off"
        }
        return nil
    }
}
