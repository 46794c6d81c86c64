import TextMetrics

/// The layout contract: how every layout (list, flow, table sections, compositional) turns cells
/// into frames, so that one eager pass (`layout(_:in:sizer:)`) and one lazy engine (`Viewport`)
/// serve them all. A layout is a value that answers these questions and keeps no state.
///
/// ```swift
/// let content = CellMode.blocks.content(for: document)
/// let environment = LayoutEnvironment(containerWidth: 390, category: .accessibilityExtraLarge)
/// let snapshot = try ListLayout().layout(content, in: environment, sizer: try CellSizer(fonts: FontLibrary()))
/// print(snapshot.contentSize.height, snapshot.elements.count)
/// ```
///
/// **1. Plan.** `plan` cuts the content into **units** stacked top to bottom — a list's row, a
/// flow's section, a table, a compositional group, an orthogonal section's band, a section header
/// — without measuring anything. A unit's top is `y(i) = offset(i) + Σ height(j < i)`: the plan
/// holds every height-independent length (insets, spacing) as each unit's offset, and for each
/// unit an estimate key and weight (`LayoutPlan`). What the layout works out for the environment
/// on the way (a compositional layout's sections and group templates) is its `Resolution`,
/// returned with the plan (`ResolvedPlan`) and handed back, typed, to the next two steps.
///
/// **2. Lay out a unit.** `layoutUnit` measures one unit's cells (self-sizing: each cell is
/// handed a width through the `CellSizer` and answers with its height, at least 44 pt where it
/// can be touched) and places its elements relative to the unit's top: the unit's height, and
/// frames with y from 0 and x in content coordinates. What a unit draws depends only on its own
/// cells, the plan and the environment: never on another unit's height.
///
/// **3. Section elements.** `sectionElements` places what spans a whole section (a background)
/// once the y of its marks are known.
///
/// **Plan keys.** `planKey` says what `plan` reads of the environment. Environments with equal
/// keys get the same plan but for the environment itself (`LayoutPlan.retargeted(to:)`), so the
/// twelve text sizes of a contact sheet share a handful of plans (`PlanSharing`). Nil (the
/// default) means unknown: every environment is planned.
///
/// **Right to left.** A layout lays its units out left to right, whatever the environment's
/// `layoutDirection`; the engines hold a `BoundPlan`, whose `placedUnit` and
/// `placedSectionElements` mirror every frame (and the content inside it) in the container for a
/// right-to-left environment. That is the one place mirroring happens.
///
/// **What invalidates what.** A cell's new size (measured, or changed) invalidates its unit only:
/// the units below move by the difference, which the lazy engine keeps in Fenwick trees (O(log n)
/// per change) together with the running estimates of the units not measured yet; a change above
/// the viewport also moves the content offset so nothing on screen jumps (`InvalidationContext`).
/// A new environment (a text size, a width) is a new plan (shared when the plan keys agree) and
/// every unit measured again. Unit heights and offsets live on the point grid (1/64 pt), so the
/// lazy engine, once every unit is measured, lands on the eager layout's frames bit for bit
/// (`LazyEagerCheck`; the conformance tests hold every layout kind to it).
///
/// Layouts are values; a layout pass never mutates its cells.
public protocol CollectionLayout: Sendable {
    /// What the layout works out for an environment while planning and reads again to lay out a
    /// unit (a compositional layout: each section's description and group template). `Void` for
    /// a layout that needs nothing beyond the units.
    associatedtype Resolution: Sendable = Void

    /// The units of `content` in `environment`, and the resolution. Throws `ReflowError` when the
    /// container cannot hold the layout (too narrow for its insets).
    func plan(_ content: CollectionContent, in environment: LayoutEnvironment) throws -> ResolvedPlan<Resolution>

    /// Unit `index` of `plan` laid out left to right: its cells measured with `sizer`, its height
    /// and its elements, each frame's y relative to the unit's top (x in content coordinates).
    func layoutUnit(_ index: Int, of plan: ResolvedPlan<Resolution>, sizer: CellSizer) throws -> UnitLayout

    /// Unit `index` as far as a screen at rest shows it: what starts within `visibleWidth` of the
    /// content's leading edge is measured and placed, what lies beyond carries its estimate (an
    /// orthogonal section's band, wider than the screen, as a collection view realizes only the
    /// cells its band shows). A unit left in part says so (`UnitLayout.isComplete` false). Every
    /// element it places is the whole unit's, frame for frame. Default: the whole unit.
    func layoutUnit(_ index: Int, of plan: ResolvedPlan<Resolution>, sizer: CellSizer, visibleWidth: Double) throws -> UnitLayout

    /// Elements that belong to a whole section rather than to one unit (a background), given the y
    /// of each of the section's marks (`LayoutPlan.mark()`; the first is the section's top, the
    /// last its bottom). Default: none.
    func sectionElements(_ section: Int, marks: [Double], of plan: ResolvedPlan<Resolution>) -> [LayoutAttributes]

    /// What `plan` reads of `environment`: two environments with equal keys get the same plan
    /// but for its environment, so one plan serves both (`PlanSharing`; the text sizes of a
    /// contact sheet). Default nil: unknown, each environment is planned.
    func planKey(_ content: CollectionContent, in environment: LayoutEnvironment) -> AnyHashable?

    /// Whether `plan` reads of a section only how many cells it has (and its supplementary
    /// views), never the cells themselves: then the cells in another order, each section keeping
    /// its count, have this plan (`BoundPlan.replanned(with:)`), as an interactive movement asks
    /// at every target change. Default false: the plan is made again, which is always right.
    var plansByCellCount: Bool { get }

