/// Why a preview could not be made; each message says what to do.
public enum PreviewError: Error, Equatable, CustomStringConvertible {
    /// The device pixel ratio is outside 1…4.
    case invalidScale(Int)
    /// The bitmap would need more memory than `PNGRenderer.maximumImageBytes`.
    case imageTooLarge(width: Int, height: Int, bytes: Int)
    /// A side of the image is longer than libpng writes (`PNGRenderer.maximumSide` pixels).
    case imageSideTooLong(width: Int, height: Int)
    /// libpng refused to encode or decode (its message).
    case png(String)

    /// What is wrong, in terms of the values: the first part of `description`, before what to do.
    public var problem: String {
        switch self {
        case .invalidScale(let scale):
            "scale \(scale) is not supported"
        case .imageTooLarge(let width, let height, let bytes):
            "the image would be \(width) x \(height) pixels (\(bytes / (1 << 20)) MiB, more than the 1 GiB limit)"
        case .imageSideTooLong(let width, let height):
            "the image would be \(width) x \(height) pixels, more than a PNG can have (libpng writes at most \(PNGRenderer.maximumSide) pixels a side)"
        case .png(let message):
            "PNG: \(message)"
        }
    }

    public var description: String {
        switch self {
        case .invalidScale:
            "\(problem); use 1, 2, 3 or 4"
        case .imageTooLarge:
            "\(problem); draw one screen of the page instead, or at a smaller scale"
        case .imageSideTooLong:
            "\(problem); draw one screen of the page instead, at a smaller scale, or in numbered parts"
        case .png:
            problem
        }
    }

    /// The limit the image broke, in a few words ("at most 1000000 pixels a side").
    public var limitDescription: String {
        switch self {
        case .imageSideTooLong: "at most \(PNGRenderer.maximumSide) pixels a side"
        case .imageTooLarge: "at most \(PNGRenderer.maximumImageBytes >> 30) GiB of pixels"
        case .invalidScale, .png: description
        }
    }
}
