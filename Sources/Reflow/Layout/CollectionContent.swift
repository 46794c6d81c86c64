import Dispatch
import TextMetrics

/// What a layout places: sections of cells, and per section the content of its supplementary
/// elements (a header's text, a footer's), keyed by their kind. Documents have cells only; a
/// screen file gives its sections headers and footers too. A value: laying it out never changes it.
///
/// A section's cells are held in an array, or read on demand (`LazyCells`: a large screen file's
/// cells are parsed when a layout first lays them out), so layouts ask a section for the cells of
/// a unit (`cells(_:)`) rather than for all of them.
public struct CollectionContent: Hashable, Sendable {
    public struct Section: Hashable, Sendable {
        enum Storage: Hashable, Sendable {
            case array([Cell])
            case lazy(LazyCells)
        }

        var storage: Storage
        /// The content of supplementary elements by kind (`header`, `footer`); a layout that
        /// declares such an element for the section draws this content in it.
        public var supplementary: [String: Cell]
        /// For a Markdown table's section: how its cells form rows and columns.
        public var table: TableShape?

        public init(cells: [Cell], supplementary: [String: Cell] = [:], table: TableShape? = nil) {
            storage = .array(cells)
            self.supplementary = supplementary
            self.table = table
        }

        /// A section whose cells are read when they are needed.
        public init(lazyCells: LazyCells, supplementary: [String: Cell] = [:]) {
            storage = .lazy(lazyCells)
            self.supplementary = supplementary
        }

        public var cellCount: Int {
            switch storage {
            case .array(let cells): cells.count
            case .lazy(let cells): cells.count
            }
        }

        /// The cells of `items`.
        public func cells(_ items: Range<Int>) throws -> [Cell] {
            switch storage {
            case .array(let cells): return Array(cells[items])
            case .lazy(let cells): return try cells.cells(items)
            }
        }

        /// The cells of `items` where they are held, not copied one by one (`LazyCells.slice(_:)`):
        /// what a layout's unit places, at every size.
        func slice(_ items: Range<Int>) throws -> ArraySlice<Cell> {
            switch storage {
            case .array(let cells): return cells[items]
            case .lazy(let cells): return try cells.slice(items)
            }
        }

        /// Cell `item`.
        public func cell(_ item: Int) throws -> Cell {
            switch storage {
            case .array(let cells): return cells[item]
            case .lazy(let cells): return try cells.cell(item)
            }
        }

        /// Cell `item`'s style (`Cell.style`), read in place: a plan asks it of every row at
        /// every text-size change, where copying each cell would cost more than the plan itself.
        public func style(ofItem item: Int) throws -> TextStyle {
            switch storage {
            case .array(let cells): return cells.withUnsafeBufferPointer { $0[item].style }
            case .lazy(let cells): return try cells.cell(item).style
            }
        }

        /// Every cell (all of them read, for lazy cells).
        public var cells: [Cell] {
            get throws { try cells(0..<cellCount) }
        }
    }

    public var sections: [Section]

    public init(sections: [Section]) {
        self.sections = sections
    }

    /// Sections of cells without supplementary content.
    public init(sections: [[Cell]]) {
        self.sections = sections.map { Section(cells: $0) }
    }

    /// The cell at `indexPath`, if there is one.
    public func cell(at indexPath: IndexPath) throws -> Cell? {
        guard sections.indices.contains(indexPath.section), (0..<sections[indexPath.section].cellCount).contains(indexPath.item)
        else { return nil }
        return try sections[indexPath.section].cell(indexPath.item)
    }

    /// Reads every lazy section's cells now, `threads` at a time (`LazyCells.readAll(threads:)`):
    /// before a layout of every cell. Sections held in arrays have nothing to read.
    public func readAllCells(threads: Int) throws {
        for section in sections {
            if case .lazy(let cells) = section.storage { try cells.readAll(threads: threads) }
        }
    }

    /// The number of cells in every section together.
    public var cellCount: Int { sections.reduce(0) { $0 + $1.cellCount } }
}

