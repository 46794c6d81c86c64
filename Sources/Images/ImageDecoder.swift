/// Pixels: `width` × `height`, rows top to bottom, 4 bytes a pixel (red, green, blue, alpha),
/// 8-bit sRGB values with straight (not premultiplied) alpha, as Preview's `RGBAImage` holds them.
public struct ImageBitmap: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// width × height × 4 bytes.
    public let pixels: [UInt8]

    /// A bitmap over `pixels`; nil unless there are exactly width × height × 4 of them.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width >= 0, height >= 0, !width.multipliedReportingOverflow(by: height).overflow,
              pixels.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A bitmap over `pixels`, whose count the caller has made width × height × 4.
    init(width: Int, height: Int, checkedPixels pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at (`x`, `y`) from the top left: red, green, blue, alpha.
    public func pixel(x: Int, y: Int) -> [UInt8] {
        let index = (y * width + x) * 4
        return Array(pixels[index..<index + 4])
    }
}

/// A decoded image: its header, its pixels, and what the library warned about on the way (data
/// it could read past, such as stray bytes between JPEG markers).
public struct DecodedImage: Sendable, Equatable {
    /// What the header says.
    public var info: ImageInfo
    /// The pixels, straight RGBA.
    public var bitmap: ImageBitmap
    /// How many warnings the library gave.
    public var warningCount: Int
    /// The first warning, in the library's words.
    public var firstWarning: String?
}

/// Decodes PNG and JPEG files into straight-alpha 8-bit RGBA (`ImageBitmap`) within
/// `ImageLimits`: the file's size is checked before it is read, the header's size before any
/// pixel memory is allocated (exactly width × height × 4 bytes, once), so a hostile file costs
/// at most its limits and comes back as an `ImageError`, never a crash or an exit.
///
/// PNG (libpng): every colour type and bit depth (palette, grey, grey with alpha, RGB, RGBA; 1 to
/// 16 bits), tRNS transparency, Adam7 interlacing; 16-bit samples are scaled to 8 bits; gamma and
/// ICC profiles are not applied (values are taken as sRGB); an animated PNG gives its default
/// image. Data after the last row is never read.
///
/// JPEG (libjpeg-turbo): baseline, progressive (at most `maxJPEGScans` scans), arithmetic-coded;
/// greyscale, YCbCr, RGB; CMYK and YCCK converted to RGB (Adobe's inverted CMYK when its marker
/// is there; ICC profiles not applied). 12-bit JPEGs are refused (`.unsupported`). A file that
/// ends early is `.truncated`, not drawn half grey; damaged data libjpeg reads past is drawn and
/// counted in `warningCount`. EXIF orientation is not applied.
public enum ImageDecoder {
    /// Decodes the file at `path`, read as it is decoded (never more than its size when opened).
    public static func decode(path: String, limits: ImageLimits = .default) throws(ImageError) -> DecodedImage {
        try decode(.file(ImageFile(path: path, limits: limits)), limits: limits)
    }

    /// Decodes `bytes`, a whole PNG or JPEG file in memory.
    public static func decode(bytes: [UInt8], limits: ImageLimits = .default) throws(ImageError) -> DecodedImage {
        try decode(.memory(bytes, limits: limits), limits: limits)
    }

    static func decode(_ source: EncodedSource, limits: ImageLimits) throws(ImageError) -> DecodedImage {
        let format = try source.format(head: source.prefix(8))
        return try CodecSession.with(source, format: format, limits: limits) { session throws(ImageError) in
            let info = try session.readHeader()
            try limits.check(width: info.width, height: info.height)
            var pixels = try allocatePixels(width: info.width, height: info.height)
            let result = pixels.withUnsafeMutableBytes { buffer in
                Result { () throws(ImageError) in try session.decode(into: buffer, width: info.width) }
            }
            try result.get()
            let warnings = session.warnings
            return DecodedImage(info: info, bitmap: ImageBitmap(width: info.width, height: info.height, checkedPixels: pixels),
                                warningCount: warnings.count, firstWarning: warnings.first)
        }
    }

    /// A zeroed buffer of width × height × 4 bytes (sizes already checked against the limits),
    /// counted by `ImageIOCounter`.
    static func allocatePixels(width: Int, height: Int) throws(ImageError) -> [UInt8] {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, !pixels.multipliedReportingOverflow(by: 4).overflow else {
            throw ImageError.tooManyPixels(width: width, height: height, limit: Int.max / 4)
        }
        ImageIOCounter.pixelBuffer(bytes: pixels * 4)
        return [UInt8](repeating: 0, count: pixels * 4)
    }
}
