import CHarfBuzz

/// Shapes text with HarfBuzz (kerning, ligatures and contextual alternates on, HarfBuzz's
/// defaults) in font units, and remembers what it shaped.
///
/// Cache: key (font id, text), bound `cacheLimit` entries (approximately LRU). Because shaping is
/// done in font units, one entry serves every point size of that face: laying the same text out at
/// all twelve categories shapes each distinct word at most once per face.
public final class Shaper {
    private let buffer: OpaquePointer
    private var cache: BoundedCache<Key, ShapedRun>

    /// How many times HarfBuzz actually shaped something (cache misses).
    public private(set) var shapeCalls = 0
    /// How many requests the cache answered.
    public var cacheHits: Int { cache.hits }
    public var cachedRuns: Int { cache.count }

    struct Key: Hashable {
        let font: Int
        let text: String
    }

    public init(cacheLimit: Int = 200_000) {
        buffer = hb_buffer_create()
        cache = BoundedCache(limit: cacheLimit)
    }

    deinit { hb_buffer_destroy(buffer) }

    /// `text` shaped in `font`, from the cache when it was shaped before.
    public func shape(_ text: String, font: Font) -> ShapedRun {
        let key = Key(font: font.id, text: text)
        if let run = cache.value(for: key) { return run }
        let run = shapeUncached(key.text, font: font)
        cache.insert(run, for: key)
        return run
    }

    /// Shapes without consulting the cache (counted in `shapeCalls`).
    public func shapeUncached(_ text: String, font: Font) -> ShapedRun {
        shapeCalls += 1
        hb_buffer_clear_contents(buffer)
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), 0, Int32(chars.count))
            }
        }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font.hbFont, buffer, nil, 0)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)
        let positions = hb_buffer_get_glyph_positions(buffer, &count)
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            let info = infos![index], position = positions![index]
            glyphs.append(ShapedGlyph(glyph: info.codepoint, cluster: info.cluster, xAdvance: position.x_advance,
                                      xOffset: position.x_offset, yOffset: position.y_offset))
        }
        return ShapedRun(glyphs: glyphs)
    }

    /// Forgets everything shaped so far (the counters stay).
    public func removeAllCachedRuns() { cache.removeAll() }
}
