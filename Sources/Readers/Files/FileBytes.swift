import Reflow
import TextMetrics
#if canImport(Glibc)
import Glibc
#endif

/// A file's bytes, read-only: held in an array, or mapped from the file itself. A screen file is
/// read lazily (its cells parsed when they are laid out), so its bytes are kept for as long as its
/// content lives; mapping a large one saves copying tens of megabytes into fresh memory before the
/// first screen can be drawn.
public final class FileBytes: @unchecked Sendable {
    // Immutable after init: the array, or a private read-only mapping unmapped on deinit.
    private let held: [UInt8]
    private let mapping: UnsafeRawBufferPointer?

    /// Bytes held in memory.
    public init(_ bytes: [UInt8]) {
        held = bytes
        mapping = nil
    }

    /// The first `count` bytes of the file open at `descriptor`, mapped read-only; nil when the
    /// system does not map it (then read it instead). The file must not be truncated while the
    /// bytes live (reading past its new end would fault), as with any mapped file.
    public init?(mapping descriptor: Int32, count: Int) {
        #if canImport(Glibc)
        guard count > 0 else { return nil }
        let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let address, address != MAP_FAILED else { return nil }
        // Read from start to end once: read ahead generously.
        _ = madvise(address, count, MADV_SEQUENTIAL)
        held = []
        mapping = UnsafeRawBufferPointer(start: address, count: count)
        #else
        return nil
        #endif
    }

    deinit {
        #if canImport(Glibc)
        if let mapping { munmap(UnsafeMutableRawPointer(mutating: mapping.baseAddress), mapping.count) }
        #endif
    }

    public var count: Int { mapping?.count ?? array.count }

    /// The bytes as an array: the one held, or a copy of the mapped ones.
    public var array: [UInt8] {
        guard let mapping else { return held }
        return Array(mapping)
    }

    /// Calls `body` with the bytes.
    public func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let mapping { return try body(mapping.bindMemory(to: UInt8.self)) }
        return try held.withUnsafeBufferPointer(body)
    }
}
