import Foundation
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// Writes one `OutputFile` in pieces. For a regular file the bytes go to an unnamed temporary
/// file in the target's folder that `commit()` links into place; dropped without `commit()`,
/// the temporary file vanishes with its descriptor and the old file stays. For a device, FIFO or
/// socket the bytes go straight to it.
///
/// Not thread-safe: one writer per thread.
public final class OutputWriter {
    public let file: OutputFile
    private var descriptor: Int32
    /// The name of a named temporary file, when the file system has no `O_TMPFILE`.
    private var namedTemporary: String?
    private var committed = false
    /// Bytes written so far.
    public private(set) var count = 0

    /// Linux's `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), which Swift does not import.
    private static let temporaryFileFlag: Int32 = 0o20000000 | O_DIRECTORY

    init(_ file: OutputFile) throws {
        self.file = file
        let folder = OutputFile.folder(of: file.target)
        switch file.kind {
        case .writtenThrough:
            descriptor = Glibc.open(file.target, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw OutputFile.error(errno, path: file.path, folder: folder) }
        case .replaced:
            descriptor = Glibc.open(folder, Self.temporaryFileFlag | O_WRONLY | O_CLOEXEC, 0o666)
            if descriptor < 0, [EOPNOTSUPP, EISDIR, EINVAL].contains(errno) {
                // A file system without unnamed temporary files: a named one, removed on failure.
                var template = Array(FilePath(folder).appending(".reflow-XXXXXX").string.utf8CString)
                descriptor = mkstemp(&template)
                if descriptor >= 0 {
                    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
                    namedTemporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    fchmod(descriptor, 0o666 & ~Self.umaskValue)
                }
            }
            guard descriptor >= 0 else { throw OutputFile.error(errno, path: file.path, folder: folder) }
            if let mode = file.existingMode { fchmod(descriptor, mode) }
        }
    }

    deinit {
        guard !committed else { return }
        close(descriptor)
        if let namedTemporary { unlink(namedTemporary) }
    }

    /// Appends `bytes`.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        precondition(!committed, "write after commit")
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw OutputFile.error(errno, path: file.path, folder: OutputFile.folder(of: file.target), operation: "write")
            }
            offset += written
        }
        count += bytes.count
    }

    public func write(_ data: Data) throws { try data.withUnsafeBytes { try write($0) } }
    public func write(_ bytes: [UInt8]) throws { try bytes.withUnsafeBytes { try write($0) } }
    public func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    /// Makes the written bytes the file: flushed to the device, then linked into place (over
    /// the old file, if any) in one step. After a failure the old file is as it was.
    public func commit() throws {
        precondition(!committed, "commit twice")
        let folder = OutputFile.folder(of: file.target)
        func fail(_ operation: String, _ code: Int32) -> OutputError {
            OutputFile.error(code, path: file.path, folder: folder, operation: operation)
        }
        guard file.kind == .replaced else {
            committed = true
            guard close(descriptor) == 0 else { throw fail("close", errno) }
            return
        }
        // A full disk may only show when the data reaches it.
        guard fsync(descriptor) == 0 || errno == EINVAL else { throw fail("fsync", errno) }
        if let namedTemporary {
            guard rename(namedTemporary, file.target) == 0 else { throw fail("rename", errno) }
            self.namedTemporary = nil
        } else {
            try link()
        }
        committed = true
        close(descriptor)
    }

    /// Gives the unnamed temporary file its name: linked straight to the target when there is
    /// none yet; otherwise to a short-lived name (short, so a long target name still fits) that
    /// is renamed over the target.
    private func link() throws {
        let folder = OutputFile.folder(of: file.target)
        let source = "/proc/self/fd/\(descriptor)"
        if linkat(AT_FDCWD, source, AT_FDCWD, file.target, AT_SYMLINK_FOLLOW) == 0 { return }
        guard errno == EEXIST else { throw OutputFile.error(errno, path: file.path, folder: folder, operation: "link") }
        for _ in 0..<8 {
            let name = FilePath(folder).appending(".reflow-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp").string
            guard linkat(AT_FDCWD, source, AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0 else {
                if errno == EEXIST { continue }
                throw OutputFile.error(errno, path: file.path, folder: folder, operation: "link")
            }
            guard rename(name, file.target) == 0 else {
                let code = errno
                unlink(name)
                throw OutputFile.error(code, path: file.path, folder: folder, operation: "rename")
            }
            return
        }
        throw OutputError.system(path: file.path, operation: "link", reason: "no free temporary name")
    }

    private static var umaskValue: mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }
}
