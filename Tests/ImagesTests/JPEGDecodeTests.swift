@testable import Images
import Testing

/// JPEGs written by libjpeg (`TestJPEG`), decoded back. JPEG is lossy: colours are compared
/// within a tolerance, at quality 100 with full-resolution chroma.
@Suite struct JPEGDecodeTests {
    static func expectColor(_ image: DecodedImage, _ expected: [Int], tolerance: Int = 2, sourceLocation: SourceLocation = #_sourceLocation) {
        for y in 0..<image.bitmap.height {
            for x in 0..<image.bitmap.width {
                let pixel = image.bitmap.pixel(x: x, y: y).map(Int.init)
                guard zip(pixel, expected).allSatisfy({ abs($0 - $1) <= tolerance }) else {
                    Issue.record("(\(x), \(y)) is \(pixel), not \(expected) ± \(tolerance)", sourceLocation: sourceLocation)
                    return
                }
            }
        }
    }

    @Test func solidColourRoundTrips() throws {
        let bytes = try TestJPEG.solid(width: 16, height: 8, storage: .yCbCr, sample: [200, 30, 90])
        let image = try ImageDecoder.decode(bytes: bytes)
        #expect(image.info == ImageInfo(format: .jpeg, width: 16, height: 8, bitDepth: 8, colorModel: .yCbCr, isInterlaced: false,
                                        byteCount: bytes.count))
        Self.expectColor(image, [200, 30, 90, 255])
        #expect(image.warningCount == 0)
    }

    /// Four quadrants of different colours: each pixel lands where it was (within JPEG's error).
    @Test func quadrantsStayInPlace() throws {
        let colors: [[UInt8]] = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]]
        var pixels: [UInt8] = []
        for y in 0..<16 {
            for x in 0..<16 { pixels += colors[(y / 8) * 2 + x / 8] }
        }
        let image = try ImageDecoder.decode(bytes: TestJPEG.encode(width: 16, height: 16, storage: .yCbCr, pixels: pixels))
        for (index, color) in colors.enumerated() {
            let x = index % 2 * 8 + 4, y = index / 2 * 8 + 4
            let pixel = image.bitmap.pixel(x: x, y: y).map(Int.init)
            #expect(zip(pixel, color.map(Int.init) + [255]).allSatisfy { abs($0 - $1) <= 8 }, "quadrant \(index): \(pixel)")
        }
    }

    @Test func greyscaleBecomesGreyRGB() throws {
        let pixels = (0..<64).map { UInt8($0 % 8 * 32) }
        let image = try ImageDecoder.decode(bytes: TestJPEG.encode(width: 8, height: 8, storage: .grey, pixels: pixels))
        #expect(image.info.colorModel == .grey)
        for y in 0..<8 {
            for x in 0..<8 {
                let pixel = image.bitmap.pixel(x: x, y: y).map(Int.init)
                #expect(pixel[0] == pixel[1] && pixel[1] == pixel[2] && pixel[3] == 255)
                #expect(abs(pixel[0] - x * 32) <= 3)
            }
        }
    }

    /// A progressive file holds the same coefficients as a baseline one: the same pixels.
    @Test func progressiveDecodesAsBaseline() throws {
        var pixels: [UInt8] = []
        for y in 0..<24 {
            for x in 0..<40 { pixels += [UInt8(x * 6), UInt8(y * 10), UInt8((x + y) * 3)] }
        }
        let baseline = try ImageDecoder.decode(bytes: TestJPEG.encode(width: 40, height: 24, storage: .yCbCr, pixels: pixels, quality: 80))
        let progressive = try ImageDecoder.decode(bytes: TestJPEG.encode(width: 40, height: 24, storage: .yCbCr, pixels: pixels, quality: 80,
                                                                         progressive: true))
        #expect(progressive.info.isInterlaced && !baseline.info.isInterlaced)
        #expect(progressive.bitmap == baseline.bitmap)
    }

    @Test func rgbStoredWithoutTransform() throws {
        let image = try ImageDecoder.decode(bytes: TestJPEG.solid(width: 8, height: 8, storage: .rgb, sample: [10, 120, 240]))
        #expect(image.info.colorModel == .rgb)
        Self.expectColor(image, [10, 120, 240, 255])
    }

    /// libjpeg writes CMYK with an Adobe marker, and Adobe's files store inks inverted (255 = no
    /// ink), so the samples here are inverted: full magenta and yellow ink is red.
    @Test(arguments: [TestJPEG.Storage.cmyk, .ycck])
    func cmykBecomesRGB(storage: TestJPEG.Storage) throws {
        let red = try ImageDecoder.decode(bytes: TestJPEG.solid(width: 8, height: 8, storage: storage, sample: [255, 0, 0, 255]))
        #expect(red.info.colorModel == (storage == .cmyk ? .cmyk : .ycck))
        Self.expectColor(red, [255, 0, 0, 255], tolerance: 3)
        // Half black ink, nothing else: mid grey.
        let grey = try ImageDecoder.decode(bytes: TestJPEG.solid(width: 8, height: 8, storage: storage, sample: [255, 255, 255, 128]))
        Self.expectColor(grey, [128, 128, 128, 255], tolerance: 3)
    }

    @Test func oddSizesAndSubsampledChroma() throws {
        let bytes = try TestJPEG.encode(width: 13, height: 7, storage: .yCbCr, pixels: [UInt8](repeating: 77, count: 13 * 7 * 3),
                                        fullChroma: false)
        let image = try ImageDecoder.decode(bytes: bytes)
        #expect(image.bitmap.width == 13 && image.bitmap.height == 7)
        Self.expectColor(image, [77, 77, 77, 255])
    }

    @Test func decodingFromAFileCountsOneBuffer() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("photo.jpg", try TestJPEG.solid(width: 30, height: 20, storage: .yCbCr, sample: [1, 2, 3]))
        let counter = ImageIOCounter()
        let image = try ImageIOCounter.$current.withValue(counter) { try ImageDecoder.decode(path: path) }
        #expect(image.bitmap.width == 30)
        #expect(counter.counts.pixelBuffers == 1 && counter.counts.pixelBufferBytes == 30 * 20 * 4)
    }
}
