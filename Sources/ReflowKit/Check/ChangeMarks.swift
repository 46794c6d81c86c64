import Preview
import Reflow
import TextMetrics

/// The difference picture of `check --report`: today's layout sketched (`LayoutSketch`), with
/// what changed since the golden marked on it, from the comparison `check` already made. A changed
/// element is outlined twice, dashed where the golden had it and solid where it is now, with a
/// label saying what changed ("cell 1.3 height +22 pt, lines 2 → 3"); a new element is outlined
/// in green, a removed one dashed where it was; elements that only moved, pushed by a change above
/// them, are tinted, the first labelled with how many moved and by how much.
public struct ChangeMarks: Sendable {
    public let comparison: LayoutComparison

    public init(_ comparison: LayoutComparison) { self.comparison = comparison }

    /// The marks' colours, none of them a colour the sketch or the report's page uses otherwise.
    public enum Palette {
        /// Where a changed or removed element was in the golden: a dashed outline.
        public static let golden = Color(hex: 0x0A84FF)
        /// Where a changed element is now: a solid outline, and its label.
        public static let now = Color(hex: 0xFF2D55)
        /// An element only today's layout has.
        public static let added = Color(hex: 0x248A3D)
        /// Elements that only moved: a tint over them, and their label.
        public static let shifted = Color(hex: 0xFF9F0A, alpha: 56)
        public static let shiftedLabel = Color(hex: 0xB25000)
    }

    /// The part of the page the pictures of this comparison show, the same for the golden, today
    /// and the difference (page coordinates): the whole page when it is at most `maximumHeight`
    /// tall, else `maximumHeight` of it from a little above the first change (the first element
    /// that changed other than by moving, else the first that moved).
    public func window(maximumHeight: Double) -> Rect {
        let width = max(comparison.golden.contentSize.width, comparison.actual.contentSize.width, 1)
        let page = max(comparison.golden.contentSize.height, comparison.actual.contentSize.height, 1)
        guard page > maximumHeight else { return Rect(x: 0, y: 0, width: width, height: page) }
        let changes = comparison.changes.filter { !$0.isShiftOnly }
        let first = (changes.isEmpty ? comparison.changes : changes)
            .flatMap { [$0.golden?.frame.y, $0.actual?.frame.y].compactMap { $0 } }.min() ?? 0
        let top = max(0, min((first - 64).rounded(.down), page - maximumHeight))
        return Rect(x: 0, y: top, width: width, height: maximumHeight)
    }

    /// Today's sketch in `window`, with the changes marked and the first `labels` of those other
    /// than moves labelled; text set by `typesetter`.
    public func displayList(window: Rect, typesetter: Typesetter, labels: Int) -> DisplayList {
        var list = LayoutSketch(comparison.actual).displayList(window: window, typesetter: typesetter)
        func moved(_ frame: LayoutReport.Frame?) -> Rect? {
            frame.map { LayoutSketch.rect($0).offsetBy(dx: -window.minX, dy: -window.minY) }
        }
        var tags: [(text: String, frame: Rect, color: Color)] = []
        let shifted = comparison.changes.filter(\.isShiftOnly)
        for change in shifted { if let frame = moved(change.actual?.frame) { list.fill(frame, Palette.shifted) } }
        if let first = shifted.first.flatMap({ moved($0.actual?.frame) }), let phrase = comparison.shiftDescription {
            tags.append((phrase, first, Palette.shiftedLabel))
        }
        var labelled = 0
        for change in comparison.changes where !change.isShiftOnly {
            let golden = moved(change.golden?.frame), now = moved(change.actual?.frame)
            if let golden { list.stroke(golden, Palette.golden, lineWidth: 2, dash: [6, 4]) }
            let color = change.kind == .added ? Palette.added : Palette.now
            if let now { list.stroke(now, color, lineWidth: 2) }
            guard labelled < labels, let frame = now ?? golden else { continue }
            labelled += 1
            tags.append((change.label, frame, now == nil ? Palette.golden : color))
        }
        // Labels over every outline, in the order of the changes.
        for tag in tags { list.tag(tag.text, above: tag.frame, color: tag.color, typesetter: typesetter) }
        return list
    }
}
