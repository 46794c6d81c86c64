import Foundation
@testable import Preview
import Reflow
import Testing

/// Images drawn into the raster (Raster+Image) and embedded in SVG (SVGImage).
@Suite struct ImageDrawingTests {
    static func image(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> Color) -> RGBAImage {
        var out = RGBAImage(width: width, height: height, color: .white)
        for y in 0..<height {
            for x in 0..<width {
                let color = pixel(x, y), index = (y * width + x) * 4
                out.pixels[index..<index + 4] = [color.red, color.green, color.blue, color.alpha]
            }
        }
        return out
    }

    static let grey = Color(red: 200, green: 200, blue: 200)

    /// At its own size the image's pixels land as they are; the rest of the raster is untouched.
    @Test func drawnAtItsSizeIsCopied() {
        let picture = Self.image(3, 2) { x, y in Color(red: UInt8(x * 80), green: UInt8(y * 100), blue: 7) }
        var raster = Raster(width: 6, height: 5, background: Self.grey)
        raster.draw(picture, x: 2, y: 1, width: 3, height: 2, clip: raster.bounds)
        let out = raster.takeImage()
        for y in 0..<5 {
            for x in 0..<6 {
                let inside = (2..<5).contains(x) && (1..<3).contains(y)
                #expect(out.pixel(x: x, y: y) == (inside ? picture.pixel(x: x - 2, y: y - 1) : Self.grey), "(\(x), \(y))")
            }
        }
    }

    /// Halved, each 2 × 2 block is its mean; the clip and the raster's edge cut it.
    @Test func shrunkAndClipped() {
        let picture = Self.image(4, 4) { x, y in (x / 2 + y / 2) % 2 == 0 ? Color(red: 0, green: 0, blue: 0) : .white }
        var raster = Raster(width: 4, height: 4, background: Self.grey)
        raster.draw(picture, x: 0, y: 0, width: 2, height: 2, clip: raster.bounds)
        raster.draw(picture, x: 2.2, y: 1.8, width: 4, height: 4, clip: PixelBox(x0: 0, y0: 0, x1: 4, y1: 3))
        let out = raster.takeImage()
        #expect(out.pixel(x: 0, y: 0) == Color(red: 0, green: 0, blue: 0))
        #expect(out.pixel(x: 1, y: 0) == .white)
        // The second image's top-left quarter is black, at (2, 2) … (3, 3); row 3 is clipped.
        #expect(out.pixel(x: 2, y: 2) == Color(red: 0, green: 0, blue: 0))
        #expect(out.pixel(x: 3, y: 3) == Self.grey)
        #expect(out.pixel(x: 2, y: 1) == Self.grey)
    }

    /// Half-transparent red over white is pink, composited once.
    @Test func translucentPixelsBlend() {
        let picture = Self.image(1, 1) { _, _ in Color(red: 255, green: 0, blue: 0, alpha: 128) }
        var raster = Raster(width: 2, height: 1, background: .white)
        raster.draw(picture, x: 0, y: 0, width: 1, height: 1, clip: raster.bounds)
        raster.draw(picture, x: 5, y: -3, width: 0, height: 1, clip: raster.bounds)
        #expect(raster.takeImage().pixel(x: 0, y: 0) == Color(red: 255, green: 127, blue: 127))
    }

    /// A large image on a small clip resamples only what shows, in bands.
    @Test func tallImagesAreDrawnInBands() {
        let picture = Self.image(2, 600) { _, y in y < 300 ? Color(red: 10, green: 20, blue: 30) : Color(red: 90, green: 80, blue: 70) }
        var raster = Raster(width: 1_000, height: 600, background: .white)
        raster.draw(picture, x: 0, y: 0, width: 1_000, height: 600, clip: raster.bounds)
        let out = raster.takeImage()
        #expect(out.pixel(x: 999, y: 0) == Color(red: 10, green: 20, blue: 30))
        #expect(out.pixel(x: 500, y: 599) == Color(red: 90, green: 80, blue: 70))
    }

    @Test func svgEmbedsThePictureAsPNG() throws {
        let picture = Self.image(3, 2) { x, y in Color(red: UInt8(x * 80), green: UInt8(y * 100), blue: 7, alpha: 200) }
        let element = try SVGImage.element(picture, x: 10, y: 20.5, width: 30, height: 20, alt: "A <chart> & more")
        #expect(element.hasPrefix("<image x=\"10\" y=\"20.5\" width=\"30\" height=\"20\" preserveAspectRatio=\"none\" "))
        #expect(element.contains("role=\"img\" aria-label=\"A &lt;chart&gt; &amp; more\""))
        #expect(try Self.embedded(element) == picture)
    }

    /// A photo larger than its box at two pixels a point is embedded at that size.
    @Test func svgEmbedsNoMorePixelsThanTheBoxNeeds() throws {
        let picture = Self.image(400, 200) { x, _ in x < 200 ? Color(red: 255, green: 0, blue: 0) : Color(red: 0, green: 0, blue: 255) }
        let element = try SVGImage.element(picture, x: 0, y: 0, width: 50, height: 25)
        let embedded = try Self.embedded(element)
        #expect(embedded.width == 100 && embedded.height == 50)
        #expect(embedded.pixel(x: 10, y: 10) == Color(red: 255, green: 0, blue: 0))
        #expect(embedded.pixel(x: 90, y: 40) == Color(red: 0, green: 0, blue: 255))
        #expect(!element.contains("aria-label"))
    }

    static func embedded(_ element: String) throws -> RGBAImage {
        let start = try #require(element.range(of: "data:image/png;base64,")).upperBound
        let end = try #require(element[start...].firstIndex(of: "\""))
        return try PNGCodec.decode(try #require(Data(base64Encoded: String(element[start..<end]))))
    }
}
