import TextMetrics

extension ReorderSession {
    /// Why a drag cannot run or did not reach its place.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// No cell at the item to lift (`existing`: which sections and items there are).
        case noItem(IndexPath, existing: String)
        /// The place to move to is past its section's places, or its section is not there.
        case noPlace(IndexPath, existing: String)
        /// The cells of the section cannot be reordered (a table's).
        case notMovable(IndexPath, isGoal: Bool, reason: String)
        /// The place is in a band's hidden part: a drag reaches only the cells the band shows at rest.
        case hiddenPart(IndexPath, reachable: Int)
        /// The section has no cells for the item to go among (a drag finds no place in it).
        case emptySection(IndexPath)
        /// The item had not reached its place after `limit` frames.
        case tooManyFrames(limit: Int, target: IndexPath, goal: IndexPath)

        static func written(_ indexPath: IndexPath) -> String { "\(indexPath.section).\(indexPath.item)" }

        public var description: String {
            switch self {
            case .noItem(let item, let existing):
                "there is no item \(Self.written(item)) to move: \(existing); write FROM as section.item, both from 0"
            case .noPlace(let place, let existing):
                "there is no place \(Self.written(place)) to move to: \(existing); write TO as section.item, the item's index "
                    + "after the move"
            case .notMovable(let indexPath, let isGoal, let reason):
                "\(isGoal ? "cannot move into" : "cannot move") \(Self.written(indexPath)): the cells of section "
                    + "\(indexPath.section) cannot be moved (\(reason)); pick a section of cells"
            case .hiddenPart(let place, let reachable):
                "place \(Self.written(place)) is in the hidden part of section \(place.section), a band that scrolls on its own: "
                    + "a drag reaches the places it shows at rest, 0 to \(reachable)"
            case .emptySection(let place):
                "cannot move into \(Self.written(place)): section \(place.section) has no cells to drop among; pick a section with cells"
            case .tooManyFrames(let limit, let target, let goal):
                "the drag stopped after \(limit) frames with the item at \(Self.written(target)), not yet at \(Self.written(goal)); "
                    + "allow more frames or raise the finger's speed"
            }
        }
    }

    /// Which sections and items `content` has, for a message: at most 8 sections named.
    static func existing(_ content: CollectionContent) -> String {
        let sections = content.sections.indices.prefix(8).map { section -> String in
            let count = content.sections[section].cellCount
            let items = count == 0 ? "no items" : count == 1 ? "item 0" : "items 0 to \(count - 1)"
            let refusal = content.reorderRefusal(section: section).map { ", which cannot move: \($0)" } ?? ""
            return "section \(section) has \(items)\(refusal)"
        }
        let more = content.sections.count > 8 ? "; and \(content.sections.count - 8) sections more" : ""
        return content.sections.isEmpty ? "there are no sections" : sections.joined(separator: "; ") + more
    }

    /// Checks that `source` is a cell that can move and `goal` a place a drag can reach.
    static func check(source: IndexPath, goal: IndexPath, planned: MeasuringPlan) throws {
        let content = planned.plan.content
        guard content.sections.indices.contains(source.section), (0..<content.sections[source.section].cellCount).contains(source.item)
        else { throw Failure.noItem(source, existing: existing(content)) }
        if let reason = content.reorderRefusal(section: source.section) { throw Failure.notMovable(source, isGoal: false, reason: reason) }
        guard content.sections.indices.contains(goal.section) else { throw Failure.noPlace(goal, existing: existing(content)) }
        if let reason = content.reorderRefusal(section: goal.section) { throw Failure.notMovable(goal, isGoal: true, reason: reason) }
        let others = content.sections[goal.section].cellCount - (goal.section == source.section ? 1 : 0)
        guard goal.item >= 0, goal.item <= others else {
            let places = "section \(goal.section) has places 0 to \(others) for it (\(existing(content)))"
            throw Failure.noPlace(goal, existing: places)
        }
        if others == 0 && goal.section != source.section { throw Failure.emptySection(goal) }
        guard planned.plan.orthogonalSections.contains(goal.section) else { return }
        // A band: only the cells it shows at rest are places (the target rule counts no others).
        let width = planned.environment.containerWidth
        var shown = 0
        for unit in planned.plan.sectionCellUnits[goal.section] {
            shown += try planned.attributes(ofUnit: unit, top: 0).filter {
                $0.role == .cell && $0.indexPath != source && $0.frame.minX < width && $0.frame.maxX > 0
            }.count
        }
        if goal.item > shown { throw Failure.hiddenPart(goal, reachable: shown) }
    }

    /// The frame of the cell at `indexPath` in `unit`, placed at its top in `layout`.
    static func cellFrame(_ indexPath: IndexPath, unit: Int, planned: MeasuringPlan, layout: inout LazyLayout) throws -> Rect {
        let elements = try planned.attributes(ofUnit: unit, top: layout.y(of: unit))
        guard let cell = elements.first(where: { $0.role == .cell && $0.indexPath == indexPath }) else {
            return Rect(x: 0, y: layout.y(of: unit), width: planned.environment.containerWidth, height: layout.height(of: unit))
        }
        return cell.frame
    }

    /// Where the item would land with its centre at `position`: `InteractiveMovement`'s rule
    /// (`targetIndexPath(for:)`: the others whose middle the position has passed, in reading
    /// order; a band's hidden part never) over the lazy layout, reading only the units level with
    /// the position, which are on screen and measured.
    func targetIndexPath(for position: Point) throws -> IndexPath {
        var layout = viewport.layout
        let plan = planned.plan
        let content = plan.content
        guard layout.count > 0 else { return target }
        var unit = layout.index(at: position.y)
        let section = plan.units[unit].section
        guard content.reorderRefusal(section: section) == nil else { return target }
        let cellUnits = plan.sectionCellUnits[section]
        guard !cellUnits.isEmpty else { return target }
        if layout.y(of: unit) + layout.height(of: unit) <= position.y { unit += 1 }
        unit = min(max(unit, cellUnits.lowerBound), cellUnits.upperBound)
        return try InteractiveMovement.place(in: section, of: plan, target: target, position: position, firstUnitNotAbove: unit,
                                             top: { layout.y(of: $0) },
                                             cells: { try planned.attributes(ofUnit: $0, top: layout.y(of: $0)).filter { $0.role == .cell } })
    }

    /// Where the finger heads, in page coordinates: on its place, the lifted item's centre there;
    /// before, just short of the middle of the cell that is to follow it (or just past the middle
    /// of the one to precede it, at a section's end), so the target rule puts it at `goal`. A cell
    /// not measured yet is not read: the finger heads for its estimated top, through the edge zone.
    func aim(layout: inout LazyLayout) throws -> Point {
        let plan = planned.plan
        let here = target.section == goal.section
        if target == goal, let unit = plan.unit(containing: target) {
            let frame = try Self.cellFrame(target, unit: unit, planned: planned, layout: &layout)
            return Point(x: frame.midX, y: frame.midY)
        }
        // The others of the goal's section, in order: the k-th is at place k, or k + 1 past the item.
        func place(ofOther k: Int) -> IndexPath {
            IndexPath(item: here && target.item <= k ? k + 1 : k, section: goal.section)
        }
        let others = plan.content.sections[goal.section].cellCount - (here ? 1 : 0)
        let (cell, before) = goal.item < others ? (place(ofOther: goal.item), true) : (place(ofOther: max(0, goal.item - 1)), false)
        guard let unit = plan.unit(containing: cell) else { return Point(x: finger.x, y: layout.y(of: 0)) }
        guard layout.isMeasured(unit) else { return Point(x: finger.x, y: layout.y(of: unit) + (before ? 0 : layout.height(of: unit))) }
        let elements = try planned.attributes(ofUnit: unit, top: layout.y(of: unit)).filter { $0.role == .cell }
        guard let frame = elements.first(where: { $0.indexPath == cell })?.frame else {
            return Point(x: finger.x, y: layout.y(of: unit))
        }
        let sign = before ? -1.0 : 1.0
        if elements.contains(where: { $0.indexPath != cell && InteractiveMovement.shareLine(frame, $0.frame) }) {
            let forward = plan.environment.layoutDirection == .rightToLeft ? -sign : sign
            return Point(x: frame.midX + forward * frame.width / 4, y: frame.midY)
        }
        return Point(x: frame.midX, y: frame.midY + sign * frame.height / 4)
    }
}
