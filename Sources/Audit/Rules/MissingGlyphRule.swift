import Reflow
import TextMetrics

/// `missing-glyph`: text drawn with a font's `.notdef` glyph (glyph 0, an empty box), an error
/// naming the characters. The same at every width (`AuditRule.dependsOnWidth`).
enum MissingGlyphRule: ElementRule {
    static let rule = AuditRule.missingGlyph

    static func check(_ element: LayoutAttributes, in context: Auditor.LayoutContext) -> [Problem] {
        // A finding per text with missing glyphs, naming that text's key (not the cell's first
        // one's); list markers and pictures' alt text together, as the element's.
        var problems: [Problem] = []
        var others: [TextLayout] = []
        var textIndex = 0
        for content in element.content {
            switch content {
            case .text(let layout, _, _, _):
                if let message = missingGlyphs(in: [layout]) { problems.append(Problem(.error, message, text: textIndex, subject: message)) }
                textIndex += 1
            case .marker(let layout, _): others.append(layout)
            case .picture(_, _, let alt?, _): others.append(alt)
            default: continue
            }
        }
        if let message = missingGlyphs(in: others) { problems.append(Problem(.error, message, subject: message)) }
        return problems
    }

    /// The characters of `layouts` drawn with a font's `.notdef`, each once, as a sentence; nil: none.
    static func missingGlyphs(in layouts: [TextLayout]) -> String? {
        var scalars: [Unicode.Scalar] = []
        var seen = Set<Unicode.Scalar>()
        for layout in layouts {
            let ranges = layout.paragraph.notdefRanges
            guard !ranges.isEmpty else { continue }
            let utf8 = Array(layout.text.string.utf8)
            for range in ranges where range.upperBound <= utf8.count {
                for scalar in String(decoding: utf8[range], as: UTF8.self).unicodeScalars where seen.insert(scalar).inserted {
                    scalars.append(scalar)
                }
            }
        }
        guard !scalars.isEmpty else { return nil }
        let named = scalars.prefix(8).map(Self.codePoint).joined(separator: ", ") + (scalars.count > 8 ? ", …" : "")
        return "\(named) \(scalars.count == 1 ? "is" : "are") drawn as .notdef (glyph 0, an empty box): "
            + "no font of the chain has a glyph for \(scalars.count == 1 ? "it" : "them")"
    }

    /// `U+E000`.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
