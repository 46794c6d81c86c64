/// A glyph a line draws that is not in its text: the hyphen at the end of a hyphenated line
/// (U+2010, or U+002D where the font has none) or the ellipsis of a truncated one (U+2026). It is
/// shaped alone in one of the paragraph's fonts and placed by the line like any other glyph.
struct InsertedGlyph: Hashable, Sendable {
    var scalar: Unicode.Scalar
    /// Index into the paragraph's fonts.
    var font: Int
    var glyph: UInt32
    /// The glyph's offsets, in the paragraph's units.
    var xOffset: Double
    var yOffset: Double
    /// What it adds to a line: its advance and the letter spacing after it (the paragraph's units).
    var width: Double
}

extension InsertedGlyph {
    /// `shaped` (the glyph of `scalar` in `paragraph`'s font `font`) in the paragraph's units.
    init(_ scalar: Unicode.Scalar, shaped: ShapedGlyph, font: Int, in paragraph: ShapedParagraph) {
        let scale = paragraph.unitsPerEm / Double(paragraph.fonts[font].unitsPerEm)
        self.scalar = scalar
        self.font = font
        glyph = shaped.glyph
        xOffset = Double(shaped.xOffset) * scale
        yOffset = Double(shaped.yOffset) * scale
        width = Double(shaped.xAdvance) * scale + paragraph.letterSpacing
    }
}
