/// Why a preview could not be made; each message says what to do.
public enum PreviewError: Error, Equatable, CustomStringConvertible {
    /// The device pixel ratio is outside 1…4.
    case invalidScale(Int)
    /// The bitmap would need more memory than `PNGRenderer.maximumImageBytes`.
    case imageTooLarge(width: Int, height: Int, bytes: Int)
    /// libpng refused to encode or decode (its message).
    case png(String)

    public var description: String {
        switch self {
        case .invalidScale(let scale):
            "scale \(scale) is not supported; use 1, 2, 3 or 4"
        case .imageTooLarge(let width, let height, let bytes):
            "the image would be \(width) x \(height) pixels (\(bytes / (1 << 20)) MiB, more than the 1 GiB limit); use --viewport or a smaller --scale"
        case .png(let message):
            "PNG: \(message)"
        }
    }
}
