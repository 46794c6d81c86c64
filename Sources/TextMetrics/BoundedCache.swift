/// A cache that holds at most `limit` entries, approximately least-recently-used: entries live in
/// two generations; a hit in the old generation moves the entry to the young one, and when the
/// young generation is full the old one is dropped whole. Every operation is O(1).
struct BoundedCache<Key: Hashable, Value> {
    private var young: [Key: Value] = [:]
    private var old: [Key: Value] = [:]
    let limit: Int

    /// Lookups that found a value, and lookups that did not.
    private(set) var hits = 0
    private(set) var misses = 0

    init(limit: Int) {
        precondition(limit >= 2, "a cache needs room for at least two entries")
        self.limit = limit
    }

    var count: Int { young.count + old.count }

    mutating func value(for key: Key) -> Value? {
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

    mutating func insert(_ value: Value, for key: Key) {
        if young.count >= limit / 2 {
            old = young
            young = Dictionary(minimumCapacity: limit / 2)
        }
        young[key] = value
    }

    mutating func removeAll() {
        young.removeAll()
        old.removeAll()
    }
}
