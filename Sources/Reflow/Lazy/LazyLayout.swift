import TextMetrics

/// A layout that knows only some of its units' heights: measured units have their real height,
/// the others carry an estimate. Positions and the content height are measured plus estimated,
/// and converge on the eager layout's as measuring goes on. It works for any layout through its
/// plan (see `CollectionLayout`): a list's rows, a flow's sections, a compositional layout's groups.
///
/// Structure: y(i) = offset(i) + Σ_{j<i} height(j), the offsets (insets, spacing) from the plan.
/// The sum is split into
///   Σ measured heights before i (a Fenwick tree of measured heights), plus
///   Σ over estimate keys k of rate(k) × (the weight of unmeasured units of key k before i)
///   (per key, a Fenwick tree of unmeasured weights over that key's units only, so memory is
///   O(n) for any number of keys).
/// So measuring or invalidating one unit updates the trees in O(log n), and a running estimate
/// can change without touching any unit: y(i) costs O(K log n) for K estimate keys,
/// and finding the unit at a y is a binary search over that, O(K log² n).
///
/// Estimates: an unmeasured unit is weight × rate(key) tall. With `Estimate.automatic` the rate
/// of a key is the measured height per unit of weight over the key's measured units, falling
/// back to the same over every measured unit, then to the initial value; with `.fixed` it is the
/// fixed value. Rates are snapped to the point grid and weights are whole numbers, so estimated
/// heights are exact multiples of it.
///
/// Exactness: heights and offsets are snapped to the point grid (steps of 1/64 pt, `PointGrid`),
/// so sums are exact in any order and the lazy layout's frames equal an eager layout's bit for bit.
///
/// Invalidation (what changes what; each change's `InvalidationContext` says the same):
/// - `setHeight(_:of:isComplete:)`, a unit measured for the first time or again: that unit only;
///   the units below it move, and so does every unmeasured unit whose rate it changed (the
///   running estimate of its key, or of every key still on the average over all). No other
///   unit's height is touched.
/// - `invalidate(_:)`, a cell's content changed: its unit carries the estimate again (and stops
///   informing the estimates); the units below move by the difference.
/// - A new environment (text size, width) is not an update: a new plan and a new `LazyLayout`,
///   every unit unmeasured (`PlanSharing`, `Viewport.changeLayout(to:source:)`).
/// - A unit whose height the plan knows (`LayoutPlan.Unit.knownHeight`) is never invalidated:
///   a measurement of it changes nothing.
public struct LazyLayout: Sendable {
    public let keys: [Int]
    public let weights: [Double]
    public let keyCount: Int
    public let offsets: [Double]
    public let endOffset: Double
    public var estimate: Estimate

    private var heights: [Double]  // NaN where unmeasured
    private var measuredTree: FenwickTree
    /// Every unit, grouped by key (key 0's units in order, then key 1's, …): key k's are
    /// `keyUnits[keyStarts[k]..<keyStarts[k + 1]]`. One flat list, filled by a counting sort:
    /// a plan of a third of a million rows is made again at every text size.
    private let keyUnits: [Int32]
    private let keyStarts: [Int]
    /// Per key: the unmeasured weight of each of its units, in a tree.
    private var unmeasured: [FenwickTree]
    /// Per unit: its position among its key's units.
    private let keyRank: [Int32]
    private var heightByKey: [Double]
    private var weightByKey: [Double]
    private var measuredHeight = 0.0
    private var measuredWeight = 0.0
    private var measuredCount = 0
    /// Binary-search steps taken over keys' unit lists (counted with tree nodes as work).
    private var searchSteps = 0
    /// Units whose height the plan knew (never estimated, never measured).
    private var isKnown: [Bool]
    /// Measured units whose measurement was of a part (a band as a screen shows it at rest, its
    /// further groups at their estimate): measured for the screen, not yet for the eager layout.
    private var partlyMeasured: Set<Int> = []
    private var knownCount = 0

