/// The design's check of the lazy engine (docs/design.md, "lazy = eager"): a lazy layout,
/// once every unit is measured, has exactly the frames of an eager layout of the same plan.
/// It is asked from outside the engine — by the tests and by `scroll`'s report — about a
/// viewport as a session left it; the viewport itself is not changed.
///
/// ```swift
/// var session = try ScrollSession(layout: ListLayout(), content: content, environment: environment,
///                                 sizer: sizer, configuration: configuration)
/// _ = try session.run()
/// let holds = try LazyEagerCheck.holds(viewport: session.viewport, planned: session.planned)
/// ```
public enum LazyEagerCheck {
    /// Measures a copy of `viewport` to the end (without moving its anchor) and compares every
    /// unit's top and height, every element's frame and index path, and the content height with an
    /// eager layout of `planned`. Throws what measuring threw.
    public static func holds(viewport: Viewport, planned: MeasuringPlan) throws -> Bool {
        var viewport = viewport
        viewport.measureRemaining()
        if let failure = planned.failure { throw failure }
        let eager = try LayoutSnapshot(plan: planned.bound, sizer: planned.sizer)
        var lazy = viewport.layout
        guard lazy.count == eager.unitTops.count, lazy.contentHeight() == eager.contentSize.height else { return false }
        let tops = lazy.allY()
        var index = 0
        for unit in 0..<lazy.count {
            guard tops[unit] == eager.unitTops[unit], lazy.height(of: unit) == eager.unitHeights[unit] else { return false }
            for element in try planned.attributes(ofUnit: unit, top: tops[unit]) {
                guard index < eager.elements.count, eager.elements[index].frame == element.frame,
                      eager.elements[index].indexPath == element.indexPath else { return false }
                index += 1
            }
        }
        return true
    }
}
