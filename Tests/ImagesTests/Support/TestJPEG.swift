import CJPEGFixtures
import Foundation
@testable import Images
import Testing

/// JPEG files written by libjpeg at test time (Tests/CJPEGFixtures), and edits of their bytes
/// that make hostile ones.
enum TestJPEG {
    /// How the file stores its samples.
    enum Storage: Int32 {
        case grey = 1, rgb = 2, yCbCr = 3, cmyk = 4, ycck = 5

        var channels: Int {
            switch self {
            case .grey: 1
            case .rgb, .yCbCr: 3
            case .cmyk, .ycck: 4
            }
        }
    }

    /// `pixels` (rows packed, `storage.channels` bytes a pixel; CMYK as stored, i.e. Adobe's
    /// inverted inks for `.cmyk` and `.ycck` since libjpeg writes an Adobe marker) as a JPEG file.
    static func encode(width: Int, height: Int, storage: Storage, pixels: [UInt8], quality: Int = 100, progressive: Bool = false,
                       fullChroma: Bool = true, commentBytes: Int = 0) throws -> [UInt8] {
        try #require(pixels.count == width * height * storage.channels)
        var out: UnsafeMutablePointer<UInt8>?
        let count = pixels.withUnsafeBufferPointer { buffer in
            reflow_fixture_jpeg(buffer.baseAddress, Int32(width), Int32(height), storage.rawValue, Int32(quality), progressive ? 1 : 0,
                                fullChroma ? 1 : 0, commentBytes, &out)
        }
        defer { reflow_fixture_free(out) }
        let bytes = try #require(out, "libjpeg refused to write the fixture")
        return Array(UnsafeBufferPointer(start: bytes, count: count))
    }

    /// A `width` × `height` image of one colour, stored as `storage` (samples given per pixel).
    static func solid(width: Int, height: Int, storage: Storage, sample: [UInt8], progressive: Bool = false,
                      commentBytes: Int = 0) throws -> [UInt8] {
        try encode(width: width, height: height, storage: storage, pixels: Array([[UInt8]](repeating: sample, count: width * height).joined()),
                   progressive: progressive, commentBytes: commentBytes)
    }

    /// The offset of the first marker `code` (the 0xFF before it) in `bytes`, walking the
    /// segments from SOI up to the first scan.
    static func marker(_ code: UInt8, in bytes: [UInt8]) -> Int? {
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            if bytes[offset + 1] == code { return offset }
            if bytes[offset + 1] == 0xDA { return nil }
            offset += 2 + (Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3]))
        }
        return nil
    }

    /// `bytes` with the frame header (SOF0 or SOF2) saying `width` × `height`.
    static func withFrameSize(_ bytes: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        let sof = try #require(marker(0xC0, in: bytes) ?? marker(0xC2, in: bytes))
        var out = bytes
        out[sof + 5] = UInt8(height >> 8)
        out[sof + 6] = UInt8(height & 0xFF)
        out[sof + 7] = UInt8(width >> 8)
        out[sof + 8] = UInt8(width & 0xFF)
        return out
    }

    /// A progressive JPEG with its last scan (SOS segment and entropy data up to EOI) repeated
    /// `extra` more times: libjpeg decodes each one over the whole image, warning only that the
    /// progression is bogus — the shape of a scan bomb.
    static func scanBomb(_ progressive: [UInt8], extra: Int) throws -> [UInt8] {
        var lastScan = 0
        var index = 2
        while index + 1 < progressive.count {
            if progressive[index] == 0xFF, progressive[index + 1] == 0xDA { lastScan = index }
            index += 1
        }
        try #require(lastScan > 0 && progressive.suffix(2) == [0xFF, 0xD9])
        let scan = progressive[lastScan..<progressive.count - 2]
        return Array(progressive.dropLast(2)) + Array([ArraySlice<UInt8>](repeating: scan, count: extra).joined()) + [0xFF, 0xD9]
    }
}
