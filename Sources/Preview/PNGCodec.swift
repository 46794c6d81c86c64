import CPNG
import Foundation

/// PNG encoding and decoding through libpng's simplified API (`png_image_*`): the one place the
/// module touches libpng. Encoding is deterministic: the same pixels give the same bytes (no
/// time stamp, no text chunks).
public enum PNGCodec {
    // PNG_FORMAT_* are composite macros Swift does not import.
    private static let formatFlagAlpha: UInt32 = 0x01
    private static let formatFlagColor: UInt32 = 0x02

    /// `image` as PNG bytes: RGB when every pixel is opaque, RGBA otherwise.
    /// - Parameter fast: libpng's PNG_IMAGE_FLAG_FAST (no row filters, lighter compression): several
    ///   times faster to write, somewhat larger files.
    public static func encode(_ image: RGBAImage, fast: Bool = false) throws -> Data {
        guard image.width > 0, image.height > 0 else { throw PreviewError.png("cannot encode an empty image") }
        let opaque = image.isOpaque
        let channels = opaque ? 3 : 4
        var source = image.pixels
        if opaque {
            // Pack RGBA into RGB in place.
            source.withUnsafeMutableBufferPointer { buffer in
                var out = 0, index = 0
                while index < buffer.count {
                    buffer[out] = buffer[index]
                    buffer[out + 1] = buffer[index + 1]
                    buffer[out + 2] = buffer[index + 2]
                    out += 3
                    index += 4
                }
            }
        }
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        png.width = UInt32(image.width)
        png.height = UInt32(image.height)
        png.format = opaque ? formatFlagColor : formatFlagColor | formatFlagAlpha
        png.flags = fast ? UInt32(PNG_IMAGE_FLAG_FAST) : 0
        let stride = Int32(image.width * channels)
        // An upper bound for stored (incompressible) data: the filter byte per row, zlib's and
        // the chunks' overhead. Compressed text is far smaller; the memory is never touched.
        let raw = (image.width * channels + 1) * image.height
        var capacity = raw + raw / 64 + 65_536
        for _ in 0..<2 {
            let memory = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
            defer { memory.deallocate() }
            var size = capacity
            let ok = source.withUnsafeBytes { pixels in
                png_image_write_to_memory(&png, memory, &size, 0, pixels.baseAddress, stride, nil)
            }
            if ok != 0 { return Data(bytes: memory, count: size) }
            if size > capacity {
                capacity = size
                png_image_free(&png)
                continue
            }
            let message = messageOf(&png)
            png_image_free(&png)
            throw PreviewError.png(message)
        }
        throw PreviewError.png("the encoded image did not fit the buffer")
    }

    /// Decodes PNG bytes into an RGBA image (any PNG libpng reads, converted to 8-bit RGBA).
    public static func decode(_ data: Data) throws -> RGBAImage {
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        let begun = data.withUnsafeBytes { bytes in
            png_image_begin_read_from_memory(&png, bytes.baseAddress, bytes.count)
        }
        guard begun != 0 else {
            let message = messageOf(&png)
            png_image_free(&png)
            throw PreviewError.png("cannot read: \(message)")
        }
        png.format = formatFlagColor | formatFlagAlpha
        let width = Int(png.width), height = Int(png.height)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let finished = pixels.withUnsafeMutableBytes { buffer in
            png_image_finish_read(&png, nil, buffer.baseAddress, Int32(width * 4), nil)
        }
        guard finished != 0 else {
            let message = messageOf(&png)
            png_image_free(&png)
            throw PreviewError.png("cannot read: \(message)")
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    private static func messageOf(_ png: inout png_image) -> String {
        withUnsafeBytes(of: &png.message) { bytes in
            let text = bytes.prefix { $0 != 0 }
            return text.isEmpty ? "libpng error" : String(decoding: text, as: UTF8.self)
        }
    }
}
