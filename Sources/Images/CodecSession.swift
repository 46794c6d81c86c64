import CImagesShim
import CJPEG
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where encoded bytes come from for the C decoders.
enum EncodedSource {
    /// Bytes in memory.
    case bytes([UInt8])
    /// An open file, read from its start.
    case file(ImageFile)

    /// A whole file in memory, checked as a file's size is: not empty, within `maxFileBytes`.
    static func memory(_ bytes: [UInt8], limits: ImageLimits) throws(ImageError) -> EncodedSource {
        guard !bytes.isEmpty else { throw ImageError.emptyFile }
        guard bytes.count <= limits.maxFileBytes else { throw ImageError.fileTooLarge(bytes: bytes.count, limit: limits.maxFileBytes) }
        return .bytes(bytes)
    }

    var byteCount: Int {
        switch self {
        case .bytes(let bytes): bytes.count
        case .file(let file): file.size
        }
    }

    /// The first `count` bytes (fewer where the data is shorter).
    func prefix(_ count: Int) throws(ImageError) -> [UInt8] {
        switch self {
        case .bytes(let bytes): Array(bytes.prefix(count))
        case .file(let file): try file.prefix(count)
        }
    }

    /// PNG or JPEG, from `head`, the data's first bytes (8 are enough); otherwise the error that
    /// names the format (from up to `ImageSignature.sniffLength` bytes).
    func format(head: [UInt8]) throws(ImageError) -> ImageFormat {
        if let format = ImageSignature.format(of: head) { return format }
        throw ImageSignature.refusal(for: head.count < byteCount ? try prefix(ImageSignature.sniffLength) : head)
    }
}

/// One image read through the C shim (`reflow_png_*`, `reflow_jpeg_*`): the header first, then,
/// once the caller has checked it, the pixels. The input and status the C decoder points at live
/// as long as the session; the decoder is closed with it.
final class CodecSession {
    let format: ImageFormat
    let limits: ImageLimits
    private let input: UnsafeMutablePointer<reflow_image_input>
    private let status: UnsafeMutablePointer<reflow_image_status>
    private var png: OpaquePointer?
    private var jpeg: OpaquePointer?
    private var header = reflow_image_header()
    private var counted: UInt64 = 0

    /// Runs `body` with a session over `source`; memory bytes stay pinned until it returns.
    static func with<T>(_ source: EncodedSource, format: ImageFormat, limits: ImageLimits,
                        _ body: (CodecSession) throws(ImageError) -> T) throws(ImageError) -> T {
        switch source {
        case .bytes(let bytes):
            let result = bytes.withUnsafeBufferPointer { buffer -> Result<T, ImageError> in
                var input = reflow_image_input()
                input.bytes = buffer.baseAddress
                input.count = buffer.count
                input.fd = -1
                input.max_bytes = UInt64(buffer.count)
                let session = CodecSession(input: input, format: format, limits: limits)
                return Result { () throws(ImageError) -> T in try body(session) }
            }
            return try result.get()
        case .file(let file):
            var input = reflow_image_input()
            input.fd = file.descriptor
            input.max_bytes = UInt64(file.size)
            guard lseek(file.descriptor, 0, SEEK_SET) == 0 else { throw ImageError.readFailed(ImageFile.systemMessage()) }
            let session = CodecSession(input: input, format: format, limits: limits)
            return try withExtendedLifetime(file) { () throws(ImageError) -> T in try body(session) }
        }
    }

    private init(input: reflow_image_input, format: ImageFormat, limits: ImageLimits) {
        self.format = format
        self.limits = limits
        self.input = .allocate(capacity: 1)
        self.input.initialize(to: input)
        self.status = .allocate(capacity: 1)
        self.status.initialize(to: reflow_image_status())
    }

    deinit {
        reflow_png_close(png)
        reflow_jpeg_close(jpeg)
        input.deallocate()
        status.deallocate()
    }

    /// Reads the header (no pixel memory) and describes it.
    func readHeader() throws(ImageError) -> ImageInfo {
        switch format {
        case .png:
            png = reflow_png_open(input, &header, status)
            countRead()
            guard png != nil else { throw error() }
        case .jpeg:
            jpeg = reflow_jpeg_open(input, Int32(clamping: limits.maxJPEGScans), &header, status)
            countRead()
            guard jpeg != nil else { throw error() }
        }
        return try info()
    }

    /// Decodes into `pixels` (width × height × 4 bytes, rows packed): straight RGBA.
    func decode(into pixels: UnsafeMutableRawBufferPointer, width: Int) throws(ImageError) {
        guard let base = pixels.baseAddress?.assumingMemoryBound(to: UInt8.self) else { throw ImageError.emptyImage(width: 0, height: 0) }
        let ok = switch format {
        case .png: reflow_png_decode_rgba(png, base, width * 4, status)
        case .jpeg: reflow_jpeg_decode_rgba(jpeg, base, width * 4, UInt64(workingBytes), status)
        }
        countRead()
        guard ok != 0 else { throw error() }
    }

    /// The warnings the library gave: how many, and the first one's words.
    var warnings: (count: Int, first: String?) {
        let count = Int(status.pointee.warnings)
        return (count, count > 0 ? Self.text(&status.pointee.first_warning) : nil)
    }

    /// The working memory libjpeg may use for this image.
    private var workingBytes: Int { limits.jpegWorkingBytes(pixels: Int(header.width) * Int(header.height)) }

    private func countRead() {
        guard input.pointee.bytes == nil else { return }
        ImageIOCounter.read(Int(input.pointee.bytes_read - counted))
        counted = input.pointee.bytes_read
    }

    private func info() throws(ImageError) -> ImageInfo {
        let model: ImageColorModel
        switch format {
        case .png:
            switch header.color_type {
            case 0: model = .grey
            case 2: model = .rgb
            case 3: model = .palette
            case 4: model = .greyAlpha
            case 6: model = .rgba
            default: throw ImageError.corrupt(.png, "colour type \(header.color_type)")
            }
        case .jpeg:
            switch J_COLOR_SPACE(rawValue: UInt32(clamping: header.color_type)) {
            case JCS_GRAYSCALE: model = .grey
            case JCS_RGB: model = .rgb
            case JCS_YCbCr: model = .yCbCr
            case JCS_CMYK: model = .cmyk
            case JCS_YCCK: model = .ycck
            default: throw ImageError.unsupported(.jpeg, "\(header.components) components in an unknown colour space")
            }
        }
        return ImageInfo(format: format, width: Int(header.width), height: Int(header.height), bitDepth: Int(header.bit_depth),
                         colorModel: model, isInterlaced: header.interlaced != 0, byteCount: Int(input.pointee.max_bytes))
    }

    private func error() -> ImageError {
        let message = Self.text(&status.pointee.message)
        switch Int(status.pointee.code) {
        case REFLOW_IMAGE_TRUNCATED: return .truncated(format)
        case REFLOW_IMAGE_UNSUPPORTED: return .unsupported(format, message)
        case REFLOW_IMAGE_TOO_MANY_SCANS: return .tooManyScans(limit: limits.maxJPEGScans)
        case REFLOW_IMAGE_OUT_OF_MEMORY: return .workingMemoryExceeded(limit: workingBytes)
        case REFLOW_IMAGE_READ_FAILED:
            errno = input.pointee.read_errno
            return .readFailed(ImageFile.systemMessage())
        case REFLOW_IMAGE_TOO_LONG: return .readFailed("the file grew while it was read")
        default: return .corrupt(format, message)
        }
    }

    private static func text<T>(_ field: inout T) -> String {
        withUnsafeBytes(of: &field) { bytes in String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
