import Reflow
import TextMetrics

extension LayoutReport.Golden {
    /// The bounds a golden's numbers are held to when it is read (`checkBounds(of:path:)`). No
    /// layout the engine makes goes past any of them, so a recorded golden always reads; and what
    /// reads can be compared and drawn by `check --report` without a trap or an allocation sized by
    /// the golden (goldens live in a repository, where a pull request can carry one edited by hand).
    public enum Bounds {
        /// The farthest position and the longest length in a golden, of either sign:
        /// `Limits.maximumOffset`, 10^12 pt, the furthest place on a page a request takes (a page
        /// may be long: a million words at AX5 are 43 million points tall).
        public static let farthest = Limits.maximumOffset
        /// The widest container, and so the widest content size: `Limits.maximumLength`, 10^7 pt,
        /// the longest `--width` a command takes.
        public static let widest = Limits.maximumLength
        /// The line height the bound on an element's lines assumes: 1 pt. The smallest line the
        /// engine sets is 13 pt tall (caption2, 11 pt text, at xS to L), so a frame holds at most a
        /// line a point with room to spare for any font or spacing.
        public static let lineHeight = 1.0

        /// The most lines an element `height` points tall holds: one a point (`lineHeight`), and one
        /// more, so that an element of no height may still hold a line.
        public static func lines(heldBy height: Double) -> Int {
            guard height.isFinite else { return height > 0 ? Int(farthest / lineHeight) + 1 : 1 }
            return Int(min(max(0, height), farthest) / lineHeight) + 1
        }
    }

    /// Checks every number of `report`, the golden at `path`: each length finite and within
    /// `Bounds` (positions and element frames within ±`Bounds.farthest`; the content size, the
    /// container, scrolling and code widths not negative, widths of the page within
    /// `Bounds.widest`), index paths not negative, and each element's lines no more than its frame
    /// holds (`Bounds.lines(heldBy:)` of its frame's height, its text frame's, or the height its
    /// content needs where a warning says it is clipped).
    /// - Throws: `ReadError` (`isOutOfBounds`) naming the first number out of bounds: where it is
    ///   (`elements[21].frame.height`, and the element as `check` names it), its value and the bound.
    static func checkBounds(of report: LayoutReport, path: String) throws(ReadError) {
        var check = BoundsCheck()
        check.width(report.environment.containerWidth, at: "environment.containerWidth", positive: true)
        check.width(report.contentSize.width, at: "contentSize.width")
        check.length(report.contentSize.height, at: "contentSize.height", sign: .notNegative)
        if let viewport = report.viewport { check.frame(viewport.frame, at: "viewport.frame") }
        // The height a warning says an element's content needs: a clipped element holds more lines than its frame.
        struct Key: Hashable { let kind: String, indexPath: IndexPath }
        var needed: [Key: Double] = [:]
        for (index, warning) in (report.warnings ?? []).enumerated() {
            let place = "warnings[\(index)]"
            check.indexPath(warning.indexPath, at: place + ".indexPath")
            check.length(warning.given, at: place + ".given")
            check.length(warning.needed, at: place + ".needed")
            let key = Key(kind: warning.kind, indexPath: warning.indexPath)
            needed[key] = max(needed[key] ?? 0, warning.needed)
        }
        for (index, element) in report.elements.enumerated() {
            guard check.problem == nil else { break }
            let place = "elements[\(index)]", named = " (\(element.key))"
            check.indexPath(element.indexPath, at: place + ".indexPath", named: named)
            check.frame(element.frame, at: place + ".frame", named: named)
            if let frame = element.textFrame { check.frame(frame, at: place + ".textFrame", named: named) }
            if let marker = element.marker { check.frame(marker.frame, at: place + ".marker.frame", named: named) }
            for (number, image) in (element.images ?? []).enumerated() {
                check.frame(image.frame, at: place + ".images[\(number)].frame", named: named)
            }
            if let width = element.contentWidth { check.length(width, at: place + ".contentWidth", named: named, sign: .notNegative) }
            if let lines = element.lines {
                let height = max(element.frame.height, element.textFrame?.height ?? 0, needed[Key(kind: element.kind, indexPath: element.indexPath)] ?? 0)
                check.lines(lines, heldBy: height, at: place + ".lines", named: named)
            }
        }
        for (index, scrolling) in (report.scrollingWidths ?? []).enumerated() {
            check.count(scrolling.section, at: "scrollingWidths[\(index)].section")
            check.length(scrolling.width, at: "scrollingWidths[\(index)].width", sign: .notNegative)
        }
        if let problem = check.problem { throw ReadError(path: path, outOfBounds: problem) }
    }
}

/// The checks of `LayoutReport.Golden.checkBounds(of:path:)`, keeping the first problem found in
/// words: where, the value, and the bound it is beyond.
private struct BoundsCheck {
    typealias Bounds = LayoutReport.Golden.Bounds
    private(set) var problem: String?

    enum Sign { case any, notNegative }

    /// `10^12`, as the bounds are said.
    static let farthest = "10^12 pt", widest = "10,000,000 pt"

    mutating func fail(_ text: String) { if problem == nil { problem = text } }

    /// A position or a length: finite, within ±`Bounds.farthest` (within 0…, for `.notNegative`).
    mutating func length(_ value: Double, at place: String, named: String = "", sign: Sign = .any) {
        let text = Limits.describe(value)
        if !(value.isFinite && value.magnitude <= Bounds.farthest) {
            fail("\(place)\(named) is \(text), beyond the \(Self.farthest) a layout reaches (either way)")
        } else if sign == .notNegative, value < 0 {
            fail("\(place)\(named) is \(text), below 0: a layout's sizes are not negative")
        }
    }

    /// The container's width or the content's: finite, not negative (above 0 if `positive`), at
    /// most `Bounds.widest`.
    mutating func width(_ value: Double, at place: String, positive: Bool = false) {
        guard value.isFinite, positive ? value > 0 : value >= 0, value <= Bounds.widest else {
            return fail("\(place) is \(Limits.describe(value)), outside the \(positive ? "widths above 0" : "0") to \(Self.widest) "
                + "a layout is made for")
        }
    }

    mutating func frame(_ frame: LayoutReport.Frame, at place: String, named: String = "") {
        length(frame.x, at: place + ".x", named: named)
        length(frame.y, at: place + ".y", named: named)
        length(frame.width, at: place + ".width", named: named)
        length(frame.height, at: place + ".height", named: named)
    }

    mutating func count(_ value: Int, at place: String, named: String = "") {
        if value < 0 { fail("\(place)\(named) is \(value), below 0") }
    }

    mutating func indexPath(_ indexPath: IndexPath, at place: String, named: String = "") {
        count(indexPath.section, at: place + ".section", named: named)
        count(indexPath.item, at: place + ".item", named: named)
    }

    /// An element's lines: not negative, and no more than `height` points hold.
    mutating func lines(_ lines: Int, heldBy height: Double, at place: String, named: String) {
        count(lines, at: place, named: named)
        let most = Bounds.lines(heldBy: height)
        if lines > most {
            fail("\(place)\(named) is \(lines), more lines than its \(Limits.describe(height)) pt frame holds (at most \(most), "
                + "a line a point)")
        }
    }
}
