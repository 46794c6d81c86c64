#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An image file open for reading: a regular file (never a pipe or a device, which could block or
/// never end) of at least one byte and at most `ImageLimits.maxFileBytes`. Closed when released.
final class ImageFile {
    let path: String
    let descriptor: Int32
    /// The size when opened.
    let size: Int

    init(path: String, limits: ImageLimits) throws(ImageError) {
        self.path = path
        // Non-blocking: opening a FIFO for reading would otherwise wait for a writer.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw ImageError.cannotOpen(path: path, reason: Self.systemMessage()) }
        ImageIOCounter.fileOpened()
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = Self.systemMessage()
            close(descriptor)
            throw ImageError.cannotOpen(path: path, reason: reason)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw ImageError.notARegularFile(path: path)
        }
        let size = Int(status.st_size)
        guard size > 0 else {
            close(descriptor)
            throw ImageError.emptyFile
        }
        guard size <= limits.maxFileBytes else {
            close(descriptor)
            throw ImageError.fileTooLarge(bytes: size, limit: limits.maxFileBytes)
        }
        self.descriptor = descriptor
        self.size = size
    }

    deinit { close(descriptor) }

    /// Up to `count` bytes from the start of the file (fewer at its end); the offset is left at 0.
    func prefix(_ count: Int) throws(ImageError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                guard let base = buffer.baseAddress else { return 0 }
                return pread(descriptor, base + done, count - done, off_t(done))
            }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw ImageError.readFailed(Self.systemMessage()) }
            if got == 0 { break }
            done += got
        }
        ImageIOCounter.read(done)
        bytes.removeLast(count - done)
        return bytes
    }

    /// `strerror(errno)`.
    static func systemMessage() -> String {
        guard let text = strerror(errno) else { return "error \(errno)" }
        return String(cString: text)
    }
}
