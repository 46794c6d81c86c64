import Foundation
import Preview
import Reflow
import Testing
import TextMetrics
import TestSupport

@Suite struct GlyphCacheTests {
    /// The keys a list needs, computed the way the renderer bins positions.
    static func distinctKeys(_ list: DisplayList, scale: Int) -> Int {
        struct Key: Hashable { let font: Int, glyph: UInt32, size: Double, bin: Int }
        var keys = Set<Key>()
        for case .glyphs(let run) in list.items {
            for glyph in run.glyphs {
                let x = (run.origin.x + glyph.x) * Double(scale)
                let bin = Int(((x - x.rounded(.down)) * 4).rounded()) % 4
                keys.insert(Key(font: run.font.id, glyph: glyph.glyph, size: run.pointSize * Double(scale), bin: bin))
            }
        }
        return keys.count
    }

    @Test func eachGlyphSizeAndBinIsRasterizedOnce() throws {
        let list = try Fixtures.displayList(category: .large)
        let renderer = try PNGRenderer(scale: 2)
        let first = try renderer.render(list)
        let distinct = Self.distinctKeys(list, scale: 2)
        #expect(renderer.glyphCache.glyphsRasterized == distinct)
        #expect(distinct < list.glyphCount / 3)  // text repeats glyphs: the cache saves most renders
        let hitsBefore = renderer.glyphCache.hits
        let second = try renderer.render(list)
        #expect(renderer.glyphCache.glyphsRasterized == distinct)  // nothing new
        #expect(renderer.glyphCache.hits - hitsBefore == list.glyphCount)
        #expect(first == second)
    }

    @Test func theCacheIsBoundedAndStillDrawsTheSame() throws {
        let list = try Fixtures.displayList(category: .large, screenHeight: 400)
        let roomy = try PNGRenderer(scale: 1)
        let tight = try PNGRenderer(scale: 1, glyphCacheLimit: 8)
        let a = try roomy.render(list), b = try tight.render(list)
        #expect(a == b)
        #expect(tight.glyphCache.count <= 8)
        #expect(tight.glyphCache.glyphsRasterized > roomy.glyphCache.glyphsRasterized)
    }
}
