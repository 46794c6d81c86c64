import TextMetrics

/// A layout described, not subclassed: sections of groups of items whose sizes are fractional,
/// absolute or estimated per axis, as UIKit's compositional layout (iOS 13) describes screens. A
/// section provider sees the environment (container width, text-size category, direction), so a
/// grid can drop from three columns to one at accessibility sizes.
///
/// Units (see `CollectionLayout`): a section's header and footer each, every instance of its group
/// (a row of a grid), or, for a section that scrolls sideways, the whole band of its groups.
/// Positions are computed left to right (the engines mirror them for a right-to-left environment).
///
/// Headers and footers are as wide as their size says of the section's content width and sit at
/// its leading content inset (the declared one: centring a paging section's groups moves only them); a header above the section's top content inset, a footer below its
/// bottom one. Their text lines up with the section's content, not a margin further in
/// (`boundaryInsets(for:in:firstCell:environment:)`). Backgrounds span the container's width and the section's content area (its content
/// insets included, headers and footers not), less their own insets.
public struct CompositionalLayout: CollectionLayout {
    public typealias SectionProvider = @Sendable (_ section: Int, _ environment: LayoutEnvironment) -> LayoutSection

    public var interSectionSpacing: Double
    public let sectionProvider: SectionProvider

    public init(interSectionSpacing: Double = 0, sectionProvider: @escaping SectionProvider) {
        self.interSectionSpacing = interSectionSpacing
        self.sectionProvider = sectionProvider
    }

    /// Every section laid out as `section`.
    public init(section: LayoutSection, interSectionSpacing: Double = 0) {
        self.init(interSectionSpacing: interSectionSpacing) { _, _ in section }
    }

    /// A plan reads the container's size and the sections the provider gives for the
    /// environment; the text size and direction matter only when units are laid out.
    struct PlanKey: Hashable {
        let containerWidth: Double
        let containerHeight: Double
        let sections: [LayoutSection]
    }

    /// A section's units are its headers, its rows (`template.capacity` cells each) or band, and its
    /// footers: its cell count decides them, its cells do not (their sizes are measured later).
    public var plansByCellCount: Bool { true }

    public func planKey(_ content: CollectionContent, in environment: LayoutEnvironment) -> AnyHashable? {
        PlanKey(containerWidth: environment.containerWidth, containerHeight: environment.containerHeight,
                sections: content.sections.indices.map { sectionProvider($0, environment) })
    }

    /// What `plan` resolved for one section.
    public struct ResolvedSection: Sendable {
        let section: LayoutSection
        let template: GroupTemplate
        /// The section's width less its leading and trailing insets (after centring for group paging).
        let contentWidth: Double
        let leadingInset: Double
        let trailingInset: Double
        /// Where headers and footers go: the section's declared insets (centring moves only its groups).
        let boundaryLeading: Double
        let boundaryWidth: Double
        /// The marks where the content area starts and ends.
        let contentMarks: (start: Int, end: Int)

        /// Items and groups the section's group template holds: what it costs, at most its
        /// description's (never the copies `count` or filling makes).
        public var templateNodeCount: Int { template.nodeCount }
        /// Cells one instance of the section's group holds (at most 2^48).
        public var groupCapacity: Int { template.capacity }
    }

    /// The longest a group or an item may resolve to, in points: the longest length a request
    /// takes (`Limits.maximumLength`). Fractions of fractions multiply (three nested
    /// `fractionalHeight: 100` groups of an 844 pt screen are 844,000,000 pt tall); beyond this,
    /// laying out is an error naming where the length was described.
    public static let maximumLength = 10_000_000.0

    /// Estimate keys: sections alike share running estimates (up to 32 kinds of section), and
    /// within them rows, headers, footers and bands are estimated apart.
    static let sectionKinds = 32
    enum UnitRole: Int { case row, header, footer, band }

