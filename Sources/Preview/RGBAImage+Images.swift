import Images

extension RGBAImage {
    /// The pixels of a decoded or resampled image (the same layout: straight RGBA, sRGB).
    public init(_ bitmap: ImageBitmap) {
        self.init(width: bitmap.width, height: bitmap.height, pixels: bitmap.pixels)
    }

    /// The same pixels as Images' bitmap, for its resampler.
    var bitmap: ImageBitmap? { ImageBitmap(width: width, height: height, pixels: pixels) }
}
