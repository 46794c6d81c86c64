@testable import Images
import Testing

/// PNGs of every colour type and bit depth, written by `TestPNG`, decoded to the RGBA they mean.
@Suite struct PNGDecodeTests {
    /// An RGBA image whose every pixel differs: the expected RGBA of (x, y).
    static func rgba(_ x: Int, _ y: Int) -> [Int] { [x * 40 % 256, y * 50 % 256, (x * y * 7 + 3) % 256, 255 - (x + y) * 9 % 256] }

    static func decode(_ png: TestPNG) throws -> DecodedImage {
        try ImageDecoder.decode(bytes: png.encoded())
    }

    static func expectPixels(_ image: DecodedImage, _ expected: (Int, Int) -> [Int], sourceLocation: SourceLocation = #_sourceLocation) {
        var wrong = 0
        for y in 0..<image.bitmap.height {
            for x in 0..<image.bitmap.width where image.bitmap.pixel(x: x, y: y).map(Int.init) != expected(x, y) {
                if wrong == 0 {
                    Issue.record("(\(x), \(y)) is \(image.bitmap.pixel(x: x, y: y)), not \(expected(x, y))", sourceLocation: sourceLocation)
                }
                wrong += 1
            }
        }
        #expect(wrong == 0, sourceLocation: sourceLocation)
    }

