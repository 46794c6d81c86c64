/// A cache that holds at most `limit` entries, approximately least-recently-used: entries live in
/// two generations; a hit in the old generation moves the entry to the young one, and when the
/// young generation is full the old one is dropped whole. Lookups and inserts are O(1) on
/// average (an insert that drops the old generation frees its entries, paid for by the inserts
/// that added them; see `insert(_:for:cost:)`). Shared by the engine's caches of layouts, shaped paragraphs and cell sizes.
///
/// A generation is also full when the costs given to `insert` add up to `costLimit / 2`: the
/// caches of shaped text count each entry's bytes of text, so a document of a few very long
/// paragraphs is held to the memory of one of many short ones. What a cache holds costs at most
/// `costLimit`, plus the one entry that alone is over half of it.
public struct BoundedCache<Key: Hashable, Value> {
    private struct Entry {
        var value: Value
        var cost: Int
    }
    private var young: [Key: Entry] = [:]
    private var old: [Key: Entry] = [:]
    private var youngCost = 0, oldCost = 0
    public let limit: Int
    public let costLimit: Int

    /// Lookups that found a value, and lookups that did not.
    public private(set) var hits = 0
    public private(set) var misses = 0

    public init(limit: Int, costLimit: Int = .max) {
        precondition(limit >= 2, "a cache needs room for at least two entries")
        precondition(costLimit >= 2, "a cache needs a cost limit of at least two")
        self.limit = limit
        self.costLimit = costLimit
        // Room for a whole generation from the start: a dictionary that grows rehashes all its
        // entries at once, a pause that would land in one frame of a scrolling session.
        young = Dictionary(minimumCapacity: min(limit / 2, 1 << 16))
    }

    /// - Complexity: O(1).
    public var count: Int { young.count + old.count }
    /// What the entries held cost together (their count, for a cache given no costs).
    public var cost: Int { youngCost + oldCost }

    /// The value kept under `key`, or nil; a hit in the old generation moves it to the young one.
    ///
    /// - Complexity: O(1) on average (a key hashed at most twice; a hit in the old generation is
    ///   also an `insert`, amortized O(1)).
    public mutating func value(for key: Key) -> Value? {
        if let entry = young[key] {
            hits += 1
            return entry.value
        }
        if let entry = old.removeValue(forKey: key) {
            hits += 1
            oldCost -= entry.cost
            insert(entry.value, for: key, cost: entry.cost)
            return entry.value
        }
        misses += 1
        return nil
    }

    /// Keeps `value` under `key`; `cost` (at least 0) counts against `costLimit`.
    ///
    /// - Complexity: O(1) on average, amortized over the inserts: when the young generation is
    ///   full (`limit / 2` entries, or half of `costLimit`), the old one is dropped, its m entries
    ///   freed in O(m) (each paid for by the insert that added it), and a young generation with
    ///   room for min(`limit / 2`, 65,536) entries is allocated. Entries each costing over half of
    ///   `costLimit` start a generation at every insert.
    public mutating func insert(_ value: Value, for key: Key, cost: Int = 1) {
        let cost = max(0, cost)
        if young.count >= limit / 2 || (!young.isEmpty && youngCost + cost > costLimit / 2) {
            (old, oldCost) = (young, youngCost)
            young = Dictionary(minimumCapacity: min(limit / 2, 1 << 16))
            youngCost = 0
        }
        if let replaced = young.updateValue(Entry(value: value, cost: cost), forKey: key) { youngCost -= replaced.cost }
        youngCost += cost
    }

    /// - Complexity: O(n), where n is the number of entries held (`count`).
    public mutating func removeAll() {
        young.removeAll()
        old.removeAll()
        (youngCost, oldCost) = (0, 0)
    }
}