/// Cells read on demand: `count` of them, made by `read(i)` the first time one of their block is
/// asked for and kept from then on (blocks of `blockSize` cells, so the first screen of a huge
/// screen file reads a few hundred cells, and a whole layout reads each cell once, not once per
/// text size). Safe to share between threads: the blocks are behind a lock. Equal only to itself.
public final class LazyCells: Hashable, Sendable {
    public let count: Int
    private let read: @Sendable (Int) throws -> Cell
    private let blocks: Locked<[Int: [Cell]]>
    /// Cells read together.
    public static let blockSize = 256

    public init(count: Int, read: @escaping @Sendable (Int) throws -> Cell) {
        self.count = count
        self.read = read
        self.blocks = Locked([:])
    }

    public func cell(_ item: Int) throws -> Cell {
        precondition((0..<count).contains(item), "cell \(item) of \(count)")
        return try block(item / Self.blockSize)[item % Self.blockSize]
    }

    /// Cells `items`, a block at a time (one lookup a block, not one a cell: a grid's row asks
    /// for its cells at every size).
    public func cells(_ items: Range<Int>) throws -> [Cell] {
        precondition(items.lowerBound >= 0 && items.upperBound <= count, "cells \(items) of \(count)")
        var cells: [Cell] = []
        cells.reserveCapacity(items.count)
        var item = items.lowerBound
        while item < items.upperBound {
            let block = item / Self.blockSize, start = block * Self.blockSize
            let end = min(items.upperBound, start + Self.blockSize)
            cells += try self.block(block)[(item - start)..<(end - start)]
            item = end
        }
        return cells
    }

    /// Cells `items` as a slice of the block that holds them all, with no cell copied (a grid's
    /// row of three cells asked for at every size copied each cell and all it holds); a copy of
    /// them, as `cells(_:)` makes, when they span two blocks.
    func slice(_ items: Range<Int>) throws -> ArraySlice<Cell> {
        precondition(items.lowerBound >= 0 && items.upperBound <= count, "cells \(items) of \(count)")
        let block = items.lowerBound / Self.blockSize, start = block * Self.blockSize
        guard items.upperBound <= start + Self.blockSize else { return ArraySlice(try cells(items)) }
        return try self.block(block)[(items.lowerBound - start)..<(items.upperBound - start)]
    }

    /// Block `block`'s cells, read on first use.
    private func block(_ block: Int) throws -> [Cell] {
        if let cells = blocks.withLock({ $0[block] }) { return cells }
        // Read outside the lock (two threads may both read a block; the first one kept wins).
        let start = block * Self.blockSize
        let cells = try (start..<min(count, start + Self.blockSize)).map(read)
        return blocks.withLock { stored in
            if stored[block] == nil { stored[block] = cells }
            return stored[block]!
        }
    }

    /// Reads every block not read yet, `threads` at a time (blocks taken in turn by each): for a
    /// layout that will lay every cell out (`layout`, `check`, every size of a sweep), where
    /// reading them block by block as the layout reaches them left the other core idle with one
    /// size, and with two sizes side by side had both workers read every block (each found it
    /// missing at the same moment). What is read is what `cell(_:)` would read; the error thrown
    /// is the one of the first block, in order, that fails, as a layout reading them in order throws.
    public func readAll(threads: Int) throws {
        let total = (count + Self.blockSize - 1) / Self.blockSize
        let missing = blocks.withLock { stored in (0..<total).filter { stored[$0] == nil } }
        guard !missing.isEmpty else { return }
        let lanes = max(1, min(threads, missing.count))
        let failures = Locked<[Int: any Error]>([:])
        DispatchQueue.concurrentPerform(iterations: lanes) { lane in
            for position in stride(from: lane, to: missing.count, by: lanes) {
                do { _ = try block(missing[position]) } catch {
                    failures.withLock { $0[missing[position]] = error }
                    return
                }
            }
        }
        if let first = failures.withLock({ $0.min { $0.key < $1.key } }) { throw first.value }
    }

    /// Blocks read so far: the first screen of a large screen file reads only the block it shows
    /// (`ScreenFileTests`).
    public var blocksRead: Int { blocks.withLock { $0.count } }

    public static func == (a: LazyCells, b: LazyCells) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
