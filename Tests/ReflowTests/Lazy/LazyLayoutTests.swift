import PropertyBased
import Testing
import TextMetrics
@testable import Reflow

/// The lazy layout's structures, checked against plain sums (the eager answer).
@Suite struct LazyLayoutTests {
    @Test func fenwickPrefixSumsEqualPlainSums() async {
        await propertyCheck(count: 50, input: Gen.double(in: 0...500).array(of: 1...200)) { values in
            var tree = FenwickTree(values.map(PointGrid.snap))
            var running = 0.0
            for index in 0...values.count {
                #expect(tree.prefixSum(index) == running)
                if index < values.count { running += PointGrid.snap(values[index]) }
            }
        }
    }

    /// Rows of a list: y(i) = top + Σ heights before + i × spacing.
    static func list(heights: [Double], keys: [Int], spacing: Double, top: Double, bottom: Double,
                     estimate: Estimate) -> LazyLayout {
        let offsets = heights.indices.map { top + Double($0) * spacing }
        let end = top + bottom + Double(max(0, heights.count - 1)) * spacing
        return LazyLayout(keys: keys, keyCount: (keys.max() ?? 0) + 1, offsets: offsets, endOffset: end, estimate: estimate)
    }

    @Test func onceEveryRowIsMeasuredFramesEqualTheEagerLayoutExactly() async {
        let input = Gen.double(in: 44...900).array(of: 1...300)
        await propertyCheck(count: 40, input: input, Gen.int(in: 0...1_000_000)) { raw, seed in
            let heights = raw.map(PointGrid.snap)
            let keys = heights.indices.map { ($0 * 7 + seed) % 3 }
            for estimate in [Estimate.fixed(200), .automatic(initial: 44)] {
                var lazy = Self.list(heights: heights, keys: keys, spacing: 8, top: 11.25, bottom: 11.25, estimate: estimate)
                // Measure in a scrambled order, as scrolling and jumping would.
                var order = Array(heights.indices)
                var state = UInt64(seed) &+ 1
                for index in order.indices.reversed() {
                    state = state &* 6364136223846793005 &+ 1442695040888963407
                    order.swapAt(index, Int(state >> 33) % (index + 1))
                }
                for row in order { lazy.setHeight(heights[row], of: row) }
                var eagerY = 11.25
                for row in heights.indices {
                    #expect(lazy.y(of: row) == eagerY)
                    eagerY += heights[row] + 8
                }
                #expect(lazy.contentHeight() == eagerY - 8 + 11.25)
            }
        }
    }

    @Test func unmeasuredRowsCarryTheRunningAveragePerKey() {
        var layout = Self.list(heights: Array(repeating: 0, count: 6), keys: [0, 0, 1, 1, 0, 1],
                               spacing: 0, top: 0, bottom: 0, estimate: .automatic(initial: 50))
        #expect(layout.height(of: 0) == 50)
        layout.setHeight(100, of: 0)
        // Key 1 has no sample yet: it takes the average over every measured row.
        #expect(layout.height(of: 2) == 100)
        layout.setHeight(40, of: 2)
        layout.setHeight(200, of: 1)
        #expect(layout.height(of: 4) == 150)
        #expect(layout.height(of: 5) == 40)
        #expect(layout.contentHeight() == 100 + 200 + 40 + 40 + 150 + 40)
    }

    @Test func weightedUnitsAreEstimatedByTheirKeysRatePerWeight() {
        // Flow sections of 10, 30 and 20 cells: the rate is measured height per cell.
        var layout = LazyLayout(keys: [0, 0, 0], weights: [10, 30, 20], keyCount: 1, offsets: [0, 0, 0], endOffset: 0,
                                estimate: .automatic(initial: 5))
        #expect(layout.height(of: 1) == 150, "30 cells at the initial 5 pt each")
        layout.setHeight(120, of: 0)  // 12 pt per cell
        #expect(layout.height(of: 1) == 360)
        #expect(layout.height(of: 2) == 240)
        #expect(layout.y(of: 2) == 120 + 360)
        layout.setHeight(240, of: 1)  // (120 + 240) / 40 = 9 pt per cell
        #expect(layout.height(of: 2) == 180)
        #expect(layout.contentHeight() == 120 + 240 + 180)
        layout.invalidate(0)
        #expect(layout.height(of: 0) == 80, "back to the estimate: 10 cells at 240 / 30 = 8 pt")
    }

    @Test func unitAtYFindsTheUnitContainingIt() {
        var layout = Self.list(heights: [0, 0, 0], keys: [0, 0, 0], spacing: 10, top: 5, bottom: 5, estimate: .fixed(100))
        // Rows at 5..<105, 115..<215, 225..<325.
        #expect(layout.index(at: 0) == 0)
        #expect(layout.index(at: 104) == 0)
        #expect(layout.index(at: 114) == 0)  // spacing belongs to the row above
        #expect(layout.index(at: 115) == 1)
        #expect(layout.index(at: 1000) == 2)
    }

    @Test func invalidatingOneUnitTouchesLogarithmicallyManyNodes() {
        for count in [1_000, 1_000_000] {
            // Three keys, as a document of headings, paragraphs and list items has.
            var layout = LazyLayout(keys: (0..<count).map { $0 % 3 }, keyCount: 3,
                                        offsets: Array(repeating: 0, count: count), endOffset: 0, estimate: .fixed(50))
            layout.setHeight(80, of: count / 2)
            let before = layout.nodesTouched
            layout.invalidate(count / 2)
            layout.setHeight(120, of: count / 2)
            let touched = layout.nodesTouched - before
            // A handful of O(log n) walks per key (update plus content-height reads), never O(n).
            let log2 = count.bitWidth - count.leadingZeroBitCount
            #expect(touched <= 3 * 12 * log2, "\(touched) nodes touched for n = \(count)")
        }
    }
}
