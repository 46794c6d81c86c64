/// A rectangle of whole pixels.
public struct PixelRect: Sendable, Equatable {
    /// The left edge.
    public var x: Int
    /// The top edge.
    public var y: Int
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// The rectangle from (`x`, `y`), `width` × `height` pixels.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The part of this rectangle inside `other` (a zero-size rectangle where they do not meet).
    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(x + width, other.x + other.width), y1 = min(y + height, other.y + other.height)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}

/// Resizes bitmaps for drawing, separably (columns, then rows). Shrinking averages areas: each
/// target pixel is the mean of the source area it covers, fractional pixels weighted by the part
/// covered; enlarging interpolates bilinearly between pixel centres (edges clamped). Colours are
/// averaged premultiplied by their alpha, so transparent pixels do not darken the edges of what
/// they surround; the result is straight alpha again.
public enum ImageResampler {
    /// `bitmap` resampled to `width` × `height`, of which only `region` (the whole target when nil,
    /// clipped to it) is computed and returned: a picture drawn partly off screen costs only its
    /// visible pixels. Throws `.emptyImage` for a target or region without area, and the limits'
    /// errors for a region over `limits`.
    public static func resample(_ bitmap: ImageBitmap, width: Int, height: Int, region: PixelRect? = nil,
                                limits: ImageLimits = .default) throws(ImageError) -> ImageBitmap {
        guard width > 0, height > 0, bitmap.width > 0, bitmap.height > 0 else {
            throw ImageError.emptyImage(width: width, height: height)
        }
        let area = (region ?? PixelRect(x: 0, y: 0, width: width, height: height))
            .intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        try limits.check(width: area.width, height: area.height)
        if area == PixelRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height), width == bitmap.width, height == bitmap.height {
            return bitmap
        }
        let columns = weights(source: bitmap.width, target: width, range: area.x..<area.x + area.width)
        let rows = weights(source: bitmap.height, target: height, range: area.y..<area.y + area.height)
        var out = try ImageDecoder.allocatePixels(width: area.width, height: area.height)
        // Each source row resampled across once, kept while the next target rows still need it.
        var across: [Int: [Float]] = [:]
        var sum = [Float](repeating: 0, count: area.width * 4)
        bitmap.pixels.withUnsafeBufferPointer { source in
            for (targetRow, taps) in rows.enumerated() {
                across = across.filter { $0.key >= taps.first?.index ?? 0 }
                for index in sum.indices { sum[index] = 0 }
                for tap in taps {
                    if across[tap.index] == nil { across[tap.index] = resampleRow(source, row: tap.index, width: bitmap.width, columns: columns) }
                    guard let row = across[tap.index] else { continue }
                    for index in sum.indices { sum[index] += row[index] * tap.weight }
                }
                let base = targetRow * area.width * 4
                for pixel in 0..<area.width {
                    let alpha = sum[pixel * 4 + 3]
                    let outAlpha = min(255, max(0, alpha.rounded()))
                    for channel in 0..<3 {
                        let value = alpha > 0 ? sum[pixel * 4 + channel] * 255 / alpha : 0
                        out[base + pixel * 4 + channel] = UInt8(min(255, max(0, value.rounded())))
                    }
                    out[base + pixel * 4 + 3] = UInt8(outAlpha)
                }
            }
        }
        return ImageBitmap(width: area.width, height: area.height, checkedPixels: out)
    }

    /// One source pixel's share of a target pixel.
    struct Tap {
        var index: Int
        var weight: Float
    }

    /// For each target pixel in `range` along an axis of `target` pixels over `source` ones, the
    /// source pixels it takes from and their weights (summing to 1).
    static func weights(source: Int, target: Int, range: Range<Int>) -> [[Tap]] {
        let scale = Double(source) / Double(target)
        return range.map { pixel in
            var taps: [Tap] = []
            if scale >= 1 {
                let start = Double(pixel) * scale, end = Double(pixel + 1) * scale
                var index = Int(start.rounded(.down))
                while index < source, Double(index) < end {
                    let covered = min(end, Double(index + 1)) - max(start, Double(index))
                    if covered > 0 { taps.append(Tap(index: index, weight: Float(covered / scale))) }
                    index += 1
                }
            } else {
                let center = (Double(pixel) + 0.5) * scale - 0.5
                let below = Int(center.rounded(.down))
                let fraction = center - Double(below)
                let first = min(max(below, 0), source - 1), second = min(max(below + 1, 0), source - 1)
                if first == second {
                    taps.append(Tap(index: first, weight: 1))
                } else {
                    taps.append(Tap(index: first, weight: Float(1 - fraction)))
                    taps.append(Tap(index: second, weight: Float(fraction)))
                }
            }
            return taps
        }
    }

    /// Source row `row` resampled across to the target columns: premultiplied red, green, blue
    /// and alpha, 0 … 255, as floats.
    static func resampleRow(_ source: UnsafeBufferPointer<UInt8>, row: Int, width: Int, columns: [[Tap]]) -> [Float] {
        var out = [Float](repeating: 0, count: columns.count * 4)
        let base = row * width * 4
        for (column, taps) in columns.enumerated() {
            var red: Float = 0, green: Float = 0, blue: Float = 0, alpha: Float = 0
            for tap in taps {
                let index = base + tap.index * 4
                let a = Float(source[index + 3]) * tap.weight
                red += Float(source[index]) * a
                green += Float(source[index + 1]) * a
                blue += Float(source[index + 2]) * a
                alpha += a
            }
            out[column * 4] = red / 255
            out[column * 4 + 1] = green / 255
            out[column * 4 + 2] = blue / 255
            out[column * 4 + 3] = alpha
        }
        return out
    }
}
