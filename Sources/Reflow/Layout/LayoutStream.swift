import TextMetrics

extension CollectionLayout {
    /// The eager layout of `content` in `environment`, handed over as it is made instead of kept:
    /// `elements` gets each unit's elements (in content coordinates) as soon as the unit is laid
    /// out, then each section's elements (headers, footers, backgrounds), and nothing is held
    /// once handed over. The elements are those of `layout(_:in:sizer:)`, in its order; a caller
    /// that inspects each and keeps a little (the audit) holds one unit's measured text at a
    /// time, not the whole layout's.
    /// - Returns: the plan the elements were laid out from.
    @discardableResult
    public func streamLayout(_ content: CollectionContent, in environment: LayoutEnvironment, sizer: CellSizer,
                             elements: (_ plan: LayoutPlan, _ elements: [LayoutAttributes]) throws -> Void) throws -> LayoutPlan {
        let bound = try boundPlan(content, in: environment)
        let plan = bound.plan
        _ = try EagerPass.run(bound, sizer: sizer) { _, top, _, laid in
            try elements(plan, laid.elements.map { $0.offsetBy(dx: 0, dy: top) })
        } section: { _, _, sectionElements in
            try elements(plan, sectionElements)
        }
        return plan
    }
}
