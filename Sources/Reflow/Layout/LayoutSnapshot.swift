import TextMetrics

/// An eager layout's answer: every element placed, and the queries a collection view asks —
/// the elements in a rectangle, the element at an index path, the content size. A value.
///
/// The rectangle query is a spatial index over units: unit tops and bottoms never decrease
/// (units stack), so a binary search finds the units whose span, widened by the largest
/// overhang any unit's elements have beyond it (a badge over an item's edge), meets the
/// rectangle; only their elements are tested. Inside a unit elements may lie in any order (a
/// nested group can place item 2 above item 1). Section elements (backgrounds) are found through
/// the sections' extents, which are disjoint and in order too. Orthogonal sections' cells can be
/// moved by a horizontal scroll offset per section, and pinned headers can be pinned to a
/// visible rectangle, before the test.
public struct LayoutSnapshot: Sendable {
    public let plan: LayoutPlan
    public var environment: LayoutEnvironment { plan.environment }
    public let contentSize: Size
    /// Every element: each unit's in unit order, then each section's section elements.
    public let elements: [LayoutAttributes]
    /// Each unit's top and height (snapped).
    public let unitTops: [Double]
    public let unitHeights: [Double]
    /// Each section's extent, from its top (insets included) to its bottom; empty (at the previous
    /// section's end) for a section without units, so extents are in order.
    public let sectionExtents: [Range<Double>]
    /// Elements of unit i: `unitElements[i] ..< unitElements[i + 1]`; section elements follow.
    private let unitElements: [Int]
    /// Warnings and group frames of unit i, likewise; and the bands' scrolling widths by unit.
    private let unitWarnings: [Int], unitGroupFrames: [Int]
    private let unitScrollingWidths: [Int: Double]
    /// What the layout warned about, unit by unit.
    public let warnings: [LayoutWarning]
    /// The frames of every group placed (compositional layouts), for a debug overlay.
    public let groupFrames: [Rect]
    /// Orthogonal sections' content widths at rest, by section.
    public let scrollingWidths: [Int: Double]
    /// Section elements of section s: `sectionElementStarts[s] ..< sectionElementStarts[s + 1]`.
    private let sectionElementStarts: [Int]
    /// How far any unit's elements reach above its top and below its bottom.
    private let reach: (above: Double, below: Double)
    /// Units of pinned headers.
    private let pinnedUnits: [Int]

    /// Every unit of `bound` measured with `sizer` and placed.
    public init(plan bound: BoundPlan, sizer: CellSizer) throws {
        var assembly = Assembly(plan: bound.plan)
        let pass = try EagerPass.run(bound, sizer: sizer) { _, top, height, laid in
            assembly.append(top: top, height: height, laid: laid)
        } unitsDone: {
            assembly.unitsDone()
        } section: { _, extent, sectionElements in
            assembly.appendSection(extent: extent, elements: sectionElements)
        }
        self.init(assembly, scrollingWidths: pass.scrollingWidths, heightSum: pass.heightSum)
    }

    /// The layout of `bound` from its units already placed (`units[i]` is unit i, in page
    /// coordinates): what an interactive movement assembles from the units it kept and the few
    /// it placed again (`InteractiveMovement`). Section elements are placed here, at the units'
    /// marks, as the eager pass places them; so a layout assembled from an eager layout's own
    /// units is that layout, element for element.
    init(plan bound: BoundPlan, units: [PlacedUnit]) {
        precondition(units.count == bound.plan.unitCount, "one placed unit per unit of the plan")
        var assembly = Assembly(plan: bound.plan)
        var heightsBefore = [0.0]
        heightsBefore.reserveCapacity(units.count + 1)
        var scrollingWidths: [Int: Double] = [:]
        for (index, unit) in units.enumerated() {
            assembly.append(unit)
            if let width = unit.scrollingWidth {
                let section = bound.plan.units[index].section
                scrollingWidths[section] = max(scrollingWidths[section] ?? 0, width)
            }
            heightsBefore.append(heightsBefore[heightsBefore.count - 1] + unit.height)
        }
        assembly.unitsDone()
        EagerPass.placeSections(bound, heightsBefore: heightsBefore) { _, extent, elements in
            assembly.appendSection(extent: extent, elements: elements)
        }
        self.init(assembly, scrollingWidths: scrollingWidths, heightSum: heightsBefore[heightsBefore.count - 1])
    }

