import Reflow
import Testing
import TextMetrics

/// `LazyCells.readAll(threads:)`: what a layout of every cell does first (`layout`, `check`, a
/// sweep of sizes), reading a large screen's blocks on every core instead of one block at a time
/// as the layout reaches it.
@Suite struct LazyCellsReadAllTests {
    private struct Unreadable: Error, Equatable { let item: Int }

    /// Cells numbered by their item, each read counted.
    private static func cells(count: Int, failing: Set<Int> = [], reads: Locked<[Int]>) -> LazyCells {
        LazyCells(count: count) { item in
            reads.withLock { $0.append(item) }
            if failing.contains(item) { throw Unreadable(item: item) }
            return Cell(kind: .paragraph, style: .body, text: StyledText("cell \(item)"))
        }
    }

    @Test(arguments: [1, 2, 3, 8])
    func everyCellIsReadOnceAndKept(threads: Int) throws {
        let reads = Locked<[Int]>([])
        let count = 5 * LazyCells.blockSize + 17
        let lazy = Self.cells(count: count, reads: reads)
        _ = try lazy.cell(LazyCells.blockSize)  // a block read before: not read again
        try lazy.readAll(threads: threads)
        #expect(lazy.blocksRead == 6)
        #expect(reads.withLock { $0.sorted() } == Array(0..<count), "each cell read exactly once")
        #expect(try lazy.cell(count - 1).text.string == "cell \(count - 1)")
        try lazy.readAll(threads: threads)
        #expect(reads.withLock { $0.count } == count, "a second call reads nothing")
    }

    /// Two blocks that cannot be read, taken by different threads: the error is always the first
    /// one in order, as a layout reading the blocks in order would have thrown.
    @Test func theFirstBlockThatFailsInOrderIsTheErrorThrown() {
        for _ in 0..<20 {
            let reads = Locked<[Int]>([])
            let early = 2 * LazyCells.blockSize + 5, late = 3 * LazyCells.blockSize + 1
            let lazy = Self.cells(count: 6 * LazyCells.blockSize, failing: [early, late], reads: reads)
            #expect(throws: Unreadable(item: early)) { try lazy.readAll(threads: 2) }
        }
    }

    @Test func anEmptySectionReadsNothing() throws {
        let reads = Locked<[Int]>([])
        let lazy = Self.cells(count: 0, reads: reads)
        try lazy.readAll(threads: 4)
        #expect(lazy.blocksRead == 0)
        #expect(reads.withLock { $0.isEmpty })
    }
}
