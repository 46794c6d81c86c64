import Foundation
import Preview
import Readers
import Reflow
import Testing
import TextMetrics
import TestSupport

/// World text drawn: a paragraph in every script of the chain renders with ink and no `.notdef`,
/// right-to-left lines are right-aligned, emoji come out in colour (PNG) and once per image in
/// SVG, a character nothing covers is the last resort's box, a right-to-left quote has its bar
/// on the right.
@Suite struct WorldTextRenderingTests {
    static func article1() throws -> [String] {
        let url = Fixtures.repository.appendingPathComponent("Examples/udhr-article1.txt")
        return try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n\n")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    /// `text` laid out at 17/22 in `width` points and drawn at `origin` on a white list.
    static func drawn(_ text: String, width: Double = 300, typesetter: Typesetter) throws -> (DisplayList, TextLayout) {
        let layout = try typesetter.layout(StyledText(text), style: .body, category: .large, width: width)
        var list = DisplayList(size: Size(width: width + 20, height: layout.height + 20))
        list.draw(layout, at: Point(x: 10, y: 10), color: Color(hex: 0x000000))
        return (list, layout)
    }

    /// Columns (x) of the image holding a pixel darker than mid-gray, and pixels far from gray.
    static func ink(_ image: RGBAImage) -> (columns: [Int], colourful: Int) {
        var columns = Set<Int>()
        var colourful = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image.pixel(x: x, y: y)
                let values = [Int(pixel.red), Int(pixel.green), Int(pixel.blue)]
                if values.max()! < 128 { columns.insert(x) }
                if values.max()! - values.min()! > 80 { colourful += 1 }
            }
        }
        return (columns.sorted(), colourful)
    }

    @Test func everyScriptRendersWithInkAndNoNotdef() throws {
        let typesetter = try Typesetter(fonts: try Fixtures.fonts())
        let renderer = try PNGRenderer(scale: 1)
        for text in try Self.article1() {
            let (list, layout) = try Self.drawn(text, typesetter: typesetter)
            #expect(layout.missingCharacters == 0)
            let glyphs = list.items.compactMap { item -> [PositionedGlyph]? in
                if case .glyphs(let run) = item { return run.glyphs }
                return nil
            }.joined()
            #expect(!glyphs.contains { $0.glyph == 0 }, "\(text.prefix(20))")
            let image = try PNGCodec.decode(try renderer.render(list))
            #expect(Self.ink(image).columns.count > 100 || Self.ink(image).colourful > 100, "\(text.prefix(20)): no ink")
        }
    }

    @Test func rightToLeftLinesAreDrawnAgainstTheRightEdge() throws {
        let typesetter = try Typesetter(fonts: try Fixtures.fonts())
        let (hebrew, _) = try Self.drawn("שלום עולם", typesetter: typesetter)
        let (latin, _) = try Self.drawn("hello world", typesetter: typesetter)
        let renderer = try PNGRenderer(scale: 1)
        let right = Self.ink(try PNGCodec.decode(try renderer.render(hebrew))).columns
        let left = Self.ink(try PNGCodec.decode(try renderer.render(latin))).columns
        // The text's box is 10…310: right-to-left ink ends near 310, left-to-right starts near 10.
        #expect(right.last! > 300 && right.first! > 200, "\(right.first!)…\(right.last!)")
        #expect(left.first! < 20 && left.last! < 120, "\(left.first!)…\(left.last!)")
    }

    @Test func emojiAreDrawnInColourAtTheTextSize() throws {
        let typesetter = try Typesetter(fonts: try Fixtures.fonts())
        let (list, layout) = try Self.drawn("😀 ok", typesetter: typesetter)
        let image = try PNGCodec.decode(try PNGRenderer(scale: 2).render(list))
        let (columns, colourful) = Self.ink(image)
        #expect(colourful > 200, "the emoji is in colour: \(colourful) colourful pixels")
        // Scaled to the text: the emoji's ink is about one em (17 pt = 34 px at scale 2) wide, not its 136 px strike.
        var emojiColumns = Set<Int>()
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                if Int(max(p.red, p.green, p.blue)) - Int(min(p.red, p.green, p.blue)) > 80 { emojiColumns.insert(x) }
            }
        }
        #expect(emojiColumns.count > 20 && emojiColumns.count < 50, "\(emojiColumns.count) px wide")
        #expect(!columns.isEmpty, "the text after it is drawn too")
        #expect(layout.lines.count == 1)
        // The ZWJ family is one glyph drawn from the colour strike (Noto draws families in grays).
        let (family, _) = try Self.drawn("👨‍👩‍👧‍👦", typesetter: typesetter)
        guard case .glyphs(let run) = try #require(family.items.first(where: { if case .glyphs = $0 { true } else { false } })) else { return }
        #expect(run.glyphs.count == 1 && run.font.isColorBitmap)
        var cache = GlyphCache()
        let drawnBitmap = cache.bitmap(font: run.font, glyph: run.glyphs[0].glyph, pixelsPerEm: 34, bin: 0)
        let bitmap = try #require(drawnBitmap)
        #expect(bitmap.isColor && bitmap.width > 30 && bitmap.width < 50, "\(bitmap.width) px")
    }

    @Test func svgEmbedsEachDistinctEmojiOnce() throws {
        let typesetter = try Typesetter(fonts: try Fixtures.fonts())
        let (list, _) = try Self.drawn("😀 a 😀 b 😀 🌍", typesetter: typesetter)
        let svg = SVGRenderer().render(list)
        #expect(svg.components(separatedBy: "<image ").count - 1 == 2, "two distinct emoji, one image each")
        #expect(svg.components(separatedBy: "data:image/png;base64,").count - 1 == 2)
        #expect(svg.components(separatedBy: "<use href=").count - 1 >= 4 + 2, "four emoji and the letters drawn by reference")
        // The embedded image decodes as PNG.
        let start = try #require(svg.range(of: "data:image/png;base64,"))
        let base64 = svg[start.upperBound...].prefix { $0 != "\"" }
        let png = try #require(Data(base64Encoded: String(base64)))
        let image = try PNGCodec.decode(png)
        #expect(image.width > 64 && image.height > 64)
    }

    @Test func aCharacterNoFontCoversIsTheLastResortsBox() throws {
        let typesetter = try Typesetter(fonts: try Fixtures.fonts())
        let (list, layout) = try Self.drawn("\u{0378}", typesetter: typesetter)
        #expect(layout.missingCharacters == 1)
        let image = try PNGCodec.decode(try PNGRenderer(scale: 4).render(list))
        // A box: across its middle row, ink at its two sides with paper between.
        let rows = (0..<image.height).filter { y in (0..<image.width).contains { image.pixel(x: $0, y: y).red < 128 } }
        let middle = try #require(rows.isEmpty ? nil : rows[rows.count / 2])
        let inked = (0..<image.width).filter { image.pixel(x: $0, y: middle).red < 128 }
        let gaps = zip(inked, inked.dropFirst()).filter { $1 - $0 > 3 }
        #expect(rows.count > 30 && gaps.count == 1, "two sides of a box: \(inked) in \(rows.count) rows")
    }

    /// A quote's bar stands on the leading side of the layout: on the right in a right-to-left
    /// document, mirrored with the cell, and drawn there.
    @Test func aRightToLeftQuoteHasItsBarOnTheRight() throws {
        let content = CellMode.blocks.content(for: try Document(markdown: "> שלום עולם"))
        let snapshot = try ListLayout().layout(content, in: LayoutEnvironment(containerWidth: 340, category: .large, layoutDirection: .rightToLeft),
                                               sizer: try Fixtures.sizer())
        let cell = try #require(snapshot.elements.first)
        let text = try #require(cell.textFrame)
        let list = DisplayListBuilder().displayList(elements: snapshot.elements, visibleRect: Rect(origin: .zero, size: snapshot.contentSize))
        let bars = list.items.compactMap { item -> Rect? in
            if case .fill(let rect, let color, _) = item, color == Theme.light.quoteBar { return rect }
            return nil
        }
        let bar = try #require(bars.first)
        #expect(bar.minX >= text.maxX, "bar at \(bar.minX), text ends at \(text.maxX): the leading side is the right")
        #expect(bar.height == cell.frame.height, "along the whole cell")
    }
}
