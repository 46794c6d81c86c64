/// The shaper's cache: shaped runs keyed by (font id, UTF-8 bytes), at most `limit` entries,
/// approximately least-recently-used, with the same two-generation policy as `BoundedCache`
/// (a hit in the old generation moves the entry to the young one; when the young generation is
/// full, the old one is dropped whole).
///
/// Keys are raw bytes, so a lookup needs no `String`: a paragraph's words are looked up straight
/// from its UTF-8 buffer. Bytes are also the right identity for shaping (two canonically
/// equivalent spellings are equal `String`s but shape to different glyphs and clusters). Each
/// generation is an open-addressing table (linear probing, load at most 1/2) with a hash tag per
/// slot, over an append-only entry list holding each key's first 16 bytes inline (the rest, rare
/// for words, in one arena). The hash is a seeded multiply-mix over 8-byte words, much cheaper
/// than SipHash for words a few bytes long; the random per-cache seeds keep chosen texts from
/// colliding on purpose.
struct RunCache {
    private var young = Generation()
    private var old = Generation()
    let limit: Int
    private let seed0: UInt64
    private let seed1: UInt64

    private(set) var hits = 0
    private(set) var misses = 0

    init(limit: Int) {
        precondition(limit >= 2, "a cache needs room for at least two entries")
        self.limit = limit
        self.seed0 = UInt64.random(in: .min ... .max) | 1
        self.seed1 = UInt64.random(in: .min ... .max) | 1
    }

    var count: Int { young.count + old.live }

    /// The run cached for `bytes` in font `font`, counting a hit or a miss.
    mutating func value(font: Int, bytes: UnsafeRawBufferPointer) -> ShapedRun? {
        let key = Key(bytes, font: font, seed0: seed0, seed1: seed1)
        if let index = young.find(key) {
            hits += 1
            return young.entries[index].run
        }
        if let index = old.find(key) {
            hits += 1
            let run = old.entries[index].run
            old.retire(index)
            insert(run, key: key)
            return run
        }
        misses += 1
        return nil
    }

    /// Caches `run` for `bytes` in `font` (the key must not be cached yet).
    mutating func insert(_ run: ShapedRun, font: Int, bytes: UnsafeRawBufferPointer) {
        insert(run, key: Key(bytes, font: font, seed0: seed0, seed1: seed1))
    }

    private mutating func insert(_ run: ShapedRun, key: Key) {
        if young.count >= limit / 2 {
            old = young
            old.live = old.count
            young = Generation()
        }
        if young.entries.isEmpty {
            // Address space only: pages are touched as entries arrive, and the arrays never
            // copy themselves to grow (which cost a page fault per 4 KiB, twice over).
            // (Capped, so a huge limit does not ask for a huge reservation.)
            young.reserve(min(limit / 2, 1 << 16))
        }
        young.append(run, key: key)
    }

    mutating func removeAll() {
        young = Generation()
        old = Generation()
    }

    // MARK: Keys

    private static let processSeeds = (UInt64.random(in: .min ... .max) | 1, UInt64.random(in: .min ... .max) | 1)

