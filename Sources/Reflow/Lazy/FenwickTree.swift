/// A Fenwick (binary indexed) tree of values: point update and prefix sum in O(log n). The lazy
/// layout keeps unit heights here so that one unit changing size costs O(log n), not O(n).
///
/// `nodesTouched` counts the tree nodes read or written, so tests can prove the bound.
public struct FenwickTree: Sendable {
    private var tree: [Double]
    public private(set) var count: Int
    public private(set) var nodesTouched = 0

    /// A tree of `count` zeros.
    ///
    /// - Complexity: O(n), where n is `count`.
    public init(count: Int) {
        self.count = count
        tree = [Double](repeating: 0, count: count + 1)
    }

    /// A tree holding `values`, built bottom up (each node added once to its parent).
    ///
    /// - Complexity: O(n), where n is the number of values.
    public init(_ values: [Double]) {
        count = values.count
        tree = [0] + values
        var index = 1
        while index <= count {
            let parent = index + (index & -index)
            if parent <= count { tree[parent] += tree[index] }
            index += 1
        }
    }

    /// Adds `delta` to element `index`.
    ///
    /// - Complexity: O(log n), where n is the number of elements (`count`).
    public mutating func add(_ delta: Double, at index: Int) {
        precondition(index >= 0 && index < count, "index \(index) out of 0..<\(count)")
        var node = index + 1
        while node <= count {
            tree[node] += delta
            nodesTouched += 1
            node += node & -node
        }
    }

    /// The sum of elements `0..<end`.
    ///
    /// - Complexity: O(log n), where n is the number of elements (`count`).
    public mutating func prefixSum(_ end: Int) -> Double {
        precondition(end >= 0 && end <= count, "end \(end) out of 0...\(count)")
        var sum = 0.0
        var node = end
        while node > 0 {
            sum += tree[node]
            nodesTouched += 1
            node -= node & -node
        }
        return sum
    }

    /// The sum of every element.
    ///
    /// - Complexity: O(log n), where n is the number of elements (`count`).
    public mutating func total() -> Double { prefixSum(count) }
}
