import CFreeType

/// Draws glyphs of `Font`s: outlines for vector output, coverage bitmaps and colour bitmaps
/// (emoji) for pixels. It opens its own FreeType face for each font it is asked about, so a
/// rasterizer belongs to one thread (FreeType faces are not thread-safe) while the fonts
/// themselves are shared. Not `Sendable` on purpose: the compiler keeps it on its thread.
public final class GlyphRasterizer {
    private var faces: [Int: FreeTypeFace] = [:]

    public init() {}

    private func face(_ font: Font) -> FT_Face? {
        if let face = faces[font.id] { return face.face }
        guard let opened = try? FreeTypeFace(path: font.path, index: font.faceIndex) else { return nil }
        faces[font.id] = opened
        return opened.face
    }

    /// The outline of `glyph` in font units, y pointing up, for drawing vector output that looks
    /// the same where the font is not installed. Empty for glyphs without one (spaces, bitmaps).
    public func outline(of font: Font, glyph: UInt32) -> GlyphOutline {
        guard !font.isColorBitmap, let face = face(font) else { return GlyphOutline(commands: []) }
        let flags = FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
        guard FT_Load_Glyph(face, glyph, flags) == 0,
              face.pointee.glyph.pointee.format == FT_GLYPH_FORMAT_OUTLINE
        else { return GlyphOutline(commands: []) }
        var collector = OutlineCollector()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                OutlineCollector.from(user).pointee.commands.append(.move(OutlineCollector.point(to)))
                return 0
            },
            line_to: { to, user in
                OutlineCollector.from(user).pointee.commands.append(.line(OutlineCollector.point(to)))
                return 0
            },
            conic_to: { control, to, user in
                OutlineCollector.from(user).pointee.commands.append(.quad(OutlineCollector.point(control), OutlineCollector.point(to)))
                return 0
            },
            cubic_to: { c1, c2, to, user in
                OutlineCollector.from(user).pointee.commands.append(.cubic(OutlineCollector.point(c1), OutlineCollector.point(c2), OutlineCollector.point(to)))
                return 0
            },
            shift: 0, delta: 0)
        withUnsafeMutablePointer(to: &collector) { pointer in
            _ = FT_Outline_Decompose(&face.pointee.glyph.pointee.outline, &funcs, pointer)
        }
        if !collector.commands.isEmpty { collector.commands.append(.close) }
        return GlyphOutline(commands: collector.commands)
    }

    /// An anti-aliased, unhinted coverage bitmap of `glyph` at `pixelsPerEm`, its origin moved
    /// right by `subpixelOffset` (0 ..< 1 pixel) so glyphs land where the layout put them.
    /// Nil for colour fonts (see `colorBitmap`) and glyphs that fail to render.
    public func rasterize(_ font: Font, glyph: UInt32, pixelsPerEm: Double, subpixelOffset: Double = 0) -> GlyphBitmap? {
        guard !font.isColorBitmap, let face = face(font) else { return nil }
        let size26_6 = FT_F26Dot6((pixelsPerEm * 64).rounded())
        guard FT_Set_Char_Size(face, 0, size26_6, 72, 72) == 0 else { return nil }
        let flags = FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
        guard FT_Load_Glyph(face, glyph, flags) == 0 else { return nil }
        let slot = face.pointee.glyph!
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return nil }
        let shift = FT_Pos((subpixelOffset * 64).rounded())
        if shift != 0 { FT_Outline_Translate(&slot.pointee.outline, shift, 0) }
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var pixels = [UInt8](repeating: 0, count: width * rows)
        if width > 0, rows > 0, let buffer = bitmap.buffer {
            for y in 0..<rows {
                let source = buffer + (pitch >= 0 ? y * pitch : (rows - 1 - y) * -pitch)
                for x in 0..<width { pixels[y * width + x] = source[x] }
            }
        }
        return GlyphBitmap(width: width, height: rows, left: Int(slot.pointee.bitmap_left),
                           top: Int(slot.pointee.bitmap_top), coverage: pixels)
    }

    /// The colour bitmap of `glyph` in a colour bitmap font (CBDT, e.g. Noto Color Emoji) at the
    /// font's own strike nearest to `pixelsPerEm` (at or above it when there is one), loaded with
    /// colour: premultiplied RGBA with the strike's size in pixels per em, for the caller to
    /// scale to the text size. Nil for outline fonts and glyphs the font has no bitmap for.
    public func colorBitmap(_ font: Font, glyph: UInt32, pixelsPerEm: Double) -> ColorGlyphBitmap? {
        guard font.isColorBitmap, let face = face(font), face.pointee.num_fixed_sizes > 0,
              let sizes = face.pointee.available_sizes else { return nil }
        var best = 0
        for index in 0..<Int(face.pointee.num_fixed_sizes) {
            let ppem = Double(sizes[index].y_ppem) / 64, current = Double(sizes[best].y_ppem) / 64
            let better = (ppem >= pixelsPerEm && (current < pixelsPerEm || ppem < current))
                || (current < pixelsPerEm && ppem > current)
            if better { best = index }
        }
        guard FT_Select_Size(face, FT_Int(best)) == 0,
              FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_COLOR)) == 0 else { return nil }
        let slot = face.pointee.glyph!
        let bitmap = slot.pointee.bitmap
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), let buffer = bitmap.buffer else { return nil }
        let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var rgba = [UInt8](repeating: 0, count: width * rows * 4)
        for y in 0..<rows {
            let source = buffer + (pitch >= 0 ? y * pitch : (rows - 1 - y) * -pitch)
            for x in 0..<width {
                let pixel = source + 4 * x
                rgba[(y * width + x) * 4] = pixel[2]
                rgba[(y * width + x) * 4 + 1] = pixel[1]
                rgba[(y * width + x) * 4 + 2] = pixel[0]
                rgba[(y * width + x) * 4 + 3] = pixel[3]
            }
        }
        return ColorGlyphBitmap(width: width, height: rows, left: Int(slot.pointee.bitmap_left),
                                top: Int(slot.pointee.bitmap_top), pixelsPerEm: Double(sizes[best].y_ppem) / 64,
                                rgba: rgba)
    }
}

