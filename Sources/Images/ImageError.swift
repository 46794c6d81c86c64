/// Why an image file was not probed or decoded. Each `description` says what was wrong and what to
/// do; `problem` is the first part alone.
public enum ImageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened or its size read (the system's reason).
    case cannotOpen(path: String, reason: String)
    /// The path names a directory, a device, a pipe or a socket.
    case notARegularFile(path: String)
    /// The file has no bytes.
    case emptyFile
    /// The file is larger than `ImageLimits.maxFileBytes`.
    case fileTooLarge(bytes: Int, limit: Int)
    /// The file starts with neither PNG's nor JPEG's signature, nor any other image format's.
    case notAnImage
    /// Another image format (GIF, WebP, SVG, …), named; only PNG and JPEG are decoded.
    case unsupportedFormat(String)
    /// A PNG or JPEG of a kind that is not decoded (a 12-bit JPEG, say), with the library's words.
    case unsupported(ImageFormat, String)
    /// The header gives a side of 0 pixels.
    case emptyImage(width: Int, height: Int)
    /// A side is longer than `ImageLimits.maxDimension`.
    case sideTooLong(width: Int, height: Int, limit: Int)
    /// width × height is more than `ImageLimits.maxPixels`.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// A progressive JPEG with more scans than `ImageLimits.maxJPEGScans`.
    case tooManyScans(limit: Int)
    /// libjpeg needed more working memory than the image's size allows.
    case workingMemoryExceeded(limit: Int)
    /// The data ends before the image does.
    case truncated(ImageFormat)
    /// The library refused the data, in its words.
    case corrupt(ImageFormat, String)
    /// Reading failed part way (the system's reason), or the file grew while it was read.
    case readFailed(String)

    /// What is wrong, in terms of the values: the first part of `description`.
    public var problem: String {
        switch self {
        case .cannotOpen(let path, let reason): "cannot open \(path): \(reason)"
        case .notARegularFile(let path): "\(path) is not a regular file"
        case .emptyFile: "the file is empty"
        case .fileTooLarge(let bytes, let limit): "the file is \(bytes) bytes, more than the \(limit)-byte limit"
        case .notAnImage: "the file is not a PNG or JPEG image (its first bytes are neither signature)"
        case .unsupportedFormat(let name): "the file is a \(name) image; only PNG and JPEG are drawn"
        case .unsupported(let format, let message): "this \(format.rawValue) is of a kind not decoded: \(message)"
        case .emptyImage(let width, let height): "the image is \(width) x \(height) pixels: nothing to draw"
        case .sideTooLong(let width, let height, let limit):
            "the image is \(width) x \(height) pixels, a side longer than the \(limit)-pixel limit"
        case .tooManyPixels(let width, let height, let limit):
            "the image is \(width) x \(height) pixels, more than the limit of \(limit) pixels"
        case .tooManyScans(let limit): "the progressive JPEG has more than \(limit) scans"
        case .workingMemoryExceeded(let limit): "decoding needs more than \(limit) bytes of working memory"
        case .truncated(let format): "the \(format.rawValue) data ends before the image does"
        case .corrupt(let format, let message): "the \(format.rawValue) data is damaged: \(message)"
        case .readFailed(let reason): "reading the file failed: \(reason)"
        }
    }

    /// What is wrong and what to do about it.
    public var description: String {
        switch self {
        case .cannotOpen: "\(problem); check the path and its permissions"
        case .notARegularFile: "\(problem); point the image at a PNG or JPEG file"
        case .emptyFile, .truncated, .corrupt: "\(problem); export the image again"
        case .fileTooLarge, .sideTooLong, .tooManyPixels:
            "\(problem); scale the image down or raise the limit"
        case .notAnImage: "\(problem); check that the file is the image meant, or convert it to PNG"
        case .unsupportedFormat, .unsupported: "\(problem); convert it to an 8-bit PNG or JPEG"
        case .emptyImage: "\(problem); export the image again"
        case .tooManyScans, .workingMemoryExceeded: "\(problem); save it again as a baseline JPEG or a PNG"
        case .readFailed: "\(problem); check the file and try again"
        }
    }

    /// What is wrong and what to do, for someone who can change the file but not the limits (a
    /// document's author at the command line): `description`, without "raise the limit".
    public var adviceForFile: String {
        switch self {
        case .fileTooLarge, .sideTooLong, .tooManyPixels: "\(problem); scale the image down"
        default: description
        }
    }
}
