/// What moved between a recorded layout (a golden) and a new one of the same document: the
/// answer `reflow-cli check` gives, element by element (matched by kind and index path).
public struct LayoutComparison: Sendable {
    /// One cell that differs.
    public struct Change: Hashable, Sendable, CustomStringConvertible {
        public enum Kind: Hashable, Sendable {
            /// The element is in both, with a different frame, line count, kind or text.
            case changed
            /// The element is only in the new layout.
            case added
            /// The element is only in the golden.
            case removed
            /// The golden lists the cell more than once (`golden` is the extra entry): a golden
            /// that was edited or merged by hand, which no recording writes.
            case duplicated
        }

        public var kind: Kind
        public var key: LayoutReport.ElementReport.Key
        public var indexPath: IndexPath { key.indexPath }
        public var golden: LayoutReport.ElementReport?
        public var actual: LayoutReport.ElementReport?

        /// Only the cell's y differs: it was pushed by a change above it.
        public var isShiftOnly: Bool {
            guard kind == .changed, let golden, let actual else { return false }
            return golden.frame.x == actual.frame.x && golden.frame.width == actual.frame.width
                && golden.frame.height == actual.frame.height && golden.lines == actual.lines
                && golden.text == actual.text && golden.cell == actual.cell && golden.style == actual.style
        }

        public var description: String {
            let element = actual ?? golden!
            let shows = element.cell.map { cell in " (\(cell)\(element.text.map { " \"\($0)\"" } ?? ""))" } ?? ""
            let name = "\(key)\(shows)"
            switch kind {
            case .added: return "\(name) is new"
            case .removed: return "\(name) is gone"
            case .duplicated: return "\(name) is listed more than once in the golden"
            case .changed: return differences.isEmpty ? name : "\(name): " + differences.joined(separator: ", ")
            }
        }

        /// A changed element's differences, golden → now, one phrase each: its frame's ("x +4 pt",
        /// "height +22 pt"), its lines' ("lines 2 → 3"), its text's and its kind's; empty for an
        /// element added, removed or duplicated.
        public var differences: [String] {
            guard kind == .changed, let golden, let actual else { return [] }
            var parts: [String] = []
            func delta(_ label: String, _ from: Double, _ to: Double) {
                if from != to { parts.append("\(label) \(Self.signed(to - from)) pt") }
            }
            delta("x", golden.frame.x, actual.frame.x)
            delta("y", golden.frame.y, actual.frame.y)
            delta("width", golden.frame.width, actual.frame.width)
            delta("height", golden.frame.height, actual.frame.height)
            if golden.lines != actual.lines {
                parts.append("lines \(golden.lines.map(String.init) ?? "none") → \(actual.lines.map(String.init) ?? "none")")
            }
            if golden.text != actual.text {
                parts.append("text \"\(golden.text ?? "")\" → \"\(actual.text ?? "")\"")
            }
            if golden.cell != actual.cell || golden.style != actual.style {
                parts.append("\(golden.cell ?? "-")/\(golden.style ?? "-") → \(actual.cell ?? "-")/\(actual.style ?? "-")")
            }
            return parts
        }

        /// The change in a few words, for a label on a picture: the element and what changed of
        /// its frame and lines, without its text ("cell 1.3 height +22 pt, lines 2 → 3", "cell 1.3
        /// is new"; "cell 1.3 text changed" when only its words did).
        public var label: String {
            switch kind {
            case .added: return "\(key) is new"
            case .removed: return "\(key) is gone"
            case .duplicated: return "\(key) is listed twice"
            case .changed:
                let all = differences
                let shown = all.filter { !$0.hasPrefix("text ") }
                return "\(key) " + (!shown.isEmpty ? shown.joined(separator: ", ") : all.isEmpty ? "changed" : "text changed")
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

    /// Compares elements by kind and index path; frames within `tolerance` points count as
    /// equal. Every golden element is accounted for: one listed twice is a change too, never
    /// silently merged.
    public init(golden: LayoutReport, actual: LayoutReport, tolerance: Double = 0) {
        self.golden = golden
        self.actual = actual
        self.tolerance = tolerance
        var old: [LayoutReport.ElementReport.Key: LayoutReport.ElementReport] = [:]
        var changes: [Change] = []
        for element in golden.elements {
            if old[element.key] != nil {
                changes.append(Change(kind: .duplicated, key: element.key, golden: element, actual: nil))
            } else {
                old[element.key] = element
            }
        }
        var seen = Set<LayoutReport.ElementReport.Key>()
        for element in actual.elements {
            seen.insert(element.key)
            guard let before = old[element.key] else {
                changes.append(Change(kind: .added, key: element.key, golden: nil, actual: element))
                continue
            }
            if !Self.same(before, element, tolerance: tolerance) {
                changes.append(Change(kind: .changed, key: element.key, golden: before, actual: element))
            }
        }
        for element in golden.elements where !seen.contains(element.key) {
            changes.append(Change(kind: .removed, key: element.key, golden: element, actual: nil))
        }
        self.changes = changes.sorted { $0.key < $1.key }
    }

    private static func same(_ a: LayoutReport.ElementReport, _ b: LayoutReport.ElementReport, tolerance: Double) -> Bool {
        func close(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= tolerance }
        return a.cell == b.cell && a.level == b.level && a.style == b.style && a.lines == b.lines && a.text == b.text
            && a.zIndex == b.zIndex
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

    /// The elements that only moved, and by how much, in a clause ("16 element(s) below moved by
    /// +41 pt", "… by -3…+41 pt"); nil when none did.
    public var shiftDescription: String? {
        guard let shifted else { return nil }
        let (low, high) = (shifted.range.lowerBound, shifted.range.upperBound)
        let by = low == high ? Change.signed(low) : "\(Change.signed(low))…\(Change.signed(high))"
        return "\(shifted.count) element(s) below moved by \(by) pt"
    }

    public var matches: Bool {
        changes.isEmpty && contentHeightChange == nil && !environmentDiffers && golden.elements.count == actual.elements.count
    }
}
