import Foundation
import Preview
import Readers
import Reflow
import Testing
import TextMetrics
import TestSupport

@Suite struct RendererTests {
    @Test func pngRendersAreByteIdentical() throws {
        // Two layouts with two font libraries and two renderers: nothing shared but the inputs.
        let first = try PNGRenderer(scale: 2).render(try Fixtures.displayList(category: .extraExtraExtraLarge, debug: true))
        let second = try PNGRenderer(scale: 2).render(try Fixtures.displayList(category: .extraExtraExtraLarge, debug: true))
        #expect(first == second)
        #expect(first.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    }

    @Test func svgRendersAreByteIdentical() throws {
        let first = SVGRenderer(title: "a").render(try Fixtures.displayList(category: .accessibilityMedium, debug: true))
        let second = SVGRenderer(title: "a").render(try Fixtures.displayList(category: .accessibilityMedium, debug: true))
        #expect(first == second)
    }

    @Test(arguments: [1, 2, 3])
    func pngDecodesToTheListSizeTimesTheScale(_ scale: Int) throws {
        let list = try Fixtures.displayList(category: .large)
        let image = try PNGCodec.decode(try PNGRenderer(scale: scale).render(list))
        #expect(image.width == 390 * scale)
        #expect(image.height == Int((list.size.height * Double(scale)).rounded(.up)))
        // White page, dark text somewhere in the first heading's line.
        #expect(image.pixel(x: 0, y: 0) == .white)
        let row = Int(30 * Double(scale))
        let darkest = (0..<image.width).map { Int(image.pixel(x: $0, y: row).red) }.min() ?? 255
        #expect(darkest < 64)
    }

    @Test func rgbaImagesSurviveEncodeAndDecode() throws {
        var image = RGBAImage(width: 3, height: 2, color: Color(hex: 0x102030, alpha: 128))
        image.pixels[0] = 255
        image.pixels[7] = 0
        #expect(try PNGCodec.decode(try PNGCodec.encode(image)) == image)
        let gray = RGBAImage(width: 4, height: 4, color: Color(hex: 0x7F7F7F))
        #expect(try PNGCodec.decode(try PNGCodec.encode(gray)) == gray)
    }

    @Test func decodingGarbageThrows() {
        #expect(throws: PreviewError.self) { try PNGCodec.decode(Data("not a png".utf8)) }
    }

    @Test func imagesOverOneGibibyteAreRefusedBeforeDrawing() throws {
        let list = DisplayList(size: Size(width: 390, height: 200_000))
        let error = #expect(throws: PreviewError.self) { try PNGRenderer(scale: 4).rasterize(list) }
        #expect(error == .imageTooLarge(width: 1_560, height: 800_000, bytes: 1_560 * 800_000 * 4))
        #expect(error.map { "\($0)" }?.hasSuffix("; draw one screen of the page instead, or at a smaller scale") == true)
        // The same list fits at scale 1 as far as the check goes.
        try PNGRenderer.checkSize(list.size, scale: 1)
    }

    @Test func scalesOutsideOneToFourAreRefused() {
        #expect(throws: PreviewError.invalidScale(0)) { try PNGRenderer(scale: 0) }
        #expect(throws: PreviewError.invalidScale(5)) { try PNGRenderer(scale: 5) }
    }

    @Test func svgDefinesEachGlyphOnceAndCarriesTheText() throws {
        let list = try Fixtures.displayList(category: .large)
        let svg = SVGRenderer().render(list)
        let ids = svg.matches(of: /<path id="([^"]+)"/).map { String($0.output.1) }
        #expect(!ids.isEmpty)
        #expect(Set(ids).count == ids.count)
        let uses = svg.matches(of: /<use href="#([^"]+)"/).map { String($0.output.1) }
        #expect(Set(uses) == Set(ids))
        #expect(uses.count > ids.count * 3)
        // Every glyph with an outline is used, spaces have none: uses never exceed the glyphs.
        #expect(uses.count <= list.glyphCount)
        #expect(svg.contains("<g role=\"heading\" aria-level=\"1\">\n<text class=\"t\""))
        #expect(svg.contains(">Welcome to Reflow</text>"))
        // The lines' texts, read in order, hold the document's sentences.
        let text = svg.matches(of: /<text class="t"[^>]*>([^<]*)<\/text>/).map { String($0.output.1) }.joined(separator: " ")
        #expect(text.contains("Accessibility sizes change more than the height of a line."))
        #expect(text.contains("Reads CommonMark or plain text"))
    }

    @Test func svgNumbersAreFixedAndShort() {
        #expect(SVGRenderer.number(390) == "390")
        #expect(SVGRenderer.number(0.5) == "0.5")
        #expect(SVGRenderer.number(1.25, decimals: 1) == "1.3")
        #expect(SVGRenderer.number(-0.001) == "0")
        #expect(SVGRenderer.number(-12.3456) == "-12.35")
        #expect(SVGRenderer.number(1e20) == "1e+20")
        #expect(SVGRenderer.number(.nan) == "0")
        #expect(SVGRenderer.number(0.000123, decimals: 6) == "0.000123")
        #expect(SVGRenderer.escaped("a<b & \"c\"\u{1}") == "a&lt;b &amp; &quot;c&quot;")
    }

    @Test func debugOverlayAddsFramesBaselinesAndTheMinimumMarker() throws {
        let plain = try Fixtures.displayList(category: .large)
        let debug = try Fixtures.displayList(category: .large, debug: true)
        func count(_ list: DisplayList, _ match: (DisplayList.Item) -> Bool) -> Int { list.items.filter(match).count }
        let strokes = count(debug) { if case .stroke = $0 { true } else { false } }
        let lines = count(debug) { if case .line = $0 { true } else { false } }
        let texts = count(plain) { if case .text = $0 { true } else { false } }
        let layout = try ListLayout().layout(CellMode.blocks.content(for: try Fixtures.example("welcome.md")),
                                             in: LayoutEnvironment(containerWidth: 390, category: .large), sizer: try Fixtures.sizer())
        let contents = layout.elements.flatMap(\.content)
        let textFrames = contents.filter { if case .text = $0 { true } else { false } }.count
        // A placeholder image is outlined, and so is its picture glyph.
        let pictures = contents.filter { if case .picture = $0 { true } else { false } }.count
        #expect(count(plain) { if case .stroke = $0 { true } else { false } } == 2 * pictures)
        #expect(strokes == layout.elements.count + textFrames + 2 * pictures)  // each cell's frame and text frames
        #expect(lines > texts)  // a baseline per line, more lines than cells
        // Short list items at L are held up by the 44 pt minimum: their marker is orange.
        let orange = count(debug) { if case .fill(_, DisplayListBuilder.DebugColor.minimumApplied, _) = $0 { true } else { false } }
        #expect(orange > 0)
    }
}