    public func plan(_ content: CollectionContent, in environment: LayoutEnvironment) throws -> ResolvedPlan<[ResolvedSection?]> {
        var plan = LayoutPlan(content: content, environment: environment, keyCount: Self.sectionKinds * 4)
        var resolved: [ResolvedSection?] = []
        var kinds: [LayoutSection: Int] = [:]
        var placedAny = false
        for (index, sectionContent) in content.sections.enumerated() {
            let section = sectionProvider(index, environment)
            let kind = kinds[section] ?? min(kinds.count, Self.sectionKinds - 1)
            if kinds[section] == nil, kinds.count < Self.sectionKinds { kinds[section] = kind }
            func key(_ role: UnitRole) -> Int { kind * 4 + role.rawValue }

            var insets = section.contentInsets
            let containerWidth = environment.containerWidth
            var template = GroupTemplate(section.group, containerWidth: containerWidth - insets.horizontal,
                                         containerHeight: environment.containerHeight - insets.vertical)
            if section.orthogonalScrollingBehavior == .groupPagingCentered {
                let side = max(0, (containerWidth - template.width) / 2)
                insets.leading = side
                insets.trailing = side
                template = GroupTemplate(section.group, width: template.width, height: template.height)
            }
            if let (source, dimension, length) = template.firstLength(beyond: Self.maximumLength) {
                throw ReflowError.lengthTooLong(source: source.description, dimension: dimension, length: length, limit: Self.maximumLength)
            }
            let cells = sectionContent.cellCount
            let headers = section.boundarySupplementaryItems.filter { $0.alignment == .top && sectionContent.supplementary[$0.kind] != nil }
            let footers = section.boundarySupplementaryItems.filter { $0.alignment == .bottom && sectionContent.supplementary[$0.kind] != nil }
            guard cells > 0 || !headers.isEmpty || !footers.isEmpty else {
                resolved.append(nil)
                continue
            }
            if placedAny { plan.space(interSectionSpacing) }
            placedAny = true
            let rows = cells == 0 ? 0 : section.scrollsOrthogonally ? 1 : (cells + template.capacity - 1) / template.capacity
            plan.reserveUnits(plan.unitCount + headers.count + rows + footers.count)
            plan.beginSection(index)
            for header in headers {
                plan.addUnit(items: 0..<0, role: .supplementary(kind: header.kind, pinned: header.pinToVisibleBounds),
                             estimateKey: key(.header), knownHeight: Self.knownHeight(of: header, boundaryWidth: containerWidth - section.contentInsets.horizontal,
                                                                            in: environment))
            }
            let start = plan.mark()
            plan.space(insets.top)
            // A group's height that is absolute or fractional is its row's (and its band's) height,
            // known before anything is measured: such rows are placed exactly, never estimated.
            let rowHeight: Double? = section.group.size.height.isEstimated ? nil : template.height
            if cells > 0 {
                if section.scrollsOrthogonally {
                    plan.addUnit(items: 0..<cells, estimateKey: key(.band), knownHeight: rowHeight)
                    plan.orthogonalSections.insert(index)
                } else {
                    var item = 0
                    while item < cells {
                        if item > 0 { plan.space(section.interGroupSpacing) }
                        let end = min(cells, item + template.capacity)
                        plan.addUnit(items: item..<end, estimateKey: key(.row), knownHeight: rowHeight)
                        item = end
                    }
                }
            }
            plan.space(insets.bottom)
            let end = plan.mark()
            for footer in footers {
                plan.addUnit(items: 0..<0, role: .supplementary(kind: footer.kind, pinned: footer.pinToVisibleBounds),
                             estimateKey: key(.footer), knownHeight: Self.knownHeight(of: footer, boundaryWidth: containerWidth - section.contentInsets.horizontal,
                                                                            in: environment))
            }
            plan.endSection()
            resolved.append(ResolvedSection(section: section, template: template,
                                            contentWidth: containerWidth - insets.horizontal, leadingInset: insets.leading,
                                            trailingInset: insets.trailing,
                                            boundaryLeading: section.contentInsets.leading,
                                            boundaryWidth: containerWidth - section.contentInsets.horizontal,
                                            contentMarks: (start, end)))
            plan.overhang.above = max(plan.overhang.above, Self.badgeReach(section.group))
            plan.overhang.below = max(plan.overhang.below, Self.badgeReach(section.group))
        }
        plan.finish()
        return ResolvedPlan(plan, resolution: resolved)
    }

    /// A header's or footer's height when its size says it (absolute or fractional; one laid over
    /// the content instead of above it takes no height at all), nil when it is self-sized.
    static func knownHeight(of item: BoundarySupplementaryItem, boundaryWidth: Double, in environment: LayoutEnvironment) -> Double? {
        guard item.extendsBoundary else { return 0 }
        guard !item.size.height.isEstimated else { return nil }
        return item.size.height.resolved(width: boundaryWidth, height: environment.containerHeight)
    }

    /// How far badges of `group`'s items may reach beyond a row, at most (their declared height;
    /// an estimated one is taken three times over, for the largest text sizes).
    static func badgeReach(_ group: LayoutGroup) -> Double {
        var reach = 0.0
        for supplementary in group.supplementaryItems {
            reach = max(reach, Self.reach(of: supplementary))
        }
        for node in group.subitems {
            switch node {
            case .item(let item): for supplementary in item.supplementaryItems { reach = max(reach, Self.reach(of: supplementary)) }
            case .group(let nested): reach = max(reach, badgeReach(nested))
            }
        }
        return reach
    }

