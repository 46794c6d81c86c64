/// A layout's plan with the layout bound to it, its resolution's type hidden: what the engines
/// (the eager snapshot, the lazy `MeasuringPlan`, `PlanSharing`) hold, whatever the layout. A
/// value without a sizer: it measures with the one each call is given (the four wrappers of a
/// plan are listed on `LayoutPlan`).
///
/// It is also the one place a unit is placed for the layout direction: layouts lay units out left
/// to right, and `placedUnit` and `placedSectionElements` mirror them in the container for a
/// right-to-left environment.
///
/// ```swift
/// let bound = try ListLayout().boundPlan(content, in: environment)
/// let first = try bound.placedUnit(0, sizer: sizer)   // height and elements, y from the unit's top
/// ```
public struct BoundPlan: Sendable {
    /// The layout that made the plan.
    public let layout: any CollectionLayout
    /// The plan's units, marks and environment.
    public private(set) var plan: LayoutPlan
    /// Unit i laid out whole (no visible width) or as far as a screen that wide shows it.
    private let unit: @Sendable (Int, LayoutPlan, CellSizer, Double?) throws -> UnitLayout
    private let sectionElements: @Sendable (Int, [Double], LayoutPlan) -> [LayoutAttributes]

    /// `resolved`, made by `layout`.
    public init<Layout: CollectionLayout>(_ layout: Layout, _ resolved: ResolvedPlan<Layout.Resolution>) {
        self.layout = layout
        plan = resolved.layoutPlan
        let resolution = resolved.resolution
        unit = { index, plan, sizer, visibleWidth in
            let resolved = ResolvedPlan(plan, resolution: resolution)
            guard let visibleWidth else { return try layout.layoutUnit(index, of: resolved, sizer: sizer) }
            return try layout.layoutUnit(index, of: resolved, sizer: sizer, visibleWidth: visibleWidth)
        }
        sectionElements = { section, marks, plan in
            layout.sectionElements(section, marks: marks, of: ResolvedPlan(plan, resolution: resolution))
        }
    }

    public var environment: LayoutEnvironment { plan.environment }

    /// Unit `index` as the layout lays it out, left to right: whole, or with a `visibleWidth` as
    /// far as a screen that wide shows it at rest (see `CollectionLayout.layoutUnit(_:of:sizer:visibleWidth:)`).
    public func unitLayout(_ index: Int, sizer: CellSizer, visibleWidth: Double? = nil) throws -> UnitLayout {
        try unit(index, plan, sizer, visibleWidth)
    }

    /// Unit `index` placed for the environment's direction: mirrored in the container for right to left.
    public func placedUnit(_ index: Int, sizer: CellSizer, visibleWidth: Double? = nil) throws -> UnitLayout {
        let laid = try unit(index, plan, sizer, visibleWidth)
        return plan.environment.layoutDirection == .rightToLeft ? laid.mirrored(in: plan.environment.containerWidth) : laid
    }

    /// Section `section`'s elements (a background) at its marks' y, placed for the direction.
    public func placedSectionElements(_ section: Int, marks: [Double]) -> [LayoutAttributes] {
        let elements = sectionElements(section, marks, plan)
        guard plan.environment.layoutDirection == .rightToLeft else { return elements }
        return elements.map { $0.mirrored(in: plan.environment.containerWidth) }
    }

    /// The plan of `content`, this plan's content with its cells in another order (a cell moved
    /// by interactive reordering): this plan with the content replaced when the layout plans a
    /// section by its cell count alone (`CollectionLayout.plansByCellCount`) and every section
    /// keeps its count, so a drag over 100,000 cells does not plan them again at every target
    /// change; else planned again.
    public func replanned(with content: CollectionContent) throws -> BoundPlan {
        let counts = { (content: CollectionContent) in content.sections.map(\.cellCount) }
        guard layout.plansByCellCount, counts(content) == counts(plan.content) else {
            return try layout.boundPlan(content, in: environment)
        }
        var bound = self
        bound.plan = plan.reordered(content)
        return bound
    }

    /// This plan for `environment`, which must give the same plan (an equal `planKey`).
    public func retargeted(to environment: LayoutEnvironment) -> BoundPlan {
        var bound = self
        bound.plan = plan.retargeted(to: environment)
        return bound
    }
}
