import Foundation
import Testing
import TextMetrics

/// Shaper output equals HarfBuzz's own `hb-shape` (Goldens/hb-shape.txt, recorded with the command
/// at its top): the same glyphs, clusters, offsets and advances in font units, kerning and
/// contextual ligatures included, and a word's advance is the sum of those advances.
@Suite struct ShaperGoldenTests {
    struct Record: CustomStringConvertible {
        var font: String
        var word: String
        var glyphs: [Glyph]
        var description: String { "\(word) in \(font)" }
    }

    /// One glyph of hb-shape's output.
    struct Glyph {
        var glyph: UInt32
        var cluster: UInt32
        var xAdvance: Int32
        var xOffset: Int32
        var yOffset: Int32
    }

    /// Parses `[g=cluster@dx,dy+advance|…]`, hb-shape's text output with glyph ids.
    static func parseGlyphs(_ text: Substring) throws -> [Glyph] {
        guard text.hasPrefix("["), text.hasSuffix("]") else { throw ParseError("not [ … ]: \(text)") }
        let body = text.dropFirst().dropLast()
        if body.isEmpty { return [] }
        return try body.split(separator: "|").map { item in
            let parts = item.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let glyph = UInt32(parts[0]) else { throw ParseError("bad glyph: \(item)") }
            var rest = parts[1]
            guard let plus = rest.lastIndex(of: "+"), let advance = Int32(rest[rest.index(after: plus)...]) else {
                throw ParseError("no advance: \(item)")
            }
            rest = rest[..<plus]
            var dx: Int32 = 0, dy: Int32 = 0
            if let at = rest.firstIndex(of: "@") {
                let offsets = rest[rest.index(after: at)...].split(separator: ",").compactMap { Int32($0) }
                guard offsets.count == 2 else { throw ParseError("bad offsets: \(item)") }
                (dx, dy) = (offsets[0], offsets[1])
                rest = rest[..<at]
            }
            guard let cluster = UInt32(rest) else { throw ParseError("bad cluster: \(item)") }
            return Glyph(glyph: glyph, cluster: cluster, xAdvance: advance, xOffset: dx, yOffset: dy)
        }
    }