/// A glyph outline in font units, y up.
public struct GlyphOutline: Hashable, Sendable {
    public enum Command: Hashable, Sendable {
        case move(Point)
        case line(Point)
        case quad(Point, Point)
        case cubic(Point, Point, Point)
        case close
    }
    public var commands: [Command]
    public var isEmpty: Bool { commands.isEmpty }
}

/// A glyph image placed relative to the pen position (`left`, `top`; y up): an 8-bit coverage
/// mask for outline glyphs, or premultiplied RGBA (`rgba`, 4 bytes a pixel) for colour glyphs.
public struct GlyphBitmap: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var left: Int
    public var top: Int
    public var coverage: [UInt8]
    /// Premultiplied RGBA of a colour glyph; empty for a coverage mask.
    public var rgba: [UInt8]

    public init(width: Int, height: Int, left: Int, top: Int, coverage: [UInt8] = [], rgba: [UInt8] = []) {
        self.width = width
        self.height = height
        self.left = left
        self.top = top
        self.coverage = coverage
        self.rgba = rgba
    }

    public var isColor: Bool { !rgba.isEmpty }
}

/// A colour glyph as its font stores it: premultiplied RGBA at the strike's `pixelsPerEm`,
/// placed by `left` and `top` (pixels at that size, y up).
public struct ColorGlyphBitmap: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var left: Int
    public var top: Int
    public var pixelsPerEm: Double
    public var rgba: [UInt8]
}

private struct OutlineCollector {
    var commands: [GlyphOutline.Command] = []

    static func from(_ user: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<OutlineCollector> {
        user!.assumingMemoryBound(to: OutlineCollector.self)
    }
    static func point(_ vector: UnsafePointer<FT_Vector>?) -> Point {
        Point(x: Double(vector!.pointee.x), y: Double(vector!.pointee.y))
    }
}