    /// What one of the layout's units is called in a report, plural ("rows" for a list). Default "units".
    var unitName: String { get }
}

extension CollectionLayout {
    public func sectionElements(_ section: Int, marks: [Double], of plan: ResolvedPlan<Resolution>) -> [LayoutAttributes] { [] }

    public func planKey(_ content: CollectionContent, in environment: LayoutEnvironment) -> AnyHashable? { nil }

    public var plansByCellCount: Bool { false }

    public var unitName: String { "units" }

    public func layoutUnit(_ index: Int, of plan: ResolvedPlan<Resolution>, sizer: CellSizer, visibleWidth: Double) throws -> UnitLayout {
        try layoutUnit(index, of: plan, sizer: sizer)
    }

    /// The plan of `content` in `environment` bound to this layout: what the engines hold.
    public func boundPlan(_ content: CollectionContent, in environment: LayoutEnvironment) throws -> BoundPlan {
        BoundPlan(self, try plan(content, in: environment))
    }

    /// The eager layout: every unit measured and placed, as a value with a spatial index.
    public func layout(_ content: CollectionContent, in environment: LayoutEnvironment, sizer: CellSizer) throws -> LayoutSnapshot {
        try LayoutSnapshot(plan: try boundPlan(content, in: environment), sizer: sizer)
    }

    /// `layout(_:in:sizer:)` for sections of cells.
    public func layout(_ sections: [[Cell]], in environment: LayoutEnvironment, sizer: CellSizer) throws -> LayoutSnapshot {
        try layout(CollectionContent(sections: sections), in: environment, sizer: sizer)
    }
}

/// One unit laid out (see `CollectionLayout`).
public struct UnitLayout: Sendable {
    /// The unit's height; the engines snap it to the point grid.
    public var height: Double
    /// The unit's elements, y relative to the unit's top.
    public var elements: [LayoutAttributes]
    /// For a band of an orthogonal section: how wide its content is at rest (it scrolls within the container).
    public var scrollingWidth: Double?
    /// What the unit's layout noticed: cells given less than 44 pt or less than their content needs.
    public var warnings: [LayoutWarning]
    /// The frames of the groups the unit placed (a compositional layout's), y relative to the
    /// unit's top: what a debug overlay outlines; not elements.
    public var groupFrames: [Rect]
    /// False for a unit laid out as far as a screen shows it (`layoutUnit(_:of:sizer:visibleWidth:)`)
    /// with something left beyond: its height counts what was left at its estimate, its
    /// `scrollingWidth` is estimated, and its elements are those of what was laid out.
    public var isComplete: Bool

    public init(height: Double, elements: [LayoutAttributes], scrollingWidth: Double? = nil, warnings: [LayoutWarning] = [],
                groupFrames: [Rect] = [], isComplete: Bool = true) {
        self.height = height
        self.elements = elements
        self.scrollingWidth = scrollingWidth
        self.warnings = warnings
        self.groupFrames = groupFrames
        self.isComplete = isComplete
    }

    /// The unit mirrored in a container `width` wide: elements (and their content) and group frames.
    public func mirrored(in width: Double) -> UnitLayout {
        var mirrored = self
        mirrored.elements = elements.map { $0.mirrored(in: width) }
        mirrored.groupFrames = groupFrames.map { $0.mirrored(in: width) }
        return mirrored
    }
}

/// Something a layout did that a person should know about, with where it happened.
public struct LayoutWarning: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        /// A touchable element was given a height under 44 pt (an absolute or fractional height).
        case belowMinimumHeight
        /// An element's content needs more height than it was given: text is clipped.
        case clipped
        /// An element is narrower than its cell's insets need: the insets were shrunk to fit.
        case tooNarrow
    }

    public var kind: Kind
    public var role: ElementRole
    public var indexPath: IndexPath
    /// The length given (a height, or a width for `tooNarrow`) and the length wanted (44 pt, or
    /// what the content needs).
    public var given: Double
    public var needed: Double

    public init(kind: Kind, role: ElementRole, indexPath: IndexPath, given: Double, needed: Double) {
        self.kind = kind
        self.role = role
        self.indexPath = indexPath
        self.given = given
        self.needed = needed
    }

    public var description: String {
        let place = "\(role) \(indexPath.section).\(indexPath.item)"
        let given = (self.given * 1000).rounded() / 1000, wanted = (needed * 1000).rounded() / 1000
        switch kind {
        case .belowMinimumHeight: return "\(place) is \(given) pt tall, under the 44 pt minimum touch target"
        case .clipped: return "\(place) is \(given) pt tall but its content needs \(wanted) pt: text is clipped"
        case .tooNarrow: return "\(place) is \(given) pt wide but its insets need \(wanted) pt: they were shrunk to fit"
        }
    }
}

extension CellSizer {
    /// `cell` measured for `proposal` in a layout with `sectionInsets`: a width too small for the
    /// cell's insets is reported as the container being too narrow, with the width it needs.
    func measure(_ cell: Cell, proposal: SizeProposal, in environment: LayoutEnvironment,
                 sectionInsets: EdgeInsets) throws -> CellMeasurement {
        do {
            return try measure(cell, proposal: proposal, environment: environment.text)
        } catch ReflowError.widthTooSmall(_, let category, let needed) {
            throw ReflowError.containerTooNarrow(containerWidth: environment.containerWidth, category: category,
                                                 needed: needed + sectionInsets.horizontal)
        }
    }
}
