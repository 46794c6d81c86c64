import Reflow
import TextMetrics

/// The order the live page shows its cells in: the moves a person made by dragging or from the
/// keyboard since the page loaded, in turn (`order=0.3:0.5,1.2:1.0`). The page sends it with every
/// picture and layout request, and the server makes each move on the document's content before
/// laying it out (the engine's data-source move, `CollectionContent.movingItem`), so the page,
/// `/layout.json` and the pictures show one order. Without `serve --allow-edits` the order lives
/// in the page: the file is not touched.
///
/// A move `from:to` takes the cell at index path `from` (of the content after the moves before
/// it) out and puts it in at `to` (an index path of the content without it, as a collection
/// view's `moveItem(at:to:)` takes them). A screen's cells move within and across the sections
/// the engine allows (not into a table); a Markdown document's cells that move are a list's
/// items, each within its own list (`checkDocumentMove`).
public struct PageOrder: Hashable, Sendable, CustomStringConvertible {
    /// One move: the cell at `from` put in at `to`.
    public struct Move: Hashable, Sendable {
        public var from: IndexPath
        public var to: IndexPath

        public init(from: IndexPath, to: IndexPath) {
            self.from = from
            self.to = to
        }
    }

    /// The moves, made in turn.
    public var moves: [Move]

    public init(moves: [Move] = []) { self.moves = moves }

    /// The query parameter's name.
    public static let parameter = "order"
    /// The most moves one request carries: each is a drag or a key press of a person, and the
    /// query holds at most 8 KiB (`Query.maximumLength`), so the page folds its moves into
    /// fewer once it has made this many (`PreviewPage`'s script keeps the moves of each cell).
    public static let maximumMoves = 400

    /// No moves: the document's own order.
    public var isEmpty: Bool { moves.isEmpty }

    /// `order`'s value: moves `section.item:section.item`, separated by commas.
    public var description: String {
        moves.map { "\($0.from.section).\($0.from.item):\($0.to.section).\($0.to.item)" }.joined(separator: ",")
    }

    /// The moves of `text`, the `order` parameter's value (empty: none).
    /// - Throws: `BadRequest` saying the form (`section.item:section.item`, numbers from 0) for
    ///   anything else, or for more than `maximumMoves` moves.
    public init(parsing text: String) throws(BadRequest) {
        moves = []
        guard !text.isEmpty else { return }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count <= Self.maximumMoves else {
            throw BadRequest("order has \(parts.count) moves, more than the \(Self.maximumMoves) a request takes; "
                + "reload the page to start from the document's order")
        }
        for part in parts {
            let ends = part.split(separator: ":", omittingEmptySubsequences: false)
            guard ends.count == 2, let from = Self.indexPath(ends[0]), let to = Self.indexPath(ends[1]) else {
                throw BadRequest("order=\(text) is not a list of moves: write each as section.item:section.item "
                    + "(numbers from 0, as 0.3:0.5 moves the fourth cell of the first section to the sixth place), "
                    + "moves separated by commas; '\(part)' is not one")
            }
            moves.append(Move(from: from, to: to))
        }
    }

    /// `section.item`, both whole numbers from 0 written in ASCII digits (at most 9 of them).
    private static func indexPath(_ text: Substring) -> IndexPath? {
        let numbers = text.split(separator: ".", omittingEmptySubsequences: false)
        guard numbers.count == 2, let section = number(numbers[0]), let item = number(numbers[1]) else { return nil }
        return IndexPath(item: item, section: section)
    }

    private static func number(_ text: Substring) -> Int? {
        guard (1...9).contains(text.utf8.count), text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int(text)
    }

    /// A move the page asked for that cannot be made, and why: answered 422 with `description`.
    public struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        /// The move, as `order` wrote it, and which of the moves it was (from 1).
        public let move: String
        public let number: Int
        /// Why, and what can move instead.
        public let reason: String

