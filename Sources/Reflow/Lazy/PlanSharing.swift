/// One layout's plans of one content for several environments, each distinct plan made once.
/// The text sizes of a contact sheet mostly resolve the same sections (a grid whose columns
/// change only at xL and at AX1 has three plans for twelve sizes): they share the plan and the
/// unmeasured lazy layout made from it, and each is measured at its own size. A layout that
/// cannot say what its plan reads (`CollectionLayout.planKey` is nil) is planned every time.
///
/// Not thread-safe.
public final class PlanSharing {
    public let layout: any CollectionLayout
    public let content: CollectionContent
    /// What the lazy layouts estimate unmeasured units by.
    public let estimate: Estimate
    /// Plans made so far (the rest were shared): what sharing saves, counted rather than timed.
    public private(set) var plansMade = 0
    private var made: [AnyHashable: (plan: BoundPlan, lazy: LazyLayout)] = [:]

    public init(layout: any CollectionLayout, content: CollectionContent, estimate: Estimate) {
        self.layout = layout
        self.content = content
        self.estimate = estimate
    }

    /// The layout planned for `environment` and measured with `sizer`, and a lazy layout of it
    /// with nothing measured.
    public func planned(in environment: LayoutEnvironment, sizer: CellSizer) throws -> (layout: MeasuringPlan, lazy: LazyLayout) {
        let key = layout.planKey(content, in: environment)
        if let key, let (plan, lazy) = made[key] {
            return (MeasuringPlan(plan: plan.retargeted(to: environment), sizer: sizer), lazy)
        }
        let plan = try layout.boundPlan(content, in: environment)
        plansMade += 1
        let lazy = LazyLayout(plan: plan.plan, estimate: estimate)
        if let key { made[key] = (plan, lazy) }
        return (MeasuringPlan(plan: plan, sizer: sizer), lazy)
    }
}
