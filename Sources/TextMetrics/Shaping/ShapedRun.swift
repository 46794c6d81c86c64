/// One glyph as HarfBuzz positioned it, in font units.
public struct ShapedGlyph: Hashable, Sendable {
    public var glyph: UInt32
    /// Byte offset (UTF-8) of the cluster this glyph belongs to, relative to the shaped text.
    public var cluster: UInt32
    public var xAdvance: Int32
    public var xOffset: Int32
    public var yOffset: Int32
}

/// A piece of text shaped in one font, in font units: scaling to a point size is a multiplication.
public struct ShapedRun: Hashable, Sendable {
    public var glyphs: [ShapedGlyph]
    /// The sum of the glyphs' advances, in font units.
    public var advance: Int

    public init(glyphs: [ShapedGlyph]) {
        self.glyphs = glyphs
        self.advance = glyphs.reduce(0) { $0 + Int($1.xAdvance) }
    }
}
