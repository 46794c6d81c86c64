#if canImport(Glibc)
import Glibc
#endif

/// The process's standard output and standard error, written with write(2): a full disk, a
/// closed descriptor or any other failure is an error to report (or, for stderr, a result to
/// act on), never a trap, as Foundation's `FileHandle.write` makes it.
///
/// A reader that goes away (`reflow-cli lines big.txt | head -1`) ends the process with SIGPIPE,
/// as it ends other Unix tools, when SIGPIPE has its default action (`reflow-cli` sets it).
public enum StandardStreams {
    /// Writes all of `bytes` to stdout.
    /// - Throws: `OutputError.standardOutput` with the system's error.
    public static func write(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
        if let code = writeAll(STDOUT_FILENO, bytes) { throw .standardOutput(code: code) }
    }

    public static func write(_ bytes: [UInt8]) throws { try bytes.withUnsafeBytes { try write($0) } }

    public static func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    /// Writes `text` to stderr; false when it could not be written (closed, full).
    public static func writeError(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { writeAll(STDERR_FILENO, UnsafeRawBufferPointer($0)) == nil }
    }

    /// Keeps a closed stdin, stdout or stderr (`reflow-cli … >&-`) closed as far as the program can
    /// tell, and its number from being reused: each is opened on /dev/null for reading, so writes
    /// to it fail as to a closed descriptor (EBADF) and reads end at once. Without this, the
    /// next file opened takes the number, and what is meant for stdout or stderr lands in it (a
    /// progress line inside a PNG; stdout's bytes held in a temporary file that is stdout itself).
    /// Call it first thing.
    public static func reserveClosedDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            // The lowest free number is this one: those below it are open (or were just reserved).
            let opened = open("/dev/null", O_RDONLY)
            if opened >= 0, opened != descriptor {
                _ = dup2(opened, descriptor)
                close(opened)
            }
        }
    }

    /// Writes all of `bytes` to `descriptor`, again after a signal interrupts a write; the error
    /// number of a failure, nil on success.
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }
}
