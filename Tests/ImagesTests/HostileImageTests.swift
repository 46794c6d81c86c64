import Foundation
@testable import Images
import Testing

/// Files made to hurt a decoder: each is a typed error (or, for data past the image, an image),
/// bounded by counts — no pixel buffer for a refused header, a few kilobytes read of a bomb —
/// never a crash, an exit or a huge allocation.
@Suite struct HostileImageTests {
    /// Probes and decodes `bytes` from a file named `name`: both must throw `expected`, the
    /// decoder without allocating pixels.
    static func expectRefused(_ bytes: [UInt8], named name: String = "x.png", _ expected: ImageError, limits: ImageLimits = .default,
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(name, bytes)
        let counter = ImageIOCounter()
        ImageIOCounter.$current.withValue(counter) {
            #expect(throws: expected, sourceLocation: sourceLocation) { try ImageProbe.probe(path: path, limits: limits) }
            #expect(throws: expected, sourceLocation: sourceLocation) { try ImageDecoder.decode(path: path, limits: limits) }
            #expect(throws: expected, sourceLocation: sourceLocation) { try ImageDecoder.decode(bytes: bytes, limits: limits) }
        }
        #expect(counter.counts.pixelBuffers == 0, sourceLocation: sourceLocation)
    }

    static let smallPNG = TestPNG(width: 8, height: 8, colorType: 6, bitDepth: 8) { x, y in [x, y, 0, 255] }.encoded()

    @Test func textFileNamedPNG() throws {
        try Self.expectRefused(Array("# Not an image\n\nJust Markdown.\n".utf8), .notAnImage)
        #expect(ImageError.notAnImage.description.contains("convert it to PNG"))
    }

    @Test func otherFormatsAreNamed() throws {
        try Self.expectRefused(Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0], named: "x.gif", .unsupportedFormat("GIF"))
        try Self.expectRefused(Array("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8), named: "x.png",
                               .unsupportedFormat("SVG"))
        try Self.expectRefused(Array("RIFF\u{10}\0\0\0WEBPVP8 ".utf8), named: "x.webp", .unsupportedFormat("WebP"))
    }

    @Test func emptyFile() throws {
        try Self.expectRefused([], .emptyFile)
    }

    @Test func pngCutShort() throws {
        // In the IHDR: the probe cannot read it.
        try Self.expectRefused(Array(Self.smallPNG.prefix(20)), .truncated(.png))
        // In the image data: the header probes, the decoder finds the end.
        let cut = Array(Self.smallPNG.prefix(Self.smallPNG.count - 40))
        #expect(try ImageProbe.probe(bytes: cut).width == 8)
        let counter = ImageIOCounter()
        ImageIOCounter.$current.withValue(counter) {
            #expect(throws: ImageError.truncated(.png)) { try ImageDecoder.decode(bytes: cut) }
        }
        // The buffer was allocated at the header's size, and no more.
        #expect(counter.counts.pixelBufferBytes == 8 * 8 * 4)
    }

