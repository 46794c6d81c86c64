/// The shaper's cache: shaped runs keyed by (font id, UTF-8 bytes), at most `limit` entries,
/// approximately least-recently-used, with the same two-generation policy as `BoundedCache`
/// (a hit in the old generation moves the entry to the young one; when the young generation is
/// full, the old one is dropped whole).
///
/// Keys are raw bytes, so a lookup needs no `String`: a paragraph's words are looked up straight
/// from its UTF-8 buffer. Bytes are also the right identity for shaping (two canonically
/// equivalent spellings are equal `String`s but shape to different glyphs and clusters). Each
/// generation is an open-addressing table (linear probing, load at most 1/2) over an append-only
/// entry list whose key bytes live in one arena. The hash is a seeded multiply-mix over 8-byte
/// words, much cheaper than SipHash for words a few bytes long; the per-process seed keeps chosen
/// texts from colliding on purpose.
struct RunCache {
    private var young = Generation()
    private var old = Generation()
    let limit: Int
    private let seed: UInt64

    private(set) var hits = 0
    private(set) var misses = 0

    init(limit: Int) {
        precondition(limit >= 2, "a cache needs room for at least two entries")
        self.limit = limit
        self.seed = UInt64.random(in: .min ... .max)
    }

    var count: Int { young.count + old.live }

    /// The run cached for `bytes` in font `font`, counting a hit or a miss.
    mutating func value(font: Int, bytes: UnsafeRawBufferPointer) -> ShapedRun? {
        let hash = Self.hash(bytes, font: font, seed: seed)
        if let index = young.find(hash: hash, font: font, bytes: bytes) {
            hits += 1
            return young.entries[index].run
        }
        if let index = old.find(hash: hash, font: font, bytes: bytes) {
            hits += 1
            let run = old.entries[index].run
            old.retire(index)
            insert(run, hash: hash, font: font, bytes: bytes)
            return run
        }
        misses += 1
        return nil
    }

    /// Caches `run` for `bytes` in `font` (the key must not be cached yet).
    mutating func insert(_ run: ShapedRun, font: Int, bytes: UnsafeRawBufferPointer) {
        insert(run, hash: Self.hash(bytes, font: font, seed: seed), font: font, bytes: bytes)
    }

    private mutating func insert(_ run: ShapedRun, hash: UInt64, font: Int, bytes: UnsafeRawBufferPointer) {
        if young.count >= limit / 2 {
            old = young
            old.live = old.count
            young = Generation()
        }
        young.append(run, hash: hash, font: font, bytes: bytes)
    }

    mutating func removeAll() {
        young = Generation()
        old = Generation()
    }

    // MARK: Hashing

