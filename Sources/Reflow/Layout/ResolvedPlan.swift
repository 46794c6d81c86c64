/// A plan and what its layout resolved while making it (`CollectionLayout.Resolution`: a
/// compositional layout's sections for the environment; nothing, `Void`, for a list), typed: the
/// layout reads its own resolution back when it lays out a unit, with no cast. The plan's
/// properties read through (`plan.units`, `plan.environment`).
///
/// Only a layout reads it: the engines hold a `BoundPlan`, which keeps the resolution without its
/// type (the four wrappers of a plan are listed on `LayoutPlan`).
@dynamicMemberLookup
public struct ResolvedPlan<Resolution: Sendable>: Sendable {
    public var layoutPlan: LayoutPlan
    public var resolution: Resolution

    public init(_ layoutPlan: LayoutPlan, resolution: Resolution) {
        self.layoutPlan = layoutPlan
        self.resolution = resolution
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<LayoutPlan, Value>) -> Value { layoutPlan[keyPath: keyPath] }
}

extension ResolvedPlan where Resolution == Void {
    /// A plan of a layout that resolves nothing beyond its units.
    public init(_ layoutPlan: LayoutPlan) { self.init(layoutPlan, resolution: ()) }
}
