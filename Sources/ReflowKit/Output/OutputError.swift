#if canImport(Glibc)
import Glibc
#endif

/// Why an output file (or standard output) could not be written. Each message names the path, the real cause (as the
/// operating system gave it) and what to do about it.
public enum OutputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path is a folder.
    case isDirectory(path: String)
    /// The folder the file would go into does not exist.
    case folderMissing(path: String, folder: String)
    /// Something on the way to the file is not a folder.
    case notAFolder(path: String, folder: String)
    /// No permission to create or replace a file in the folder.
    case permissionDenied(path: String, folder: String)
    /// The folder is on a read-only file system.
    case readOnly(path: String, folder: String)
    /// The file name (one path component) is longer than the file system allows.
    case nameTooLong(path: String, bytes: Int, limit: Int)
    /// The device is full (or the user's quota is used up).
    case noSpace(path: String, folder: String)
    /// The path names a document the command reads: writing would destroy it.
    case wouldReplaceInput(path: String, input: String)
    /// Symbolic links point at each other, or are too many to follow.
    case symlinkLoop(path: String)
    /// The folder exists but its file system takes no new files (a virtual one: /proc, /sys).
    case folderTakesNoFiles(path: String, folder: String)
    /// Any other failure of the system call `operation`, with the system's reason.
    case system(path: String, operation: String, reason: String)
    /// Standard output could not be written: closed, a full device, …; the system's error number.
    case standardOutput(code: Int32)
    /// The temporary file in `folder` that holds what goes to standard output, until it is whole,
    /// could not be made or written; the system's error number.
    case spoolFailed(folder: String, code: Int32)

    public var description: String {
        switch self {
        case .isDirectory(let path):
            "cannot write '\(path)': it is a directory; give a file path"
        case .folderMissing(let path, let folder):
            "cannot write '\(path)': the folder '\(folder)' does not exist; create it or choose another path"
        case .notAFolder(let path, let folder):
            "cannot write '\(path)': '\(folder)' is not a folder; choose another path"
        case .permissionDenied(let path, let folder):
            "cannot write '\(path)': no permission to write in the folder '\(folder)'; choose another folder"
        case .readOnly(let path, let folder):
            "cannot write '\(path)': the folder '\(folder)' is on a read-only file system; write somewhere else"
        case .nameTooLong(let path, let bytes, let limit):
            "cannot write '\(path)': its name is \(bytes) bytes, longer than the file system allows (\(limit)); choose a shorter name"
        case .noSpace(let path, let folder):
            "cannot write '\(path)': no space left on the device holding '\(folder)'; free some space or write somewhere else"
        case .wouldReplaceInput(let path, let input):
            "refusing to write '\(path)': it is the input document '\(input)', which would be lost; choose another output path"
        case .symlinkLoop(let path):
            "cannot write '\(path)': too many symbolic links (a loop?); fix the link or choose another path"
        case .folderTakesNoFiles(let path, let folder):
            "cannot write '\(path)': the folder '\(folder)' takes no new files (a virtual file system such as /proc); "
                + "write somewhere else"
        case .system(let path, let operation, let reason):
            "cannot write '\(path)': \(operation) failed: \(reason)"
        case .standardOutput(let code):
            switch code {
            case ENOSPC, EDQUOT: "cannot write to stdout: no space left on the device; free some space or send stdout elsewhere"
            case EBADF: "cannot write to stdout: it is closed; run with stdout open (redirect it to a file, or to /dev/null to discard it)"
            case EPIPE: "cannot write to stdout: nothing reads it any more (broken pipe)"
            default: "cannot write to stdout: \(String(cString: strerror(code)))"
            }
        case .spoolFailed(let folder, let code):
            "cannot keep the output in a temporary file in '\(folder)' until it is whole: \(String(cString: strerror(code))); "
                + "set TMPDIR to a folder with space, or write to a file with -o"
        }
    }
}
