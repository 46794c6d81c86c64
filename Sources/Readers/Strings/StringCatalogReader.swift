import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads an app's strings: one `.xcstrings` catalog, one `.strings` or `.stringsdict` file, or a
/// folder holding them, within a limit on the bytes read (the caller's `--max-input`).
///
/// A folder's `*.xcstrings` files and its `*.lproj/*.strings` and `*.lproj/*.stringsdict` files,
/// at any depth, are merged into one catalog per table (the file's stem: `Localizable`), each
/// `.strings` or `.stringsdict` file in the language its folder names (`de.lproj` → `de`;
/// `Base.lproj` → the source language). Folders whose names start with `.` and links to folders
/// are not entered. Every file is read as a regular file: anything else (a FIFO, a device) is
/// refused before it is opened, so reading never blocks.
public enum StringCatalogReader {
    /// The catalogs of the file or folder at `path`, by table name, reading at most
    /// `maximumBytes` bytes in all. `sourceLanguage` is the language of `.strings` files whose
    /// tables have no `.xcstrings` catalog to say it (Xcode's default development language, `en`).
    /// `read` is told each file's path and bytes as it is read, in the order read (a digest of
    /// what the catalogs held, without reading them twice).
    public static func catalogs(at path: String, maximumBytes: Int, sourceLanguage: String = "en",
                                read: (_ file: String, _ bytes: [UInt8]) -> Void = { _, _ in }) throws -> [String: StringCatalog] {
        var budget = Budget(remaining: maximumBytes, limit: maximumBytes)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw StringCatalogError(file: path, message: "does not exist; " + (Self.sameNameButCase(path).map {
                "'\($0)' beside it differs only in case (file names are case-sensitive here, unlike on a Mac): name it so"
            } ?? "give a .xcstrings, .strings or .stringsdict file or a folder holding them"))
        }
        var files: [String] = [], links: [String] = []
        if isDirectory.boolValue {
            try collect(path, into: &files, links: &links)
            files.sort()
        } else {
            files = [path]
        }
        // Catalogs first, then per table the lproj files, Base.lproj before the others and
        // .strings before .stringsdict, so that a specific file overrides a general one.
        var tables: [String: StringCatalog] = [:]
        let ordered = files.sorted { order($0) < order($1) }
        for file in ordered {
            let bytes = try budget.read(file)
            read(file, bytes)
            let catalog = try Self.catalog(bytes: bytes, file: file, sourceLanguage: tables[table(of: file)]?.sourceLanguage ?? sourceLanguage)
            tables[catalog.table] = tables[catalog.table].map { $0.merging(catalog) } ?? catalog
        }
        if files.isEmpty {
            // A folder of links (ln -s ../App/de.lproj) looks full but is read as empty: say why.
            let skipped = links.sorted().map { String($0.dropFirst(path.count)).trimmingCharacters(in: CharacterSet(charactersIn: "/")) }
            let why = skipped.isEmpty ? "" : "; its links (\(skipped.prefix(3).joined(separator: ", "))\(skipped.count > 3 ? ", …" : "")) are not followed: "
                + "copy what they point to into the folder, or name that folder"
            throw StringCatalogError(file: path, message: "holds no .xcstrings file and no .strings or .stringsdict file in a *.lproj folder; give the folder that holds them" + why)
        }
        return tables
    }

    /// The catalog in `bytes`, read from `file` (whose extension says the format and whose stem
    /// the table; for `.strings` and `.stringsdict`, its `*.lproj` folder says the language).
    /// Errors name `file`.
    public static func catalog(bytes: [UInt8], file: String, sourceLanguage: String = "en", maximumBytes: Int = .max) throws -> StringCatalog {
        guard bytes.count <= maximumBytes else { throw tooLarge(file: file, size: bytes.count, limit: maximumBytes) }
        let url = URL(fileURLWithPath: file)
        let table = url.deletingPathExtension().lastPathComponent
        switch url.pathExtension {
        case "xcstrings":
            return try XCStringsReader.catalog(json: bytes, file: file, table: table)
        case "strings", "stringsdict":
            let folder = url.deletingLastPathComponent().lastPathComponent
            guard folder.hasSuffix(".lproj") else {
                throw StringCatalogError(file: file, message: "is not in a *.lproj folder, so its language is unknown; put it in one (de.lproj/\(url.lastPathComponent))")
            }
            let lproj = String(folder.dropLast(".lproj".count))
            let language = lproj == "Base" ? sourceLanguage : languageTag(ofLproj: lproj)
            let localizations: [String: Localization]
            if url.pathExtension == "strings" {
                localizations = try StringsFileReader.entries(bytes: bytes, file: file).mapValues { Localization(value: .unit(StringUnit($0))) }
            } else {
                localizations = try StringsDictReader.localizations(bytes: bytes, file: file)
            }
            return StringCatalog(table: table, sourceLanguage: sourceLanguage,
                                 strings: localizations.mapValues { CatalogString(localizations: [language: $0]) })
        default:
            throw StringCatalogError(file: file, message: "is not a .xcstrings, .strings or .stringsdict file; give one of those")
        }
    }

    /// The BCP 47 tag of an lproj folder's name, as Foundation's bundles read the names older
    /// projects use: `zh_CN` is `zh-CN` (Sparkle's `zh_CN.lproj`, `pt_BR.lproj`), and the English
    /// names of Mac OS X's first localizations are their codes (`English.lproj` is `en`). Other
    /// names are kept as written.
    ///
    /// Subtags are given BCP 47's case (`zh-hans` is `zh-Hans`, `pt-br` `pt-BR`, as Wikipedia's
    /// folders are named and Foundation matches them), so that `--lang zh-Hans` names them.
    static func languageTag(ofLproj name: String) -> String {
        if let code = legacyNames[name] { return code }
        let parts = name.replacingOccurrences(of: "_", with: "-").split(separator: "-", omittingEmptySubsequences: false)
        return parts.enumerated().map { index, part -> String in
            guard index > 0, part.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return index == 0 ? part.lowercased() : String(part) }
            if part.count == 4, part.allSatisfy(\.isLetter) { return part.prefix(1).uppercased() + part.dropFirst().lowercased() }
            if part.count == 2, part.allSatisfy(\.isLetter) { return part.uppercased() }
            return String(part)
        }.joined(separator: "-")
    }

    /// Language names CFBundle reads as lproj names, with their codes (unambiguous ones only).
    private static let legacyNames = [
        "English": "en", "French": "fr", "German": "de", "Japanese": "ja", "Spanish": "es", "Italian": "it",
        "Dutch": "nl", "Swedish": "sv", "Danish": "da", "Finnish": "fi", "Portuguese": "pt", "Russian": "ru",
        "Korean": "ko", "Polish": "pl",
    ]

    /// The name of an entry of `path`'s folder that differs from `path`'s last component only in
    /// case (`TextFind.xcstrings` for `Textfind.xcstrings`), if there is one.
    static func sameNameButCase(_ path: String) -> String? {
        let url = URL(fileURLWithPath: path)
        let wanted = url.lastPathComponent.lowercased()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)) ?? []
        return names.sorted().first { $0.lowercased() == wanted }
    }

    private static func table(of file: String) -> String { URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent }

    /// Where `file` goes in the merge: catalogs, then Base.lproj, then other lproj folders;
    /// `.strings` before `.stringsdict`; then by path.
    private static func order(_ file: String) -> (Int, Int, String) {
        let url = URL(fileURLWithPath: file)
        let folder = url.deletingLastPathComponent().lastPathComponent
        let rank = url.pathExtension == "xcstrings" ? 0 : folder == "Base.lproj" ? 1 : 2
        return (rank, url.pathExtension == "stringsdict" ? 1 : 0, file)
    }

    /// The catalog files under `folder`, and the links in it named like one (`de.lproj`), which
    /// are not followed.
    private static func collect(_ folder: String, into files: inout [String], links: inout [String]) throws {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw StringCatalogError(file: folder, message: "cannot be listed (\(error.localizedDescription)); check its permissions")
        }
        for name in names where !name.hasPrefix(".") {
            let path = (folder as NSString).appendingPathComponent(name)
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            if status.st_mode & S_IFMT == S_IFDIR {
                try collect(path, into: &files, links: &links)
            } else if status.st_mode & S_IFMT == S_IFLNK {
                if [".lproj", ".xcstrings", ".strings", ".stringsdict"].contains(where: { name.hasSuffix($0) }) { links.append(path) }
            } else if name.hasSuffix(".xcstrings")
                        || (folder.hasSuffix(".lproj") && (name.hasSuffix(".strings") || name.hasSuffix(".stringsdict"))) {
                files.append(path)
            }
        }
    }

    static func tooLarge(file: String, size: Int, limit: Int) -> StringCatalogError {
        StringCatalogError(file: file, message: "is \(size) bytes, more than the \(limit) bytes left of the input limit; "
            + "raise the limit (--max-input) or give fewer catalogs")
    }

    /// The bytes still allowed, and the reading of regular files within them.
    private struct Budget {
        var remaining: Int
        let limit: Int

        /// The bytes of the regular file at `path`; an error for anything else, or for a file
        /// larger than what is left of the limit (before reading it).
        mutating func read(_ path: String) throws -> [UInt8] {
            let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw StringCatalogError(file: path, message: "cannot be opened (\(String(cString: strerror(errno)))); check that it exists and is readable")
            }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0 else {
                throw StringCatalogError(file: path, message: "cannot be read (\(String(cString: strerror(errno))))")
            }
            guard status.st_mode & S_IFMT == S_IFREG else {
                throw StringCatalogError(file: path, message: "is not a regular file; give a catalog file or a folder")
            }
            let size = Int(status.st_size)
            guard size <= remaining else {
                throw StringCatalogReader.tooLarge(file: path, size: size, limit: remaining)
            }
            var bytes = [UInt8](repeating: 0, count: size + 1)
            var count = 0
            while count < bytes.count {
                let got = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count) }
                if got < 0 && errno == EINTR { continue }
                guard got >= 0 else { throw StringCatalogError(file: path, message: "cannot be read (\(String(cString: strerror(errno))))") }
                if got == 0 { break }
                count += got
            }
            guard count <= remaining else { throw StringCatalogReader.tooLarge(file: path, size: count, limit: remaining) }
            remaining -= count
            bytes.removeLast(bytes.count - count)
            return bytes
        }
    }
}
