/// An image's size and format from its header alone, for layout: no pixel memory is allocated and
/// little of the file is read. A PNG's IHDR is the first 33 bytes (read and checked here, CRC
/// included); a JPEG's frame header comes after its other markers, read by libjpeg's
/// `jpeg_read_header`, which seeks over the segments it does not need (EXIF, ICC profiles).
///
/// The probe refuses what `ImageDecoder` would refuse from the header: a file larger than
/// `ImageLimits.maxFileBytes`, a side longer than `maxDimension`, more than `maxPixels`. So an
/// image that probes can be laid out at its size, and one that does not is a placeholder.
public enum ImageProbe {
    /// The header of the file at `path`.
    public static func probe(path: String, limits: ImageLimits = .default) throws(ImageError) -> ImageInfo {
        try probe(.file(ImageFile(path: path, limits: limits)), limits: limits)
    }

    /// The header of `bytes` (a whole file in memory).
    public static func probe(bytes: [UInt8], limits: ImageLimits = .default) throws(ImageError) -> ImageInfo {
        try probe(.memory(bytes, limits: limits), limits: limits)
    }

    static func probe(_ source: EncodedSource, limits: ImageLimits) throws(ImageError) -> ImageInfo {
        let head = try source.prefix(pngHeaderLength)
        let info: ImageInfo
        switch try source.format(head: head) {
        case .png: info = try pngHeader(head, byteCount: source.byteCount)
        case .jpeg: info = try CodecSession.with(source, format: .jpeg, limits: limits) { session throws(ImageError) in try session.readHeader() }
        }
        try limits.check(width: info.width, height: info.height)
        return info
    }

    /// The signature, the IHDR chunk's length, type, 13 bytes of data and CRC.
    static let pngHeaderLength = 33

    /// The IHDR of a PNG whose first bytes are `bytes`, checked as libpng checks it.
    static func pngHeader(_ bytes: [UInt8], byteCount: Int) throws(ImageError) -> ImageInfo {
        guard bytes.count >= pngHeaderLength else { throw ImageError.truncated(.png) }
        func word(_ offset: Int) -> UInt32 {
            bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
        }
        guard word(8) == 13, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            throw ImageError.corrupt(.png, "the first chunk is not a 13-byte IHDR")
        }
        guard ImageSignature.crc32(bytes[12..<29]) == word(29) else { throw ImageError.corrupt(.png, "IHDR: CRC error") }
        let width = word(16), height = word(20)
        let depth = Int(bytes[24]), colorType = bytes[25]
        guard width > 0, height > 0, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else {
            throw ImageError.corrupt(.png, "IHDR gives \(width) x \(height) pixels")
        }
        let model: ImageColorModel
        let depths: Set<Int>
        switch colorType {
        case 0: (model, depths) = (.grey, [1, 2, 4, 8, 16])
        case 2: (model, depths) = (.rgb, [8, 16])
        case 3: (model, depths) = (.palette, [1, 2, 4, 8])
        case 4: (model, depths) = (.greyAlpha, [8, 16])
        case 6: (model, depths) = (.rgba, [8, 16])
        default: throw ImageError.corrupt(.png, "IHDR gives colour type \(colorType)")
        }
        guard depths.contains(depth) else { throw ImageError.corrupt(.png, "IHDR gives bit depth \(depth) for colour type \(colorType)") }
        guard bytes[26] == 0, bytes[27] == 0, bytes[28] <= 1 else {
            throw ImageError.corrupt(.png, "IHDR gives an unknown compression, filter or interlace method")
        }
        return ImageInfo(format: .png, width: Int(width), height: Int(height), bitDepth: depth, colorModel: model,
                         isInterlaced: bytes[28] == 1, byteCount: byteCount)
    }
}
