#if canImport(Glibc)
import Glibc
#endif
import SystemPackage
import TextMetrics

/// Folders a command reads from or creates (the goldens of `check`), with errors that name the
/// real cause.
public enum Folder {
    /// What is at a path.
    public enum Kind: Sendable, Hashable {
        case missing
        case folder
        /// A file, device or anything else that is not a folder.
        case notAFolder
    }

    /// What is at `path` (symbolic links followed).
    public static func kind(of path: String) -> Kind {
        var status = stat()
        guard stat(path, &status) == 0 else { return .missing }
        return (status.st_mode & S_IFMT) == S_IFDIR ? .folder : .notAFolder
    }

    /// Creates the folder `path` and any missing folders above it; nothing when it exists.
    public static func create(_ path: String) throws {
        switch kind(of: path) {
        case .folder: return
        case .notAFolder: throw OutputError.notAFolder(path: path, folder: path)
        case .missing: break
        }
        let parent = FilePath(path).removingLastComponent()
        if !parent.isEmpty, parent != FilePath("/") { try create(parent.string) }
        guard mkdir(path, 0o777) == 0 || errno == EEXIST else {
            let code = errno
            throw code == ENOENT
                // The parent exists (created above), yet the folder cannot be made in it: a
                // virtual file system such as /proc.
                ? OutputError.system(path: path, operation: "creating the folder", reason: "the file system holding it does not allow new folders")
                : OutputFile.error(code, path: path, folder: parent.isEmpty ? "." : parent.string, operation: "creating the folder")
        }
    }
}

// A folder's files, as a run over its documents finds them (`DocumentSet`): regular files inside
// it only, so that a link or a special file in it cannot make a run read what it should not.
extension Folder {
    /// A file a folder scan found by its name and left out, and why; warned about, never silent.
    public struct Skipped: Hashable, Sendable, CustomStringConvertible {
        public enum Reason: Hashable, Sendable {
            /// A symbolic link to a file outside the folder scanned; `target` is where it leads,
            /// every link on the way followed.
            case linkOutside(target: String)
            /// A FIFO, a socket or a device (`kind`: "a FIFO (named pipe)"), or a link to one
            /// (`target`): reading it could wait forever or never end (`/dev/zero`).
            case notARegularFile(kind: String, target: String?)
            /// A link to nothing; `target` is what the link holds.
            case danglingLink(target: String)
        }

        /// The path as found (the folder named, then the path inside it).
        public let path: String
        /// The folder named that the scan was of.
        public let folder: String
        public let reason: Reason

        public init(path: String, folder: String, reason: Reason) {
            (self.path, self.folder, self.reason) = (path, folder, reason)
        }

        public var description: String {
            switch reason {
            case .linkOutside(let target):
                "skipped '\(path)': a link to '\(target)', outside the folder '\(folder)'"
            case .notARegularFile(let kind, nil):
                "skipped '\(path)': \(kind), not a regular file"
            case .notARegularFile(let kind, let target?):
                "skipped '\(path)': a link to '\(target)', \(kind), not a regular file"
            case .danglingLink(let target):
                "skipped '\(path)': a link to '\(target)', which does not exist"
            }
        }
    }

    /// The regular files under `folder` (searched through its subfolders) whose name `accepts`,
    /// as paths that start with `folder` and a slash, in no particular order; and those left out,
    /// in byte order of their paths. Hidden files and folders (a leading `.`) are not looked at.
    /// A folder reached through a symbolic link is not searched (no cycles, no tree outside).
    /// A link to a regular file inside `folder` is taken (by the link's path and name); a link
    /// to a file outside it is taken only when `followingLinks`, else skipped; FIFOs, sockets,
    /// devices, links to them and dangling links are skipped, whatever `followingLinks` says.
    /// - Parameter excluded: whether a file or folder found is left out silently (by its path;
    ///   a folder's files are not searched); asked of `folder` itself too.
    public static func files(in folder: String, followingLinks: Bool = false, accepts: (String) -> Bool,
                             excluded: (String) -> Bool = { _ in false }) -> (files: [String], skipped: [Skipped]) {
        var scan = Scan(folder: folder, root: resolved(folder), followingLinks: followingLinks)
        scan.search(folder, accepts: accepts, excluded: excluded)
        return (scan.files, scan.skipped.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) })
    }

    /// `path` with every link followed and `.` and `..` resolved (realpath); nil when it cannot be.
    static func resolved(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private struct Scan {
        let folder: String
        /// The folder's own resolved path: a link leading below it stays inside.
        let root: String?
        let followingLinks: Bool
        var files: [String] = []
        var skipped: [Skipped] = []

        init(folder: String, root: String?, followingLinks: Bool) {
            (self.folder, self.root, self.followingLinks) = (folder, root, followingLinks)
        }

        mutating func search(_ directory: String, accepts: (String) -> Bool, excluded: (String) -> Bool) {
            if excluded(directory) { return }
            guard let stream = opendir(directory) else { return }
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                guard !name.hasPrefix(".") else { continue }
                let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
                var status = stat()
                // lstat: a link is looked at itself, before anything it leads to.
                guard lstat(path, &status) == 0 else { continue }
                if status.st_mode & S_IFMT == S_IFDIR {
                    search(path, accepts: accepts, excluded: excluded)
                    continue
                }
                guard accepts(name) else { continue }
                switch status.st_mode & S_IFMT {
                case S_IFREG:
                    if !excluded(path) { files.append(path) }
                case S_IFLNK:
                    link(path, excluded: excluded)
                default:
                    skipped.append(Skipped(path: path, folder: folder, reason: .notARegularFile(kind: fileKind(status.st_mode), target: nil)))
                }
            }
        }

        /// The link at `path`: taken, skipped with a reason, or (to a folder) left out as folders reached through links are.
        private mutating func link(_ path: String, excluded: (String) -> Bool) {
            var status = stat()
            guard stat(path, &status) == 0, let target = resolved(path) else {
                skipped.append(Skipped(path: path, folder: folder, reason: .danglingLink(target: Self.contents(ofLink: path))))
                return
            }
            if status.st_mode & S_IFMT == S_IFDIR { return }
            let inside = root.map { target.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") } ?? false
            if !inside, !followingLinks {
                skipped.append(Skipped(path: path, folder: folder, reason: .linkOutside(target: target)))
            } else if status.st_mode & S_IFMT != S_IFREG {
                skipped.append(Skipped(path: path, folder: folder, reason: .notARegularFile(kind: fileKind(status.st_mode), target: target)))
            } else if !excluded(path) {
                files.append(path)
            }
        }

        /// What the link at `path` holds (readlink), as written.
        private static func contents(ofLink path: String) -> String {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(path, &buffer, buffer.count - 1)
            guard count >= 0 else { return "?" }
            return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
}