    @Test func rgbaEightBitIsExact() throws {
        let image = try Self.decode(TestPNG(width: 7, height: 5, colorType: 6, bitDepth: 8) { x, y in Self.rgba(x, y) })
        #expect(image.info == ImageInfo(format: .png, width: 7, height: 5, bitDepth: 8, colorModel: .rgba, isInterlaced: false,
                                        byteCount: TestPNG(width: 7, height: 5, colorType: 6, bitDepth: 8) { x, y in Self.rgba(x, y) }
                                            .encoded().count))
        Self.expectPixels(image, Self.rgba)
        #expect(image.warningCount == 0)
    }

    @Test func rgbGetsOpaqueAlpha() throws {
        let image = try Self.decode(TestPNG(width: 6, height: 3, colorType: 2, bitDepth: 8) { x, y in Array(Self.rgba(x, y).prefix(3)) })
        Self.expectPixels(image) { x, y in Array(Self.rgba(x, y).prefix(3)) + [255] }
    }

    @Test(arguments: [1, 2, 4, 8])
    func greyOfFewBitsIsScaledToEight(depth: Int) throws {
        let levels = 1 << depth
        let image = try Self.decode(TestPNG(width: 9, height: 2, colorType: 0, bitDepth: depth) { x, y in [(x + y) % levels] })
        #expect(image.info.colorModel == .grey && image.info.bitDepth == depth)
        Self.expectPixels(image) { x, y in
            let value = (x + y) % levels * 255 / (levels - 1)
            return [value, value, value, 255]
        }
    }

    @Test func sixteenBitSamplesAreScaledWithRounding() throws {
        let samples = [0, 1, 128, 0x7F7F, 0x8080, 0xFF7F, 0xFFFF, 0x1234]
        let image = try Self.decode(TestPNG(width: samples.count, height: 1, colorType: 6, bitDepth: 16) { x, _ in
            [samples[x], samples[x], 0xFFFF - samples[x], 0xFFFF]
        })
        Self.expectPixels(image) { x, _ in
            let value = Int((Double(samples[x]) * 255 / 65_535).rounded())
            return [value, value, 255 - value, 255]
        }
    }

    @Test func greyAlphaAndSixteenBitGrey() throws {
        let greyAlpha = try Self.decode(TestPNG(width: 4, height: 4, colorType: 4, bitDepth: 8) { x, y in [x * 60, y * 80] })
        Self.expectPixels(greyAlpha) { x, y in [x * 60, x * 60, x * 60, y * 80] }
        let grey16 = try Self.decode(TestPNG(width: 3, height: 1, colorType: 0, bitDepth: 16) { x, _ in [x * 0x7FFF] })
        Self.expectPixels(grey16) { x, _ in
            let value = Int((Double(x * 0x7FFF) * 255 / 65_535).rounded())
            return [value, value, value, 255]
        }
    }

    @Test(arguments: [1, 2, 4, 8])
    func paletteWithTransparency(depth: Int) throws {
        let entries = min(1 << depth, 5)
        let colors = (0..<entries).map { [$0 * 50, 255 - $0 * 50, $0 * 20] }
        let alphas = (0..<entries).map { $0 == 0 ? 0 : 255 - $0 * 30 }
        var png = TestPNG(width: 10, height: 3, colorType: 3, bitDepth: depth) { x, y in [(x + 2 * y) % entries] }
        png.palette = colors.flatMap { $0.map(UInt8.init) }
        png.transparency = alphas.map(UInt8.init)
        let image = try ImageDecoder.decode(bytes: png.encoded())
        #expect(image.info.colorModel == .palette)
        Self.expectPixels(image) { x, y in
            let index = (x + 2 * y) % entries
            return colors[index] + [alphas[index]]
        }
    }

    @Test func transparencyChunkOnRGBAndGrey() throws {
        var rgb = TestPNG(width: 3, height: 1, colorType: 2, bitDepth: 8) { x, _ in [x * 10, 20, 30] }
        rgb.transparency = [0, 10, 0, 20, 0, 30]
        Self.expectPixels(try ImageDecoder.decode(bytes: rgb.encoded())) { x, _ in [x * 10, 20, 30, x == 1 ? 0 : 255] }
        var grey = TestPNG(width: 4, height: 1, colorType: 0, bitDepth: 4) { x, _ in [x] }
        grey.transparency = [0, 2]
        Self.expectPixels(try ImageDecoder.decode(bytes: grey.encoded())) { x, _ in [x * 17, x * 17, x * 17, x == 2 ? 0 : 255] }
    }

    /// Adam7 puts the pixels in seven passes; the image is the same. Sizes that leave passes
    /// empty (1 × 1, 3 × 2) included.
    @Test(arguments: [(1, 1), (3, 2), (9, 9), (17, 5)])
    func interlacedIsTheSameImage(size: (Int, Int)) throws {
        var png = TestPNG(width: size.0, height: size.1, colorType: 6, bitDepth: 8) { x, y in Self.rgba(x, y) }
        let plain = try ImageDecoder.decode(bytes: png.encoded())
        png.interlaced = true
        let interlaced = try ImageDecoder.decode(bytes: png.encoded())
        #expect(interlaced.info.isInterlaced)
        #expect(interlaced.bitmap == plain.bitmap)
        Self.expectPixels(interlaced, Self.rgba)
    }

    /// Text, ICC-profile and unknown chunks are passed over; IDAT split into chunks of one byte
    /// is one stream.
    @Test func ancillaryChunksAndTinyIDATChunks() throws {
        var png = TestPNG(width: 5, height: 4, colorType: 6, bitDepth: 8) { x, y in Self.rgba(x, y) }
        png.extraChunks = [("tEXt", Array("Comment\0hello".utf8)), ("zTXt", Array("Title\0\0garbage".utf8)),
                           ("iCCP", Array("icc\0\0not a deflate stream".utf8)), ("prVt", [1, 2, 3])]
        let image = try ImageDecoder.decode(bytes: png.encoded(idatChunkSize: 1))
        Self.expectPixels(image, Self.rgba)
    }

    @Test func decodingFromAFileCountsOneBufferOfTheImageSize() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("picture.png", TestPNG(width: 12, height: 10, colorType: 2, bitDepth: 8) { x, y in [x, y, 0] }.encoded())
        let counter = ImageIOCounter()
        let image = try ImageIOCounter.$current.withValue(counter) { try ImageDecoder.decode(path: path) }
        #expect(image.bitmap.width == 12 && image.bitmap.height == 10)
        #expect(counter.counts.filesOpened == 1)
        #expect(counter.counts.pixelBuffers == 1)
        #expect(counter.counts.pixelBufferBytes == 12 * 10 * 4)
    }
}
