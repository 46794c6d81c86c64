#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a POSIX mutex: every lock of the package's modules (fonts, caches, the
/// fan-out of sweeps and lines, outputs, progress).
///
/// Not Swift's `Mutex`: its fast path and futex waits are compiled into the standard library
/// without ThreadSanitizer's instrumentation, so ThreadSanitizer sees no ordering between a value
/// written on one thread under the lock and read on another under it, and reports races that are
/// not ones (it did, on the category sweep and on `FontLibrary` under `lines --jobs 2`).
/// ThreadSanitizer intercepts `pthread_mutex_lock`, so through this lock real races are still
/// found and these are not reported. The mutex lives in memory of its own, never moved.
package final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value, the lock held.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
