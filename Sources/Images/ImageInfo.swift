/// The encodings the module decodes.
public enum ImageFormat: String, Sendable, Equatable, CaseIterable {
    case png = "PNG"
    case jpeg = "JPEG"
}

/// How a file stores its colours, as its header says (before any conversion to RGBA).
public enum ImageColorModel: String, Sendable, Equatable {
    /// PNG colour type 0, or a one-component JPEG.
    case grey
    /// PNG colour type 4.
    case greyAlpha
    /// PNG colour type 2, or a JPEG coded as RGB.
    case rgb
    /// PNG colour type 6.
    case rgba
    /// PNG colour type 3 (a palette; a tRNS chunk may give entries alpha).
    case palette
    /// The usual JPEG.
    case yCbCr
    /// A four-component JPEG stored as CMYK (print files).
    case cmyk
    /// A four-component JPEG stored as YCCK (CMYK with the first three transformed).
    case ycck
}

/// What a header says about an image: enough to lay it out without decoding it.
public struct ImageInfo: Sendable, Equatable {
    /// The encoding, from the file's first bytes (not its name).
    public var format: ImageFormat
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Bits a sample: PNG 1, 2, 4, 8 or 16; JPEG its precision (8, or 12, which is refused).
    public var bitDepth: Int
    /// The colour model as stored.
    public var colorModel: ImageColorModel
    /// A PNG interlaced with Adam7, or a progressive JPEG.
    public var isInterlaced: Bool
    /// The size of the encoded data in bytes.
    public var byteCount: Int

    /// Makes an info; the probe and the decoder are what make one from a file.
    public init(format: ImageFormat, width: Int, height: Int, bitDepth: Int, colorModel: ImageColorModel, isInterlaced: Bool,
                byteCount: Int) {
        self.format = format
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colorModel = colorModel
        self.isInterlaced = isInterlaced
        self.byteCount = byteCount
    }

    /// width × height (both at most 2^31 - 1, so it does not overflow).
    public var pixelCount: Int { width * height }
}
