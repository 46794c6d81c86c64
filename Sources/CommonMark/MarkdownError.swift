/// Why Markdown could not be parsed. Any text is valid Markdown (and any HTML in it is repaired):
/// these are about the libraries as installed, and each says what to do.
public enum MarkdownError: Error, Hashable, Sendable, CustomStringConvertible {
    /// cmark-gfm has no extension of this name (tables, strikethrough, autolinks, task lists):
    /// the extensions library is missing; `package` (Debian) holds it.
    case extensionMissing(name: String, package: String)
    /// cmark-gfm or libxml2 could not allocate what it parses with (a parser, a document).
    case outOfMemory(allocating: String)

    /// The Debian package that holds cmark-gfm's extensions.
    public static let extensionsPackage = "libcmark-gfm-extensions-dev"

    /// The command that installs what is missing, if a package is.
    public var installHint: String? {
        switch self {
        case .extensionMissing(_, let package): "apt-get install \(package)"
        case .outOfMemory: nil
        }
    }

    public var description: String {
        switch self {
        case .extensionMissing(let name, let package):
            "cmark-gfm has no '\(name)' extension; install \(package) (\(installHint ?? ""), or scripts/install-deps.sh)"
        case .outOfMemory(let what):
            "parsing Markdown could not allocate \(what); free some memory and try again"
        }
    }
}
