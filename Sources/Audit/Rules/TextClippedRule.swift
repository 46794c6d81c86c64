import Reflow
import TextMetrics

/// `text-clipped`: a line of text outside its element's frame (an icon taller than the row is
/// not one: that is `content-clipped`), or lines a line limit hides.
///
/// A line limit is UIKit's `numberOfLines` with the text's `lineBreakMode`. One that truncates
/// with an ellipsis (a truncating mode, UILabel's default) is truncation by design where the text
/// is truncated at the default size (L) too, at the same width, as Mail's two-line preview is:
/// `info` at every size it truncates at. It is an `error` where it hides text that shows whole at
/// L (larger text takes what the design shows), or text a pseudolanguage lengthened (the design
/// showed the shorter source), unless the whole text can still be read: another text of the same
/// cell shows it whole (then `info`). A limit that cuts the text with no ellipsis
/// (`byWordWrapping`, `byCharWrapping`, `byClipping`) shows nothing is missing: an `error`
/// wherever it hides lines, unless another text of the cell shows it whole.
enum TextClippedRule: ElementRule {
    static let rule = AuditRule.textClipped

    static func check(_ element: LayoutAttributes, in context: Auditor.LayoutContext) -> [Problem] {
        var problems: [Problem] = []
        if let cut = cut(in: element) { problems.append(Problem(.error, cut.message, text: cut.text)) }
        var text = 0
        for content in element.content {
            guard case .text(let layout, let style, let textFrame, let truncated) = content else { continue }
            defer { text += 1 }
            guard truncated else { continue }
            let (severity, why) = truncation(ofText: text, layout, style: style, in: element, at: context.environment.category)
            problems.append(Problem(severity, "a line limit shows \(shownLines(layout, in: textFrame)) of \(max(layout.unlimitedLineCount, layout.lines.count)) "
                                        + "lines of \(style.rawValue) text\(why): the rest is cut off", text: text))
        }
        return problems
    }

    /// How much a line limit that hides lines of `layout` (the `index`th text of `element`, in
    /// `style`, at `category`) matters, and why (the end of the finding's sentence): `info` for
    /// truncation by design (an ellipsis the text has at the default size too) or text another
    /// text of the element shows whole, else `error`.
    static func truncation(ofText index: Int, _ layout: TextLayout, style: TextStyle, in element: LayoutAttributes,
                           at category: ContentSizeCategory) -> (AuditSeverity, String) {
        let mode = layout.lineBreakMode ?? .byWordWrapping
        let pseudo = origin(ofText: index, in: element).map { $0.language.hasPrefix("pseudo-") } ?? false
        if mode.truncates, !pseudo, truncatedAtLarge(layout, style: style, at: category) {
            return (.info, " ending in \"…\" (\(mode.rawValue)) as at the default size (L), by design")
        }
        if shownWhole(layout, index: index, in: element) {
            return (.info, " (\(mode.rawValue)); another text of the cell shows it whole")
        }
        guard mode.truncates else {
            return (.error, " with no ellipsis (\(mode.rawValue)), so nothing shows that text is missing")
        }
        let why = pseudo ? "the source's shorter text is what the design shows" : "it shows whole at the default size (L)"
        return (.error, " ending in \"…\" (\(mode.rawValue)), though \(why) and no other text of the cell shows it")
    }

    /// Whether `layout` (`style` text at `category`) has more lines than its limit at L too, in
    /// the same container width: its style's size at L, or, for text that does not follow its
    /// style here (a fixed or capped size), the smaller of that and its own.
    static func truncatedAtLarge(_ layout: TextLayout, style: TextStyle, at category: ContentSizeCategory) -> Bool {
        let atL = DynamicType.spec(style, .large).pointSize
        let followsStyle = abs(layout.pointSize - DynamicType.spec(style, category).pointSize) < 0.01
        let sizeAtL = followsStyle ? atL : min(layout.pointSize, atL)
        return layout.pointSize <= sizeAtL + 1e-9 || layout.lineCount(atPointSize: sizeAtL) > layout.lines.count
    }

    /// Whether a text of `element` other than its `index`th, with no lines hidden, holds all of
    /// `layout`'s text (a detail line repeating a truncated title).
    static func shownWhole(_ layout: TextLayout, index: Int, in element: LayoutAttributes) -> Bool {
        let whole = layout.text.string
        var other = 0
        for content in element.content {
            guard case .text(let shown, _, _, let hidden) = content else { continue }
            defer { other += 1 }
            if other != index, !hidden, shown.text.string.contains(whole) { return true }
        }
        return false
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
