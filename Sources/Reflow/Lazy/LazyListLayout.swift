/// A one-column layout that knows only some of its rows' heights: measured rows have their real
/// height, the others carry an `Estimate`. Positions and the content height are measured plus
/// estimated, and converge on an eager layout's as measuring goes on.
///
/// Structure: y(i) = offsets[i] + Σ_{j<i} height(j), where `offsets` holds everything that does not
/// depend on heights (section insets, spacing). The sum is split into
///   Σ measured heights before i (a Fenwick tree of measured heights), plus
///   Σ over estimate keys k of estimate(k) × (number of unmeasured rows of key k before i)
///   (one Fenwick tree of counts per key).
/// So measuring or invalidating one row is O(log n), and a running-average estimate can change
/// without touching any row: y(i) costs O(K log n) for K keys (text styles), and finding the row
/// at a y is a binary search over that, O(K log² n).
///
/// Exactness: heights and offsets are snapped to 1/64 pt (as browsers' layout units), so sums are
/// exact in any order and the lazy layout's frames equal an eager layout's bit for bit.
public struct LazyListLayout: Sendable {
    public let keys: [Int]
    public let keyCount: Int
    public private(set) var offsets: [Double]
    public private(set) var endOffset: Double
    public var estimate: Estimate

    private var heights: [Double]  // NaN where unmeasured
    private var measuredTree: FenwickTree
    private var unmeasured: [FenwickTree]
    /// `unmeasured` as it is when nothing is measured, kept so `reset` costs no rebuild.
    private let allUnmeasured: [FenwickTree]
    private var sumByKey: [Double]
    private var countByKey: [Int]
    private var measuredSum = 0.0
    private var measuredCount = 0

    /// The smallest length the layout distinguishes.
    public static let unit = 1.0 / 64.0
    /// `value` snapped to the layout unit.
    public static func snap(_ value: Double) -> Double { (value / unit).rounded() * unit }

    /// - Parameters:
    ///   - keys: each row's estimate key (its text style), in `0..<keyCount`.
    ///   - offsets: each row's height-independent offset (see the type's description).
    ///   - endOffset: the content height less every row's height.
    public init(keys: [Int], keyCount: Int, offsets: [Double], endOffset: Double, estimate: Estimate) {
        precondition(keys.count == offsets.count, "one offset per row")
        precondition(keys.allSatisfy { (0..<keyCount).contains($0) }, "estimate keys in 0..<keyCount")
        self.keys = keys
        self.keyCount = keyCount
        self.offsets = offsets.map(Self.snap)
        self.endOffset = Self.snap(endOffset)
        self.estimate = estimate
        heights = [Double](repeating: .nan, count: keys.count)
        measuredTree = FenwickTree(count: keys.count)
        allUnmeasured = Self.countTrees(keys: keys, keyCount: keyCount)
        unmeasured = allUnmeasured
        sumByKey = [Double](repeating: 0, count: keyCount)
        countByKey = [Int](repeating: 0, count: keyCount)
    }

    /// One tree of counts per key; a key no row has gets an empty tree (it adds nothing).
    private static func countTrees(keys: [Int], keyCount: Int) -> [FenwickTree] {
        var present = [Bool](repeating: false, count: keyCount)
        for key in keys { present[key] = true }
        return (0..<keyCount).map { key in
            guard present[key] else { return FenwickTree(count: 0) }
            return FenwickTree(keys.map { $0 == key ? 1 : 0 })
        }
    }

    public var count: Int { keys.count }
    public var measuredRows: Int { measuredCount }
    public func isMeasured(_ index: Int) -> Bool { !heights[index].isNaN }
    /// The measured height of `index`, or nil.
    public func measuredHeight(_ index: Int) -> Double? { heights[index].isNaN ? nil : heights[index] }

    /// The height an unmeasured row of `key` is given now.
    public func estimatedHeight(forKey key: Int) -> Double {
        switch estimate {
        case .fixed(let height):
            return Self.snap(height)
        case .automatic(let initial):
            if countByKey[key] > 0 { return Self.snap(sumByKey[key] / Double(countByKey[key])) }
            if measuredCount > 0 { return Self.snap(measuredSum / Double(measuredCount)) }
            return Self.snap(initial)
        }
    }

