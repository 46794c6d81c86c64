import TextMetrics
@testable import Reflow

/// The layout contract as checks over plain values (elements, sizes, warnings): each returns what
/// breaks it, one sentence per violation, so a test expects an empty list and a failure names
/// the elements. Plain values, so a check can be shown to fail on a frame nudged by hand.
enum LayoutContract {
    /// At most this many violations are named per check (a broken layout breaks it everywhere).
    static let named = 5

    // MARK: No overlap

    /// The first pair of `items` whose frames share some area (touching edges do not count).
    /// Sorted by top, a pair can overlap only if the later one starts above the earlier one's
    /// bottom, so the scan stops early (fast enough for thousands of word cells).
    static func overlappingPair<T>(_ items: [T], frame: (T) -> Rect) -> (T, T)? {
        let sorted = items.sorted { frame($0).minY < frame($1).minY }
        for i in sorted.indices {
            var j = i + 1
            while j < sorted.count, frame(sorted[j]).minY < frame(sorted[i]).maxY {
                if frame(sorted[i]).intersects(frame(sorted[j])) { return (sorted[i], sorted[j]) }
                j += 1
            }
        }
        return nil
    }

    /// Cells whose frames intersect. Only cells: what is meant to lie over other elements is left
    /// out — decorations (a section's background lies under its cells), badges (a supplementary
    /// item hangs over its item's edge), headers and footers (a pinned header covers the cells
    /// scrolling under it; one that does not extend its section's boundary lies over the content).
    static func overlaps(_ elements: [LayoutAttributes]) -> [String] {
        let cells = elements.filter { $0.role == .cell }
        guard let (a, b) = overlappingPair(cells, frame: \.frame) else { return [] }
        return ["cell \(a.indexPath) \(a.frame) overlaps cell \(b.indexPath) \(b.frame)"]
    }

    // MARK: Inside the content

    /// Elements whose frames leave the content: x from 0 to the content width, y from 0 to the
    /// content height. The cells and badges of a section that scrolls sideways (an orthogonal
    /// band) run to the band's own width at rest (`scrollingWidths`) instead of the container's;
    /// its header, footer and background stay in the container. `maxX` is not checked when
    /// `allowingOverflow` (a screen that is wider than the container on purpose).
    static func outsideContent(_ elements: [LayoutAttributes], contentSize: Size, orthogonalSections: Set<Int>,
                               scrollingWidths: [Int: Double], allowingOverflow: Bool = false) -> [String] {
        var found: [String] = []
        for element in elements {
            let section = element.indexPath.section
            let inBand = orthogonalSections.contains(section) && element.role != .header && element.role != .footer
                && !element.role.isDecoration
            let width = inBand ? max(contentSize.width, scrollingWidths[section] ?? 0) : contentSize.width
            let frame = element.frame
            if frame.minX < 0 || (!allowingOverflow && frame.maxX > width) || frame.minY < 0 || frame.maxY > contentSize.height {
                found.append("\(element.role) \(element.indexPath) \(frame) leaves the content, \(width) × \(contentSize.height)")
            }
        }
        return Array(found.prefix(named))
    }

    // MARK: 44 pt where touchable

    /// The touch-target rule: every touchable cell (a cell element whose cell asks for at least
    /// the 44 pt minimum, `Cell.minimumHeight`; badges, headers and footers ask for none) is at
    /// least 44 pt tall, unless its layout gave it a shorter absolute or fractional height, and
    /// then the layout warned `belowMinimumHeight` with exactly that height. Conversely every such
    /// warning names a cell that is that tall, under what it needed.
    static func touchViolations(_ elements: [LayoutAttributes], warnings: [LayoutWarning],
                                content: CollectionContent) throws -> [String] {
        var found: [String] = []
        let below = warnings.filter { $0.kind == .belowMinimumHeight }
        var heights: [IndexPath: Double] = [:]
        for element in elements where element.role == .cell {
            heights[element.indexPath] = element.frame.height
            let minimum = try content.cell(at: element.indexPath)?.minimumHeight ?? Cell.minimumTouchHeight
            guard minimum >= Cell.minimumTouchHeight, element.frame.height < Cell.minimumTouchHeight else { continue }
            let warned = below.contains {
                $0.role == .cell && $0.indexPath == element.indexPath && $0.given == element.frame.height
            }
            if !warned {
                found.append("cell \(element.indexPath) is \(element.frame.height) pt tall, under 44 pt, and no warning says so")
            }
        }
        for warning in below {
            guard warning.role == .cell, let height = heights[warning.indexPath] else {
                found.append("a warning names no cell element: \(warning)")
                continue
            }
            if warning.given != height || warning.given >= warning.needed {
                found.append("the warning \"\(warning)\" does not match the cell's height \(height)")
            }
        }
        return Array(found.prefix(named))
    }

    // MARK: Equal frames

    /// Where `actual` differs from `expected`, element by element in order: role, index path
    /// and frame, the frame bit for bit (no tolerance: the engines snap to 1/64 pt).
    static func differences(_ actual: [LayoutAttributes], from expected: [LayoutAttributes]) -> [String] {
        var found: [String] = []
        if actual.count != expected.count { found.append("\(actual.count) elements, expected \(expected.count)") }
        for (index, (a, e)) in zip(actual, expected).enumerated() {
            guard a.role != e.role || a.indexPath != e.indexPath || !sameBits(a.frame, e.frame) else { continue }
            found.append("element \(index): \(a.role) \(a.indexPath) \(a.frame), expected \(e.role) \(e.indexPath) \(e.frame)")
            if found.count == named { break }
        }
        return found
    }

