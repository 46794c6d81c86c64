/// A cache that holds at most `limit` entries, approximately least-recently-used: entries live in
/// two generations; a hit in the old generation moves the entry to the young one, and when the
/// young generation is full the old one is dropped whole. Every operation is O(1). Shared by
/// the engine's caches of layouts, shaped paragraphs and cell sizes.
public struct BoundedCache<Key: Hashable, Value> {
    private var young: [Key: Value] = [:]
    private var old: [Key: Value] = [:]
    public let limit: Int

    /// Lookups that found a value, and lookups that did not.
    public private(set) var hits = 0
    public private(set) var misses = 0

    public init(limit: Int) {
        precondition(limit >= 2, "a cache needs room for at least two entries")
        self.limit = limit
        // Room for a whole generation from the start: a dictionary that grows rehashes all its
        // entries at once, a pause that would land in one frame of a scrolling session.
        young = Dictionary(minimumCapacity: min(limit / 2, 1 << 16))
    }

    public var count: Int { young.count + old.count }

    public mutating func value(for key: Key) -> Value? {
        if let value = young[key] {
            hits += 1
            return value
        }
        if let value = old.removeValue(forKey: key) {
            hits += 1
            insert(value, for: key)
            return value
        }
        misses += 1
        return nil
    }

    public mutating func insert(_ value: Value, for key: Key) {
        if young.count >= limit / 2 {
            old = young
            young = Dictionary(minimumCapacity: limit / 2)
        }
        young[key] = value
    }

    public mutating func removeAll() {
        young.removeAll()
        old.removeAll()
    }
}