    /// - Parameters:
    ///   - keys: each unit's estimate key, in `0..<keyCount`.
    ///   - weights: each unit's estimate weight (whole numbers; 1 for a row).
    ///   - offsets: each unit's height-independent offset (see the type's description).
    ///   - endOffset: the content height less every unit's height.
    public init(keys: [Int], weights: [Double]? = nil, keyCount: Int, offsets: [Double], endOffset: Double, estimate: Estimate) {
        precondition(keys.count == offsets.count, "one offset per unit")
        precondition(weights.map { $0.count == keys.count } ?? true, "one weight per unit")
        self.init(keys: keys, weights: weights ?? Array(repeating: 1, count: keys.count), keyCount: keyCount,
                  snappedOffsets: offsets.map(PointGrid.snap), endOffset: endOffset, estimate: estimate)
    }

    /// Every unit of `plan` unmeasured.
    ///
    /// - Complexity: O(n + K + h log n), where n is the number of units, K the plan's estimate
    ///   keys and h the units whose height the plan knows.
    public init(plan: LayoutPlan, estimate: Estimate) {
        // One pass over the units, in place: a million-cell screen's plan has a third of a
        // million of them, and this is made before its first screen is drawn.
        let count = plan.unitCount
        var keys: [Int] = [], weights: [Double] = [], offsets: [Double] = []
        var known: [Int: Double] = [:]
        keys.reserveCapacity(count)
        weights.reserveCapacity(count)
        offsets.reserveCapacity(count)
        plan.units.withUnsafeBufferPointer { units in
            for index in units.indices {
                keys.append(units[index].estimateKey)
                weights.append(units[index].estimateWeight)
                offsets.append(PointGrid.snap(units[index].offset))
                if let height = units[index].knownHeight { known[index] = height }
            }
        }
        self.init(keys: keys, weights: weights, keyCount: plan.keyCount, snappedOffsets: offsets, endOffset: plan.endOffset,
                  estimate: estimate, known: known)
    }

    /// `known`: heights known before measuring, by unit (see `LayoutPlan.Unit.knownHeight`).
    private init(keys: [Int], weights: [Double], keyCount: Int, snappedOffsets: [Double], endOffset: Double, estimate: Estimate,
                 known: [Int: Double] = [:]) {
        self.keys = keys
        self.weights = weights
        self.keyCount = keyCount
        self.offsets = snappedOffsets
        self.endOffset = PointGrid.snap(endOffset)
        self.estimate = estimate
        heights = [Double](repeating: .nan, count: keys.count)
        measuredTree = FenwickTree(count: keys.count)
        // Each key's units, in order, with their weights: counted, then placed (a counting sort).
        var starts = [Int](repeating: 0, count: keyCount + 1)
        for key in keys {
            precondition((0..<keyCount).contains(key), "estimate keys in 0..<keyCount")
            starts[key + 1] += 1
        }
        for key in 0..<keyCount { starts[key + 1] += starts[key] }
        var next = starts
        var units = [Int32](repeating: 0, count: keys.count)
        var sortedWeights = [Double](repeating: 0, count: keys.count)
        var ranks = [Int32](repeating: 0, count: keys.count)
        units.withUnsafeMutableBufferPointer { units in
            sortedWeights.withUnsafeMutableBufferPointer { sortedWeights in
                ranks.withUnsafeMutableBufferPointer { ranks in
                    for (unit, key) in keys.enumerated() {
                        let place = next[key]
                        next[key] = place + 1
                        ranks[unit] = Int32(truncatingIfNeeded: place - starts[key])
                        units[place] = Int32(truncatingIfNeeded: unit)
                        sortedWeights[place] = weights[unit]
                    }
                }
            }
        }
        keyUnits = units
        keyStarts = starts
        keyRank = ranks
        unmeasured = (0..<keyCount).map { FenwickTree(Array(sortedWeights[starts[$0]..<starts[$0 + 1]])) }
        heightByKey = [Double](repeating: 0, count: keyCount)
        weightByKey = [Double](repeating: 0, count: keyCount)
        // Known heights are in place from the start, as if measured, but they are not
        // measurements: they neither count as measured nor inform the running estimates.
        isKnown = [Bool](repeating: false, count: keys.count)
        for (unit, height) in known {
            let height = PointGrid.snap(height)
            isKnown[unit] = true
            knownCount += 1
            heights[unit] = height
            measuredTree.add(height, at: unit)
            unmeasured[keys[unit]].add(-weights[unit], at: Int(keyRank[unit]))
        }
    }

