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
    /// The most UTF-8 bytes HarfBuzz was given to shape in one call, and the most bytes one glyph
    /// cluster it returned spans: what bounds its time and memory per call (see `ShapedParagraph`).
    public private(set) var largestInput = 0
    public private(set) var largestCluster = 0
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
        shapeUncached(utf8: bytes, item: 0..<bytes.count, font: font, properties: properties, continuesCluster: false)
    }

    /// `context[item]` shaped in `font` with the properties behind `key`, not cached: a part of a
    /// word cut by `ShapedParagraph`'s bounds. HarfBuzz sees up to five characters of `context` on
    /// each side of it, so letters keep their joining forms across the cut. A part that begins
    /// inside a cluster (`continuesCluster`) has no base for its first marks: they are not put on
    /// a dotted circle, which would draw a character the text does not have.
    func shapeUncached(utf8 context: UnsafeBufferPointer<UInt8>, item: Range<Int>, font: Font, key: Int,
                       continuesCluster: Bool) -> ShapedRun {
        shapeUncached(utf8: context, item: item, font: font, properties: propertyList[key & 0xFFFFF], continuesCluster: continuesCluster)
    }

    private func shapeUncached(utf8 context: UnsafeBufferPointer<UInt8>, item: Range<Int>, font: Font, properties: ShapingProperties,
                               continuesCluster: Bool) -> ShapedRun {
        shapeCalls += 1
        hb_buffer_clear_contents(buffer)
        // Flags outlive clearing: set them for every call.
        hb_buffer_set_flags(buffer, continuesCluster ? HB_BUFFER_FLAG_DO_NOT_INSERT_DOTTED_CIRCLE : HB_BUFFER_FLAG_DEFAULT)
        context.withMemoryRebound(to: CChar.self) { chars in
            hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), UInt32(item.lowerBound), Int32(item.count))
        }
        properties.apply(to: buffer)
        hb_shape(font.hbFont, buffer, nil, 0)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)
        let positions = hb_buffer_get_glyph_positions(buffer, &count)
        // HarfBuzz's clusters are offsets into the whole context: the run's are into the item.
        let itemStart = UInt32(item.lowerBound)
        let glyphs = [ShapedGlyph](unsafeUninitializedCapacity: Int(count)) { storage, initialized in
            for index in 0..<Int(count) {
                let info = infos![index], position = positions![index]
                storage[index] = ShapedGlyph(glyph: info.codepoint, cluster: info.cluster - itemStart, xAdvance: position.x_advance,
                                             xOffset: position.x_offset, yOffset: position.y_offset)
            }
            initialized = Int(count)
        }
        largestInput = max(largestInput, item.count)
        largestCluster = max(largestCluster, Self.largestCluster(glyphs, length: item.count, properties.direction))
        return ShapedRun(glyphs: glyphs)
    }

    /// The most bytes one cluster of `glyphs` (shaped from `length` bytes in `direction`) spans.
    /// HarfBuzz's clusters are monotone: ascending in logical order, descending for right to left.
    private static func largestCluster(_ glyphs: [ShapedGlyph], length: Int, _ direction: TextDirection) -> Int {
        var largest = 0, previous = -1
        for index in glyphs.indices {
            let cluster = Int(glyphs[direction == .rightToLeft ? glyphs.count - 1 - index : index].cluster)
            if cluster != previous {
                if previous >= 0 { largest = max(largest, cluster - previous) }
                previous = cluster
            }
        }
        return previous >= 0 ? max(largest, length - previous) : 0
    }
}