    /// libpng checks a chunk's CRC at its end, so the damage is in the first of several IDATs.
    @Test func pngWithABadChunkCRCIsCorrupt() throws {
        var bytes = TestPNG(width: 8, height: 8, colorType: 6, bitDepth: 8) { x, y in [x, y, 0, 255] }.encoded(idatChunkSize: 64)
        bytes[8 + 25 + 8 + 10] ^= 0xFF  // signature, IHDR chunk, the IDAT's length and type, 10 bytes in
        #expect {
            try ImageDecoder.decode(bytes: bytes)
        } throws: { error in
            guard case ImageError.corrupt(.png, let message) = error else { return false }
            return message.contains("CRC")
        }
        var header = Self.smallPNG
        header[20] ^= 1  // the IHDR's height
        #expect(throws: ImageError.corrupt(.png, "IHDR: CRC error")) { try ImageProbe.probe(bytes: header) }
    }

    /// IHDR says 100,000 × 100,000 (40 GB of RGBA): refused from the header, nothing allocated,
    /// and only the header read.
    @Test func pngHeaderOfAHugeImage() throws {
        let bytes = TestPNG(width: 100_000, height: 100_000, colorType: 6, bitDepth: 8) { _, _ in [0, 0, 0, 0] }
            .encoded(idat: TestPNG.zlibStored([0, 0, 0, 0, 0]))
        try Self.expectRefused(bytes, .sideTooLong(width: 100_000, height: 100_000, limit: 32_768))
        // Within the side limit, over the pixel limit.
        let square = TestPNG(width: 20_000, height: 20_000, colorType: 0, bitDepth: 1) { _, _ in [0] }
            .encoded(idat: TestPNG.zlibStored([0, 0]))
        try Self.expectRefused(square, .tooManyPixels(width: 20_000, height: 20_000, limit: 40_000_000))
        let wide = TestPNG(width: 100_000, height: 1, colorType: 0, bitDepth: 8) { _, _ in [0] }.encoded(idat: TestPNG.zlibStored([0]))
        try Self.expectRefused(wide, .sideTooLong(width: 100_000, height: 1, limit: 32_768))
    }

    /// A decompression bomb: a 16 × 15 image whose deflate stream goes on to inflate to over 50 MB.
    /// The decoder inflates what the rows need and stops; it reads a few kilobytes of the file.
    /// Interlaced too, where the last row is in no pass of its own.
    @Test(arguments: [false, true])
    func pngDecompressionBombIsNotInflated(interlaced: Bool) throws {
        let png = TestPNG(width: 16, height: 15, colorType: 0, bitDepth: 8, interlaced: interlaced) { x, y in [x * 16 + y] }
        let bomb = png.encoded(idat: TestPNG.zlibBomb(png.scanlines(), repeats: 200_000))
        #expect(bomb.count > 300_000)
        let folder = try TemporaryFolder()
        let path = try folder.write("bomb.png", bomb)
        let counter = ImageIOCounter()
        let image = try ImageIOCounter.$current.withValue(counter) { try ImageDecoder.decode(path: path) }
        #expect(image.bitmap.pixel(x: 3, y: 5) == [53, 53, 53, 255])
        #expect(counter.counts.bytesRead < 20_000, "read \(counter.counts.bytesRead) of \(bomb.count) bytes")
        #expect(counter.counts.pixelBufferBytes == 16 * 15 * 4)
    }

    /// A JPEG frame header saying 65,500 × 65,500 (libjpeg's maximum) over a few bytes of data.
    @Test func jpegBombHeader() throws {
        let small = try TestJPEG.solid(width: 16, height: 16, storage: .yCbCr, sample: [1, 2, 3])
        try Self.expectRefused(try TestJPEG.withFrameSize(small, width: 65_500, height: 65_500), named: "bomb.jpg",
                               .sideTooLong(width: 65_500, height: 65_500, limit: 32_768))
        try Self.expectRefused(try TestJPEG.withFrameSize(small, width: 30_000, height: 30_000), named: "bomb.jpg",
                               .tooManyPixels(width: 30_000, height: 30_000, limit: 40_000_000))
    }

    /// A progressive JPEG of 300 scans stops at the scan limit.
    @Test func jpegScanBombStopsAtTheLimit() throws {
        var pixels: [UInt8] = []
        for index in 0..<(64 * 64) { pixels += [UInt8(index % 251), UInt8(index % 13 * 19), 7] }
        let progressive = try TestJPEG.encode(width: 64, height: 64, storage: .yCbCr, pixels: pixels, quality: 90, progressive: true)
        let bomb = try TestJPEG.scanBomb(progressive, extra: 300)
        try Self.expectRefusedAfterHeader(bomb, .tooManyScans(limit: 100))
        try Self.expectRefusedAfterHeader(bomb, .tooManyScans(limit: 20), limits: ImageLimits(maxJPEGScans: 20))
        // A few extra scans are within the limit: drawn, with libjpeg's warnings counted.
        let image = try ImageDecoder.decode(bytes: try TestJPEG.scanBomb(progressive, extra: 3))
        #expect(image.bitmap.width == 64)
        #expect(image.warningCount > 0 && image.firstWarning != nil)
    }

    /// Errors the header does not show: the probe succeeds, the decoder throws after allocating
    /// the (bounded) buffer.
    static func expectRefusedAfterHeader(_ bytes: [UInt8], _ expected: ImageError, limits: ImageLimits = .default,
                                         sourceLocation: SourceLocation = #_sourceLocation) throws {
        let info = try ImageProbe.probe(bytes: bytes, limits: limits)
        let counter = ImageIOCounter()
        ImageIOCounter.$current.withValue(counter) {
            #expect(throws: expected, sourceLocation: sourceLocation) { try ImageDecoder.decode(bytes: bytes, limits: limits) }
        }
        #expect(counter.counts.pixelBuffers <= 1 && counter.counts.pixelBufferBytes <= info.pixelCount * 4, sourceLocation: sourceLocation)
    }

    @Test func jpegCutShort() throws {
        let bytes = try TestJPEG.solid(width: 64, height: 64, storage: .yCbCr, sample: [90, 20, 200])
        let sos = try #require(TestJPEG.marker(0xDA, in: bytes))
        try Self.expectRefusedAfterHeader(Array(bytes.prefix(sos + 40)), .truncated(.jpeg))
        // Before the frame header: the probe finds the end too.
        try Self.expectRefused(Array(bytes.prefix(30)), named: "x.jpg", .truncated(.jpeg))
        try Self.expectRefused([0xFF, 0xD8, 0xFF], named: "x.jpg", .truncated(.jpeg))
    }

    @Test func twelveBitJPEGIsUnsupported() throws {
        var bytes = try TestJPEG.solid(width: 8, height: 8, storage: .yCbCr, sample: [1, 2, 3])
        let sof = try #require(TestJPEG.marker(0xC0, in: bytes))
        bytes[sof + 4] = 12
        #expect {
            try ImageProbe.probe(bytes: bytes)
        } throws: { error in
            guard case ImageError.unsupported(.jpeg, let message) = error else { return false }
            return message.contains("12")
        }
    }

    @Test func fileLargerThanTheLimit() throws {
        try Self.expectRefused(Self.smallPNG, .fileTooLarge(bytes: Self.smallPNG.count, limit: 100), limits: ImageLimits(maxFileBytes: 100))
    }

    @Test func notRegularFilesAreNotOpenedForReading() throws {
        let folder = try TemporaryFolder()
        try folder.write("sub/x.png", Self.smallPNG)
        #expect(throws: ImageError.notARegularFile(path: folder.at("sub"))) { try ImageDecoder.decode(path: folder.at("sub")) }
        // A FIFO with no writer would block a plain open(2) for ever.
        let fifo = folder.at("fifo.png")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: ImageError.notARegularFile(path: fifo)) { try ImageProbe.probe(path: fifo) }
        #expect {
            try ImageDecoder.decode(path: folder.at("absent.png"))
        } throws: { error in
            guard case ImageError.cannotOpen(let path, let reason) = error else { return false }
            return path == folder.at("absent.png") && !reason.isEmpty
        }
    }

    /// Random damage to valid files: whatever comes back is an image or a typed error.
    @Test func damagedBytesNeverCrash() throws {
        let jpeg = try TestJPEG.solid(width: 24, height: 16, storage: .yCbCr, sample: [10, 200, 30], progressive: true)
        var generator = SplitMix(seed: 22)
        for original in [Self.smallPNG, jpeg] {
            for _ in 0..<300 {
                var bytes = original
                for _ in 0..<(1 + Int(generator.next() % 4)) {
                    bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
                }
                if generator.next() % 4 == 0 { bytes.removeLast(Int(generator.next() % UInt64(bytes.count / 2))) }
                do {
                    let image = try ImageDecoder.decode(bytes: bytes, limits: ImageLimits(maxPixels: 1 << 20))
                    #expect(image.bitmap.pixels.count == image.info.pixelCount * 4)
                } catch {
                    #expect(!"\(error)".isEmpty)
                }
            }
        }
    }
}

/// A small deterministic generator (SplitMix64).
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
