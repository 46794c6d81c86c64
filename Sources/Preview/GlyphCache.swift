import TextMetrics

/// Rasterized glyphs, so each (font, glyph, pixel size, subpixel bin) is rendered by FreeType
/// once. Key: the font's id, the glyph id, the size in 1/64 pixel per em and the horizontal
/// subpixel bin (0…3: a quarter pixel each). Bound: `limit` entries, approximately least recently
/// used (`BoundedCache`). `glyphsRasterized` counts FreeType renders (misses) for tests.
///
/// Not thread-safe (nor is a FreeType face): one cache per renderer, one renderer per thread.
public struct GlyphCache {
    struct Key: Hashable {
        let font: Int
        let glyph: UInt32
        let size64: Int
        let bin: UInt8
    }

    /// A rasterized glyph; nil for glyphs with no outline (spaces) or that failed to render.
    struct Entry {
        let bitmap: GlyphBitmap?
    }

    /// Horizontal positions are rounded to 1/`subpixelBins` of a pixel.
    public static let subpixelBins = 4

    private var cache: BoundedCache<Key, Entry>
    /// FreeType renders so far (cache misses).
    public private(set) var glyphsRasterized = 0
    /// Lookups answered from the cache.
    public var hits: Int { cache.hits }
    /// Entries held now.
    public var count: Int { cache.count }
    public var limit: Int { cache.limit }

    public init(limit: Int = 8_192) {
        cache = BoundedCache(limit: max(2, limit))
    }

    /// `glyph` of `font` at `pixelsPerEm`, moved right by `bin` quarters of a pixel.
    public mutating func bitmap(font: Font, glyph: UInt32, pixelsPerEm: Double, bin: Int) -> GlyphBitmap? {
        let key = Key(font: font.id, glyph: glyph, size64: Int((pixelsPerEm * 64).rounded()), bin: UInt8(bin))
        if let entry = cache.value(for: key) { return entry.bitmap }
        glyphsRasterized += 1
        let bitmap = font.rasterize(glyph: glyph, pixelsPerEm: Double(key.size64) / 64,
                                    subpixelOffset: Double(bin) / Double(Self.subpixelBins))
        let entry = Entry(bitmap: bitmap.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil })
        cache.insert(entry, for: key)
        return entry.bitmap
    }
}