    public var count: Int { keys.count }
    /// Whether unit `index`'s height was known from the plan (it is never estimated).
    public func isKnownHeight(_ index: Int) -> Bool { isKnown[index] }
    public var measuredUnits: Int { measuredCount }
    public func isMeasured(_ index: Int) -> Bool { !heights[index].isNaN }
    /// Whether unit `index`'s height is a measurement of what a screen shows of it (`setHeight(_:of:isComplete:)`).
    public func isPartlyMeasured(_ index: Int) -> Bool { partlyMeasured.contains(index) }
    /// Whether every unit's height is the eager layout's (known, or measured whole): the content
    /// height is then exact.
    public var allSettled: Bool { knownCount + measuredCount - partlyMeasured.count == count }
    /// Whether unit `index`'s height is the eager layout's: known, or measured whole.
    public func isSettled(_ index: Int) -> Bool { isMeasured(index) && !partlyMeasured.contains(index) }
    /// The measured height of `index`, or nil.
    public func measuredHeight(_ index: Int) -> Double? { heights[index].isNaN ? nil : heights[index] }

    /// The height per unit of weight an unmeasured unit of `key` is given now.
    public func rate(forKey key: Int) -> Double {
        switch estimate {
        case .fixed(let height):
            return PointGrid.snap(height)
        case .automatic(let initial):
            if weightByKey[key] > 0 { return PointGrid.snap(heightByKey[key] / weightByKey[key]) }
            if measuredWeight > 0 { return PointGrid.snap(measuredHeight / measuredWeight) }
            return PointGrid.snap(initial)
        }
    }

    /// The unit's height: measured, or its estimate.
    public func height(of index: Int) -> Double {
        heights[index].isNaN ? weights[index] * rate(forKey: keys[index]) : heights[index]
    }

    /// The number of `key`'s units before unit `index`.
    private mutating func rank(ofKey key: Int, before index: Int) -> Int {
        let start = keyStarts[key]
        var low = start, high = keyStarts[key + 1]
        while low < high {
            searchSteps += 1
            let middle = (low + high) / 2
            if Int(keyUnits[middle]) < index { low = middle + 1 } else { high = middle }
        }
        return low - start
    }

    /// The sum of units' heights before `index` (measured or estimated), `index` in `0...count`.
    ///
    /// - Complexity: O(K log n), where n is the number of units and K the number of estimate keys
    ///   (`keyCount`).
    public mutating func heightsBefore(_ index: Int) -> Double {
        var sum = measuredTree.prefixSum(index)
        for key in 0..<keyCount where unmeasured[key].count > 0 {
            let weight = unmeasured[key].prefixSum(rank(ofKey: key, before: index))
            if weight > 0 { sum += weight * rate(forKey: key) }
        }
        return sum
    }

    /// The top of unit `index`.
    ///
    /// - Complexity: O(K log n), where n is the number of units and K the number of estimate keys
    ///   (`keyCount`).
    public mutating func y(of index: Int) -> Double { offsets[index] + heightsBefore(index) }

    /// The content height: every unit's height, measured or estimated, and the offsets.
    ///
    /// - Complexity: O(K log n), where n is the number of units and K the number of estimate keys
    ///   (`keyCount`).
    public mutating func contentHeight() -> Double { endOffset + heightsBefore(count) }

