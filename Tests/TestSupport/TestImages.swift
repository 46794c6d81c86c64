import CJPEGFixtures
import Foundation
import Preview
import Reflow

/// Image files for tests of documents with images, made at test time (no binary fixtures): PNGs
/// through libpng (`PNGCodec`), JPEGs through libjpeg (`CJPEGFixtures`), and hostile files.
public enum TestImages {
    /// A PNG of one colour.
    public static func png(width: Int, height: Int, color: Color) throws -> [UInt8] {
        [UInt8](try PNGCodec.encode(RGBAImage(width: width, height: height, color: color)))
    }

    /// A baseline JPEG (quality 100, 4:4:4) of one opaque colour.
    public static func jpeg(width: Int, height: Int, color: Color) throws -> [UInt8] {
        let pixels = [UInt8](Array(repeating: [color.red, color.green, color.blue], count: width * height).joined())
        var out: UnsafeMutablePointer<UInt8>?
        let count = pixels.withUnsafeBufferPointer { buffer in
            reflow_fixture_jpeg(buffer.baseAddress, Int32(width), Int32(height), 3, 100, 0, 1, 0, &out)
        }
        defer { reflow_fixture_free(out) }
        guard let out, count > 0 else { throw Failure(description: "libjpeg refused to write a \(width) x \(height) JPEG") }
        return Array(UnsafeBufferPointer(start: out, count: count))
    }

    /// The first 33 bytes of a PNG (signature and IHDR, CRC correct) claiming `width` × `height`
    /// 8-bit RGBA pixels, and nothing after: what a hostile file's header can say.
    public static func pngHeader(width: Int, height: Int) -> [UInt8] {
        func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        let chunk = Array("IHDR".utf8) + be32(width) + be32(height) + [8, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + chunk + be32(Int(crc32(chunk)))
    }

    /// CRC-32 (ISO 3309, as PNG's chunks use), bit by bit.
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// A folder of its own under the system's temporary folder, removed when the value is released.
    public final class Folder {
        public let path: String

        public init() throws {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("reflow-doc-images-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            path = url.path
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }

        /// Writes `bytes` at `name` below the folder (intermediate folders made); returns its path.
        @discardableResult
        public func write(_ name: String, _ bytes: [UInt8]) throws -> String {
            let file = (path as NSString).appendingPathComponent(name)
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: file))
            return file
        }

        /// Writes `text` at `name`; returns its path.
        @discardableResult
        public func write(_ name: String, _ text: String) throws -> String { try write(name, Array(text.utf8)) }
    }
}