        public var description: String { "move \(number) of the page's order (\(move)) cannot be made: \(reason)" }
    }

    /// `content` after the moves, in turn, and for each index path of the result the index path
    /// of the cell in `content` it holds (for source lines). Throws `Refusal` for the first move
    /// the engine refuses (`MoveError`: no such cell, a table's cells, no such place) or that
    /// leaves a Markdown list (`checkDocumentMove`).
    /// - Complexity: O(cells of the sections moved) per move; nothing is read or measured.
    public func applied(to content: CollectionContent) throws -> (content: CollectionContent, origin: @Sendable (IndexPath) -> IndexPath) {
        var content = content
        var origins: [Int: [IndexPath]] = [:]
        for (number, move) in moves.enumerated() {
            let written = "\(move.from.section).\(move.from.item):\(move.to.section).\(move.to.item)"
            do {
                let list = try Self.checkDocumentMove(move, in: content)
                // A list item moves with its own blocks, cell by cell, so every other cell keeps its order.
                let steps = list.map { Self.steps(of: $0, from: move.from.item, to: move.to.item) }
                    ?? [(move.from.item, move.to.item)]
                var moved = content
                for section in Set([move.from.section, move.to.section]) where origins[section] == nil {
                    origins[section] = (0..<content.sections[section].cellCount).map { IndexPath(item: $0, section: section) }
                }
                for (from, to) in steps {
                    moved = try moved.movingItem(at: IndexPath(item: from, section: move.from.section),
                                                 to: IndexPath(item: to, section: move.to.section))
                    let origin = origins[move.from.section]!.remove(at: from)
                    origins[move.to.section]!.insert(origin, at: to)
                }
                if let list { try Self.renumber(list, of: move.from.section, in: &moved, as: content) }
                content = moved
            } catch let error as MoveError {
                throw Refusal(move: written, number: number + 1, reason: error.description)
            } catch let error as DocumentMoveError {
                throw Refusal(move: written, number: number + 1, reason: error.reason)
            }
        }
        let kept = origins
        return (content, { indexPath in kept[indexPath.section].flatMap { $0.indices.contains(indexPath.item) ? $0[indexPath.item] : nil } ?? indexPath })
    }

    /// The one-cell moves that take an item's run of cells (at `from`) to `to`, the index of its
    /// first cell after the move: moving up, each cell in turn to its place; moving down, the run's
    /// first cell to the run's last place, as many times as it has cells.
    static func steps(of list: ListMove, from: Int, to: Int) -> [(Int, Int)] {
        let count = list.lengths[list.from]
        return to <= from ? (0..<count).map { (from + $0, to + $0) } : Array(repeating: (from, to + count - 1), count: count)
    }

    /// Where the last move put its cell, as a person counts: its position from 1 among the
    /// places it could take (its list's items in a Markdown document, else its section's cells),
    /// and how many there are: what the page announces ("Moved Travel to position 4 of 6").
    /// Nil without moves, or when they cannot be made.
    public func lastPlace(in content: CollectionContent) -> (position: Int, count: Int)? {
        guard let last = moves.last,
              let before = try? PageOrder(moves: moves.dropLast()).applied(to: content).content,
              before.sections.indices.contains(last.to.section) else { return nil }
        let list: ListMove?
        do { list = try Self.checkDocumentMove(last, in: before) } catch { return nil }
        guard let list else { return (last.to.item + 1, before.sections[last.to.section].cellCount + (last.from.section == last.to.section ? 0 : 1)) }
        return (list.to + 1, list.lengths.count)
    }

    private struct DocumentMoveError: Error { let reason: String }

    /// A Markdown list item's move: its list's items (each an item's first cell and the cells of
    /// its own blocks below it, a nested list, a second paragraph), from the section's cell `start`
    /// on, and the item's place among them before and after the move (from 0).
    struct ListMove: Hashable, Sendable {
        var start: Int
        var lengths: [Int]
        var from: Int
        var to: Int

        /// The first cell of each item, in the section before the move.
        var starts: [Int] { lengths.indices.map { start + lengths[..<$0].reduce(0, +) } }
    }

    /// A document's cells (Markdown, plain text) that move are a list's items, each within its
    /// own list (the items of one depth, one after another in one section), each with the blocks
    /// of its own below it (its nested lists, its other paragraphs), as the file's edit moves its
    /// lines (`MarkdownReorder`). `to` is where the item's first cell ends: the first cell of
    /// another item, or the place after the list's last one, counted without the moved item's
    /// cells (for items of one block, `moveItem(at:to:)`'s place). A heading or paragraph has no
    /// place a person would drop it into. A screen's cells (`item`) are left to the engine's
    /// rules. Returns nil for a screen's cell.
    static func checkDocumentMove(_ move: Move, in content: CollectionContent) throws -> ListMove? {
        guard content.sections.indices.contains(move.from.section),
              content.reorderRefusal(section: move.from.section) == nil,  // a table's: the engine says why
              let cell = try content.cell(at: move.from), cell.kind != .item else { return nil }
        let section = content.sections[move.from.section]
        let cells = try section.cells(0..<section.cellCount)
        let item = move.from.item, at = "\(move.from.section).\(item)"
        guard case .listItem = cell.kind, (cell.nesting ?? Nesting()).marker != nil else {
            if let owner = cells[..<item].lastIndex(where: { ($0.nesting ?? Nesting()).marker != nil }),
               cells[(owner + 1)...item].allSatisfy({ isPart(of: cells[owner], $0) }) {
                throw DocumentMoveError(reason: "the cell at \(at) is part of the list item at \(move.from.section).\(owner), "
                    + "and moves with it; move that item by its first block")
            }
            throw DocumentMoveError(reason: "the cell at \(at) is a \(cell.kind.name), "
                + "and in a Markdown document only a list's items move; pick a list item")
        }
        // The item's cells: its first block and those of its own below it.
        func end(_ index: Int) -> Int {
            var end = index + 1
            while end < cells.count, isPart(of: cells[index], cells[end]) { end += 1 }
            return end
        }
        var starts = [item], last = end(item)
        var before = item - 1
        while before >= 0 {
            if isSibling(cells[before], of: cell) {
                guard end(before) == starts[0] else { break }
                starts.insert(before, at: 0)
            } else if !isPart(of: cell, cells[before]) {
                break  // shallower, or another list: the list starts after it
            }
            before -= 1
        }
        while last < cells.count, isSibling(cells[last], of: cell) {
            starts.append(last)
            last = end(last)
        }
        let lengths = starts.indices.map { ($0 + 1 < starts.count ? starts[$0 + 1] : last) - starts[$0] }
        let from = starts.firstIndex(of: item)!, count = lengths[from]
        // Places in the section without the item's cells: where each other item starts, and the list's end.
        var places = [Int]()
        for (position, first) in starts.enumerated() where position != from { places.append(first < item ? first : first - count) }
        places.append(last - count)
        let list = "\(move.from.section).\(starts[0]) to \(move.from.section).\(last - count)"
        guard move.to.section == move.from.section, (starts[0]...(last - count)).contains(move.to.item) else {
            throw DocumentMoveError(reason: "a list item moves within its own list\(starts.count > 1 ? "" : " (here it is its list's only item)"), "
                + "and its list's places are \(list); \(move.to.section).\(move.to.item) is outside it"
                + (cell.nesting?.containers.count ?? 0 > 1 ? " (a nested item moves within its own nested list)" : ""))
        }
        guard let to = places.firstIndex(of: move.to.item) else {
            throw DocumentMoveError(reason: "\(move.to.section).\(move.to.item) is inside a list item's own blocks, "
                + "not a place between the items of \(at)'s list; its places are "
                + places.map { "\(move.from.section).\($0)" }.joined(separator: ", ")
                + " (counted without the \(count) cell\(count == 1 ? "" : "s") of the item moved)")
        }
        return ListMove(start: starts[0], lengths: lengths, from: from, to: to)
    }

    /// A numbered list's numbers belong to its places, not its items: after a move, the items of
    /// `list` in `moved` show the markers the items at their places showed in `before` (1., 2., 3.
    /// stay in order). Bullets and task boxes are left with their items; an item's own blocks
    /// (a nested list's numbers) move with it unchanged.
    static func renumber(_ list: ListMove, of section: Int, in moved: inout CollectionContent,
                         as before: CollectionContent) throws {
        let old = try before.sections[section].cells(0..<before.sections[section].cellCount)
        let markers = list.starts.map { (old[$0].nesting ?? Nesting()).marker ?? "" }
        let numbered = { (marker: String) in
            marker.count > 1 && (marker.hasSuffix(".") || marker.hasSuffix(")")) && marker.dropLast().allSatisfy { ("0"..."9").contains($0) }
        }
        guard markers.allSatisfy(numbered) else {
            return
        }
        var lengths = list.lengths
        lengths.insert(lengths.remove(at: list.from), at: list.to)
        let starts = ListMove(start: list.start, lengths: lengths, from: 0, to: 0).starts
        var cells = try moved.sections[section].cells(0..<moved.sections[section].cellCount)
        for (place, first) in starts.enumerated() {
            guard var nesting = cells[first].nesting, case Nesting.Container.listItem(let column, _)? = nesting.containers.last else { continue }
            nesting.containers[nesting.containers.count - 1] = .listItem(column: column, marker: markers[place])
            cells[first].nesting = nesting
        }
        let kept = moved.sections[section]
        moved.sections[section] = CollectionContent.Section(cells: cells, supplementary: kept.supplementary, table: kept.table)
    }

    /// Whether `other` is an item of the same list as `cell`: a first block of an item at the same depth, in a list whose marker column is the same.
    private static func isSibling(_ other: Cell, of cell: Cell) -> Bool {
        let (a, b) = (other.nesting ?? Nesting(), cell.nesting ?? Nesting())
        guard other.kind == cell.kind, a.marker != nil else { return false }
        return a.containers.dropLast() == b.containers.dropLast() && column(a.containers.last) == column(b.containers.last)
    }

    /// Whether `next`, the cell after `cell`, belongs to `cell`'s item: inside every container
    /// of it (the item's own list item included), after its first block.
    private static func isPart(of cell: Cell, _ next: Cell) -> Bool {
        let (a, b) = ((cell.nesting ?? Nesting()).containers, (next.nesting ?? Nesting()).containers)
        return b.count >= a.count && zip(a, b).allSatisfy { unmarked($0) == unmarked($1) }
            && !(b.count == a.count && (next.nesting ?? Nesting()).marker != nil)
    }

    /// A container without the marker its first block shows.
    private static func unmarked(_ container: Nesting.Container) -> Nesting.Container {
        if case .listItem(let column, _) = container { return .listItem(column: column, marker: nil) }
        return container
    }

    private static func column(_ container: Nesting.Container?) -> String? {
        if case .listItem(let column, _)? = container { return column }
        return nil
    }
}