    /// The row's height: measured, or its estimate.
    public func height(of index: Int) -> Double {
        heights[index].isNaN ? estimatedHeight(forKey: keys[index]) : heights[index]
    }

    /// The sum of rows' heights before `index`.
    private mutating func heightsBefore(_ index: Int) -> Double {
        var sum = measuredTree.prefixSum(index)
        for key in 0..<keyCount where unmeasured[key].count > 0 {
            let unmeasuredBefore = unmeasured[key].prefixSum(index)
            if unmeasuredBefore > 0 { sum += unmeasuredBefore * estimatedHeight(forKey: key) }
        }
        return sum
    }

    /// The top of row `index`.
    public mutating func y(of index: Int) -> Double { offsets[index] + heightsBefore(index) }

    public mutating func contentHeight() -> Double { endOffset + heightsBefore(count) }

    /// The row whose box contains `y` (or that precedes it, in spacing): the last row whose top is
    /// at or above `y`; 0 above the first row.
    public mutating func index(at y: Double) -> Int {
        var low = 0, high = count - 1
        guard high >= 0 else { return 0 }
        while low < high {
            let middle = (low + high + 1) / 2
            if self.y(of: middle) <= y { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Records `height` as row `index`'s measured height. Returns what changed; its
    /// `contentOffsetAdjustment` is left to the viewport, which knows the anchor.
    @discardableResult
    public mutating func setHeight(_ height: Double, of index: Int) -> InvalidationContext {
        let height = Self.snap(height)
        let key = keys[index]
        let before = self.height(of: index)
        let oldTotal = contentHeight()
        if heights[index].isNaN {
            unmeasured[key].add(-1, at: index)
            measuredCount += 1
            countByKey[key] += 1
        } else {
            measuredTree.add(-heights[index], at: index)
            sumByKey[key] -= heights[index]
            measuredSum -= heights[index]
        }
        heights[index] = height
        measuredTree.add(height, at: index)
        sumByKey[key] += height
        measuredSum += height
        let changed = before != height
        return InvalidationContext(invalidatedItems: changed ? [index] : [],
                                   contentSizeAdjustment: contentHeight() - oldTotal)
    }

    /// Forgets row `index`'s measured height (its content changed): it carries the estimate again.
    @discardableResult
    public mutating func invalidate(_ index: Int) -> InvalidationContext {
        guard !heights[index].isNaN else { return InvalidationContext() }
        let key = keys[index]
        let oldTotal = contentHeight()
        measuredTree.add(-heights[index], at: index)
        unmeasured[key].add(1, at: index)
        sumByKey[key] -= heights[index]
        measuredSum -= heights[index]
        countByKey[key] -= 1
        measuredCount -= 1
        heights[index] = .nan
        return InvalidationContext(invalidatedItems: [index],
                                   contentSizeAdjustment: contentHeight() - oldTotal)
    }

    /// Forgets every measured height and takes new offsets (a new text size changes insets and
    /// spacing); the running averages start again, since sizes at one category say little about
    /// another.
    public mutating func reset(offsets: [Double], endOffset: Double) {
        precondition(offsets.count == count, "one offset per row")
        self.offsets = offsets.map(Self.snap)
        self.endOffset = Self.snap(endOffset)
        heights = [Double](repeating: .nan, count: count)
        measuredTree = FenwickTree(count: count)
        unmeasured = allUnmeasured
        sumByKey = [Double](repeating: 0, count: keyCount)
        countByKey = [Int](repeating: 0, count: keyCount)
        measuredSum = 0
        measuredCount = 0
    }

    /// Every row's top, in one O(n) pass (for reports that look at the whole layout at once).
    public func allY() -> [Double] {
        var result: [Double] = []
        result.reserveCapacity(count)
        var sum = 0.0
        for index in 0..<count {
            result.append(offsets[index] + sum)
            sum += height(of: index)
        }
        return result
    }

    /// Tree nodes touched so far, over every tree: the work measure for tests.
    public var nodesTouched: Int { measuredTree.nodesTouched + unmeasured.reduce(0) { $0 + $1.nodesTouched } }
}
