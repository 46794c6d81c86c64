import Foundation
import SystemPackage

/// Keeps the machine's absolute paths out of what the server answers: the page, `/info.json`, the
/// events, the audit's `file`, and the messages of a reading that failed, its warnings and a 422
/// (an image that is missing is named by where it was looked for, `/home/…/images/x.png`).
///
/// The document is named by `displayPath`: the path as given when it is relative, else the file's
/// name. In a message, the folder relative paths start from (the document's folder for an absolute
/// path, else the current folder, each also with its links resolved) is taken off the front of a
/// path, so `/home/me/notes/images/x.png` is `images/x.png` for `serve /home/me/notes/a.md`, and
/// `notes/images/x.png` for `serve notes/a.md` run in `/home/me`; any other absolute path of two
/// or more components is shortened to its last one (`/usr/share/x/y.pat` is `y.pat`).
struct PathRedaction: Sendable {
    /// How the answers name the document.
    let displayPath: String
    /// Folders taken off the front of a path, each ending in `/`, the longest first.
    let prefixes: [String]

    /// For the document at `documentPath` (as given), with relative paths from `currentFolder`.
    init(documentPath: String, currentFolder: String = FileManager.default.currentDirectoryPath) {
        let file = FilePath(documentPath)
        let name = file.lastComponent?.string ?? documentPath
        var folders: [String] = []
        if file.isAbsolute {
            displayPath = name
            folders.append(file.lexicallyNormalized().removingLastComponent().string)
        } else {
            displayPath = documentPath
            folders.append(FilePath(currentFolder).lexicallyNormalized().string)
        }
        folders += folders.compactMap(Self.realPath)
        prefixes = Set(folders.filter { $0.count > 1 }.map { $0.hasSuffix("/") ? $0 : $0 + "/" })
            .sorted { $0.count > $1.count }
    }

    /// `text` with the folders taken off the paths in it, and (unless `knownFoldersOnly`) any
    /// other absolute path shortened to its last component.
    func callAsFunction(_ text: String, knownFoldersOnly: Bool = false) -> String {
        var text = text
        for prefix in prefixes where text.contains(prefix) {
            text = text.replacingOccurrences(of: prefix, with: "")
        }
        return knownFoldersOnly ? text : Self.shorteningAbsolutePaths(text)
    }

    /// Characters after which a `/` starts a path: the start of a word or of a quotation.
    private static let pathStarts: Set<Character> = [" ", "\t", "\n", "'", "\"", "`", "(", "[", "<", "{", "=", ","]
    /// Characters that end a path in a message.
    private static let pathEnds: Set<Character> = [" ", "\t", "\n", "'", "\"", "`", ")", "]", ">", "}", ",", ";"]

    /// `text` with each absolute path of two or more components (`/a/b`, not `/`, `/a` or
    /// `//host`) as its last component; a `.` or `:` that ends a sentence stays after it.
    static func shorteningAbsolutePaths(_ text: String) -> String {
        guard text.contains("/") else { return text }
        var out = "", index = text.startIndex
        var previous: Character? = nil
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            guard character == "/", previous.map({ pathStarts.contains($0) }) ?? true, next < text.endIndex, !pathEnds.contains(text[next]),
                  text[next] != "/"
            else {
                out.append(character)
                previous = character
                index = next
                continue
            }
            var end = next
            while end < text.endIndex, !pathEnds.contains(text[end]) { end = text.index(after: end) }
            var path = text[index..<end]
            while let last = path.last, last == "." || last == ":" { path = path.dropLast() }
            let components = path.split(separator: "/")
            if components.count >= 2, let last = components.last {
                out += last
            } else {
                out += path
            }
            index = path.endIndex
            previous = text[text.index(before: index)]
        }
        return out
    }

    /// `realpath(3)` of `path`, if it differs from it.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        let real = String(cString: resolved)
        return real == path ? nil : real
    }
}