    /// `differences` for two answers to a rectangle query, each in drawing order (z-index not
    /// decreasing), compared as sets: elements of equal z-index may come in either order (see
    /// `LayoutConformanceTests.bothEnginesListEqualZIndexElementsInLayoutOrder`).
    static func drawingDifferences(_ actual: [LayoutAttributes], from expected: [LayoutAttributes]) -> [String] {
        func inOrder(_ elements: [LayoutAttributes]) -> Bool {
            zip(elements, elements.dropFirst()).allSatisfy { $0.zIndex <= $1.zIndex }
        }
        func sorted(_ elements: [LayoutAttributes]) -> [LayoutAttributes] {
            elements.sorted { ($0.zIndex, $0.role.name, $0.indexPath) < ($1.zIndex, $1.role.name, $1.indexPath) }
        }
        var found = differences(sorted(actual), from: sorted(expected))
        if !inOrder(actual) { found.append("not in drawing order: \(actual.map(\.zIndex))") }
        return found
    }

    /// Whether two rectangles are the same to the bit (0 and -0 apart).
    static func sameBits(_ a: Rect, _ b: Rect) -> Bool {
        [a.minX, a.minY, a.width, a.height].map(\.bitPattern) == [b.minX, b.minY, b.width, b.height].map(\.bitPattern)
    }

    // MARK: Right to left

    /// `elements` as a right-to-left layout should place them in a container `width` wide: each
    /// frame mirrored about the container (x' = width − maxX), y and size kept. Only the elements'
    /// frames. Inside a cell, its content is placed from the leading edge, so a text's frame is
    /// mirrored too, but only up to rounding (a word cell's text frame is placed as the cell's
    /// right edge less the text's right inset, which differs from width − maxX in the last bits);
    /// and the text is set in its own base direction (`TextEnvironment`), which the layout
    /// direction does not change (`LayoutDirection`): its lines are the same, not mirror images.
    static func mirrored(_ elements: [LayoutAttributes], in width: Double) -> [LayoutAttributes] {
        elements.map { element in
            var mirrored = element
            mirrored.frame.origin.x = width - element.frame.maxX
            return mirrored
        }
    }

    // MARK: Heights by category

    /// One text size's layout, summed up for `heightDrops`.
    struct Sized {
        var category: ContentSizeCategory
        var height: Double
        /// Lines of text in every element.
        var lines: Int
        /// Distinct tops of cells: rows of a grid or a flow.
        var rows: Int
        /// Cell elements placed (fewer than the content's cells where a layout merges them: a
        /// table's row drawn as one card).
        var cells: Int

        init(_ snapshot: LayoutSnapshot) {
            category = snapshot.environment.category
            height = snapshot.contentSize.height
            lines = snapshot.elements.reduce(0) { sum, element in
                sum + element.content.reduce(0) { if case .text(let text, _, _, _) = $1 { $0 + text.lines.count } else { $0 } }
            }
            let cells = snapshot.elements.filter { $0.role == .cell }
            rows = Set(cells.map(\.frame.minY)).count
            self.cells = cells.count
        }
    }

    /// Where the content height decreases from one text size to the next (`sizes` in category
    /// order). Two exceptions, where the content changes form rather than grows:
    /// - one of `styles` switches from the Text cut to the tighter Display cut (at 20 pt, as San
    ///   Francisco does): text can take fewer lines one size up, so the height may drop if the
    ///   text takes fewer lines or the cells fewer rows (measured: LayoutPropertyTests);
    /// - the layout merges cells (a Markdown table whose columns no longer fit becomes one card
    ///   per row, README "Markdown tables"): tall, narrow columns of many short lines become
    ///   full-width cards of few lines, so the height may drop if fewer cells hold fewer lines
    ///   (tables.md at 390 pt: 1301.125 pt at xS, 1181.5 pt at S, where its second table turns
    ///   into cards).
    /// The largest size is never shorter than the smallest.
    static func heightDrops(_ sizes: [Sized], styles: Set<TextStyle>) -> [String] {
        var found: [String] = []
        for (previous, next) in zip(sizes, sizes.dropFirst()) where next.height < previous.height {
            let switchesCut = styles.contains {
                DynamicType.spec($0, previous.category).pointSize < Typeface.displaySwitchPointSize
                    && DynamicType.spec($0, next.category).pointSize >= Typeface.displaySwitchPointSize
            }
            if switchesCut, next.lines < previous.lines || next.rows < previous.rows { continue }
            if next.cells < previous.cells, next.lines < previous.lines { continue }
            found.append("\(previous.category.shortName) \(previous.height) pt, \(next.category.shortName) \(next.height) pt"
                         + (switchesCut ? " without fewer lines or rows" : ""))
        }
        if let first = sizes.first, let last = sizes.last, last.height < first.height {
            found.append("\(last.category.shortName) \(last.height) pt is shorter than \(first.category.shortName) \(first.height) pt")
        }
        return found
    }

    /// The text styles of every cell of `content` and of its supplementary content.
    static func styles(of content: CollectionContent) throws -> Set<TextStyle> {
        var styles = Set<TextStyle>()
        func add(_ cell: Cell) {
            cell.texts.forEach { styles.insert($0.style) }
            cell.supplementary.values.forEach(add)
        }
        for section in content.sections {
            try section.cells.forEach(add)
            section.supplementary.values.forEach(add)
        }
        return styles
    }
}

extension ElementRole {
    var isDecoration: Bool {
        if case .decoration = self { true } else { false }
    }
}
