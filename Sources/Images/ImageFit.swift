/// A size in points.
public struct ImageSize: Sendable, Equatable {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// A size of `width` × `height` points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Nothing drawn.
    public static let zero = ImageSize(width: 0, height: 0)
}

/// The size an image is drawn at, by the rule of a GitHub-rendered document, whose stylesheet gives
/// every image `max-width: 100%`:
///
/// 1. The natural size: one image pixel is one CSS pixel, drawn as one point (`pixelsPerPoint`
///    other than 1 for an image known to be @2x, say). No image is scaled up to fill the width.
/// 2. A width or height the document asks for (`<img width="300">`) replaces it; with one of the
///    two, the other follows the image's aspect.
/// 3. Wider than the container, it is scaled down to the container's width, keeping the aspect
///    of the size from 1 or 2. (A browser keeps an explicit `height` attribute there and
///    distorts the image; reflow does not.)
///
/// Sizes are exact; callers round them to their grid.
public enum ImageFit {
    /// The drawn size of an image of `pixelWidth` × `pixelHeight` pixels in a container
    /// `containerWidth` points wide. A requested side that is not positive is ignored; an image or
    /// container without area is drawn at zero size.
    public static func size(pixelWidth: Int, pixelHeight: Int, containerWidth: Double, requestedWidth: Double? = nil,
                            requestedHeight: Double? = nil, pixelsPerPoint: Double = 1) -> ImageSize {
        guard pixelWidth > 0, pixelHeight > 0, containerWidth > 0, containerWidth.isFinite, pixelsPerPoint > 0 else { return .zero }
        let aspect = Double(pixelHeight) / Double(pixelWidth)
        let wanted = { (value: Double?) in value.flatMap { $0 > 0 && $0.isFinite ? $0 : nil } }
        var size: ImageSize
        switch (wanted(requestedWidth), wanted(requestedHeight)) {
        case (let width?, let height?): size = ImageSize(width: width, height: height)
        case (let width?, nil): size = ImageSize(width: width, height: width * aspect)
        case (nil, let height?): size = ImageSize(width: height / aspect, height: height)
        case (nil, nil): size = ImageSize(width: Double(pixelWidth) / pixelsPerPoint, height: Double(pixelHeight) / pixelsPerPoint)
        }
        if size.width > containerWidth {
            size = ImageSize(width: containerWidth, height: size.height * containerWidth / size.width)
        }
        return size
    }
}