    private init(_ assembly: Assembly, scrollingWidths: [Int: Double], heightSum: Double) {
        var assembly = assembly
        assembly.sectionStarts.append(assembly.elements.count)
        let plan = assembly.plan
        self.plan = plan
        elements = assembly.elements
        warnings = assembly.warnings
        groupFrames = assembly.groupFrames
        self.scrollingWidths = scrollingWidths
        unitTops = assembly.tops
        unitHeights = assembly.heights
        unitElements = assembly.starts
        unitWarnings = assembly.warningStarts
        unitGroupFrames = assembly.groupFrameStarts
        unitScrollingWidths = assembly.unitScrollingWidths
        sectionExtents = assembly.extents
        sectionElementStarts = assembly.sectionStarts
        reach = (max(assembly.above, plan.overhang.above), max(assembly.below, plan.overhang.below))
        pinnedUnits = plan.units.indices.filter {
            if case .supplementary(_, true) = plan.units[$0].role { true } else { false }
        }
        contentSize = Size(width: plan.environment.containerWidth, height: plan.endOffset + heightSum)
    }

    /// One unit as this layout placed it, in page coordinates: its top and height, its elements,
    /// warnings and group frames, and a band's scrolling width.
    struct PlacedUnit {
        var top: Double
        var height: Double
        var elements: ArraySlice<LayoutAttributes>
        var warnings: ArraySlice<LayoutWarning>
        var groupFrames: ArraySlice<Rect>
        var scrollingWidth: Double?

        /// `laid` (y from its top) placed at `top`, `height` tall (snapped).
        init(_ laid: UnitLayout, top: Double, height: Double) {
            self.top = top
            self.height = height
            elements = ArraySlice(laid.elements.map { $0.offsetBy(dx: 0, dy: top) })
            warnings = ArraySlice(laid.warnings)
            groupFrames = ArraySlice(laid.groupFrames.map { $0.offsetBy(dx: 0, dy: top) })
            scrollingWidth = laid.scrollingWidth
        }

        init(top: Double, height: Double, elements: ArraySlice<LayoutAttributes>, warnings: ArraySlice<LayoutWarning>,
             groupFrames: ArraySlice<Rect>, scrollingWidth: Double?) {
            self.top = top
            self.height = height
            self.elements = elements
            self.warnings = warnings
            self.groupFrames = groupFrames
            self.scrollingWidth = scrollingWidth
        }
    }

    /// Unit `index` as placed here.
    func placedUnit(_ index: Int) -> PlacedUnit {
        PlacedUnit(top: unitTops[index], height: unitHeights[index],
                   elements: elements(ofUnit: index),
                   warnings: warnings[unitWarnings[index]..<unitWarnings[index + 1]],
                   groupFrames: groupFrames[unitGroupFrames[index]..<unitGroupFrames[index + 1]],
                   scrollingWidth: unitScrollingWidths[index])
    }

    /// The elements of unit `index`, in layout order.
    public func elements(ofUnit index: Int) -> ArraySlice<LayoutAttributes> {
        elements[unitElements[index]..<unitElements[index + 1]]
    }

    /// What a snapshot is made of, gathered unit by unit and then section by section.
    private struct Assembly {
        let plan: LayoutPlan
        var elements: [LayoutAttributes] = []
        var tops: [Double] = [], heights: [Double] = []
        var starts: [Int] = [], warningStarts: [Int] = [], groupFrameStarts: [Int] = []
        var above = 0.0, below = 0.0
        var warnings: [LayoutWarning] = []
        var groupFrames: [Rect] = []
        var unitScrollingWidths: [Int: Double] = [:]
        var extents: [Range<Double>] = []
        var sectionStarts: [Int] = []

