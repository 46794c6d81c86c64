import CImagesShim
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
    /// (opaque) or RGBA. One pass (in C, 18 ms for a 16,384-row part), stopping at the first
    /// pixel that is not opaque.
    static func channels(of image: RGBAImage) -> Int {
        image.pixels.withUnsafeBufferPointer { Int(reflow_png_channels($0.baseAddress, $0.count)) }
    }

    /// zlib's settings for a preview too large for libpng's defaults to be worth their time: level
    /// 1 with run-length matches (Z_RLE) over rows filtered against the row above (UP), so a row
    /// of flat background under another is a run of zeros. Measured on parts of real READMEs at
    /// AX5 (docs/figures.md, "Full-page PNGs"): faster than libpng's PNG_IMAGE_FLAG_FAST (level 3,
    /// no filters) and no larger.
    static let fastSettings = (level: Int32(1), strategy: Int32(3), filters: Int32(0x20))

    /// `width` × `height` pixels of opaque RGBA in `pixels` (rows `width * 4` bytes apart) as PNG
    /// bytes with `fastSettings`, in `channels` (1 or 3; `channels(of:)`), packed row by row as
    /// they are written: no copy of the image is made.
    static func encodeFast(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, channels: Int) throws -> Data {
        guard width > 0, height > 0, pixels.count >= width * height * 4 else {
            throw PreviewError.png("cannot encode an empty image")
        }
        var output = reflow_png_output()
        defer { reflow_png_free(&output) }
        let settings = fastSettings
        guard reflow_png_encode_rgba(pixels.baseAddress, UInt32(width), UInt32(height), width * 4, Int32(channels),
                                     settings.level, settings.strategy, settings.filters, &output) != 0 else {
            let message = withUnsafeBytes(of: &output.message) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            throw PreviewError.png(message.isEmpty ? "libpng error" : message)
        }
        return Data(bytes: output.bytes, count: output.count)
    }

    /// `image` as PNG bytes, in as few channels as hold it exactly: 8-bit gray when every pixel is
    /// an opaque gray (a page of text in neutral colors: a third of the data to compress), RGB
    /// when every pixel is opaque, RGBA otherwise.
    /// - Parameter fast: written with `fastSettings` (zlib level 1, run-length matches, UP
    ///   filters) through libpng's full API: several times faster than its default, somewhat
    ///   larger files.
    public static func encode(_ image: RGBAImage, fast: Bool = false) throws -> Data {
        guard image.width > 0, image.height > 0 else { throw PreviewError.png("cannot encode an empty image") }
        let channels = channels(of: image)
        if fast {
            return try image.pixels.withUnsafeBufferPointer {
                try encodeFast($0, width: image.width, height: image.height, channels: channels)
            }
        }
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
        png.flags = 0
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
