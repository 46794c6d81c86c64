import Synchronization

/// Counts what the module's calls cost on the current task: files opened, bytes read from them,
/// pixel buffers allocated. For tests and diagnostics: bind one with
/// `ImageIOCounter.$current.withValue(counter) { … }` and every probe, decode, resample and
/// resolve made inside (on that task) counts into it; nothing counts when none is bound.
public final class ImageIOCounter: Sendable {
    /// The counts at one moment.
    public struct Counts: Sendable, Equatable {
        /// Files opened to read an image (resolving a reference opens none).
        public var filesOpened = 0
        /// Bytes read from files (not those seeked over).
        public var bytesRead = 0
        /// Buffers of pixels allocated (a decoded image, a resampled one).
        public var pixelBuffers = 0
        /// Their bytes.
        public var pixelBufferBytes = 0
    }

    /// The counter calls on this task count into, if any.
    @TaskLocal public static var current: ImageIOCounter?

    private let state = Mutex(Counts())

    /// A counter at zero.
    public init() {}

    /// The counts so far.
    public var counts: Counts { state.withLock { $0 } }

    static func fileOpened() { current?.state.withLock { $0.filesOpened += 1 } }

    static func read(_ bytes: Int) { current?.state.withLock { $0.bytesRead += bytes } }

    static func pixelBuffer(bytes: Int) {
        current?.state.withLock {
            $0.pixelBuffers += 1
            $0.pixelBufferBytes += bytes
        }
    }
}
