import TextMetrics

extension InteractiveMovement {
    /// Where the lifted item would land if dropped with its centre at `position` (page
    /// coordinates), as `targetIndexPath(forInteractivelyMovingItem:withPosition:)` answers.
    ///
    /// The rule, the midpoint rule of UIKit's list and flow layouts made general:
    /// - **The section** is the one whose extent holds the position's y (above the first: the
    ///   first; below the last: the last). A section whose cells cannot be reordered (a table) or
    ///   that has no cells keeps the current target.
    /// - **The place** is the number of the section's other cells the position has passed: a
    ///   cell is passed when it lies wholly above the position, or when the position is level with
    ///   it and past its middle — along the line when the cell shares its line with other cells
    ///   (a grid's row, a flow's line: past its horizontal middle in the reading direction, so to
    ///   its left in right to left), down the page when it is alone on its line (a list's row:
    ///   below its vertical middle). Because the others have already flowed around the lifted
    ///   item's place, a cell passed stays passed until the position goes back over its new
    ///   middle: the target does not flicker between two places.
    /// - In an orthogonal section (a band that scrolls on its own) only the cells the band shows
    ///   at rest count: the item does not go into the band's hidden part.
    public func targetIndexPath(for position: Point) -> IndexPath {
        let plan = layout.plan
        let content = plan.content
        guard let section = section(at: position.y), content.reorderRefusal(section: section) == nil else { return target }
        let cellUnits = plan.sectionCellUnits[section]
        guard !cellUnits.isEmpty else { return target }
        let tops = layout.unitTops, heights = layout.unitHeights
        // Cell units wholly above the position: all their cells are passed.
        var low = cellUnits.lowerBound, high = cellUnits.upperBound
        while low < high {
            let middle = (low + high) / 2
            if tops[middle] + heights[middle] <= position.y { low = middle + 1 } else { high = middle }
        }
        return Self.place(in: section, of: plan, target: target, position: position, firstUnitNotAbove: low,
                          top: { tops[$0] }, cells: { layout.elements(ofUnit: $0).filter { $0.role == .cell } })
    }

    /// The place part of the rule (see `targetIndexPath(for:)`), over any layout of `plan` (eager
    /// or lazy): the cells of `section` passed at `position`, with `target` the lifted item's
    /// place in the would-be order `plan` lays out. `unit` is the first of the section's cell
    /// units not wholly above the position; `top` gives a unit's top, `cells` its cells' attributes
    /// (read only for the units level with the position, or for a band, every unit).
    static func place(in section: Int, of plan: LayoutPlan, target: IndexPath, position: Point, firstUnitNotAbove unit: Int,
                      top: (Int) throws -> Double, cells: (Int) throws -> [LayoutAttributes]) rethrows -> IndexPath {
        let cellUnits = plan.sectionCellUnits[section]
        let isOrthogonal = plan.orthogonalSections.contains(section)
        let width = plan.environment.containerWidth
        let rightToLeft = plan.environment.layoutDirection == .rightToLeft
        // The lifted item's place is not one of the others: it is never counted as passed.
        let placeholder: IndexPath? = target.section == section ? target : nil
        var passed = 0
        if unit > cellUnits.lowerBound, !isOrthogonal {
            passed = plan.units[unit - 1].items.upperBound
            if let placeholder, placeholder.item < passed { passed -= 1 }
        }
        // Units level with the position (or, for a band, every unit): cell by cell.
        let levelUnits = isOrthogonal ? cellUnits : unit..<cellUnits.upperBound
        for index in levelUnits {
            guard try isOrthogonal || top(index) <= position.y else { break }
            let cells = try cells(index)
            for cell in cells where cell.indexPath != placeholder {
                let frame = cell.frame
                if isOrthogonal, frame.minX >= width || frame.maxX <= 0 { continue }  // the band's hidden part
                let isPassed: Bool
                if frame.maxY <= position.y, !isOrthogonal {
                    isPassed = true
                } else if frame.minY > position.y, !isOrthogonal {
                    isPassed = false
                } else if isOrthogonal || cells.contains(where: { $0.indexPath != cell.indexPath && Self.shareLine(frame, $0.frame) }) {
                    isPassed = rightToLeft ? position.x < frame.midX : position.x > frame.midX
                } else {
                    isPassed = position.y > frame.midY
                }
                if isPassed { passed += 1 }
            }
        }
        // The section's cells in the would-be order, less the lifted item where it now is.
        let others = plan.content.sections[section].cellCount - (section == target.section ? 1 : 0)
        return IndexPath(item: min(max(0, passed), others), section: section)
    }

    /// Whether two cells are on one line: their vertical spans overlap by more than half the shorter.
    static func shareLine(_ a: Rect, _ b: Rect) -> Bool {
        let overlap = min(a.maxY, b.maxY) - max(a.minY, b.minY)
        return overlap > 0.5 * min(a.height, b.height)
    }

    /// The section whose extent holds `y`, the nearest one when none does; nil without sections.
    private func section(at y: Double) -> Int? {
        let extents = layout.sectionExtents
        guard !extents.isEmpty else { return nil }
        var best: (section: Int, distance: Double)?
        for (section, extent) in extents.enumerated() where !layout.plan.sectionUnits[section].isEmpty {
            if extent.contains(y) { return section }
            let distance = y < extent.lowerBound ? extent.lowerBound - y : y - extent.upperBound
            if best == nil || distance < best!.distance { best = (section, distance) }
        }
        return best?.section
    }
}
