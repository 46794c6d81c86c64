/// What moved between a recorded layout (a golden) and a new one of the same document: the
/// answer `reflow-cli check` gives, cell by cell.
public struct LayoutComparison: Sendable {
    /// One cell that differs.
    public struct Change: Hashable, Sendable, CustomStringConvertible {
        public enum Kind: Hashable, Sendable {
            /// The cell is in both, with a different frame, line count, kind or text.
            case changed
            /// The cell is only in the new layout.
            case added
            /// The cell is only in the golden.
            case removed
            /// The golden lists the cell more than once (`golden` is the extra entry): a golden
            /// that was edited or merged by hand, which no recording writes.
            case duplicated
        }

        public var kind: Kind
        public var indexPath: IndexPath
        public var golden: LayoutReport.CellReport?
        public var actual: LayoutReport.CellReport?

        /// Only the cell's y differs: it was pushed by a change above it.
        public var isShiftOnly: Bool {
            guard kind == .changed, let golden, let actual else { return false }
            return golden.frame.x == actual.frame.x && golden.frame.width == actual.frame.width
                && golden.frame.height == actual.frame.height && golden.lines == actual.lines
                && golden.text == actual.text && golden.kind == actual.kind && golden.style == actual.style
        }

        public var description: String {
            let cell = actual ?? golden!
            let name = "cell \(indexPath.section).\(indexPath.item) (\(cell.kind) \"\(cell.text)\")"
            switch kind {
            case .added: return "\(name) is new"
            case .removed: return "\(name) is gone"
            case .duplicated: return "\(name) is listed more than once in the golden"
            case .changed:
                guard let golden, let actual else { return name }
                var parts: [String] = []
                func delta(_ label: String, _ from: Double, _ to: Double) {
                    if from != to { parts.append("\(label) \(Self.signed(to - from)) pt") }
                }
                delta("x", golden.frame.x, actual.frame.x)
                delta("y", golden.frame.y, actual.frame.y)
                delta("width", golden.frame.width, actual.frame.width)
                delta("height", golden.frame.height, actual.frame.height)
                if golden.lines != actual.lines { parts.append("lines \(golden.lines) → \(actual.lines)") }
                if golden.text != actual.text { parts.append("text \"\(golden.text)\" → \"\(actual.text)\"") }
                if golden.kind != actual.kind || golden.style != actual.style {
                    parts.append("\(golden.kind)/\(golden.style) → \(actual.kind)/\(actual.style)")
                }
                return "\(name): " + parts.joined(separator: ", ")
            }
        }

        /// `value` with its sign, rounded to 1/1000 pt: "+22", "-0.5".
        /// Any finite value: one too large for an integer (a hand-edited golden) is written as is.
        public static func signed(_ value: Double) -> String {
            let scaled = (value * 1000).rounded() / 1000
            let rounded = scaled.isFinite ? scaled : value
            let text = rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int64(rounded)) : String(rounded)
            return rounded > 0 ? "+" + text : text
        }
    }

    public let golden: LayoutReport
    public let actual: LayoutReport
    /// Frame differences up to this many points are not changes.
    public let tolerance: Double
    public let changes: [Change]

    /// Compares cells by index path; frames within `tolerance` points count as equal. Every
    /// golden cell is accounted for: one listed twice is a change too, never silently merged.
    public init(golden: LayoutReport, actual: LayoutReport, tolerance: Double = 0) {
        self.golden = golden
        self.actual = actual
        self.tolerance = tolerance
        var old: [IndexPath: LayoutReport.CellReport] = [:]
        var changes: [Change] = []
        for cell in golden.cells {
            if old[cell.indexPath] != nil {
                changes.append(Change(kind: .duplicated, indexPath: cell.indexPath, golden: cell, actual: nil))
            } else {
                old[cell.indexPath] = cell
            }
        }
        var seen = Set<IndexPath>()
        for cell in actual.cells {
            seen.insert(cell.indexPath)
            guard let before = old[cell.indexPath] else {
                changes.append(Change(kind: .added, indexPath: cell.indexPath, golden: nil, actual: cell))
                continue
            }
            if !Self.same(before, cell, tolerance: tolerance) {
                changes.append(Change(kind: .changed, indexPath: cell.indexPath, golden: before, actual: cell))
            }
        }
        for cell in golden.cells where !seen.contains(cell.indexPath) {
            changes.append(Change(kind: .removed, indexPath: cell.indexPath, golden: cell, actual: nil))
        }
        self.changes = changes.sorted { $0.indexPath < $1.indexPath }
    }

    private static func same(_ a: LayoutReport.CellReport, _ b: LayoutReport.CellReport, tolerance: Double) -> Bool {
        func close(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= tolerance }
        return a.kind == b.kind && a.style == b.style && a.lines == b.lines && a.text == b.text
            && close(a.frame.x, b.frame.x) && close(a.frame.y, b.frame.y)
            && close(a.frame.width, b.frame.width) && close(a.frame.height, b.frame.height)
    }

    /// The content height changed by more than the tolerance.
    public var contentHeightChange: Double? {
        let change = actual.contentSize.height - golden.contentSize.height
        return abs(change) > tolerance ? change : nil
    }

    /// The environments differ (width, category, direction): the golden is for another setting.
    public var environmentDiffers: Bool { golden.environment != actual.environment }

    /// Changes other than a pure vertical shift (a cell that only moved because something above
    /// it grew or shrank): what a person needs to see first.
    public var resized: [Change] { changes.filter { !$0.isShiftOnly } }
    /// Cells that only moved vertically, and by how much (the smallest and largest shift).
    public var shifted: (count: Int, range: ClosedRange<Double>)? {
        let shifts = changes.filter(\.isShiftOnly).map { $0.actual!.frame.y - $0.golden!.frame.y }
        guard let low = shifts.min(), let high = shifts.max() else { return nil }
        return (shifts.count, low...high)
    }

    public var matches: Bool {
        changes.isEmpty && contentHeightChange == nil && !environmentDiffers && golden.cells.count == actual.cells.count
    }
}