    private static func reach(of supplementary: SupplementaryItem) -> Double {
        let height: Double
        switch supplementary.size.height {
        case .absolute(let value): height = value
        case .estimated(let value), .uniformAcrossSiblings(let value): height = 3 * value
        case .fractionalWidth, .fractionalHeight: height = 1_000  // a fraction of its item: bounded by the row
        }
        let offset = supplementary.anchor.isFractional ? abs(supplementary.anchor.offset.y) * height : abs(supplementary.anchor.offset.y)
        return height + offset
    }

    private func resolved(_ plan: ResolvedPlan<[ResolvedSection?]>, _ section: Int) -> ResolvedSection {
        guard let resolved = plan.resolution[section] else {
            preconditionFailure("a compositional layout's unit of a section it did not plan")
        }
        return resolved
    }

    public func layoutUnit(_ index: Int, of plan: ResolvedPlan<[ResolvedSection?]>, sizer: CellSizer) throws -> UnitLayout {
        try layoutUnit(index, of: plan, sizer: sizer, within: nil)
    }

    /// A band (an orthogonal section's) as a screen `visibleWidth` wide shows it at rest: its
    /// groups that start within the screen measured and placed, the rest at their estimate.
    /// Every other unit is whole.
    public func layoutUnit(_ index: Int, of plan: ResolvedPlan<[ResolvedSection?]>, sizer: CellSizer,
                           visibleWidth: Double) throws -> UnitLayout {
        try layoutUnit(index, of: plan, sizer: sizer, within: visibleWidth)
    }

    private func layoutUnit(_ index: Int, of plan: ResolvedPlan<[ResolvedSection?]>, sizer: CellSizer,
                            within visibleWidth: Double?) throws -> UnitLayout {
        let unit = plan.units[index]
        let resolved = resolved(plan, unit.section)
        let environment = plan.environment
        let section = plan.content.sections[unit.section]
        let laid: UnitLayout
        switch unit.role {
        case .supplementary(let kind, _):
            laid = try boundaryItem(kind, of: resolved, section: unit.section, plan: plan, sizer: sizer)
        case .cells where resolved.section.scrollsOrthogonally:
            laid = try band(resolved, section: unit.section, content: section, cellCount: unit.items.count,
                            environment: environment, sizer: sizer, visibleWidth: visibleWidth)
        case .cells:
            var placement = GroupPlacement(sizer: sizer, environment: environment, section: unit.section,
                                           cells: UnitCells(try section.slice(unit.items)), firstItem: unit.items.lowerBound)
            var next = 0
            let group = resolved.template.group
            let size = try placement.place(resolved.template, at: Point(x: resolved.leadingInset, y: 0),
                                           width: group.size.width.isEstimated ? nil : resolved.template.width,
                                           height: group.size.height.isEstimated ? nil : resolved.template.height, next: &next)
            laid = UnitLayout(height: size.height, elements: placement.elements, warnings: placement.warnings,
                              groupFrames: placement.groupFrames)
        }
        return laid
    }

    /// Groups a band's first look at reads cells for: doubled until the groups reach past the
    /// screen's width (a band's groups may be narrower than any guess).
    static let bandGroupsFirstRead = 16

    /// The band of an orthogonal section: its groups side by side, `interGroupSpacing` apart, at
    /// rest (scroll offset 0); as tall as its tallest group. With a `visibleWidth`, only the groups
    /// starting within it are measured (cells are read for them alone), as a collection view
    /// realizes a band's cells; the further groups carry the running estimate of those, so the
    /// band is as tall as its tallest group on screen until it is measured whole, and its
    /// scrolling width counts them at the group's estimated width.
    private func band(_ resolved: ResolvedSection, section: Int, content: CollectionContent.Section, cellCount: Int,
                      environment: LayoutEnvironment, sizer: CellSizer, visibleWidth: Double?) throws -> UnitLayout {
        let capacity = resolved.template.capacity
        var groupsRead = Self.bandGroupsFirstRead
        while true {
            // Cells for whole groups only, so that the last group read is laid out as the whole band lays it out.
            let (groups, overflow) = capacity.multipliedReportingOverflow(by: groupsRead)
            let read = visibleWidth == nil || overflow ? cellCount : min(cellCount, groups)
            let cells = UnitCells(try content.slice(0..<read))
            var placement = GroupPlacement(sizer: sizer, environment: environment, section: section, cells: cells, firstItem: 0)
            let group = resolved.template.group
            let spacing = resolved.section.interGroupSpacing
            var next = 0
            var x = resolved.leadingInset
            var height = 0.0
            var first = true
            var reachedEdge = false
            while next < cells.count {
                if let visibleWidth, x + (first ? 0 : spacing) >= visibleWidth {
                    reachedEdge = true
                    break
                }
                if !first { x += spacing }
                first = false
                let size = try placement.place(resolved.template, at: Point(x: x, y: 0),
                                               width: group.size.width.isEstimated ? nil : resolved.template.width,
                                               height: group.size.height.isEstimated ? nil : resolved.template.height, next: &next)
                x += size.width
                height = max(height, size.height)
            }
            if !reachedEdge, read < cellCount {
                groupsRead *= 2  // every group read starts on screen: read further
                continue
            }
            let left = cellCount - next
            if left > 0 {
                // The groups not laid out carry the running estimate, the groups measured (no
                // taller than the tallest of them), or the group's estimate before any: the band is
                // as tall as its tallest group on screen. Their widths are the group's estimate.
                let groupsLeft = (left + capacity - 1) / capacity
                if first { height = resolved.template.height }
                x += Double(groupsLeft) * (resolved.template.width + spacing) - (first ? spacing : 0)
            }
            // Snapped as the cells' edges are (a cell ending at the last group's edge ends at most at
            // its snapped value), so the band holds its last cell.
            return UnitLayout(height: height, elements: placement.elements, scrollingWidth: PointGrid.snap(x + resolved.trailingInset),
                              warnings: placement.warnings, groupFrames: placement.groupFrames, isComplete: left == 0)
        }
    }

