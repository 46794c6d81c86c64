import Foundation
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// A file a command writes, resolved and checked before any work is done, then written whole
/// or not at all.
///
/// What "written safely" means here:
/// - **Whole or not at all.** A regular file is written into an unnamed temporary file in its own
///   folder (Linux `O_TMPFILE`), which is linked into place only when complete (and renamed over
///   an existing file). A process killed at any moment, even by `kill -9`, leaves the old file or
///   the new one and no temporary file beside it.
/// - **Write through, never replace, what is not a regular file.** A device node (`/dev/null`),
///   a FIFO or a socket is opened and written in place; a rename would replace the node itself.
///   A symbolic link is followed: the file it points to is replaced and the link stays a link.
/// - **Never over an input.** A path that is (or links to, or is a hard link of) a document the
///   command reads is refused.
/// - **Errors name the real cause**: a missing folder, no permission, a read-only file system, a
///   name too long, no space left (`OutputError`).
public struct OutputFile: Sendable {
    /// How the bytes reach the file.
    public enum Kind: Sendable, Hashable {
        /// A regular file, new or existing: replaced whole through a temporary file.
        case replaced
        /// A device, FIFO or socket: opened and written in place.
        case writtenThrough
        /// Standard output: held in an unnamed temporary file (in `$TMPDIR`, else /tmp) and
        /// copied out by `commit()`, so that a command failing part-way prints nothing, not the
        /// head of a document.
        case standardOutput
    }

    /// The path as given.
    public let path: String
    /// The file the bytes land in: `path` with symbolic links followed.
    public let target: String
    public let kind: Kind
    /// The permissions of the file being replaced, kept for its replacement.
    let existingMode: mode_t?

    /// The longest chain of symbolic links followed (Linux's own limit).
    static let maximumLinks = 40

    /// Standard output, written whole or not at all (`Kind.standardOutput`).
    public static let standardOutput = OutputFile(standardOutputNamed: "stdout")

    private init(standardOutputNamed name: String) {
        (path, target, kind, existingMode) = (name, name, .standardOutput, nil)
    }

    /// The path that names standard output, as in most command-line tools (`-o -`); a file
    /// called `-` is still reached as `./-`.
    public static let standardOutputPath = "-"

    /// Resolves `path` and checks that it can be written, without leaving anything behind: a new
    /// file is tried in its folder (and removed), so a folder that takes none fails here, before
    /// any work. `-` is standard output (`standardOutput`).
    /// - Parameter inputs: the documents the command reads; an output that is one of them is
    ///   refused (`OutputError.wouldReplaceInput`).
    public init(path: String, protecting inputs: [String] = []) throws {
        guard path != Self.standardOutputPath else {
            (self.path, target, kind, existingMode) = ("stdout", "stdout", .standardOutput, nil)
            return
        }
        self.path = path
        guard !path.isEmpty else { throw OutputError.system(path: path, operation: "open", reason: "the path is empty") }
        var status = stat()
        if stat(path, &status) == 0 {
            if Self.isDirectory(status) { throw OutputError.isDirectory(path: path) }
            for input in inputs {
                var other = stat()
                if stat(input, &other) == 0, other.st_dev == status.st_dev, other.st_ino == status.st_ino {
                    throw OutputError.wouldReplaceInput(path: path, input: input)
                }
            }
            if Self.isRegular(status) {
                guard let real = realpath(path, nil) else { throw Self.error(errno, path: path, folder: Self.folder(of: path)) }
                target = String(cString: real)
                free(real)
                kind = .replaced
                existingMode = status.st_mode & 0o7777
            } else {
                target = path
                kind = .writtenThrough
                existingMode = nil
            }
        } else {
            let code = errno
            guard code == ENOENT else { throw Self.error(code, path: path, folder: Self.folder(of: path)) }
            target = try Self.followingDanglingLinks(path)
            kind = .replaced
            existingMode = nil
        }
        if kind == .replaced {
            try Self.checkFolder(of: target, path: path)
            try Self.tryCreating(in: Self.folder(of: target), path: path)
        }
    }

    /// Writes `data` as the whole file.
    public func write(_ data: Data) throws {
        let writer = try open()
        try writer.write(data)
        try writer.commit()
    }

