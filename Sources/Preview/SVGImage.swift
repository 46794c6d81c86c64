import Foundation
import Images

/// An image in SVG: an `<image>` element whose `href` is the picture itself, a
/// `data:image/png;base64,` URI, so the SVG stands alone (no file beside it, nothing fetched).
public enum SVGImage {
    /// The `<image>` element drawing `image` over `x`, `y`, `width` × `height` (points), stretched
    /// to fill it (`preserveAspectRatio="none"`: callers keep the aspect, with `ImageFit`). An image
    /// with more pixels than the box needs at `pixelsPerPoint` is resampled down to that first, so
    /// a photo does not embed its full resolution; one with fewer is embedded as it is. `alt`, if
    /// given, is the element's `aria-label` (`role="img"`). Numbers are written as
    /// `SVGRenderer.number` writes them.
    public static func element(_ image: RGBAImage, x: Double, y: Double, width: Double, height: Double, pixelsPerPoint: Double = 2,
                               alt: String? = nil) throws -> String {
        let png = try PNGCodec.encode(embedded(image, width: width, height: height, pixelsPerPoint: pixelsPerPoint))
        var out = "<image x=\"\(SVGRenderer.number(x))\" y=\"\(SVGRenderer.number(y))\" "
        out += "width=\"\(SVGRenderer.number(width))\" height=\"\(SVGRenderer.number(height))\" preserveAspectRatio=\"none\" "
        if let alt { out += "role=\"img\" aria-label=\"\(SVGRenderer.escaped(alt))\" " }
        out += "href=\"data:image/png;base64,\(png.base64EncodedString())\"/>"
        return out
    }

    /// `image`, or, along an axis where the box at `pixelsPerPoint` needs fewer pixels than it
    /// has, that many: never more than the image has.
    static func embedded(_ image: RGBAImage, width: Double, height: Double, pixelsPerPoint: Double) -> RGBAImage {
        guard width > 0, height > 0, pixelsPerPoint > 0, let bitmap = image.bitmap else { return image }
        let neededWidth = max(1, Int((width * pixelsPerPoint).rounded(.up)))
        let neededHeight = max(1, Int((height * pixelsPerPoint).rounded(.up)))
        guard neededWidth < image.width || neededHeight < image.height else { return image }
        let targetWidth = min(image.width, neededWidth), targetHeight = min(image.height, neededHeight)
        // Fewer pixels than the image has, which was decoded within its limits.
        let limits = ImageLimits(maxPixels: .max, maxDimension: .max)
        guard let smaller = try? ImageResampler.resample(bitmap, width: targetWidth, height: targetHeight, limits: limits) else {
            return image
        }
        return RGBAImage(smaller)
    }
}
