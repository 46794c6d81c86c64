import Reflow
import TextMetrics

/// `missing-glyph`: text drawn with a font's `.notdef` glyph (glyph 0, an empty box), an error
/// naming the characters. The same at every width (`AuditRule.dependsOnWidth`).
enum MissingGlyphRule: ElementRule {
    static let rule = AuditRule.missingGlyph

    static func check(_ element: LayoutAttributes, in context: Auditor.LayoutContext) -> [Problem] {
        missingGlyphs(in: element).map { [Problem(.error, $0, subject: $0)] } ?? []
    }

    /// `missing-glyph`: the characters of the element's texts (list markers and pictures' alt
    /// text included) drawn with a font's `.notdef`, each once, as U+XXXX.
    static func missingGlyphs(in element: LayoutAttributes) -> String? {
        var scalars: [Unicode.Scalar] = []
        var seen = Set<Unicode.Scalar>()
        func collect(_ layout: TextLayout) {
            let ranges = layout.paragraph.notdefRanges
            guard !ranges.isEmpty else { return }
            let utf8 = Array(layout.text.string.utf8)
            for range in ranges where range.upperBound <= utf8.count {
                for scalar in String(decoding: utf8[range], as: UTF8.self).unicodeScalars where seen.insert(scalar).inserted {
                    scalars.append(scalar)
                }
            }
        }
        for content in element.content {
            switch content {
            case .text(let layout, _, _, _), .marker(let layout, _): collect(layout)
            case .picture(_, _, let alt?, _): collect(alt)
            default: continue
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
