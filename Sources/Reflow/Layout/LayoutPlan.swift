import TextMetrics

/// A layout's content cut into units stacked top to bottom, for one environment (see
/// `CollectionLayout`). Everything here is known before any cell is measured: which cells each
/// unit holds, its height-independent offset, and the key and weight its height is estimated by.
///
/// Estimates: an unmeasured unit is `weight × rate(key)` tall, where the lazy engine keeps a
/// running rate per key (the average of measured heights per unit of weight). A list row has
/// weight 1 and its text style as key, so its estimate is the average height of measured rows of
/// its style; a flow section has its cell count as weight, so a long paragraph is estimated
/// taller than a short one.
///
/// A plan is handed around in four wrappers, each adding one thing for one reader:
/// - `LayoutPlan` (this): the units, marks and environment. No layout, no measuring; what the
///   lazy engine's trees are made from (`LazyLayout(plan:estimate:)`).
/// - `ResolvedPlan<Resolution>`: the plan and what its layout resolved while making it, typed:
///   what `CollectionLayout.plan` returns and the layout's own steps (`layoutUnit`,
///   `sectionElements`) are handed back.
/// - `BoundPlan`: the plan with its layout bound to it, the resolution's type hidden, placing
///   units for the layout direction: what the engines hold (`LayoutSnapshot`, `PlanSharing`).
/// - `MeasuringPlan`: a `BoundPlan` and a `CellSizer`, measuring and placing units on demand for
///   the lazy engine (a class: it keeps the first error a measurement threw).
public struct LayoutPlan: Sendable {
    /// One unit.
    public struct Unit: Hashable, Sendable {
        /// What the unit holds.
        public enum Role: Hashable, Sendable {
            /// Cells `items` of `section` (a row, a group, a flow, an orthogonal band).
            case cells
            /// A section's supplementary element; `pinned` ones stay in view while their section scrolls by.
            case supplementary(kind: String, pinned: Bool)
        }

        public var section: Int
        /// The cells of the section in this unit (empty for a header or footer).
        public var items: Range<Int>
        public var role: Role
        /// The height-independent part of the unit's top (snapped to the point grid).
        public var offset: Double
        /// Which running estimate the unit's height is guessed by, in `0..<keyCount`.
        public var estimateKey: Int
        /// How many estimate "rates" the unit is tall (1 for a row).
        public var estimateWeight: Double
        /// The unit's height when the plan already knows it (a group of absolute or fractional
        /// height, a header of absolute height): such a unit is never estimated nor measured for
        /// its height, so what lies below it is placed exactly from the start.
        public var knownHeight: Double? = nil
    }

    public private(set) var content: CollectionContent
    public private(set) var environment: LayoutEnvironment
    public private(set) var units: [Unit] = []
    /// The content height less every unit's height (snapped).
    public private(set) var endOffset = 0.0
    /// Estimate keys are in `0..<keyCount`.
    public let keyCount: Int
    /// Each section's units, in order (empty for a section without units).
    public private(set) var sectionUnits: [Range<Int>]
    /// Each section's units that hold cells: contiguous, their items in order.
    public private(set) var sectionCellUnits: [Range<Int>]
    /// A place in a section between units, known before measuring: its y is
    /// `offset + Σ heights of the first unitsBefore units`.
    public struct Mark: Hashable, Sendable {
        public var offset: Double
        public var unitsBefore: Int
    }

    /// Each section's marks: the first is its top (before its top inset and header), the last its
    /// bottom (after its bottom inset and footer); a layout may add marks in between (where its
    /// content area starts and ends, for a background). Empty for a section without units.
    public private(set) var sectionMarks: [[Mark]]
    /// How far a unit's elements may reach above its top and below its bottom (a badge hanging
    /// over an item's edge), at most: what a rectangle query must look beyond a unit's own span.
    public var overhang: (above: Double, below: Double) = (0, 0)
    /// Sections whose cells scroll on their own, horizontally (an orthogonal section): their cell
    /// units' frames are at rest (scroll offset 0), and a query may move them by an offset.
    public var orthogonalSections: Set<Int> = []
    private var fixed = 0.0
    private var openSection: Int?

    /// This plan for `environment`, which must give the same plan (an equal `planKey`): units
    /// and marks kept, the environment the units are measured in replaced.
    public func retargeted(to environment: LayoutEnvironment) -> LayoutPlan {
        var plan = self
        plan.environment = environment
        return plan
    }

    /// This plan for `content`: the same sections with the same cell counts and supplementary
    /// views, their cells in another order (a cell moved by interactive reordering), for a layout
    /// whose plan reads only those (`CollectionLayout.plansByCellCount`). Units and marks kept.
    func reordered(_ content: CollectionContent) -> LayoutPlan {
        precondition(self.content.sections.map(\.cellCount) == content.sections.map(\.cellCount), "each section keeps its cell count")
        var plan = self
        plan.content = content
        return plan
    }

