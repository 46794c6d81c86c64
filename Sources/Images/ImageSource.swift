#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where an image reference in a document (`![alt](src)`, `<img src>`) points, decided without
/// opening anything and without the network:
///
/// - A reference with a scheme (`http:`, `https:`, `data:`, `file:`, `mailto:` …) or starting
///   with `//` is `.remote`: it is never fetched or decoded, and is drawn as a placeholder.
/// - Anything else is a path, as a URL path is read: what follows `?` or `#` is dropped and
///   percent escapes are decoded (`my%20photo.png` is `my photo.png`). A relative path is taken
///   from the document's folder; an absolute one as it is.
/// - The path must stay inside the document's folder tree: `..` that climbs out of it, an
///   absolute path elsewhere and a symbolic link whose target is elsewhere are `.refused`, unless
///   `allowOutside` (the command line's `--allow-images-outside`). Links are resolved with
///   `realpath`, so `.local` carries the real path.
/// - A path inside that names nothing is `.missing`; one that names a directory, device, pipe or
///   socket is `.refused`.
public enum ImageSource: Sendable, Equatable {
    /// A regular file, by its real path (links resolved).
    case local(path: String)
    /// A URL of another scheme, never fetched.
    case remote(url: String)
    /// A reference that is not followed, and why.
    case refused(ImageRefusal)
    /// A path inside the folder tree (where it would be) that names no file.
    case missing(path: String)

    /// Resolves `reference` against `documentFolder`, the folder of the document it is in (made
    /// absolute from the current directory if it is relative).
    public static func resolve(_ reference: String, documentFolder: String, allowOutside: Bool = false) -> ImageSource {
        let trimmed = reference.trimmingWhitespace()
        guard !trimmed.isEmpty else { return .refused(.emptyReference) }
        if trimmed.hasPrefix("//") || hasScheme(trimmed) { return .remote(url: trimmed) }
        var path = Substring(trimmed)
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        guard let decoded = percentDecoded(path), !decoded.isEmpty else { return .refused(.invalidPath(trimmed)) }
        guard let root = realPath(absolute(documentFolder)) else { return .refused(.documentFolderUnavailable(documentFolder)) }
        let candidate = decoded.hasPrefix("/") ? decoded : root + "/" + decoded
        let lexical = normalized(candidate)
        if !allowOutside, !isInside(lexical, root) { return .refused(.outsideDocumentFolder(decoded)) }
        // Links (and `..` after them) resolved: where the file really is. A link to nothing is
        // missing too; a loop of links or a folder that cannot be searched is not followed.
        guard let real = realPath(candidate) else {
            return errno == ENOENT || errno == ENOTDIR ? .missing(path: lexical) : .refused(.unreadable(decoded))
        }
        if !allowOutside, !isInside(real, root) { return .refused(.outsideDocumentFolder(decoded)) }
        var status = stat()
        guard stat(real, &status) == 0 else { return .missing(path: lexical) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .refused(.notARegularFile(decoded)) }
        return .local(path: real)
    }

    /// Whether `reference` starts with a URL scheme: a letter, then letters, digits, `+`, `-`
    /// or `.`, then `:` (RFC 3986).
    static func hasScheme(_ reference: String) -> Bool {
        guard let colon = reference.firstIndex(of: ":"), colon != reference.startIndex else { return false }
        let scheme = reference[..<colon].unicodeScalars
        guard let first = scheme.first, first.isASCIILetter else { return false }
        return scheme.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" || $0 == "." }
    }

    /// `%XX` escapes decoded; nil when one is malformed, or the result is not UTF-8 or has a NUL.
    static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var utf8 = text.utf8[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard utf8.count >= 2, let high = hexValue(utf8.removeFirst()), let low = hexValue(utf8.removeFirst()) else { return nil }
            bytes.append(high << 4 | low)
        }
        guard !bytes.contains(0), let decoded = String(validating: bytes, as: UTF8.self) else { return nil }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `path` made absolute from the current directory.
    static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        guard let directory = getcwd(nil, 0) else { return "/" + path }
        defer { free(directory) }
        return String(cString: directory) + "/" + path
    }

    /// `path` with `.`, empty components and `..` resolved as text (not through links).
    static func normalized(_ path: String) -> String {
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    /// `realpath(3)`: the absolute path with every link resolved; nil when a component is missing.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` is `root` or below it (both absolute and normalized).
    static func isInside(_ path: String, _ root: String) -> Bool {
        root == "/" || path == root || path.hasPrefix(root + "/")
    }
}

/// Why an image reference is not followed. `description` says what to do.
public enum ImageRefusal: Sendable, Equatable, CustomStringConvertible {
    /// The reference is empty or only spaces.
    case emptyReference
    /// A percent escape is malformed or decodes to a NUL or to bytes that are not UTF-8.
    case invalidPath(String)
    /// The path (as written, decoded) leads outside the document's folder tree.
    case outsideDocumentFolder(String)
    /// The path names a directory, device, pipe or socket.
    case notARegularFile(String)
    /// The path cannot be followed: a loop of links, or a folder on the way that cannot be searched.
    case unreadable(String)
    /// The document's folder itself cannot be resolved.
    case documentFolderUnavailable(String)

    /// What is wrong and what to do about it.
    public var description: String {
        switch self {
        case .emptyReference: "the image has no source; give it the path of a PNG or JPEG file"
        case .invalidPath(let path): "the image path \(path) has a malformed % escape; write the file name as it is"
        case .outsideDocumentFolder(let path):
            "the image \(path) is outside the document's folder; move it beside the document, or pass --allow-images-outside"
        case .notARegularFile(let path): "the image \(path) is not a regular file; point it at a PNG or JPEG file"
        case .unreadable(let path): "the image path \(path) cannot be followed (a loop of links, or a folder without permission); fix the path"
        case .documentFolderUnavailable(let folder): "the document's folder \(folder) cannot be found, so no image path can be followed"
        }
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
