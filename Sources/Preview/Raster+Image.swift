import Images
import TextMetrics

extension Raster {
    /// The most resampled pixels `draw(_:x:y:width:height:clip:)` holds at once: the image is
    /// resampled and composited a band of rows at a time.
    static let imageBandPixels = 1 << 18

    /// Draws `image` stretched over the rectangle `x`, `y`, `width` × `height` (pixels; edges
    /// rounded to whole pixels, as clips are), composited source-over, only inside `clip`. The
    /// image is resampled to the rectangle's size (Images' `ImageResampler`: area average where it
    /// shrinks, bilinear where it grows); only the pixels inside the clip are computed. Callers
    /// keep the aspect (`ImageFit`). An empty image or rectangle draws nothing.
    mutating func draw(_ image: RGBAImage, x: Double, y: Double, width w: Double, height h: Double, clip: PixelBox) {
        guard w > 0, h > 0, w.isFinite, h.isFinite, let source = image.bitmap, image.width > 0, image.height > 0 else { return }
        let target = PixelBox(x0: x, y0: y, x1: x + w, y1: y + h, outward: false)
        let box = target.intersection(clip).intersection(bounds)
        guard !target.isEmpty, !box.isEmpty else { return }
        let targetWidth = target.x1 - target.x0, targetHeight = target.y1 - target.y0
        // Each band is within the raster, already allocated: no limit of the image's own applies.
        let limits = ImageLimits(maxPixels: .max, maxDimension: .max)
        let bandRows = max(1, Self.imageBandPixels / (box.x1 - box.x0))
        var top = box.y0
        while top < box.y1 {
            let rows = min(bandRows, box.y1 - top)
            let region = PixelRect(x: box.x0 - target.x0, y: top - target.y0, width: box.x1 - box.x0, height: rows)
            guard let band = try? ImageResampler.resample(source, width: targetWidth, height: targetHeight, region: region,
                                                          limits: limits) else { return }
            composite(band, left: box.x0, top: top)
            top += rows
        }
    }

    /// Composites straight-alpha `band` source-over with its top-left pixel at (`left`, `top`),
    /// which the caller has placed inside the raster.
    private mutating func composite(_ band: ImageBitmap, left: Int, top: Int) {
        let rowBytes = width * 4
        pixels.withUnsafeMutableBufferPointer { buffer in
            band.pixels.withUnsafeBufferPointer { source in
                var from = 0
                for py in top..<top + band.height {
                    var index = py * rowBytes + left * 4
                    for _ in 0..<band.width {
                        let a = UInt32(source[from + 3])
                        if a == 255 {
                            for channel in 0..<4 { buffer[index + channel] = source[from + channel] }
                        } else if a > 0 {
                            Self.blend(buffer, index, UInt32(source[from]), UInt32(source[from + 1]), UInt32(source[from + 2]), a)
                        }
                        from += 4
                        index += 4
                    }
                }
            }
        }
    }
}