    struct ParseError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    static func records() throws -> [Record] {
        try Support.golden("hb-shape.txt").split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3 else { throw ParseError("not FONT<TAB>WORD<TAB>GLYPHS: \(line)") }
            return Record(font: String(fields[0]), word: String(fields[1]), glyphs: try parseGlyphs(fields[2]))
        }
    }

    @Test func theGoldenHoldsTheCommandAndTheCasesItIsMeantTo() throws {
        let text = try Support.golden("hb-shape.txt")
        #expect(text.hasPrefix("#"))
        #expect(text.contains("hb-shape --font-size=upem"))
        let records = try Self.records()
        #expect(records.count >= 10)
        let words = Set(records.map(\.word))
        for word in ["AVAWAY", "office", "=>", "Typography"] { #expect(words.contains(word)) }
        #expect(records.contains { $0.font.hasPrefix("InterDisplay-") })
        #expect(records.contains { $0.font.contains("Italic") })
    }

    @Test func shaperMatchesHbShapeGlyphForGlyph() throws {
        let library = try FontLibrary()
        let shaper = Shaper()
        for record in try Self.records() {
            let font = try library.font(atPath: (library.directory as NSString).appendingPathComponent(record.font))
            let run = shaper.shape(record.word, font: font)
            #expect(run.glyphs.map(\.glyph) == record.glyphs.map(\.glyph), "glyph ids of \(record)")
            #expect(run.glyphs.map(\.cluster) == record.glyphs.map(\.cluster), "clusters of \(record)")
            #expect(run.glyphs.map(\.xAdvance) == record.glyphs.map(\.xAdvance), "advances of \(record)")
            #expect(run.glyphs.map(\.xOffset) == record.glyphs.map(\.xOffset), "x offsets of \(record)")
            #expect(run.glyphs.map(\.yOffset) == record.glyphs.map(\.yOffset), "y offsets of \(record)")
            // The word's advance is the sum of HarfBuzz's advances.
            #expect(run.advance == record.glyphs.reduce(0) { $0 + Int($1.xAdvance) }, "advance of \(record)")
        }
    }

    @Test func unitsPerEmAre2816ForInterAnd2048ForInterDisplay() throws {
        let library = try FontLibrary()
        #expect(try library.font(Typeface(opticalSize: .text, weight: .regular)).unitsPerEm == 2816)
        #expect(try library.font(Typeface(opticalSize: .display, weight: .regular)).unitsPerEm == 2048)
    }

    @Test func kerningAndTheArrowLigatureAreOn() throws {
        let records = try Self.records()
        let library = try FontLibrary()
        let inter = try library.font(Typeface(opticalSize: .text, weight: .regular))
        let shaper = Shaper()
        // Kerned: "AVAWAY" is narrower than its letters shaped one by one.
        let kerned = shaper.shape("AVAWAY", font: inter).advance
        let apart = "AVAWAY".map { shaper.shape(String($0), font: inter).advance }.reduce(0, +)
        #expect(kerned < apart)
        #expect(kerned == records.first { $0.word == "AVAWAY" && $0.font == "Inter-Regular.otf" }?.glyphs.reduce(0) { $0 + Int($1.xAdvance) })
        // "=>" is one glyph (Inter's contextual arrow).
        #expect(shaper.shape("=>", font: inter).glyphs.count == 1)
    }

    @Test func measuringAWordInPointsIsItsFontUnitAdvanceScaled() throws {
        let typesetter = try Support.typesetter()
        let records = try Self.records()
        // Body at L is 17 pt in Inter Regular; title1 at L is 28 pt in Inter Display Regular.
        for (style, file, size, upem) in [(TextStyle.body, "Inter-Regular.otf", 17.0, 2816.0),
                                          (.title1, "InterDisplay-Regular.otf", 28.0, 2048.0)] {
            for record in records where record.font == file {
                let units = record.glyphs.reduce(0) { $0 + Int($1.xAdvance) }
                let points = try typesetter.advance(of: StyledText(record.word), style: style, category: .large)
                #expect(abs(points - Double(units) * size / upem) < 1e-9, "\(record) at \(size) pt")
                let layout = try typesetter.layout(StyledText(record.word), style: style, category: .large, width: 10_000)
                #expect(layout.lines.count == 1)
                #expect(abs((layout.lines.first?.width ?? 0) - Double(units) * size / upem) < 1e-9, "line width of \(record)")
            }
        }
    }

    @Test func laidOutGlyphsSitWhereHarfBuzzPutThem() throws {
        let typesetter = try Support.typesetter()
        // Body at L draws in Inter Regular at 17 pt.
        for record in try Self.records() where record.font == "Inter-Regular.otf" {
            let layout = try typesetter.layout(StyledText(record.word), style: .body, category: .large, width: 10_000)
            try #require(layout.lines.count == 1)
            let runs = layout.glyphRuns(ofLine: 0)
            #expect(runs.allSatisfy { $0.font.typeface == Typeface(opticalSize: .text, weight: .regular) && $0.pointSize == 17 })
            let glyphs = runs.flatMap(\.glyphs)
            #expect(glyphs.map(\.glyph) == record.glyphs.map(\.glyph), "glyphs of \(record)")
            var pen = 0
            for (placed, expected) in zip(glyphs, record.glyphs) {
                #expect(abs(placed.x - Double(pen + Int(expected.xOffset)) * 17 / 2816) < 1e-9, "x of glyph \(expected.glyph) in \(record)")
                #expect(abs(placed.y + Double(expected.yOffset) * 17 / 2816) < 1e-9, "y (down) of glyph \(expected.glyph) in \(record)")
                pen += Int(expected.xAdvance)
            }
        }
    }
}
