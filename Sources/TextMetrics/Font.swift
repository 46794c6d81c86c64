import CFreeType
import CHarfBuzz
import Foundation

/// One loaded font file: a HarfBuzz font for shaping (scaled to font units, so every advance is
/// exact and a point size is one multiplication) and a FreeType face for outlines and bitmaps.
/// The C handles stay private and are released in `deinit`.
public final class Font: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// Where the font was loaded from.
    public let path: String
    /// The bundled face this is, when it is one.
    public let typeface: Typeface?
    public let familyName: String
    public let styleName: String
    /// Design units per em: advances are in these units.
    public let unitsPerEm: Int
    /// The typographic ascender and descender (hhea), in font units; descender is negative.
    public let ascender: Int
    public let descender: Int
    public let glyphCount: Int
    /// A number unique to this font for the life of the process, for cache keys.
    public let id: Int

    let hbFont: OpaquePointer
    private let hbFace: OpaquePointer
    private let ftFace: FT_Face
    private let freeType: FreeTypeLibrary

    nonisolated(unsafe) private static var nextID = 0
    private static let idLock = NSLock()

    init(path: String, typeface: Typeface?, freeType: FreeTypeLibrary) throws {
        guard FileManager.default.isReadableFile(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"
            throw TextMetricsError.fontFileUnreadable(path: path, reason: reason)
        }
        var face: FT_Face?
        let error = FT_New_Face(freeType.handle, path, 0, &face)
        guard error == 0, let face else {
            throw TextMetricsError.notAFont(path: path, reason: FreeTypeLibrary.message(error))
        }
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0, face.pointee.units_per_EM > 0 else {
            FT_Done_Face(face)
            throw TextMetricsError.notAFont(path: path, reason: "not a scalable outline font")
        }
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            FT_Done_Face(face)
            throw TextMetricsError.fontFileUnreadable(path: path, reason: "HarfBuzz could not read it")
        }
        let hbFace = hb_face_create(blob, 0)!
        hb_blob_destroy(blob)
        let hbFont = hb_font_create(hbFace)!
        let upem = Int32(hb_face_get_upem(hbFace))
        hb_font_set_scale(hbFont, upem, upem)

        self.path = path
        self.typeface = typeface
        self.freeType = freeType
        self.ftFace = face
        self.hbFace = hbFace
        self.hbFont = hbFont
        self.unitsPerEm = Int(upem)
        self.ascender = Int(face.pointee.ascender)
        self.descender = Int(face.pointee.descender)
        self.glyphCount = Int(face.pointee.num_glyphs)
        self.familyName = face.pointee.family_name.map { String(cString: $0) } ?? "?"
        self.styleName = face.pointee.style_name.map { String(cString: $0) } ?? "?"
        Font.idLock.lock()
        Font.nextID += 1
        self.id = Font.nextID
        Font.idLock.unlock()
    }

    deinit {
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
        FT_Done_Face(ftFace)
    }

    public var description: String { "\(familyName) \(styleName) (\((path as NSString).lastPathComponent))" }

    public static func == (a: Font, b: Font) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// Ascender, in points, at `pointSize`.
    public func ascent(at pointSize: Double) -> Double { Double(ascender) * pointSize / Double(unitsPerEm) }
    /// Descender as a positive distance below the baseline, in points, at `pointSize`.
    public func descent(at pointSize: Double) -> Double { Double(-descender) * pointSize / Double(unitsPerEm) }

    // MARK: Outlines

    /// The outline of `glyph` in font units, y pointing up, for drawing vector output that looks
    /// the same where the font is not installed.
    public func outline(glyph: UInt32) -> GlyphOutline {
        let flags = FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
        guard FT_Load_Glyph(ftFace, glyph, flags) == 0,
              ftFace.pointee.glyph.pointee.format == FT_GLYPH_FORMAT_OUTLINE
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
            _ = FT_Outline_Decompose(&ftFace.pointee.glyph.pointee.outline, &funcs, pointer)
        }
        if !collector.commands.isEmpty { collector.commands.append(.close) }
        return GlyphOutline(commands: collector.commands)
    }

    // MARK: Bitmaps

    /// An anti-aliased, unhinted coverage bitmap of `glyph` at `pixelsPerEm`, its origin moved
    /// right by `subpixelOffset` (0 ..< 1 pixel) so glyphs land where the layout put them.
    public func rasterize(glyph: UInt32, pixelsPerEm: Double, subpixelOffset: Double = 0) -> GlyphBitmap? {
        let size26_6 = FT_F26Dot6((pixelsPerEm * 64).rounded())
        guard FT_Set_Char_Size(ftFace, 0, size26_6, 72, 72) == 0 else { return nil }
        let flags = FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
        guard FT_Load_Glyph(ftFace, glyph, flags) == 0 else { return nil }
        let slot = ftFace.pointee.glyph!
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
    public struct Point: Hashable, Sendable {
        public var x: Double
        public var y: Double
    }
    public var commands: [Command]
    public var isEmpty: Bool { commands.isEmpty }
}

/// An 8-bit coverage bitmap; `left` and `top` place it relative to the pen position (y up).
public struct GlyphBitmap: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var left: Int
    public var top: Int
    public var coverage: [UInt8]
}

private struct OutlineCollector {
    var commands: [GlyphOutline.Command] = []

    static func from(_ user: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<OutlineCollector> {
        user!.assumingMemoryBound(to: OutlineCollector.self)
    }
    static func point(_ vector: UnsafePointer<FT_Vector>?) -> GlyphOutline.Point {
        GlyphOutline.Point(x: Double(vector!.pointee.x), y: Double(vector!.pointee.y))
    }
}
