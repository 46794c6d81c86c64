@testable import Images
import Testing

/// The probe reads a header, not an image: its counts show it.
@Suite struct ProbeTests {
    @Test func pngProbeReadsTheFirst33Bytes() throws {
        let folder = try TemporaryFolder()
        var png = TestPNG(width: 300, height: 120, colorType: 3, bitDepth: 4) { x, _ in [x % 16] }
        png.palette = [UInt8](repeating: 9, count: 48)
        png.interlaced = true
        let bytes = png.encoded()
        let path = try folder.write("wide.png", bytes)
        let counter = ImageIOCounter()
        let info = try ImageIOCounter.$current.withValue(counter) { try ImageProbe.probe(path: path) }
        #expect(info == ImageInfo(format: .png, width: 300, height: 120, bitDepth: 4, colorModel: .palette, isInterlaced: true,
                                  byteCount: bytes.count))
        #expect(counter.counts == ImageIOCounter.Counts(filesOpened: 1, bytesRead: 33, pixelBuffers: 0, pixelBufferBytes: 0))
    }

    /// libjpeg reads up to the first scan, seeking over segments it does not need: a 60,000-byte
    /// comment before the frame header is not read.
    @Test func jpegProbeSeeksOverLongSegments() throws {
        let folder = try TemporaryFolder()
        let bytes = try TestJPEG.solid(width: 640, height: 480, storage: .yCbCr, sample: [0, 0, 0], progressive: true, commentBytes: 60_000)
        let path = try folder.write("photo.jpeg", bytes)
        let counter = ImageIOCounter()
        let info = try ImageIOCounter.$current.withValue(counter) { try ImageProbe.probe(path: path) }
        #expect(info == ImageInfo(format: .jpeg, width: 640, height: 480, bitDepth: 8, colorModel: .yCbCr, isInterlaced: true,
                                  byteCount: bytes.count))
        #expect(counter.counts.pixelBuffers == 0)
        #expect(counter.counts.bytesRead <= 3 * 4096, "read \(counter.counts.bytesRead) of \(bytes.count) bytes")
    }

    @Test func probeOfBytesAgreesWithTheDecoder() throws {
        let png = TestPNG(width: 3, height: 2, colorType: 4, bitDepth: 16) { _, _ in [1, 2] }.encoded()
        let jpeg = try TestJPEG.solid(width: 9, height: 5, storage: .grey, sample: [40])
        for bytes in [png, jpeg] {
            let counter = ImageIOCounter()
            let info = try ImageIOCounter.$current.withValue(counter) { try ImageProbe.probe(bytes: bytes) }
            #expect(counter.counts.pixelBuffers == 0)
            #expect(info == (try ImageDecoder.decode(bytes: bytes)).info)
        }
    }

    /// The probe refuses what the decoder would refuse from the header.
    @Test func probeChecksTheLimits() throws {
        let png = TestPNG(width: 200, height: 100, colorType: 2, bitDepth: 8) { _, _ in [0, 0, 0] }.encoded()
        #expect(throws: ImageError.sideTooLong(width: 200, height: 100, limit: 150)) {
            try ImageProbe.probe(bytes: png, limits: ImageLimits(maxDimension: 150))
        }
        #expect(throws: ImageError.tooManyPixels(width: 200, height: 100, limit: 10_000)) {
            try ImageProbe.probe(bytes: png, limits: ImageLimits(maxPixels: 10_000))
        }
        #expect(throws: ImageError.fileTooLarge(bytes: png.count, limit: 50)) {
            try ImageProbe.probe(bytes: png, limits: ImageLimits(maxFileBytes: 50))
        }
    }
}
