import CFreeType
import CHarfBuzz
import Foundation
import Synchronization

/// One loaded font face, for shaping and measuring: a HarfBuzz font scaled to font units (so
/// every advance is exact and a point size is one multiplication) and the face's metrics.
///
/// A `Font` is immutable once loaded and safe to share between threads: HarfBuzz fonts may shape
/// on several threads at once, and nothing here changes after `init`. Drawing needs a FreeType
/// face, which is not thread-safe; that lives in a `GlyphRasterizer`, one per thread.
public final class Font: @unchecked Sendable, Hashable, CustomStringConvertible {
    // @unchecked only because OpaquePointer is not Sendable: the HarfBuzz font is made immutable
    // (hb_font_make_immutable) before anyone sees it, and every other property is a `let` of a
    // Sendable type.

    /// Where the font was loaded from.
    public let path: String
    /// The face's index in its file (a collection, `.ttc`, holds several).
    public let faceIndex: Int
    /// The bundled face this is, when it is one.
    public let typeface: Typeface?
    public let familyName: String
    public let styleName: String
    /// The version string of the font's name table (name ID 5), e.g. "Version 4.000": part of
    /// the identity of any output that depends on this font.
    public let version: String
    /// Design units per em: advances are in these units.
    public let unitsPerEm: Int
    /// The typographic ascender and descender (hhea), in font units; descender is negative.
    public let ascender: Int
    public let descender: Int
    public let glyphCount: Int
    /// The face draws colour bitmaps (CBDT/sbix, e.g. Noto Color Emoji) rather than outlines.
    public let isColorBitmap: Bool
    /// A number unique to this font for the life of the process, for cache keys.
    public let id: Int
    /// Where an underline and a strikethrough go and how thick they are, in font units (offsets
    /// up from the baseline: an underline's is negative), from the font's `post` and `OS/2`
    /// tables; a font that has none gets a tenth of an em below the baseline and a line at 0.3 em.
    public let decorationMetrics: DecorationMetrics

    let hbFont: OpaquePointer

    private static let nextID = Atomic<Int>(0)

    init(path: String, faceIndex: Int = 0, typeface: Typeface?) throws {
        guard FileManager.default.isReadableFile(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"
            throw TextMetricsError.fontFileUnreadable(path: path, reason: reason)
        }
        // FreeType validates the file and reads the metrics (as it always has, so baselines keep
        // their values); the face is closed again: drawing opens its own per thread.
        let probe = try FreeTypeFace(path: path, index: faceIndex)
        let face = probe.face
        let hasColor = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
        let scalable = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
        guard (scalable && face.pointee.units_per_EM > 0) || hasColor else {
            throw TextMetricsError.notAFont(path: path, reason: "not a scalable outline font")
        }
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw TextMetricsError.fontFileUnreadable(path: path, reason: "HarfBuzz could not read it")
        }
        let hbFace = hb_face_create(blob, UInt32(faceIndex))!
        hb_blob_destroy(blob)
        let hbFont = hb_font_create(hbFace)!
        let upem = Int32(hb_face_get_upem(hbFace))
        hb_font_set_scale(hbFont, upem, upem)
        hb_font_make_immutable(hbFont)