    /// Writes `bytes` as the whole file.
    public func write(_ bytes: [UInt8]) throws {
        let writer = try open()
        try writer.write(bytes)
        try writer.commit()
    }

    /// A writer for the file in pieces: nothing appears at the path until `commit()`; a writer
    /// dropped without it leaves the old file as it was.
    public func open() throws -> OutputWriter {
        try OutputWriter(self)
    }

    // MARK: Resolving

    /// The path a chain of dangling symbolic links ends at (the file to create), or `path` when
    /// it is no link.
    static func followingDanglingLinks(_ path: String) throws -> String {
        var current = path
        for _ in 0..<maximumLinks {
            var status = stat()
            guard lstat(current, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count >= 0 else { throw error(errno, path: path, folder: folder(of: current)) }
            let destination = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if destination.hasPrefix("/") {
                current = destination
            } else {
                let parent = FilePath(current).removingLastComponent()
                current = parent.isEmpty ? destination : parent.appending(destination).string
            }
        }
        throw OutputError.symlinkLoop(path: path)
    }

    /// The folder holding `path`: "." for a bare name.
    static func folder(of path: String) -> String {
        let parent = FilePath(path).removingLastComponent()
        return parent.isEmpty ? "." : parent.string
    }

    /// Fails, naming the cause, when no file named like `target` can be created in its folder.
    static func checkFolder(of target: String, path: String) throws {
        let folder = folder(of: target)
        var status = stat()
        guard stat(folder, &status) == 0 else {
            let code = errno
            throw code == ENOENT ? OutputError.folderMissing(path: path, folder: folder) : error(code, path: path, folder: folder)
        }
        guard isDirectory(status) else { throw OutputError.notAFolder(path: path, folder: folder) }
        let name = FilePath(target).lastComponent?.string ?? target
        let limit = pathconf(folder, Int32(_PC_NAME_MAX))
        let nameLimit = limit > 0 ? limit : 255
        if name.utf8.count > nameLimit { throw OutputError.nameTooLong(path: path, bytes: name.utf8.count, limit: nameLimit) }
        if access(folder, W_OK) != 0 { throw error(errno, path: path, folder: folder) }
    }

    /// Fails, naming the cause, when the file system of `folder` takes no new file (a virtual
    /// one such as /proc, where `access` says yes): makes an unnamed temporary file there, or a
    /// named one removed at once where there are no unnamed ones, as `OutputWriter` would.
    static func tryCreating(in folder: String, path: String) throws {
        var descriptor = Glibc.open(folder, OutputWriter.temporaryFileFlag | O_WRONLY | O_CLOEXEC, 0o600)
        if descriptor < 0, [EOPNOTSUPP, EISDIR, EINVAL].contains(errno) {
            var template = Array(FilePath(folder).appending(".reflow-XXXXXX").string.utf8CString)
            descriptor = mkstemp(&template)
            if descriptor >= 0 { unlink(template) }
        }
        guard descriptor >= 0 else {
            let code = errno
            // The folder is there (checked): a file system that refuses new names in it.
            throw code == ENOENT ? OutputError.folderTakesNoFiles(path: path, folder: folder) : error(code, path: path, folder: folder)
        }
        close(descriptor)
    }

    /// The `OutputError` for the system error `code`.
    static func error(_ code: Int32, path: String, folder: String, operation: String = "open") -> OutputError {
        switch code {
        case ENOENT: .folderMissing(path: path, folder: folder)
        case ENOTDIR: .notAFolder(path: path, folder: folder)
        case EACCES, EPERM: .permissionDenied(path: path, folder: folder)
        case EROFS: .readOnly(path: path, folder: folder)
        case ENOSPC, EDQUOT: .noSpace(path: path, folder: folder)
        case ENAMETOOLONG:
            .nameTooLong(path: path, bytes: (FilePath(path).lastComponent?.string ?? path).utf8.count, limit: 255)
        case ELOOP: .symlinkLoop(path: path)
        case EISDIR: .isDirectory(path: path)
        default: .system(path: path, operation: operation, reason: String(cString: strerror(code)))
        }
    }

    static func isDirectory(_ status: stat) -> Bool { (status.st_mode & S_IFMT) == S_IFDIR }
    static func isRegular(_ status: stat) -> Bool { (status.st_mode & S_IFMT) == S_IFREG }
}
