/// Why a document could not be read; each message says what to do.
public enum InputError: Error, Hashable, Sendable, CustomStringConvertible {
    case notFound(path: String)
    case isDirectory(path: String)
    case permissionDenied(path: String)
    /// More bytes than the stated maximum (a file, or a pipe or device that kept giving).
    case tooLarge(path: String, limit: Int, size: Int?)
    /// Any other failure, with the system's reason.
    case system(path: String, reason: String)

    /// What is wrong: the first part of `description`, before what to do.
    public var problem: String {
        switch self {
        case .notFound(let path):
            "cannot read '\(path)': no such file"
        case .isDirectory(let path):
            "'\(path)' is a directory"
        case .permissionDenied(let path):
            "cannot read '\(path)': permission denied"
        case .tooLarge(let path, let limit, let size):
            "'\(path)' is " + (size.map { "\(ByteCount($0)) " } ?? "") + "larger than the input limit of \(ByteCount(limit))"
        case .system(let path, let reason):
            "cannot read '\(path)': \(reason)"
        }
    }

    public var description: String {
        switch self {
        case .notFound: "\(problem); check the path"
        case .isDirectory: "\(problem); pass a file: plain text, Markdown or a screen (.json)"
        case .permissionDenied: "\(problem); check the file's permissions"
        case .tooLarge: "\(problem); raise the limit (DocumentReader's maximumBytes) if the document is meant to be this long"
        case .system: problem
        }
    }
}
