/// Which cell is where while one item moves: the arithmetic an interactive movement (eager or
/// lazy) uses to tell the units that still hold the same cells from those that must be placed again.
struct MoveMapping {
    /// The item lifted, at its index path before the movement.
    let source: IndexPath

    /// Which cell (its index path before the movement) is at `place` when the item lands at `target`.
    func origin(of place: IndexPath, target: IndexPath) -> IndexPath {
        if target.section == source.section {
            guard place.section == source.section else { return place }
            return IndexPath(item: CollectionContent.origin(of: place.item, from: source.item, to: target.item), section: place.section)
        }
        if place.section == source.section {
            return place.item < source.item ? place : IndexPath(item: place.item + 1, section: place.section)
        }
        if place.section == target.section {
            if place.item == target.item { return source }
            return place.item < target.item ? place : IndexPath(item: place.item - 1, section: place.section)
        }
        return place
    }

    /// Whether `unit`'s cells are the same cells with the item at `old` as with it at `new`.
    func holdsSameCells(_ unit: LayoutPlan.Unit, before old: IndexPath, after new: IndexPath) -> Bool {
        guard unit.role == .cells else { return true }
        for item in unit.items {
            let place = IndexPath(item: item, section: unit.section)
            if origin(of: place, target: old) != origin(of: place, target: new) { return false }
        }
        return true
    }

    /// Each unit of `new`'s counterpart in `old`: the unit at the same place among its section's
    /// units, when it holds the same items in the same role (a section's units before the first
    /// that differs; after a cell leaves or joins a section its later units may be cut otherwise).
    static func counterparts(from old: LayoutPlan, to new: LayoutPlan) -> [Int?] {
        var counterpart = [Int?](repeating: nil, count: new.unitCount)
        for section in new.content.sections.indices {
            let before = old.sectionUnits[section], after = new.sectionUnits[section]
            for offset in 0..<min(before.count, after.count) {
                let a = old.units[before.lowerBound + offset], b = new.units[after.lowerBound + offset]
                guard a.items == b.items, a.role == b.role else { break }
                counterpart[after.lowerBound + offset] = before.lowerBound + offset
            }
        }
        return counterpart
    }
}
