import CPNG
import Foundation

/// PNG encoding and decoding through libpng's simplified API (`png_image_*`): the one place the
/// module touches libpng. Encoding is deterministic: the same pixels give the same bytes (no
/// time stamp, no text chunks).
public enum PNGCodec {
    // PNG_FORMAT_* are composite macros Swift does not import.
    private static let formatFlagAlpha: UInt32 = 0x01
    private static let formatFlagColor: UInt32 = 0x02

    /// How many channels an image needs: gray (every pixel opaque with red = green = blue), RGB
    /// (opaque) or RGBA. One pass, stopping at the first pixel that is not opaque.
    static func channels(of image: RGBAImage) -> Int {
        image.pixels.withUnsafeBufferPointer { buffer in
            var gray = true
            var index = 0
            while index < buffer.count {
                if buffer[index + 3] != 255 { return 4 }
                if gray, buffer[index] != buffer[index + 1] || buffer[index] != buffer[index + 2] { gray = false }
                index += 4
            }
            return gray ? 1 : 3
        }
    }

    /// `image` as PNG bytes, in as few channels as hold it exactly: 8-bit gray when every pixel is
    /// an opaque gray (a page of text in neutral colors: a third of the data to compress), RGB
    /// when every pixel is opaque, RGBA otherwise.
    /// - Parameter fast: libpng's PNG_IMAGE_FLAG_FAST (no row filters, lighter compression): several
    ///   times faster to write, somewhat larger files.
    public static func encode(_ image: RGBAImage, fast: Bool = false) throws -> Data {
        guard image.width > 0, image.height > 0 else { throw PreviewError.png("cannot encode an empty image") }
        let channels = channels(of: image)
        var packed: [UInt8] = []
        if channels < 4 {
            packed = [UInt8](unsafeUninitializedCapacity: image.width * image.height * channels) { out, count in
                image.pixels.withUnsafeBufferPointer { source in
                    var index = 0, position = 0
                    while index < source.count {
                        out[position] = source[index]
                        if channels == 3 {
                            out[position + 1] = source[index + 1]
                            out[position + 2] = source[index + 2]
                        }
                        position += channels
                        index += 4
                    }
                }
                count = image.width * image.height * channels
            }
        }
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        png.width = UInt32(image.width)
        png.height = UInt32(image.height)
        png.format = channels == 1 ? 0 : channels == 3 ? formatFlagColor : formatFlagColor | formatFlagAlpha
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
            let ok = (channels == 4 ? image.pixels : packed).withUnsafeBytes { pixels in
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
