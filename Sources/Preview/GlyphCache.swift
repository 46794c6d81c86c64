import TextMetrics

/// Rasterized glyphs, so each (font, glyph, pixel size, subpixel bin) is rendered by FreeType
/// once. Key: the font's id, the glyph id, the size in 1/64 pixel per em and the horizontal
/// subpixel bin (0…3: a quarter pixel each). Bound: `limit` entries, approximately least recently
/// used (`BoundedCache`). `glyphsRasterized` counts FreeType renders (misses) for tests.
///
/// Colour glyphs (emoji) come from the font's bitmap strike, scaled to the pixel size here
/// (area-averaged), and are cached the same way.
///
/// Not thread-safe (nor is a FreeType face): one cache per renderer, one renderer per thread;
/// it draws through a `GlyphRasterizer` of its own.
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
    private let rasterizer = GlyphRasterizer()
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
        let key = Key(font: font.id, glyph: glyph, size64: Int(PointGrid.rounded(pixelsPerEm * 64)), bin: UInt8(bin))
        if let entry = cache.value(for: key) { return entry.bitmap }
        glyphsRasterized += 1
        let pixels = Double(key.size64) / 64
        let bitmap: GlyphBitmap?
        if font.isColorBitmap {
            bitmap = rasterizer.colorBitmap(font, glyph: glyph, pixelsPerEm: pixels)
                .map { Self.scaled($0, to: pixels, subpixelOffset: Double(bin) / Double(Self.subpixelBins)) }
        } else {
            bitmap = rasterizer.rasterize(font, glyph: glyph, pixelsPerEm: pixels,
                                          subpixelOffset: Double(bin) / Double(Self.subpixelBins))
        }
        let entry = Entry(bitmap: bitmap.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil })
        cache.insert(entry, for: key)
        return entry.bitmap
    }

    /// A colour strike's bitmap scaled to `pixelsPerEm` and moved right by `subpixelOffset`: each
    /// destination pixel is the area-weighted average of the source pixels under it (separable,
    /// premultiplied, so edges do not darken).
    static func scaled(_ source: ColorGlyphBitmap, to pixelsPerEm: Double, subpixelOffset: Double) -> GlyphBitmap {
        let factor = pixelsPerEm / source.pixelsPerEm
        let originX = Double(source.left) * factor + subpixelOffset, originY = Double(source.top) * factor
        let left = Int(originX.rounded(.down)), top = Int(originY.rounded(.up))
        let shiftX = originX - Double(left), shiftY = Double(top) - originY
        let width = max(1, Int((Double(source.width) * factor + shiftX).rounded(.up)))
        let height = max(1, Int((Double(source.height) * factor + shiftY).rounded(.up)))
        // Weights of source index s for destination index d along one axis.
        func weights(count: Int, destination: Int, shift: Double) -> [[(Int, Double)]] {
            (0..<destination).map { d in
                let from = (Double(d) - shift) / factor, to = (Double(d) + 1 - shift) / factor
                var list: [(Int, Double)] = []
                var s = max(0, Int(from.rounded(.down)))
                while s < count, Double(s) < to {
                    let overlap = min(to, Double(s + 1)) - max(from, Double(s))
                    if overlap > 0 { list.append((s, overlap * factor)) }
                    s += 1
                }
                return list
            }
        }
        let columns = weights(count: source.width, destination: width, shift: shiftX)
        let rows = weights(count: source.height, destination: height, shift: shiftY)
        var horizontal = [Double](repeating: 0, count: width * source.height * 4)
        for y in 0..<source.height {
            for x in 0..<width {
                for (s, w) in columns[x] {
                    for c in 0..<4 { horizontal[(y * width + x) * 4 + c] += Double(source.rgba[(y * source.width + s) * 4 + c]) * w }
                }
            }
        }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                for c in 0..<4 {
                    var sum = 0.0
                    for (s, w) in rows[y] { sum += horizontal[(s * width + x) * 4 + c] * w }
                    rgba[(y * width + x) * 4 + c] = UInt8(max(0, min(255, PointGrid.rounded(sum))))
                }
            }
        }
        // Premultiplied: no channel may exceed alpha after rounding.
        for index in stride(from: 0, to: rgba.count, by: 4) {
            for c in 0..<3 { rgba[index + c] = min(rgba[index + c], rgba[index + 3]) }
        }
        return GlyphBitmap(width: width, height: height, left: left, top: top, rgba: rgba)
    }
}