        init(plan: LayoutPlan) {
            self.plan = plan
            tops.reserveCapacity(plan.unitCount)
            heights.reserveCapacity(plan.unitCount)
            starts.reserveCapacity(plan.unitCount + 1)
            warningStarts.reserveCapacity(plan.unitCount + 1)
            groupFrameStarts.reserveCapacity(plan.unitCount + 1)
        }

        private mutating func beginUnit(top: Double, height: Double, scrollingWidth: Double?) {
            if let scrollingWidth { unitScrollingWidths[tops.count] = scrollingWidth }
            tops.append(top)
            heights.append(height)
            starts.append(elements.count)
            warningStarts.append(warnings.count)
            groupFrameStarts.append(groupFrames.count)
        }

        /// A unit laid out (y from its top), placed at `top`.
        mutating func append(top: Double, height: Double, laid: UnitLayout) {
            beginUnit(top: top, height: height, scrollingWidth: laid.scrollingWidth)
            warnings += laid.warnings
            groupFrames += laid.groupFrames.map { $0.offsetBy(dx: 0, dy: top) }
            for element in laid.elements {
                above = max(above, -element.frame.minY)
                below = max(below, element.frame.maxY - height)
                elements.append(element.offsetBy(dx: 0, dy: top))
            }
        }

        /// A unit already placed.
        mutating func append(_ unit: PlacedUnit) {
            beginUnit(top: unit.top, height: unit.height, scrollingWidth: unit.scrollingWidth)
            warnings += unit.warnings
            groupFrames += unit.groupFrames
            for element in unit.elements {
                above = max(above, unit.top - element.frame.minY)
                below = max(below, element.frame.maxY - unit.top - unit.height)
                elements.append(element)
            }
        }

        mutating func unitsDone() {
            starts.append(elements.count)  // where the units' elements end
            warningStarts.append(warnings.count)
            groupFrameStarts.append(groupFrames.count)
        }

        mutating func appendSection(extent: Range<Double>, elements sectionElements: [LayoutAttributes]) {
            sectionStarts.append(elements.count)
            extents.append(extent)
            elements += sectionElements
        }
    }

    /// Every cell's attributes, in index-path order.
    public var cells: [LayoutAttributes] {
        elements.filter { $0.role == .cell }.sorted { $0.indexPath < $1.indexPath }
    }

    /// The attributes of the element of `role` at `indexPath`, at rest (no scroll offsets,
    /// no pinning), or nil when there is none.
    public func attributes(_ role: ElementRole = .cell, at indexPath: IndexPath) -> LayoutAttributes? {
        if role == .cell || role == .badge, let unit = plan.unit(containing: indexPath) {
            return elements(ofUnit: unit).first { $0.role == role && $0.indexPath == indexPath }
        }
        guard sectionExtents.indices.contains(indexPath.section) else { return nil }
        for unit in plan.sectionUnits[indexPath.section] {
            if let match = elements(ofUnit: unit).first(where: {
                $0.role == role && $0.indexPath == indexPath
            }) { return match }
        }
        return elements[sectionElementStarts[indexPath.section]..<sectionElementStarts[indexPath.section + 1]]
            .first { $0.role == role && $0.indexPath == indexPath }
    }