        self.path = path
        self.faceIndex = faceIndex
        self.typeface = typeface
        self.hbFont = hbFont
        self.unitsPerEm = Int(upem)
        if scalable {
            self.ascender = Int(face.pointee.ascender)
            self.descender = Int(face.pointee.descender)
        } else {
            // A bitmap-only face: FreeType has no font-unit metrics for it; HarfBuzz reads hhea.
            var extents = hb_font_extents_t()
            hb_font_get_h_extents(hbFont, &extents)
            self.ascender = Int(extents.ascender)
            self.descender = Int(extents.descender)
        }
        self.glyphCount = Int(face.pointee.num_glyphs)
        self.familyName = face.pointee.family_name.map { String(cString: $0) } ?? "?"
        self.styleName = face.pointee.style_name.map { String(cString: $0) } ?? "?"
        self.isColorBitmap = hasColor && hb_ot_color_has_png(hbFace) != 0
        self.version = Self.nameString(hbFace, hb_ot_name_id_t(HB_OT_NAME_ID_VERSION_STRING)) ?? "?"
        hb_face_destroy(hbFace)  // the font holds its own reference
        self.decorationMetrics = DecorationMetrics(hbFont, unitsPerEm: Int(upem))
        self.id = Font.nextID.add(1, ordering: .relaxed).newValue
    }

    deinit {
        hb_font_destroy(hbFont)
    }

    private static func nameString(_ face: OpaquePointer, _ name: hb_ot_name_id_t) -> String? {
        var length: UInt32 = 256
        var buffer = [CChar](repeating: 0, count: Int(length))
        let total = hb_ot_name_get_utf8(face, name, hb_language_from_string("en", -1), &length, &buffer)
        guard total > 0 else { return nil }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public var description: String {
        let file = (path as NSString).lastPathComponent
        return "\(familyName) \(styleName) (\(faceIndex > 0 ? "\(file)#\(faceIndex)" : file))"
    }

    public static func == (a: Font, b: Font) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// Ascender, in points, at `pointSize`.
    public func ascent(at pointSize: Double) -> Double { Double(ascender) * pointSize / Double(unitsPerEm) }
    /// Descender as a positive distance below the baseline, in points, at `pointSize`.
    public func descent(at pointSize: Double) -> Double { Double(-descender) * pointSize / Double(unitsPerEm) }

    /// The glyph the font's character map gives `scalar`, or nil when the font does not cover it.
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0 ? glyph : nil
    }

    /// Whether the font's character map covers `scalar`. A private-use character (U+E000…U+F8FF,
    /// planes 15 and 16) is covered by no face: what a face draws there is its own, not the
    /// character's (Inter draws a glyph of its own at U+E000; the iPhone's system font would not
    /// draw that one), so such text is drawn as the `.notdef` box and reported missing, as
    /// it would be on a device.
    public func covers(_ scalar: Unicode.Scalar) -> Bool { !scalar.isPrivateUse && glyph(for: scalar) != nil }
}

/// A FreeType face of its own library, closed in `deinit`: for reading a file once (metrics,
/// validation) and for a rasterizer's faces.
final class FreeTypeFace {
    let library: FT_Library
    let face: FT_Face

    init(path: String, index: Int) throws {
        var library: FT_Library?
        let status = FT_Init_FreeType(&library)
        guard status == 0, let library else {
            throw TextMetricsError.notAFont(path: path, reason: "FreeType failed to start (error \(status))")
        }
        var face: FT_Face?
        let error = FT_New_Face(library, path, FT_Long(index), &face)
        guard error == 0, let face else {
            FT_Done_FreeType(library)
            throw TextMetricsError.notAFont(path: path, reason: Self.message(error))
        }
        self.library = library
        self.face = face
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// FreeType's own message for an error code.
    static func message(_ error: FT_Error) -> String {
        if let cString = FT_Error_String(error) { return String(cString: cString) }
        return "FreeType error \(error)"
    }
}

/// A font's underline and strikethrough, in font units (offsets up from the baseline).
public struct DecorationMetrics: Hashable, Sendable {
    public var underlineOffset: Int
    public var underlineThickness: Int
    public var strikeoutOffset: Int
    public var strikeoutThickness: Int

    init(_ font: OpaquePointer, unitsPerEm: Int) {
        func metric(_ tag: hb_ot_metrics_tag_t) -> Int? {
            var value: hb_position_t = 0
            return hb_ot_metrics_get_position(font, tag, &value) != 0 ? Int(value) : nil
        }
        let hairline = max(1, unitsPerEm / 20)
        underlineThickness = metric(HB_OT_METRICS_TAG_UNDERLINE_SIZE).flatMap { $0 > 0 ? $0 : nil } ?? hairline
        underlineOffset = metric(HB_OT_METRICS_TAG_UNDERLINE_OFFSET).flatMap { $0 < 0 ? $0 : nil } ?? -unitsPerEm / 10
        strikeoutThickness = metric(HB_OT_METRICS_TAG_STRIKEOUT_SIZE).flatMap { $0 > 0 ? $0 : nil } ?? underlineThickness
        strikeoutOffset = metric(HB_OT_METRICS_TAG_STRIKEOUT_OFFSET).flatMap { $0 > 0 ? $0 : nil } ?? unitsPerEm * 3 / 10
    }
}