    /// The unit whose box contains `y` (or that precedes it, in spacing): the last unit whose top is
    /// at or above `y`; 0 above the first unit.
    ///
    /// - Complexity: O(K log² n), where n is the number of units and K the number of estimate
    ///   keys (`keyCount`): a binary search over `y(of:)`.
    public mutating func index(at y: Double) -> Int {
        var low = 0, high = count - 1
        guard high >= 0 else { return 0 }
        while low < high {
            let middle = (low + high + 1) / 2
            if self.y(of: middle) <= y { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The first unit a screen whose top is at `y` shows: the unit there (`index(at:)`), or, when
    /// `y` is in the spacing below it, the unit below the spacing, which the reader sees at the
    /// top. The anchor a viewport keeps still and the place a preview names (`ScreenPlace`).
    ///
    /// - Complexity: that of `index(at:)`.
    public mutating func firstUnit(showing y: Double) -> Int {
        let unit = index(at: y)
        return unit + 1 < count && y >= self.y(of: unit) + height(of: unit) ? unit + 1 : unit
    }

    /// Records `height` as unit `index`'s measured height: of the whole unit, or (`isComplete`
    /// false) of what a screen shows of it, the rest at its estimate (a band; measured whole
    /// later, it is `setHeight` again). Returns what changed; its `contentOffsetAdjustment` is
    /// left to the viewport, which knows the anchor.
    ///
    /// - Complexity: O(K log n), where n is the number of units and K the number of estimate keys
    ///   (`keyCount`): the trees are updated in O(log n), and the content height is summed
    ///   before and after for `contentSizeAdjustment`.
    @discardableResult
    public mutating func setHeight(_ height: Double, of index: Int, isComplete: Bool = true) -> InvalidationContext {
        let height = PointGrid.snap(height)
        guard !isKnown[index] else {
            // A known height stays what the plan says: a measurement agrees with it or is not
            // the plan's (nothing to learn for the estimates either way).
            return InvalidationContext()
        }
        let key = keys[index], weight = weights[index]
        let before = self.height(of: index)
        let oldTotal = contentHeight()
        if heights[index].isNaN {
            unmeasured[key].add(-weight, at: Int(keyRank[index]))
            measuredCount += 1
            weightByKey[key] += weight
            measuredWeight += weight
        } else {
            measuredTree.add(-heights[index], at: index)
            heightByKey[key] -= heights[index]
            measuredHeight -= heights[index]
        }
        heights[index] = height
        measuredTree.add(height, at: index)
        heightByKey[key] += height
        measuredHeight += height
        if isComplete { partlyMeasured.remove(index) } else { partlyMeasured.insert(index) }
        return InvalidationContext(invalidatedUnits: before != height ? [index] : [],
                                   contentSizeAdjustment: contentHeight() - oldTotal)
    }

    /// Forgets unit `index`'s measured height (its content changed): it carries the estimate again.
    ///
    /// - Complexity: O(K log n), where n is the number of units and K the number of estimate keys
    ///   (`keyCount`): the trees are updated in O(log n), and the content height is summed
    ///   before and after for `contentSizeAdjustment`.
    @discardableResult
    public mutating func invalidate(_ index: Int) -> InvalidationContext {
        guard !heights[index].isNaN, !isKnown[index] else { return InvalidationContext() }
        let key = keys[index], weight = weights[index]
        let oldTotal = contentHeight()
        measuredTree.add(-heights[index], at: index)
        unmeasured[key].add(weight, at: Int(keyRank[index]))
        heightByKey[key] -= heights[index]
        weightByKey[key] -= weight
        measuredHeight -= heights[index]
        measuredWeight -= weight
        measuredCount -= 1
        heights[index] = .nan
        partlyMeasured.remove(index)
        return InvalidationContext(invalidatedUnits: [index], contentSizeAdjustment: contentHeight() - oldTotal)
    }

    /// Every unit's top, in one pass (for reports that look at the whole layout at once).
    ///
    /// - Complexity: O(n), where n is the number of units.
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

    /// Tree nodes and search steps so far, over every tree: the work measure for tests.
    public var nodesTouched: Int { measuredTree.nodesTouched + unmeasured.reduce(0) { $0 + $1.nodesTouched } + searchSteps }
}
