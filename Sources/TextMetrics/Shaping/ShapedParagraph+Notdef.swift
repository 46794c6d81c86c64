extension ShapedParagraph {
    /// The UTF-8 byte ranges of the glyph clusters drawn with a font's `.notdef` (glyph 0: the
    /// empty box a font draws for a character it has no glyph for), in logical order: the
    /// characters no face in the chain covers (drawn in the last resort's box), and any a face
    /// that claims them still shapes to glyph 0. A cluster runs from its own offset to the next
    /// cluster's of its piece (or the piece's end). Empty for most text; costs one pass over the
    /// glyphs.
    public var notdefRanges: [Range<Int>] {
        var ranges: [Range<Int>] = []
        for piece in pieces where piece.run.glyphs.contains(where: { $0.glyph == 0 }) {
            let start = Int(piece.start), end = Int(piece.end)
            // Cluster offsets rise left to right and fall in a right-to-left run: sorted, each
            // cluster ends where the next larger one starts.
            let starts = Set(piece.run.glyphs.map { Int($0.cluster) }).sorted()
            let missing = Set(piece.run.glyphs.lazy.filter { $0.glyph == 0 }.map { Int($0.cluster) })
            for (index, offset) in starts.enumerated() where missing.contains(offset) {
                let upper = index + 1 < starts.count ? start + starts[index + 1] : end
                ranges.append(start + offset..<max(start + offset, upper))
            }
        }
        return ranges.sorted { $0.lowerBound < $1.lowerBound }
    }
}