    @inline(__always)
    private static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }

    static func hash(_ bytes: UnsafeRawBufferPointer, font: Int, seed: UInt64) -> UInt64 {
        let k0: UInt64 = 0xa076_1d64_78bd_642f, k1: UInt64 = 0xe703_7ed1_a0b4_28db
        var h = mix(seed ^ k0, UInt64(truncatingIfNeeded: font) ^ k1)
        let count = bytes.count
        var offset = 0
        if let base = bytes.baseAddress {
            while offset + 8 <= count {
                h = mix(h ^ base.loadUnaligned(fromByteOffset: offset, as: UInt64.self), k1)
                offset += 8
            }
            if offset < count {
                var tail: UInt64 = 0
                var shift: UInt64 = 0
                while offset < count {
                    tail |= UInt64(base.load(fromByteOffset: offset, as: UInt8.self)) << shift
                    shift += 8
                    offset += 1
                }
                h = mix(h ^ tail, k0)
            }
        }
        return mix(h ^ UInt64(count), k1)
    }

    // MARK: One generation

    /// A key's first 16 bytes, zero-padded: most words fit, so most comparisons never touch the
    /// arena.
    @inline(__always)
    fileprivate static func prefix(_ bytes: UnsafeRawBufferPointer) -> (UInt64, UInt64) {
        guard let base = bytes.baseAddress else { return (0, 0) }
        let count = bytes.count
        if count >= 16 {
            return (base.loadUnaligned(as: UInt64.self), base.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        }
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: base, byteCount: count) }
        return words
    }

    private struct Entry {
        var prefix0: UInt64
        var prefix1: UInt64
        var font: Int
        var run: ShapedRun
        /// Where the key's bytes beyond the first 16 start in the arena.
        var start: Int32
        var count: Int32
        /// Moved to the young generation: no longer found here.
        var retired: Bool
    }

    private struct Generation {
        /// Per slot: the hash's high 32 bits, then entry index + 1 in the low 32 bits (0 = empty),
        /// so a probe touches an entry only when the tags agree. The count is a power of two, at
        /// least twice the entries.
        var slots: [UInt64] = []
        var entries: [Entry] = []
        /// Key bytes beyond each key's first 16.
        var arena: [UInt8] = []
        /// Entries not retired (kept up to date only for the old generation).
        var live = 0

        var count: Int { entries.count }

        func find(hash: UInt64, font: Int, bytes: UnsafeRawBufferPointer) -> Int? {
            guard !slots.isEmpty else { return nil }
            let tag = hash & 0xFFFF_FFFF_0000_0000
            let (prefix0, prefix1) = RunCache.prefix(bytes)
            return slots.withUnsafeBufferPointer { slots -> Int? in
                entries.withUnsafeBufferPointer { entries -> Int? in
                    let mask = slots.count - 1
                    var slot = Int(truncatingIfNeeded: hash) & mask
                    while true {
                        let stored = slots[slot]
                        if stored == 0 { return nil }
                        if stored & 0xFFFF_FFFF_0000_0000 == tag {
                            let index = Int(truncatingIfNeeded: stored & 0xFFFF_FFFF) - 1
                            let entry = entries[index]
                            if entry.prefix0 == prefix0, entry.prefix1 == prefix1, Int(entry.count) == bytes.count,
                               entry.font == font, !entry.retired,
                               bytes.count <= 16 || arena.withUnsafeBytes({ arena in
                                   memcmpEqual(arena.baseAddress! + Int(entry.start), bytes.baseAddress! + 16, bytes.count - 16)
                               }) {
                                return index
                            }
                        }
                        slot = (slot + 1) & mask
                    }
                }
            }
        }

        mutating func retire(_ index: Int) {
            entries[index].retired = true
            live -= 1
        }

        mutating func append(_ run: ShapedRun, hash: UInt64, font: Int, bytes: UnsafeRawBufferPointer) {
            if (entries.count + 1) * 2 > slots.count { grow() }
            let start = arena.count
            if bytes.count > 16 { arena.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[16...])) }
            let (prefix0, prefix1) = RunCache.prefix(bytes)
            entries.append(Entry(prefix0: prefix0, prefix1: prefix1, font: font, run: run, start: Int32(start),
                                 count: Int32(bytes.count), retired: false))
            place(hash: hash, index: entries.count - 1)
            hashes.append(hash)
        }

        /// Every entry's full hash, for growing the table (not touched by lookups).
        private var hashes: [UInt64] = []

        private mutating func place(hash: UInt64, index: Int) {
            slots.withUnsafeMutableBufferPointer { slots in
                let mask = slots.count - 1
                var slot = Int(truncatingIfNeeded: hash) & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = (hash & 0xFFFF_FFFF_0000_0000) | UInt64(index + 1)
            }
        }

        private mutating func grow() {
            slots = [UInt64](repeating: 0, count: max(1024, slots.count * 2))
            for index in entries.indices { place(hash: hashes[index], index: index) }
        }
    }
}

@inline(__always)
private func memcmpEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
    var index = 0
    while index < count {
        if a.load(fromByteOffset: index, as: UInt8.self) != b.load(fromByteOffset: index, as: UInt8.self) { return false }
        index += 1
    }
    return true
}
