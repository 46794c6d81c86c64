/// Why a document could not be read; each message says what to do.
public enum InputError: Error, Hashable, Sendable, CustomStringConvertible {
    case notFound(path: String)
    case isDirectory(path: String)
    case permissionDenied(path: String)
    /// More bytes than the stated maximum (a file, or a pipe or device that kept giving).
    case tooLarge(path: String, limit: Int, size: Int?)
    /// Any other failure, with the system's reason.
    case system(path: String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let path):
            "cannot read '\(path)': no such file; check the path"
        case .isDirectory(let path):
            "'\(path)' is a directory; pass a file: plain text, Markdown or a screen (.json)"
        case .permissionDenied(let path):
            "cannot read '\(path)': permission denied; check the file's permissions"
        case .tooLarge(let path, let limit, let size):
            "'\(path)' is " + (size.map { "\(ByteCount($0)) " } ?? "")
                + "larger than the input limit of \(ByteCount(limit)); raise it with --max-input (e.g. --max-input 1G) if the document is meant to be this long"
        case .system(let path, let reason):
            "cannot read '\(path)': \(reason)"
        }
    }
}
