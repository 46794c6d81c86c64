/// A file's bytes, read-only and shared. A screen file is read lazily (its cells parsed when they
/// are laid out), so its bytes are kept for as long as its content lives. They are held in
/// memory, never mapped from the file: a mapped file that is truncated while its bytes live ends
/// the process with SIGBUS at the next read past its new end.
public final class FileBytes: Sendable {
    private let held: [UInt8]

    /// Bytes held in memory.
    public init(_ bytes: [UInt8]) { held = bytes }

    public var count: Int { held.count }

    /// The bytes as an array.
    public var array: [UInt8] { held }

    /// Calls `body` with the bytes.
    public func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try held.withUnsafeBufferPointer(body)
    }
}
