import Foundation
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// Writes one `OutputFile` in pieces. For a regular file the bytes go to an unnamed temporary
/// file in the target's folder that `commit()` links into place; dropped without `commit()`,
/// the temporary file vanishes with its descriptor and the old file stays. For a device, FIFO or
/// socket the bytes go straight to it. For standard output they go to an unnamed temporary file
/// in `$TMPDIR` (else /tmp) that `commit()` copies to stdout: whole or nothing there too.
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
    static let temporaryFileFlag: Int32 = 0o20000000 | O_DIRECTORY

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
        case .standardOutput:
            descriptor = Glibc.open(Self.spoolFolder, Self.temporaryFileFlag | O_RDWR | O_CLOEXEC, 0o600)
            if descriptor < 0, [EOPNOTSUPP, EISDIR, EINVAL].contains(errno) {
                var template = Array(FilePath(Self.spoolFolder).appending(".reflow-XXXXXX").string.utf8CString)
                descriptor = mkstemp(&template)
                // Unnamed at once: nothing is left behind, whatever ends the process.
                if descriptor >= 0 { unlink(template) }
            }
            guard descriptor >= 0 else { throw OutputError.spoolFailed(folder: Self.spoolFolder, code: errno) }
        }
    }

    /// Where standard output is held until it is whole: `$TMPDIR`, else /tmp.
    static var spoolFolder: String {
        guard let variable = getenv("TMPDIR"), variable.pointee != 0 else { return "/tmp" }
        return String(cString: variable)
    }

    /// The error of the system call `operation` failing with `code`.
    private func failure(_ operation: String, _ code: Int32) -> OutputError {
        guard file.kind != .standardOutput else { return .spoolFailed(folder: Self.spoolFolder, code: code) }
        return OutputFile.error(code, path: file.path, folder: OutputFile.folder(of: file.target), operation: operation)
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
                throw failure("write", errno)
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
    /// the old file, if any) in one step. After a failure the old file is as it was. Standard
    /// output's bytes are copied out to it.
    public func commit() throws {
        precondition(!committed, "commit twice")
        if file.kind == .standardOutput {
            committed = true
            defer { close(descriptor) }
            return try copyToStandardOutput()
        }
        guard file.kind == .replaced else {
            committed = true
            guard close(descriptor) == 0 else { throw failure("close", errno) }
            return
        }
        // A full disk may only show when the data reaches it.
        guard fsync(descriptor) == 0 || errno == EINVAL else { throw failure("fsync", errno) }
        if let namedTemporary {
            guard rename(namedTemporary, file.target) == 0 else { throw failure("rename", errno) }
            self.namedTemporary = nil
        } else {
            try link()
        }
        committed = true
        close(descriptor)
    }

    /// The held bytes, from the start, to stdout.
    private func copyToStandardOutput() throws {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw failure("lseek", errno) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let got = Glibc.read(descriptor, buffer.baseAddress!, buffer.count)
            if got < 0 {
                if errno == EINTR { continue }
                throw failure("read", errno)
            }
            if got == 0 { return }
            try StandardStreams.write(UnsafeRawBufferPointer(rebasing: buffer[0..<got]))
        }
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