    /// Every element whose frame intersects `rect`, in drawing order: z-index, then layout order
    /// (unit by unit, a pinned header in its unit's place; then the sections' elements). The lazy
    /// engine lists a screen in the same order (`MeasuringPlan.attributes(in:lazy:)`).
    /// - Parameters:
    ///   - orthogonalOffsets: per orthogonal section, how far its cells are scrolled to the right
    ///     (their frames move left by it).
    ///   - visibleRect: the screen, for pinned headers: a pinned header stays at its top while
    ///     its section scrolls under it, never leaving its section. Nil: headers at rest.
    ///
    /// - Complexity: O(log n + log s + m), where n is the number of units, s the number of
    ///   sections and m the number of elements of the units and sections whose span (widened by
    ///   the overhang) meets `rect`; plus, with a `visibleRect`, O(p log p + q) for the p pinned
    ///   headers and their q elements, and O(k log k) to sort the k elements found when any has
    ///   a z-index other than 0.
    public func attributes(in rect: Rect, orthogonalOffsets: [Int: Double] = [:], visibleRect: Rect? = nil) -> [LayoutAttributes] {
        var found: [LayoutAttributes] = []
        func test(_ element: LayoutAttributes) {
            if element.frame.intersects(rect) { found.append(element) }
        }
        // Units whose bottom (plus the reach below) is below the rectangle's top, and whose top
        // (less the reach above) is above its bottom.
        let first = Self.firstIndex(unitTops.count) { unitTops[$0] + unitHeights[$0] + reach.below > rect.minY }
        let end = Self.firstIndex(unitTops.count) { unitTops[$0] - reach.above >= rect.maxY }
        var pinnedNow: [Int: [LayoutAttributes]] = [:]
        if let visibleRect, !pinnedUnits.isEmpty { pinnedNow = pinned(in: rect, visibleRect: visibleRect) }
        // Pinned headers of units above the range come first, in unit order, as they lie above it.
        for unit in pinnedNow.keys.sorted() where unit < first { found += pinnedNow[unit]! }
        if first < end {
            for unit in first..<end {
                if let pinned = pinnedNow[unit] {
                    found += pinned
                    continue
                }
                let shift = shiftOfUnit(unit, orthogonalOffsets)
                for element in elements(ofUnit: unit) {
                    test(shift == 0 ? element : element.offsetBy(dx: -shift, dy: 0))
                }
            }
        }
        for unit in pinnedNow.keys.sorted() where unit >= max(first, end) { found += pinnedNow[unit]! }
        // Sections whose extent meets the rectangle.
        var section = Self.firstIndex(sectionExtents.count) { sectionExtents[$0].upperBound > rect.minY }
        while section < sectionExtents.count, sectionExtents[section].lowerBound < rect.maxY {
            for element in elements[sectionElementStarts[section]..<sectionElementStarts[section + 1]] { test(element) }
            section += 1
        }
        return Self.drawingOrder(found)
    }

