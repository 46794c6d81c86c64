#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a POSIX mutex, for state that hands values from one thread to another.
///
/// Swift's `Mutex` waits in futex system calls on Linux, which ThreadSanitizer does not model:
/// it sees no ordering between a value written on one thread under the lock and read on another
/// under it, and reports a race that is not one (it did, now and then, on the category sweep).
/// ThreadSanitizer intercepts `pthread_mutex_lock`, so the same handoff through this lock is
/// checked for what it is. The mutex lives in memory of its own, never moved.
final class PThreadLocked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    init(_ value: Value) {
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
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