extension Query {
    /// The page's order (`order`, given at most once) and the query without it, for the
    /// preview's own parameters.
    /// - Throws: `BadRequest` for an order that cannot be read, or given twice.
    public func takingOrder() throws(BadRequest) -> (order: PageOrder, rest: Query) {
        let given = items.filter { $0.name == PageOrder.parameter }
        guard given.count <= 1 else {
            throw BadRequest("order is given \(given.count) times; give it once, all moves in one list separated by commas")
        }
        return (try PageOrder(parsing: given.first?.value ?? ""), Query(items: items.filter { $0.name != PageOrder.parameter }))
    }
}

extension LayoutInput {
    /// This input with its cells in `order` (the content moved, source lines following their cells).
    func ordered(_ order: PageOrder) throws -> LayoutInput {
        guard !order.isEmpty else { return self }
        let (content, origin) = try order.applied(to: self.content)
        let source = self.source.map { lines in { @Sendable (indexPath: IndexPath) in lines(origin(indexPath)) } }
        var ordered = LayoutInput(format: format, content: content, layout: layout, source: source,
                                  firstInvalidByte: firstInvalidByte, nulCount: nulCount, documentSettings: documentSettings)
        ordered.firstInvalidByteLocation = firstInvalidByteLocation
        ordered.imageWarnings = imageWarnings
        ordered.sourceLineCount = sourceLineCount
        return ordered
    }
}