    /// An empty plan to build with `space`, `beginSection`, `addUnit` and `endSection`.
    public init(content: CollectionContent, environment: LayoutEnvironment, keyCount: Int) {
        precondition(keyCount >= 1, "at least one estimate key")
        self.content = content
        self.environment = environment
        self.keyCount = keyCount
        sectionUnits = Array(repeating: 0..<0, count: content.sections.count)
        sectionCellUnits = Array(repeating: 0..<0, count: content.sections.count)
        sectionMarks = Array(repeating: [], count: content.sections.count)
    }

    // MARK: Building

    /// Makes room for `count` units in all (a layout that knows how many it will add saves the
    /// reallocations of a growing array: a plan is made again at every text-size change). Room
    /// asked for section after section grows geometrically, so it costs no more than appending.
    public mutating func reserveUnits(_ count: Int) {
        guard count > units.capacity else { return }
        units.reserveCapacity(units.isEmpty ? count : max(count, 2 * units.capacity))
    }

    /// Adds a height-independent length (an inset, a spacing) below what was added so far.
    public mutating func space(_ length: Double) {
        precondition(length.isFinite, "a finite length")
        fixed = PointGrid.snap(fixed + length)
    }

    /// Starts `section`: its extent starts here.
    public mutating func beginSection(_ section: Int) {
        precondition(openSection == nil, "sections do not nest")
        openSection = section
        sectionMarks[section] = [Mark(offset: fixed, unitsBefore: units.count)]
        sectionUnits[section] = units.count..<units.count
    }

    /// Ends the open section: its extent ends here.
    public mutating func endSection() {
        guard let section = openSection else { preconditionFailure("no section is open") }
        sectionMarks[section].append(Mark(offset: fixed, unitsBefore: units.count))
        sectionUnits[section] = sectionUnits[section].lowerBound..<units.count
        openSection = nil
        endOffset = fixed
    }

    /// Marks the current place in the open section; returns the mark's index among the section's
    /// marks (0 is the section's top), which `sectionElements` receives resolved to a y.
    @discardableResult
    public mutating func mark() -> Int {
        guard let section = openSection else { preconditionFailure("marks belong to a section") }
        sectionMarks[section].append(Mark(offset: fixed, unitsBefore: units.count))
        return sectionMarks[section].count - 1
    }

    /// Adds a unit at the current offset.
    /// `knownHeight`: the unit's height when it does not depend on measuring (see `Unit.knownHeight`).
    public mutating func addUnit(items: Range<Int>, role: Unit.Role = .cells, estimateKey: Int, estimateWeight: Double = 1,
                                 knownHeight: Double? = nil) {
        guard let section = openSection else { preconditionFailure("units belong to a section") }
        precondition((0..<keyCount).contains(estimateKey), "estimate key \(estimateKey) out of 0..<\(keyCount)")
        if role == .cells {
            let cellUnits = sectionCellUnits[section]
            precondition(cellUnits.isEmpty ? true : cellUnits.upperBound == units.count
                         && units[cellUnits.upperBound - 1].items.upperBound <= items.lowerBound,
                         "a section's cell units are contiguous and in item order")
            sectionCellUnits[section] = (cellUnits.isEmpty ? units.count : cellUnits.lowerBound)..<units.count + 1
        }
        precondition(knownHeight.map { $0.isFinite && $0 >= 0 } ?? true, "a known height is finite and not negative")
        units.append(Unit(section: section, items: items, role: role, offset: fixed, estimateKey: estimateKey,
                          estimateWeight: estimateWeight, knownHeight: knownHeight.map(PointGrid.snap)))
    }

    /// Ends the plan: the content's end is the current offset.
    public mutating func finish() {
        precondition(openSection == nil, "a section is still open")
        endOffset = fixed
    }

    // MARK: Reading

    public var unitCount: Int { units.count }

    /// The unit holding the cell at `indexPath`, if any: a binary search over the section's cell
    /// units, which hold its items in order.
    public func unit(containing indexPath: IndexPath) -> Int? {
        guard sectionCellUnits.indices.contains(indexPath.section) else { return nil }
        let range = sectionCellUnits[indexPath.section]
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if units[middle].items.lowerBound <= indexPath.item { low = middle + 1 } else { high = middle }
        }
        guard low > range.lowerBound, units[low - 1].items.contains(indexPath.item) else { return nil }
        return low - 1
    }

    /// The index paths of the cells in `unit`.
    public func indexPaths(ofUnit unit: Int) -> [IndexPath] {
        let record = units[unit]
        return record.items.map { IndexPath(item: $0, section: record.section) }
    }
}
