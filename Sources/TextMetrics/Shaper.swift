import CHarfBuzz

/// Shapes text with HarfBuzz (kerning, ligatures and contextual alternates on, HarfBuzz's
/// defaults) in font units, with script, direction and language set explicitly, and remembers
/// what it shaped.
///
/// Cache: key (font id, shaping properties, text), bound `cacheLimit` entries (approximately LRU; the default,
/// 131,072, is two generations of 65,536 that are reserved up front, so filling the cache never
/// rehashes in the middle of a frame). Because shaping is
/// done in font units, one entry serves every point size of that face: laying the same text out at
/// all twelve categories shapes each distinct word at most once per face.
public final class Shaper {
    private let buffer: OpaquePointer
    // Not thread-safe and never re-entered (HarfBuzz calls nothing back), so the dynamic
    // exclusivity checks on these two, paid on every lookup, can go.
    @exclusivity(unchecked) private var cache: RunCache

    /// How many times HarfBuzz actually shaped something (cache misses).
    @exclusivity(unchecked) public private(set) var shapeCalls = 0
    /// How many requests the cache answered.
    public var cacheHits: Int { cache.hits }
    public var cachedRuns: Int { cache.count }
    /// Each distinct `ShapingProperties` gets a small number, part of the cache key.
    private var propertyNumbers: [ShapingProperties: Int] = [:]
    private var propertyList: [ShapingProperties] = []

    public init(cacheLimit: Int = 131_072) {
        buffer = hb_buffer_create()
        cache = RunCache(limit: cacheLimit)
    }

    deinit { hb_buffer_destroy(buffer) }

    /// `text` shaped in `font` with `properties` (by default guessed from the text alone),
    /// from the cache when it was shaped before.
    public func shape(_ text: String, font: Font, properties: ShapingProperties? = nil) -> ShapedRun {
        var text = text
        let key = self.key(font: font, properties ?? ShapingProperties(guessingFrom: text))
        return text.withUTF8 { shape(utf8: $0, font: font, key: key) }
    }

    /// The cache key's number for `font` shaped with `properties`: compute it once per run of
    /// text, then shape its pieces with `shape(utf8:font:key:)`.
    func key(font: Font, _ properties: ShapingProperties) -> Int {
        let number: Int
        if let known = propertyNumbers[properties] {
            number = known
        } else {
            number = propertyList.count
            propertyNumbers[properties] = number
            propertyList.append(properties)
        }
        return font.id << 20 | number
    }

    /// The UTF-8 text `bytes` shaped in `font` with the properties behind `key`, from the cache
    /// when it was shaped before: the cache is keyed by the bytes themselves, so no `String` is
    /// made for a lookup.
    func shape(utf8 bytes: UnsafeBufferPointer<UInt8>, font: Font, key: Int) -> ShapedRun {
        let raw = UnsafeRawBufferPointer(bytes)
        if let run = cache.value(font: key, bytes: raw) { return run }
        let run = shapeUncached(utf8: bytes, font: font, properties: propertyList[key & 0xFFFFF])
        cache.insert(run, font: key, bytes: raw)
        return run
    }

    /// Shapes without consulting the cache (counted in `shapeCalls`).
    public func shapeUncached(_ text: String, font: Font, properties: ShapingProperties? = nil) -> ShapedRun {
        var text = text
        let properties = properties ?? ShapingProperties(guessingFrom: text)
        return text.withUTF8 { shapeUncached(utf8: $0, font: font, properties: properties) }
    }

    func shapeUncached(utf8 bytes: UnsafeBufferPointer<UInt8>, font: Font, properties: ShapingProperties) -> ShapedRun {
        shapeCalls += 1
        hb_buffer_clear_contents(buffer)
        bytes.withMemoryRebound(to: CChar.self) { chars in
            hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), 0, Int32(chars.count))
        }
        properties.apply(to: buffer)
        hb_shape(font.hbFont, buffer, nil, 0)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)
        let positions = hb_buffer_get_glyph_positions(buffer, &count)
        let glyphs = [ShapedGlyph](unsafeUninitializedCapacity: Int(count)) { storage, initialized in
            for index in 0..<Int(count) {
                let info = infos![index], position = positions![index]
                storage[index] = ShapedGlyph(glyph: info.codepoint, cluster: info.cluster, xAdvance: position.x_advance,
                                             xOffset: position.x_offset, yOffset: position.y_offset)
            }
            initialized = Int(count)
        }
        return ShapedRun(glyphs: glyphs)
    }
}
