@testable import Images
import Testing

@Suite struct ImageFitTests {
    @Test func naturalSizeCappedAtTheContainer() {
        #expect(ImageFit.size(pixelWidth: 200, pixelHeight: 100, containerWidth: 390) == ImageSize(width: 200, height: 100))
        #expect(ImageFit.size(pixelWidth: 1600, pixelHeight: 900, containerWidth: 400) == ImageSize(width: 400, height: 225))
        // Never scaled up to fill the width.
        #expect(ImageFit.size(pixelWidth: 16, pixelHeight: 16, containerWidth: 1000) == ImageSize(width: 16, height: 16))
        #expect(ImageFit.size(pixelWidth: 800, pixelHeight: 400, containerWidth: 1000, pixelsPerPoint: 2) == ImageSize(width: 400, height: 200))
    }

    @Test func requestedSides() {
        #expect(ImageFit.size(pixelWidth: 400, pixelHeight: 200, containerWidth: 390, requestedWidth: 100) == ImageSize(width: 100, height: 50))
        #expect(ImageFit.size(pixelWidth: 400, pixelHeight: 200, containerWidth: 390, requestedHeight: 50) == ImageSize(width: 100, height: 50))
        #expect(ImageFit.size(pixelWidth: 400, pixelHeight: 200, containerWidth: 390, requestedWidth: 60, requestedHeight: 60)
            == ImageSize(width: 60, height: 60))
        // Asked wider than the container: the box's own aspect is kept.
        #expect(ImageFit.size(pixelWidth: 10, pixelHeight: 10, containerWidth: 300, requestedWidth: 600, requestedHeight: 200)
            == ImageSize(width: 300, height: 100))
        #expect(ImageFit.size(pixelWidth: 400, pixelHeight: 200, containerWidth: 390, requestedWidth: 0, requestedHeight: -5)
            == ImageSize(width: 390, height: 195))
    }

    @Test func nothingToDraw() {
        #expect(ImageFit.size(pixelWidth: 0, pixelHeight: 10, containerWidth: 300) == .zero)
        #expect(ImageFit.size(pixelWidth: 10, pixelHeight: 10, containerWidth: 0) == .zero)
        #expect(ImageFit.size(pixelWidth: 10, pixelHeight: 10, containerWidth: .infinity) == .zero)
    }
}

@Suite struct ImageResamplerTests {
    static func bitmap(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> [UInt8]) throws -> ImageBitmap {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width { pixels += pixel(x, y) }
        }
        return try #require(ImageBitmap(width: width, height: height, pixels: pixels))
    }

    @Test func halvingAveragesEachTwoByTwoBlock() throws {
        let source = try Self.bitmap(4, 2) { x, y in [UInt8(x * 60 + y * 10), UInt8(x * 10), 200, 255] }
        let half = try ImageResampler.resample(source, width: 2, height: 1)
        #expect(half.pixel(x: 0, y: 0) == [35, 5, 200, 255])  // (0 + 60 + 10 + 70) / 4, (0 + 10 + 0 + 10) / 4
        #expect(half.pixel(x: 1, y: 0) == [155, 25, 200, 255])
    }

    /// A third of a pixel counts a third: 3 pixels into 2.
    @Test func fractionalCoverage() throws {
        let source = try Self.bitmap(3, 1) { x, _ in [[0, 90, 180][x], 0, 0, 255] }
        let out = try ImageResampler.resample(source, width: 2, height: 1)
        #expect(out.pixel(x: 0, y: 0) == [30, 0, 0, 255])  // 1 × 0 + 0.5 × 90, over 1.5
        #expect(out.pixel(x: 1, y: 0) == [150, 0, 0, 255])  // 0.5 × 90 + 1 × 180, over 1.5
    }

    /// Transparent pixels weigh nothing in the colour: opaque red beside transparent black is
    /// red at half alpha, not dark red.
    @Test func averagingIsPremultiplied() throws {
        let source = try Self.bitmap(2, 1) { x, _ in x == 0 ? [255, 0, 0, 255] : [0, 0, 0, 0] }
        #expect(try ImageResampler.resample(source, width: 1, height: 1).pixels == [255, 0, 0, 128])
    }

    @Test func enlargingInterpolates() throws {
        let source = try Self.bitmap(2, 1) { x, _ in [x == 0 ? 0 : 200, 0, 0, 255] }
        let out = try ImageResampler.resample(source, width: 4, height: 2)
        #expect((0..<4).map { out.pixel(x: $0, y: 0)[0] } == [0, 50, 150, 200])
        #expect(out.pixel(x: 2, y: 1) == out.pixel(x: 2, y: 0))
    }

    @Test func regionIsACropOfTheWhole() throws {
        let source = try Self.bitmap(37, 23) { x, y in [UInt8(x * 7 % 256), UInt8(y * 11 % 256), UInt8((x ^ y) * 5 % 256), UInt8(128 + x)] }
        let whole = try ImageResampler.resample(source, width: 15, height: 40)
        let counter = ImageIOCounter()
        let part = try ImageIOCounter.$current.withValue(counter) {
            try ImageResampler.resample(source, width: 15, height: 40, region: PixelRect(x: 4, y: 30, width: 20, height: 20))
        }
        #expect(part.width == 11 && part.height == 10)
        #expect(counter.counts.pixelBufferBytes == 11 * 10 * 4)
        for y in 0..<10 {
            for x in 0..<11 { #expect(part.pixel(x: x, y: y) == whole.pixel(x: x + 4, y: y + 30)) }
        }
        #expect(try ImageResampler.resample(source, width: 37, height: 23) == source)
    }

    @Test func targetsWithinTheLimits() throws {
        let source = try Self.bitmap(2, 2) { _, _ in [1, 2, 3, 4] }
        #expect(throws: ImageError.emptyImage(width: 0, height: 5)) { try ImageResampler.resample(source, width: 0, height: 5) }
        #expect(throws: ImageError.tooManyPixels(width: 30_000, height: 30_000, limit: 40_000_000)) {
            try ImageResampler.resample(source, width: 30_000, height: 30_000)
        }
        #expect(throws: ImageError.emptyImage(width: 0, height: 5)) {
            try ImageResampler.resample(source, width: 10, height: 10, region: PixelRect(x: 20, y: 0, width: 5, height: 5))
        }
    }
}
