#if canImport(Glibc)
import Glibc
#endif
import SystemPackage

/// Folders a command reads from or creates (the goldens of `check`), with errors that name the
/// real cause.
public enum Folder {
    /// What is at a path.
    public enum Kind: Sendable, Hashable {
        case missing
        case folder
        /// A file, device or anything else that is not a folder.
        case notAFolder
    }

    /// What is at `path` (symbolic links followed).
    public static func kind(of path: String) -> Kind {
        var status = stat()
        guard stat(path, &status) == 0 else { return .missing }
        return (status.st_mode & S_IFMT) == S_IFDIR ? .folder : .notAFolder
    }

    /// Creates the folder `path` and any missing folders above it; nothing when it exists.
    public static func create(_ path: String) throws {
        switch kind(of: path) {
        case .folder: return
        case .notAFolder: throw OutputError.notAFolder(path: path, folder: path)
        case .missing: break
        }
        let parent = FilePath(path).removingLastComponent()
        if !parent.isEmpty, parent != FilePath("/") { try create(parent.string) }
        guard mkdir(path, 0o777) == 0 || errno == EEXIST else {
            let code = errno
            throw code == ENOENT
                // The parent exists (created above), yet the folder cannot be made in it: a
                // virtual file system such as /proc.
                ? OutputError.system(path: path, operation: "creating the folder", reason: "the file system holding it does not allow new folders")
                : OutputFile.error(code, path: path, folder: parent.isEmpty ? "." : parent.string, operation: "creating the folder")
        }
    }
}
