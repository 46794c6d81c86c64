import TextMetrics

/// The layout contract: how every layout (list, flow, compositional) turns cells into frames, so
/// that one eager pass (`layout(_:in:sizer:)`) and one lazy engine (`Viewport`) serve them all.
///
/// A layout answers in two steps:
/// 1. `plan` cuts the content into **units** stacked top to bottom — a list's row, a flow's
///    section, a compositional group, an orthogonal section's band, a section header — without
///    measuring anything. A unit's top is `y(i) = offset(i) + Σ height(j < i)`: the plan holds
///    every height-independent length (insets, spacing) as each unit's offset.
/// 2. `layoutUnit` measures one unit's cells (self-sizing through the `CellSizer`) and places its
///    elements relative to the unit's top: the unit's height, and frames with y from 0.
///
/// Everything a unit draws depends only on its own cells and the environment, so a size change
/// invalidates one unit and moves the units below it: the lazy engine keeps unit heights in
/// Fenwick trees (O(log n) per change) and estimates the units it has not measured. Unit heights
/// and offsets live on the layout unit (1/64 pt), so the lazy engine, once every unit is
/// measured, lands on the eager layout's frames bit for bit.
///
/// **Right to left.** A layout lays its units out left to right, whatever the environment's
/// `layoutDirection`; the engines call `placedUnit` and `placedSectionElements`, which mirror
/// every frame (and the content inside it) in the container for a right-to-left environment.
/// That is the one place mirroring happens.
///
/// Layouts are values; a layout pass never mutates its cells.
public protocol CollectionLayout: Sendable {
    /// The units of `content` in `environment`. Throws `ReflowError` when the container cannot
    /// hold the layout (too narrow for its insets).
    func plan(_ content: CollectionContent, in environment: LayoutEnvironment) throws -> LayoutPlan

    /// Unit `index` of `plan` laid out left to right: its cells measured with `sizer`, its height
    /// and its elements, each frame's y relative to the unit's top (x in content coordinates).
    func layoutUnit(_ index: Int, of plan: LayoutPlan, sizer: CellSizer) throws -> UnitLayout

    /// Elements that belong to a whole section rather than to one unit (a background), given the y
    /// of each of the section's marks (`LayoutPlan.mark()`; the first is the section's top, the
    /// last its bottom). Default: none.
    func sectionElements(_ section: Int, marks: [Double], of plan: LayoutPlan) -> [LayoutAttributes]

    /// What `plan` reads of `environment`: two environments with equal keys get the same plan
    /// but for its environment, so one plan serves both (`PlanSharing`; the text sizes of a
    /// contact sheet). Default nil: unknown, each environment is planned.
    func planKey(_ content: CollectionContent, in environment: LayoutEnvironment) -> AnyHashable?

    /// What one of the layout's units is called in a report, plural ("rows" for a list). Default "units".
    var unitName: String { get }
}

extension CollectionLayout {
    public func sectionElements(_ section: Int, marks: [Double], of plan: LayoutPlan) -> [LayoutAttributes] { [] }

    public func planKey(_ content: CollectionContent, in environment: LayoutEnvironment) -> AnyHashable? { nil }

    public var unitName: String { "units" }

    /// Unit `index` placed for the environment's direction: `layoutUnit`, mirrored in the
    /// container for right to left. What the engines (eager and lazy) call.
    public func placedUnit(_ index: Int, of plan: LayoutPlan, sizer: CellSizer) throws -> UnitLayout {
        let laid = try layoutUnit(index, of: plan, sizer: sizer)
        return plan.environment.layoutDirection == .rightToLeft ? laid.mirrored(in: plan.environment.containerWidth) : laid
    }

    /// Section `section`'s elements placed for the environment's direction (see `placedUnit`).
    public func placedSectionElements(_ section: Int, marks: [Double], of plan: LayoutPlan) -> [LayoutAttributes] {
        let elements = sectionElements(section, marks: marks, of: plan)
        guard plan.environment.layoutDirection == .rightToLeft else { return elements }
        return elements.map { $0.mirrored(in: plan.environment.containerWidth) }
    }

    /// The eager layout: every unit measured and placed, as a value with a spatial index.
    public func layout(_ content: CollectionContent, in environment: LayoutEnvironment, sizer: CellSizer) throws -> LayoutSnapshot {
        let plan = try self.plan(content, in: environment)
        return try LayoutSnapshot(layout: self, plan: plan, sizer: sizer)
    }

    /// `layout(_:in:sizer:)` for sections of cells.
    public func layout(_ sections: [[Cell]], in environment: LayoutEnvironment, sizer: CellSizer) throws -> LayoutSnapshot {
        try layout(CollectionContent(sections: sections), in: environment, sizer: sizer)
    }
}

/// One unit laid out (see `CollectionLayout`).
public struct UnitLayout: Sendable {
    /// The unit's height; the engines snap it to the layout unit.
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

    public init(height: Double, elements: [LayoutAttributes], scrollingWidth: Double? = nil, warnings: [LayoutWarning] = [],
                groupFrames: [Rect] = []) {
        self.height = height
        self.elements = elements
        self.scrollingWidth = scrollingWidth
        self.warnings = warnings
        self.groupFrames = groupFrames
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
    public var category: ElementCategory
    public var indexPath: IndexPath
    /// The length given (a height, or a width for `tooNarrow`) and the length wanted (44 pt, or
    /// what the content needs).
    public var given: Double
    public var needed: Double

    public init(kind: Kind, category: ElementCategory, indexPath: IndexPath, given: Double, needed: Double) {
        self.kind = kind
        self.category = category
        self.indexPath = indexPath
        self.given = given
        self.needed = needed
    }

    public var description: String {
        let place = "\(category) \(indexPath.section).\(indexPath.item)"
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
