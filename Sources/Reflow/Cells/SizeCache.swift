/// A bounded key–value store, approximately least-recently-used (two generations: when the
/// young one fills, the old one is dropped whole), O(1) per operation.
///
/// TextMetrics has the same structure internally (`BoundedCache`), but it is not public.
struct SizeCache<Key: Hashable, Value> {
    private var young: [Key: Value] = [:]
    private var old: [Key: Value] = [:]
    let limit: Int
    private(set) var hits = 0
    private(set) var misses = 0

    init(limit: Int) {
        self.limit = max(2, limit)
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
