import Dispatch
import Foundation
import Glibc
import SystemPackage
import TextMetrics

/// Tells when a file changes, through inotify on the file's *folder*: an editor that saves by
/// writing a new file and renaming it over the old one (vim, most IDEs) replaces the file, and a
/// watch on the file itself would be left on the old one; the folder sees the new name arrive.
/// Events for other names in the folder are ignored. Several files may be watched (a screen and
/// the string catalogs it names, `watch(_:)`), and a folder as a whole (a folder of catalogs and
/// its `*.lproj` subfolders: any name in them counts). A burst of events (a save is often
/// several: truncate, write, close, rename) is one change, told `debounce` seconds after the last
/// of them. An overflowed event queue counts as a change. Safe to use from any thread.
final class FileWatcher: Sendable {
    /// The watch could not be set up.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// What a watched folder's events are about: the names watched in it, or every name (nil).
    private typealias Names = Set<String>?

    private let descriptor: Int32
    private let debounce: Double
    private let queue: DispatchQueue
    private let changed: @Sendable () -> Void
    private struct State {
        var source: (any DispatchSourceRead)?
        var pending: DispatchWorkItem?
        /// Watch descriptor → the names it is for.
        var watches: [Int32: Names] = [:]
    }
    private let state = Locked(State())

    /// The most folders watched for one folder of catalogs (it and its subfolders): a folder
    /// with more is watched in its first ones, breadth first.
    static let maximumFoldersPerTree = 64

    /// What a change of the file is made of: written and closed, created, moved in or out, deleted.
    /// A change of the folder itself (deleted, moved) stops the watch (`IN_IGNORED`).
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_ATTRIB)

    /// Starts watching the file at `path`; `changed` is called on `queue` once per burst of changes.
    convenience init(path: String, debounce: Double = 0.1, queue: DispatchQueue, changed: @escaping @Sendable () -> Void) throws {
        try self.init(paths: [path], debounce: debounce, queue: queue, changed: changed)
    }

    /// Starts watching the files (or folders) at `paths`, the first of which must be watched (the
    /// others are watched when they can be: `watch(_:)`); `changed` is called on `queue` once per
    /// burst of changes to any of them.
    init(paths: [String], debounce: Double = 0.1, queue: DispatchQueue, changed: @escaping @Sendable () -> Void) throws {
        precondition(!paths.isEmpty, "a file to watch")
        self.debounce = debounce
        self.queue = queue
        self.changed = changed
        let file = FilePath(paths[0])
        guard let name = file.lastComponent?.string else { throw Failure(description: "'\(paths[0])' names no file to watch") }
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw Failure(description: "cannot follow saves of '\(paths[0])': \(Self.reason(errno))")
        }
        let folder = Self.folder(of: file)
        let first = inotify_add_watch(descriptor, folder, Self.mask)
        guard first >= 0 else {
            let reason = Self.reason(errno)
            close(descriptor)
            throw Failure(description: "cannot watch the folder '\(folder)' for saves of '\(name)': \(reason)")
        }
        state.withLock { $0.watches = [first: [name]] }
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler { [weak self] in self?.readEvents() }
        source.setCancelHandler { [descriptor] in close(descriptor) }
        state.withLock { $0.source = source }
        source.resume()
        self.watch(paths)
    }

    /// The folder holding `file` ("." for a bare name).
    private static func folder(of file: FilePath) -> String {
        file.removingLastComponent().string.isEmpty ? "." : file.removingLastComponent().string
    }

    /// Watches `paths` from now on, instead of what was watched: each file by its folder, each
    /// folder with its subfolders (at most `maximumFoldersPerTree`). A path that cannot be watched
    /// (a folder that does not exist yet, no permission) is left out: its files' changes are not
    /// seen until a change of another path calls this again. Returns the paths left out.
    @discardableResult
    func watch(_ paths: [String]) -> [String] {
        var wanted: [String: Names] = [:]
        func add(_ folder: String, _ name: String?) {
            switch (wanted[folder], name) {
            case (.none, let name?): wanted[folder] = [name]
            case (.some(.some(let names)), let name?): wanted[folder] = names.union([name])
            default: wanted[folder] = .some(nil)
            }
        }
        for path in paths {
            var status = stat()
            if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
                Self.tree(path).forEach { add($0, nil) }
            } else if let name = FilePath(path).lastComponent?.string {
                add(Self.folder(of: FilePath(path)), name)
            }
        }
        var watches: [Int32: Names] = [:], missed: [String] = []
        for (folder, names) in wanted {
            let watch = inotify_add_watch(descriptor, folder, Self.mask)
            guard watch >= 0 else { missed.append(folder); continue }
            // Two paths naming one folder (a link, "a/../a") are one watch: their names join.
            if let kept = watches[watch], let keptNames = kept, let names {
                watches[watch] = keptNames.union(names)
            } else {
                watches[watch] = watches[watch] == nil ? names : .some(nil)
            }
        }
        let old = state.withLock { state in
            defer { state.watches = watches }
            return state.watches
        }
        for watch in old.keys where watches[watch] == nil { inotify_rm_watch(descriptor, watch) }
        return missed.sorted()
    }

    /// `folder` and its subfolders (not followed through links, hidden ones left out), breadth
    /// first, at most `maximumFoldersPerTree`.
    private static func tree(_ folder: String) -> [String] {
        var found = [folder], next = 0
        while next < found.count, found.count < maximumFoldersPerTree {
            let current = found[next]
            next += 1
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: current) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") && found.count < maximumFoldersPerTree {
                let path = current + "/" + name
                var status = stat()
                if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { found.append(path) }
            }
        }
        return found
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
            let watches = state.withLock { $0.watches }
            relevant = Self.events(in: buffer[..<count]).contains { event in
                if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { return true }
                guard let names = watches[event.watch] else { return false }
                guard let names else { return true }
                return event.name.map(names.contains) ?? false
            } || relevant
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
    static func events(in bytes: ArraySlice<UInt8>) -> [(watch: Int32, mask: UInt32, name: String?)] {
        var events: [(watch: Int32, mask: UInt32, name: String?)] = []
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
                events.append((event.wd, event.mask, name))
                offset += header + length
            }
        }
        return events
    }
}
