@testable import Preview
import Foundation
import Reflow
import Testing
import TextMetrics

/// Issue 38, row 7: what a tall page's part costs to draw is what it shows. Counted in work, not
/// time: the items a renderer draws, the zlib level a large picture is written at, and that the
/// memory a renderer keeps between parts leaves nothing of the last part in the next.
@Suite struct PartDrawingWorkTests {
    /// A list `height` points tall and 100 wide holding 1,000 black bars, one every 50 points
    /// down to 50,000: what a page holds below (and above) a part it is cut into.
    static func bars(height: Double, from top: Double = 0) -> DisplayList {
        var list = DisplayList(size: Size(width: 100, height: height))
        for index in 0..<1_000 {
            list.fill(Rect(x: 10, y: Double(index) * 50 - top, width: 80, height: 10), Color(hex: 0x000000))
        }
        return list
    }

    /// A renderer walks past the items that reach nowhere into the picture without drawing them:
    /// a 100-point picture of a 50,000-point list draws its two or three bars, and the pixels are
    /// those of a list holding only them.
    @Test func aRendererDrawsOnlyTheItemsThatReachIntoThePicture() throws {
        let renderer = try PNGRenderer(scale: 2)
        let image = try renderer.rasterize(Self.bars(height: 100, from: 2_000))
        #expect(renderer.itemsDrawn <= 3, "drew \(renderer.itemsDrawn) of 1,000 items for a picture showing 2")
        var shown = DisplayList(size: Size(width: 100, height: 100))
        for y in [0.0, 50] { shown.fill(Rect(x: 10, y: y, width: 80, height: 10), Color(hex: 0x000000)) }
        #expect(try PNGRenderer(scale: 2).rasterize(shown) == image)
    }

    /// A contact sheet's part is cut from the whole list: it holds the items that reach into it
    /// and nothing else, so a part of a sheet costs what it shows.
    @Test func aCroppedListHoldsOnlyTheItemsThatReachIntoIt() {
        var sheet = DisplayList(size: Size(width: 300, height: 50_000), background: ContactSheet.sheetBackground)
        sheet.append(Self.bars(height: 50_000), at: Point(x: 100, y: 0), clip: true)
        let part = sheet.cropped(to: Rect(x: 0, y: 20_000, width: 300, height: 1_000))
        #expect(sheet.itemCount == 1_000)
        #expect(part.itemCount <= 22, "\(part.itemCount) items in a part showing 20 bars")
        #expect(part.size == Size(width: 300, height: 1_000) && part.background == ContactSheet.sheetBackground)
        guard case .clip(let clip, let items)? = part.items.first else {
            Issue.record("the column's clip is kept: \(part.items.prefix(1))")
            return
        }
        #expect(clip.minY == -20_000, "moved with the part")
        for item in items {
            let reach = try! #require(item.reach)
            #expect(reach.maxY >= 0 && reach.minY <= 1_000, "\(item) reaches into the part")
        }
    }

    /// The IDAT's zlib header of `png`: its second byte's top two bits are the level class (0:
    /// zlib's fastest, level 1; 1: levels 2 to 5).
    static func zlibHeader(_ png: Data) throws -> (UInt8, UInt8) {
        let bytes = [UInt8](png)
        var index = 8
        while index + 12 <= bytes.count {
            let length = bytes[index..<index + 4].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: bytes[index + 4..<index + 8], as: UTF8.self) == "IDAT" {
                return (bytes[index + 8], bytes[index + 9])
            }
            index += 12 + length
        }
        throw PreviewError.png("no IDAT")
    }

    /// A picture above `PNGRenderer.fastEncodingPixels` (a part of a tall page) is written at
    /// zlib's fastest level, and decodes to the pixels drawn; a small one keeps libpng's default.
    @Test func aLargePictureIsWrittenAtZlibsFastestLevel() throws {
        let list = Self.bars(height: 3_000)  // 200 × 6,000 px at scale 2: 1.2 M pixels
        var large = list
        large.size = Size(width: 800, height: 3_000)  // 1,600 × 6,000: 9.6 M pixels
        let renderer = try PNGRenderer(scale: 2)
        let png = try renderer.render(large)
        let (cmf, flags) = try Self.zlibHeader(png)
        #expect(cmf & 0x0F == 8 && flags >> 6 == 0, "deflate at level 1, got \(String(format: "%02x %02x", cmf, flags))")
        #expect(try PNGCodec.decode(png) == (try PNGRenderer(scale: 2).rasterize(large)))
        let small = try PNGRenderer(scale: 2).render(list)
        #expect(try Self.zlibHeader(small).1 >> 6 == 2, "zlib's default level")
    }

    /// A renderer keeps the memory of its last large picture for the next; the next is drawn on a
    /// clean background all the same, whether taller, shorter or of another background.
    @Test func aReusedBitmapKeepsNothingOfTheLastPicture() throws {
        let renderer = try PNGRenderer(scale: 2)
        var first = Self.bars(height: 3_000)
        first.size.width = 800
        var second = DisplayList(size: Size(width: 800, height: 2_500), background: Color(hex: 0xF0F0F0))
        second.fill(Rect(x: 0, y: 100, width: 50, height: 50), Color(hex: 0x3E63DD))
        var third = second
        third.size.height = 3_200
        for list in [first, second, third, first] {
            let reused = try renderer.render(list)
            #expect(reused == (try PNGRenderer(scale: 2).render(list)), "\(list.size)")
        }
    }
}
