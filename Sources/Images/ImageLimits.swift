/// How much an image may cost before it is refused, checked against the file's size and its header
/// before anything the size of the image is allocated.
public struct ImageLimits: Sendable, Equatable {
    /// The largest file read, in bytes. Default 32 MiB.
    public var maxFileBytes: Int
    /// The most pixels (width × height) decoded: the RGBA buffer is 4 bytes a pixel. Default 40
    /// million (160 MB of RGBA).
    public var maxPixels: Int
    /// The longest side in pixels. Default 32,768: a 100,000-pixel-wide strip is refused even
    /// though its pixel count is small.
    public var maxDimension: Int
    /// The most scans a progressive JPEG may have (ordinary files have about ten; a file of
    /// thousands of tiny scans takes minutes to decode). Default 100.
    public var maxJPEGScans: Int

    /// The defaults: 32 MiB files, 40 megapixels, 32,768 pixels a side, 100 JPEG scans.
    public static let `default` = ImageLimits()

    /// Limits; each defaults to the value named on its property.
    public init(maxFileBytes: Int = 32 << 20, maxPixels: Int = 40_000_000, maxDimension: Int = 32_768, maxJPEGScans: Int = 100) {
        self.maxFileBytes = maxFileBytes
        self.maxPixels = maxPixels
        self.maxDimension = maxDimension
        self.maxJPEGScans = maxJPEGScans
    }

    /// Throws when `width` × `height` is empty, has a side longer than `maxDimension` or more
    /// pixels than `maxPixels`.
    public func check(width: Int, height: Int) throws(ImageError) {
        guard width > 0, height > 0 else { throw ImageError.emptyImage(width: width, height: height) }
        guard width <= maxDimension, height <= maxDimension else {
            throw ImageError.sideTooLong(width: width, height: height, limit: maxDimension)
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= maxPixels else { throw ImageError.tooManyPixels(width: width, height: height, limit: maxPixels) }
    }

    /// The working memory libjpeg may take for an image of `pixels` pixels beyond the RGBA buffer:
    /// a progressive or multi-scan JPEG keeps every coefficient (2 bytes a sample, at most 4
    /// samples a pixel), plus 16 MiB for tables and rows.
    func jpegWorkingBytes(pixels: Int) -> Int {
        pixels.multipliedReportingOverflow(by: 8).overflow ? Int.max : pixels * 8 + (16 << 20)
    }
}