    /// A header or footer: its content self-sized (or sized as declared) across the section's content width.
    private func boundaryItem(_ kind: String, of resolved: ResolvedSection, section: Int, plan: ResolvedPlan<[ResolvedSection?]>,
                              sizer: CellSizer) throws -> UnitLayout {
        guard let item = resolved.section.boundarySupplementaryItems.first(where: { $0.kind == kind }),
              var content = plan.content.sections[section].supplementary[kind] else { return UnitLayout(height: 0, elements: []) }
        let environment = plan.environment
        let sectionContent = plan.content.sections[section]
        let firstCell = sectionContent.cellCount > 0 ? try sectionContent.cell(0) : nil
        if let insets = Self.boundaryInsets(for: content, in: resolved, firstCell: firstCell, environment: environment) {
            content.followsLayoutMargins = false  // in line with the section's content (BoundaryMargins.swift)
            content.insets.leading = insets.leading
            content.insets.trailing = insets.trailing
        }
        let width = item.size.width.isEstimated ? nil
            : item.size.width.resolved(width: resolved.boundaryWidth, height: environment.containerHeight)
        let height = item.size.height.isEstimated ? nil
            : item.size.height.resolved(width: resolved.boundaryWidth, height: environment.containerHeight)
        let proposal = SizeProposal(width: width.map { .exact($0) } ?? .unspecified, height: height.map { .exact($0) } ?? .unspecified)
        let measurement: CellMeasurement
        do {
            measurement = try sizer.measure(content, proposal: proposal, environment: environment.text)
        } catch ReflowError.widthTooSmall(let width, let category, let needed) {
            throw ReflowError.itemTooNarrow(width: width, category: category, needed: needed,
                                            indexPath: IndexPath(item: 0, section: section))
        }
        let category = ElementRole.supplementary(kind: kind)
        let frame = Rect(x: resolved.boundaryLeading, y: 0, width: measurement.size.width, height: measurement.size.height)
        var warnings: [LayoutWarning] = []
        if measurement.isClipped {
            warnings.append(LayoutWarning(kind: .clipped, role: category, indexPath: IndexPath(item: 0, section: section),
                                          given: frame.height, needed: measurement.naturalHeight))
        }
        let attributes = LayoutAttributes(role: category, indexPath: IndexPath(item: 0, section: section), cell: content,
                                          measurement: measurement, frame: frame, zIndex: item.zIndex)
        return UnitLayout(height: item.extendsBoundary ? frame.height : 0, elements: [attributes], warnings: warnings)
    }

    public func sectionElements(_ section: Int, marks: [Double], of plan: ResolvedPlan<[ResolvedSection?]>) -> [LayoutAttributes] {
        let resolved = resolved(plan, section)
        let top = marks[resolved.contentMarks.start], bottom = marks[resolved.contentMarks.end]
        let width = plan.environment.containerWidth
        return resolved.section.decorationItems.map { decoration in
            let insets = decoration.contentInsets
            let frame = Rect(x: insets.leading, y: top + insets.top, width: max(0, width - insets.horizontal),
                             height: max(0, bottom - top - insets.vertical))
            return LayoutAttributes(role: .decoration(kind: decoration.kind), indexPath: IndexPath(item: 0, section: section),
                                    frame: frame, zIndex: decoration.zIndex)
        }
    }
}