    /// The same hash for any bytes, with seeds drawn once per process (for other caches' keys).
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        Key(bytes, font: 0, seed0: processSeeds.0, seed1: processSeeds.1).hash
    }

    @inline(__always)
    private static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }

    /// A key read once: two words that, given the length, determine the first 16 bytes (shorter
    /// keys are read as overlapping or picked loads that still cover every byte), its hash, and
    /// the bytes themselves for the part beyond 16.
    fileprivate struct Key {
        var word0: UInt64 = 0
        var word1: UInt64 = 0
        let count: Int
        let font: Int
        var hash: UInt64 = 0
        let bytes: UnsafeRawBufferPointer

        @inline(__always)
        init(_ bytes: UnsafeRawBufferPointer, font: Int, seed0: UInt64, seed1: UInt64) {
            self.bytes = bytes
            self.count = bytes.count
            self.font = font
            if let base = bytes.baseAddress, count > 0 {
                if count >= 8 {
                    word0 = base.loadUnaligned(as: UInt64.self)
                    word1 = base.loadUnaligned(fromByteOffset: count > 16 ? 8 : count - 8, as: UInt64.self)
                } else if count >= 4 {
                    word0 = UInt64(base.loadUnaligned(as: UInt32.self))
                        | UInt64(base.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32
                } else {
                    word0 = UInt64(base.load(as: UInt8.self))
                        | UInt64(base.load(fromByteOffset: count / 2, as: UInt8.self)) << 8
                        | UInt64(base.load(fromByteOffset: count - 1, as: UInt8.self)) << 16
                }
            }
            var h = RunCache.mix(word0 ^ seed0, word1 ^ seed1)
            if count > 16, let base = bytes.baseAddress {
                var offset = 16
                while offset + 8 <= count {
                    h = RunCache.mix(h ^ base.loadUnaligned(fromByteOffset: offset, as: UInt64.self), seed1)
                    offset += 8
                }
                if offset < count {
                    h = RunCache.mix(h ^ base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), seed0)
                }
            }
            hash = RunCache.mix(h ^ UInt64(truncatingIfNeeded: count), seed0 ^ UInt64(truncatingIfNeeded: font))
        }
    }

    // MARK: One generation

    private struct Entry {
        var word0: UInt64
        var word1: UInt64
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
        /// Every entry's full hash, for growing the table (not touched by lookups).
        var hashes: [UInt64] = []
        /// Key bytes beyond each key's first 16.
        var arena: [UInt8] = []
        /// Entries not retired (kept up to date only for the old generation).
        var live = 0

        var count: Int { entries.count }

        func find(_ key: Key) -> Int? {
            guard !slots.isEmpty else { return nil }
            let tag = key.hash & 0xFFFF_FFFF_0000_0000
            return slots.withUnsafeBufferPointer { slots -> Int? in
                entries.withUnsafeBufferPointer { entries -> Int? in
                    let mask = slots.count - 1
                    var slot = Int(truncatingIfNeeded: key.hash) & mask
                    while true {
                        let stored = slots[slot]
                        if stored == 0 { return nil }
                        if stored & 0xFFFF_FFFF_0000_0000 == tag {
                            let index = Int(truncatingIfNeeded: stored & 0xFFFF_FFFF) - 1
                            let entry = entries[index]
                            if entry.word0 == key.word0, entry.word1 == key.word1, Int(entry.count) == key.count,
                               entry.font == key.font, !entry.retired,
                               key.count <= 16 || arena.withUnsafeBytes({ arena in
                                   bytesEqual(arena.baseAddress! + Int(entry.start), key.bytes.baseAddress! + 16, key.count - 16)
                               }) {
                                return index
                            }
                        }
                        slot = (slot + 1) & mask
                    }
                }
            }
        }

        /// Room for `capacity` entries: the slot table too, so filling the generation up to it never
        /// rehashes (a rehash of tens of thousands of entries would land in one frame of a
        /// scrolling session and blow its budget).
        mutating func reserve(_ capacity: Int) {
            entries.reserveCapacity(capacity)
            hashes.reserveCapacity(capacity)
            var slotCount = 1024
            while slotCount < capacity * 2 { slotCount *= 2 }
            if slots.count < slotCount { slots = [UInt64](repeating: 0, count: slotCount) }
        }

        mutating func retire(_ index: Int) {
            entries[index].retired = true
            live -= 1
        }

        mutating func append(_ run: ShapedRun, key: Key) {
            if (entries.count + 1) * 2 > slots.count { grow() }
            let start = arena.count
            if key.count > 16 { arena.append(contentsOf: UnsafeRawBufferPointer(rebasing: key.bytes[16...])) }
            entries.append(Entry(word0: key.word0, word1: key.word1, font: key.font, run: run, start: Int32(start),
                                 count: Int32(key.count), retired: false))
            hashes.append(key.hash)
            place(hash: key.hash, index: entries.count - 1)
        }

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
func bytesEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
    var index = 0
    while index + 8 <= count {
        if a.loadUnaligned(fromByteOffset: index, as: UInt64.self) != b.loadUnaligned(fromByteOffset: index, as: UInt64.self) {
            return false
        }
        index += 8
    }
    while index < count {
        if a.load(fromByteOffset: index, as: UInt8.self) != b.load(fromByteOffset: index, as: UInt8.self) { return false }
        index += 1
    }
    return true
}