    /// Elements sorted by z-index; equal z-indexes keep their order (layout order).
    static func drawingOrder(_ elements: [LayoutAttributes]) -> [LayoutAttributes] {
        guard elements.contains(where: { $0.zIndex != 0 }) else { return elements }
        return elements.enumerated().sorted { ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset) }.map(\.element)
    }

    /// Every element, in drawing order.
    public var allAttributes: [LayoutAttributes] { Self.drawingOrder(elements) }

    private func shiftOfUnit(_ unit: Int, _ offsets: [Int: Double]) -> Double {
        guard !offsets.isEmpty else { return 0 }
        let record = plan.units[unit]
        guard record.role == .cells, plan.orthogonalSections.contains(record.section) else { return 0 }
        return offsets[record.section] ?? 0
    }

    /// Pinned headers of the sections `visibleRect` shows, placed at the screen's top within
    /// their section: by unit, the elements that meet `rect` (none: the unit is still taken).
    private func pinned(in rect: Rect, visibleRect: Rect) -> [Int: [LayoutAttributes]] {
        var units: [Int: [LayoutAttributes]] = [:]
        for unit in pinnedUnits {
            let extent = sectionExtents[plan.units[unit].section]
            guard extent.lowerBound < visibleRect.maxY, extent.upperBound > visibleRect.minY else { continue }
            let unitElements = elements(ofUnit: unit)
            let bottom = unitElements.reduce(unitTops[unit]) { max($0, $1.frame.maxY) }
            let shift = Self.pinnedShift(top: unitTops[unit], bottom: bottom, section: extent, visibleTop: visibleRect.minY)
            units[unit] = unitElements.map { $0.offsetBy(dx: 0, dy: shift) }.filter { $0.frame.intersects(rect) }
        }
        return units
    }

    /// How far a pinned header whose elements span `top ..< bottom` at rest moves down when the
    /// screen's top is at `visibleTop`: to the screen's top while its section is under it, never
    /// above its place at rest and never past its section's end (the next section's header pushes
    /// it away).
    public static func pinnedShift(top: Double, bottom: Double, section: Range<Double>, visibleTop: Double) -> Double {
        max(0, min(visibleTop - top, section.upperBound - bottom))
    }

    /// The first index in `0..<count` where `predicate` holds, for a predicate that is false and
    /// then true (a binary search); `count` when it never holds.
    static func firstIndex(_ count: Int, where predicate: (Int) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if predicate(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

/// The eager layout pass that `LayoutSnapshot` and `LayoutReport(_:_:in:sizer:)` share: every
/// unit laid out in order and handed over placed (its top, its snapped height), then every
/// section's extent and section elements. Keeping what it is handed is the caller's choice: a
/// snapshot keeps the elements (and their measured text), a report keeps a line of JSON each.
enum EagerPass {
    struct Totals {
        /// The sum of the units' snapped heights.
        var heightSum: Double
        /// Orthogonal sections' content widths at rest, by section.
        var scrollingWidths: [Int: Double]
    }

    /// - Parameters:
    ///   - unit: unit `index` at `top`, `height` tall, and its layout (y relative to its top).
    ///   - unitsDone: called once, after the last unit's call and before the first section's.
    ///   - section: section `index`'s extent and its section elements (in content coordinates);
    ///     a section without units gets an empty extent at the previous section's end.
    static func run(_ bound: BoundPlan, sizer: CellSizer,
                    unit: (_ index: Int, _ top: Double, _ height: Double, _ laid: UnitLayout) throws -> Void,
                    unitsDone: () -> Void = {},
                    section: (_ index: Int, _ extent: Range<Double>, _ elements: [LayoutAttributes]) throws -> Void) throws -> Totals {
        let plan = bound.plan
        var sum = 0.0
        var heightsBefore = [0.0]
        heightsBefore.reserveCapacity(plan.unitCount + 1)
        var scrollingWidths: [Int: Double] = [:]
        for index in 0..<plan.unitCount {
            let laid = try bound.placedUnit(index, sizer: sizer)
            if let width = laid.scrollingWidth {
                scrollingWidths[plan.units[index].section] = max(scrollingWidths[plan.units[index].section] ?? 0, width)
            }
            let height = PointGrid.snap(laid.height)
            try unit(index, plan.units[index].offset + sum, height, laid)
            sum += height
            heightsBefore.append(sum)
        }
        unitsDone()
        try placeSections(bound, heightsBefore: heightsBefore, section: section)
        return Totals(heightSum: sum, scrollingWidths: scrollingWidths)
    }

    /// Every section's extent and section elements, in order, from the sums of the units'
    /// heights before each unit (`heightsBefore[i]`, `i` in `0...unitCount`).
    static func placeSections(_ bound: BoundPlan, heightsBefore: [Double],
                              section: (_ index: Int, _ extent: Range<Double>, _ elements: [LayoutAttributes]) throws -> Void) rethrows {
        let plan = bound.plan
        var lastEnd = 0.0
        for index in plan.content.sections.indices {
            guard !plan.sectionUnits[index].isEmpty else {
                try section(index, lastEnd..<lastEnd, [])  // empty, but in order
                continue
            }
            let marks = plan.sectionMarks[index].map { $0.offset + heightsBefore[$0.unitsBefore] }
            let extent = marks[0]..<marks[marks.count - 1]
            lastEnd = extent.upperBound
            try section(index, extent, bound.placedSectionElements(index, marks: marks))
        }
    }
}
