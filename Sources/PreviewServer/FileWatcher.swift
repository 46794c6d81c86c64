import Dispatch
import Glibc
import SystemPackage
import TextMetrics

/// Tells when a file changes, through inotify on the file's *folder*: an editor that saves by
/// writing a new file and renaming it over the old one (vim, most IDEs) replaces the file, and a
/// watch on the file itself would be left on the old one; the folder sees the new name arrive.
/// Events for other names in the folder are ignored. A burst of events (a save is often several:
/// truncate, write, close, rename) is one change, told `debounce` seconds after the last of them.
/// An overflowed event queue counts as a change. Safe to use from any thread.
final class FileWatcher: Sendable {
    /// The watch could not be set up.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let descriptor: Int32
    private let name: String
    private let debounce: Double
    private let queue: DispatchQueue
    private let changed: @Sendable () -> Void
    private struct State {
        var source: (any DispatchSourceRead)?
        var pending: DispatchWorkItem?
    }
    private let state = Locked(State())

    /// What a change of the file is made of: written and closed, created, moved in or out, deleted.
    /// A change of the folder itself (deleted, moved) stops the watch (`IN_IGNORED`).
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_ATTRIB)

    /// Starts watching the file at `path`; `changed` is called on `queue` once per burst of changes.
    init(path: String, debounce: Double = 0.1, queue: DispatchQueue, changed: @escaping @Sendable () -> Void) throws {
        let file = FilePath(path)
        guard let name = file.lastComponent?.string else { throw Failure(description: "'\(path)' names no file to watch") }
        let folder = file.removingLastComponent().string.isEmpty ? "." : file.removingLastComponent().string
        self.name = name
        self.debounce = debounce
        self.queue = queue
        self.changed = changed
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw Failure(description: "cannot follow saves of '\(path)': \(Self.reason(errno))")
        }
        guard inotify_add_watch(descriptor, folder, Self.mask) >= 0 else {
            let reason = Self.reason(errno)
            close(descriptor)
            throw Failure(description: "cannot watch the folder '\(folder)' for saves of '\(name)': \(reason)")
        }
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler { [weak self] in self?.readEvents() }
        source.setCancelHandler { [descriptor] in close(descriptor) }
        state.withLock { $0.source = source }
        source.resume()
    }

    /// Why inotify refused, with what to do where there is something to do.
    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOSPC, EMFILE:
            "this user's inotify watches or instances are used up; raise fs.inotify.max_user_watches or "
                + "fs.inotify.max_user_instances (sysctl), or stop other programs that watch files"
        case EACCES: "permission denied; the folder must be readable"
        default: String(cString: strerror(code))
        }
    }

    /// Stops watching; a change waiting for its burst to end is dropped.
    func stop() {
        let (source, pending) = state.withLock { state in
            defer { (state.source, state.pending) = (nil, nil) }
            return (state.source, state.pending)
        }
        pending?.cancel()
        source?.cancel()
    }

    deinit { stop() }

    /// Reads the events waiting and, if one is about the file, (re)starts the quiet period.
    private func readEvents() {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var relevant = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            relevant = Self.events(in: buffer[..<count]).contains { $0.mask & UInt32(IN_Q_OVERFLOW) != 0 || $0.name == name }
                || relevant
        }
        guard relevant else { return }
        let work = DispatchWorkItem { [changed] in changed() }
        let previous = state.withLock { state in
            defer { state.pending = work }
            return state.pending
        }
        previous?.cancel()
        queue.asyncAfter(deadline: .now() + debounce, execute: work)
    }

    /// The events in `bytes`, as inotify lays them out: a fixed header, then `len` bytes of a
    /// NUL-padded name (none for an event about the folder itself).
    static func events(in bytes: ArraySlice<UInt8>) -> [(mask: UInt32, name: String?)] {
        var events: [(mask: UInt32, name: String?)] = []
        let header = MemoryLayout<inotify_event>.size
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset + header <= raw.count {
                let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                let length = Int(event.len)
                guard offset + header + length <= raw.count else { break }
                var name: String?
                if length > 0 {
                    let nameBytes = raw[(offset + header)..<(offset + header + length)].prefix { $0 != 0 }
                    name = String(decoding: nameBytes, as: UTF8.self)
                }
                events.append((event.mask, name))
                offset += header + length
            }
        }
        return events
    }
}
