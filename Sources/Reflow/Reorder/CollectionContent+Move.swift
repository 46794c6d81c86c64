import TextMetrics

/// Why a cell cannot be moved where it was asked to go.
public enum MoveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No cell is at the index path.
    case noCell(IndexPath)
    /// The section's cells cannot be reordered (a table's cells form its rows and columns).
    case notMovable(section: Int, reason: String)
    /// The target index path is outside the sections or past their ends.
    case targetOutOfRange(IndexPath, limit: String)

    public var description: String {
        switch self {
        case .noCell(let indexPath):
            "no cell at \(indexPath.section).\(indexPath.item): pick a cell that exists (section.item, both from 0)"
        case .notMovable(let section, let reason):
            "the cells of section \(section) cannot be moved: \(reason)"
        case .targetOutOfRange(let indexPath, let limit):
            "there is no place \(indexPath.section).\(indexPath.item) to move to: \(limit)"
        }
    }
}

extension CollectionContent {
    /// Why the cells of `section` cannot be reordered, or nil when they can: a Markdown table's
    /// cells are its rows and columns, so moving one would scramble the table.
    public func reorderRefusal(section: Int) -> String? {
        sections[section].table != nil ? "they form a table's rows and columns" : nil
    }

    /// Throws `MoveError` unless there is a cell at `item` and its section's cells can be reordered.
    public func checkMovable(_ item: IndexPath) throws {
        guard sections.indices.contains(item.section), (0..<sections[item.section].cellCount).contains(item.item) else {
            throw MoveError.noCell(item)
        }
        if let reason = reorderRefusal(section: item.section) { throw MoveError.notMovable(section: item.section, reason: reason) }
    }

    /// The content after the data source's move: the cell at `source` taken out and put in at
    /// `target` (an index path in the content without it: an item in `0...count` of the target
    /// section's other cells). Every other cell keeps its order. Cells read on demand stay so.
    public func movingItem(at source: IndexPath, to target: IndexPath) throws -> CollectionContent {
        try checkMovable(source)
        guard sections.indices.contains(target.section) else {
            throw MoveError.targetOutOfRange(target, limit: "sections are 0 to \(sections.count - 1)")
        }
        if let reason = reorderRefusal(section: target.section) { throw MoveError.notMovable(section: target.section, reason: reason) }
        let others = sections[target.section].cellCount - (target.section == source.section ? 1 : 0)
        guard (0...others).contains(target.item) else {
            throw MoveError.targetOutOfRange(target, limit: "section \(target.section) has places 0 to \(others)")
        }
        guard source != target else { return self }
        var moved = self
        if source.section == target.section {
            moved.sections[source.section] = sections[source.section].reordered(count: sections[source.section].cellCount) {
                Self.origin(of: $0, from: source.item, to: target.item)
            }
        } else {
            let from = sections[source.section], into = sections[target.section]
            moved.sections[source.section] = from.reordered(count: from.cellCount - 1) { $0 < source.item ? $0 : $0 + 1 }
            let cell = try from.cell(source.item)
            moved.sections[target.section] = into.inserting(cell, at: target.item)
        }
        return moved
    }

    /// For a move within a section from `from` to `to`: which item (before the move) is at `place` after it.
    static func origin(of place: Int, from: Int, to: Int) -> Int {
        if place == to { return from }
        if from < to, place >= from, place < to { return place + 1 }
        if to < from, place > to, place <= from { return place - 1 }
        return place
    }
}

extension CollectionContent.Section {
    /// This section with its cells in a new order: place i holds old item `origin(i)`.
    func reordered(count: Int, _ origin: @escaping @Sendable (Int) -> Int) -> Self {
        var section = self
        switch storage {
        case .array(let cells):
            section.storage = .array((0..<count).map { cells[origin($0)] })
        case .lazy(let cells):
            section.storage = .lazy(LazyCells(count: count) { try cells.cell(origin($0)) })
        }
        return section
    }

    /// This section with `cell` put in at `item`.
    func inserting(_ cell: Cell, at item: Int) -> Self {
        var section = self
        switch storage {
        case .array(var cells):
            cells.insert(cell, at: item)
            section.storage = .array(cells)
        case .lazy(let cells):
            section.storage = .lazy(LazyCells(count: cells.count + 1) { place in
                place == item ? cell : try cells.cell(place < item ? place : place - 1)
            })
        }
        return section
    }
}
