#if canImport(Glibc)
import Glibc
#endif
import SystemPackage

/// The documents of a run over several files and folders (`check`, `audit`, the preview): the
/// files named, and in each folder named every document found by extension, searched through
/// its subfolders. In path order, each once; a share of them with `Shard`.
public struct DocumentSet: Hashable, Sendable {
    /// Extensions a folder's documents are found by (any case): Markdown, plain text, screens.
    /// A file named on the command line is read whatever its extension (as plain text when the
    /// extension says nothing).
    public static let documentExtensions: Set<String> = ["md", "markdown", "txt", "text", "json"]

    /// The documents, folders' files in byte order of their paths after the files named before them.
    public let documents: [Document]

    /// The documents' paths, in order.
    public var paths: [String] { documents.map(\.path) }

    /// Files the folders' scans found by extension and left out (links out of the folder, FIFOs,
    /// devices: `Folder.files(in:)`), in order; a command warns about each.
    public private(set) var skipped: [Folder.Skipped] = []

    /// One document of a set: its path, and where it was found.
    public struct Document: Hashable, Sendable {
        /// The path as named, or as found (the folder named, then the path inside it).
        public let path: String
        /// The folder named that the document was found in; nil for a file named itself.
        public let folder: String?
        /// The document's path below `folder` (`guides/setup.md`); nil for a file named itself.
        public let relativePath: String?

        /// A file named itself.
        public init(path: String) { (self.path, folder, relativePath) = (path, nil, nil) }

        /// A document found in `folder`, at `relativePath` below it.
        public init(path: String, folder: String, relativePath: String) {
            (self.path, self.folder, self.relativePath) = (path, folder, relativePath)
        }
    }

    /// The documents that `arguments` name: each file as given, each folder's documents (hidden
    /// files and folders, and folders reached through a symbolic link, left out), each path once.
    /// A folder's documents are its regular files (`Folder.files(in:)`): a link to a file outside
    /// it is taken only `followingLinks`; what is left out is in `skipped`.
    /// - Parameter excluding: folders whose files are never documents (the goldens of `check`,
    ///   an output folder) and files that are not either when a folder holds them (a report the
    ///   run writes into a folder it reads), by path; each is excluded however the two paths are
    ///   spelled. A file named in `arguments` is kept all the same.
    /// - Throws: `Problem` for an argument that is neither a file nor a folder, or a folder with
    ///   no documents in it.
    public init(_ arguments: [String], excluding: [String] = [], followingLinks: Bool = false) throws(Problem) {
        let excluded = Set(excluding.compactMap(Self.identity))
        var seen = Set<String>()
        var documents: [Document] = [], skipped: [Folder.Skipped] = []
        for argument in arguments {
            if argument == "-" {
                // Standard input is one document, read by a command given it alone.
                guard arguments.count == 1 else { throw .standardInputAmongOthers }
                documents.append(Document(path: argument))
                continue
            }
            switch Folder.kind(of: argument) {
            case .missing:
                // Not found, or a dangling link: say which the reader would.
                throw .notFound(path: argument)
            case .notAFolder:
                if seen.insert(argument).inserted { documents.append(Document(path: argument)) }
            case .folder:
                let (found, left) = Folder.files(in: argument, followingLinks: followingLinks, accepts: { name in
                    FilePath(name).extension.map { Self.documentExtensions.contains($0.lowercased()) } ?? false
                }, excluded: { path in !excluded.isEmpty && Self.identity(of: path).map { excluded.contains($0) } == true })
                skipped += left
                guard !found.isEmpty else { throw .noDocuments(folder: argument) }
                // Every path found starts with the folder and a slash (`Folder.files(in:)` appends names so).
                let prefix = argument.hasSuffix("/") ? argument.utf8.count : argument.utf8.count + 1
                for path in found.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) where seen.insert(path).inserted {
                    let relativePath = String(decoding: path.utf8.dropFirst(prefix), as: UTF8.self)
                    documents.append(Document(path: path, folder: argument, relativePath: relativePath))
                }
            }
        }
        (self.documents, self.skipped) = (documents, skipped)
    }

    /// Documents given as they are (already found).
    public init(documents: [Document]) { self.documents = documents }

    /// Files named themselves, as they are.
    public init(paths: [String]) { documents = paths.map(Document.init(path:)) }

    /// This set's share for `shard` (`Shard.select`).
    public func sharded(_ shard: Shard?) -> DocumentSet {
        guard let shard else { return self }
        let mine = Set(shard.select(paths))
        return DocumentSet(documents: documents.filter { mine.contains($0.path) })
    }

    /// Why the documents could not be found; each message says what to do.
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        case notFound(path: String)
        case noDocuments(folder: String)
        case standardInputAmongOthers

        public var description: String {
            switch self {
            case .notFound(let path):
                // Worded as the reader words a missing document (`InputError.notFound`).
                "cannot read '\(path)': no such file or folder; check the path (a document, or a folder of them)"
            case .standardInputAmongOthers:
                "'-' (standard input) is read as the only document of a run; with other documents or folders, save it to a file and name that"
            case .noDocuments(let folder):
                "the folder '\(folder)' holds no documents (\(DocumentSet.extensionList)); name the files, or a folder that has some"
            }
        }
    }

    static var extensionList: String { documentExtensions.sorted().map { ".\($0)" }.joined(separator: ", ") }

    /// A file's or folder's device and inode, to compare them however their paths are spelled.
    private static func identity(of path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return "\(status.st_dev):\(status.st_ino)"
    }
}

/// One of N shares of a set of documents, as CI matrices split a test run (`--shard I/N`): the
/// same paths always make the same shares, every path is in exactly one, and their sizes differ
/// by at most one. Paths are ordered by a hash of their bytes (FNV-1a, the same on every machine
/// and run) and dealt round-robin, so the work of a folder is spread over the shares rather than
/// a shard getting a folder's files together.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// 1 … count.
    public let index: Int
    public let count: Int

    public init(index: Int, count: Int) throws(Problem) {
        guard count >= 1 else { throw .countBelowOne(count) }
        guard (1...count).contains(index) else { throw .indexOutOfRange(index: index, count: count) }
        (self.index, self.count) = (index, count)
    }

    /// "2/4".
    public init(parsing text: String) throws(Problem) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { throw .notAShard(text) }
        try self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }

    /// What a run says when this shard's share of the `found` documents is none (more shards than
    /// documents): not an error, since a CI matrix's shards are set before the documents are
    /// known, but said, so that a shard that did nothing does not pass for one that checked.
    public func noDocuments(found: Int) -> String { "shard \(self) has no documents of the \(found) found" }

    /// This shard's paths, in the order given.
    public func select(_ paths: [String]) -> [String] {
        let dealt = paths.indices.sorted { (Self.hash(paths[$0]), $0) < (Self.hash(paths[$1]), $1) }
        var mine = Set<Int>()
        for (position, original) in dealt.enumerated() where position % count == index - 1 { mine.insert(original) }
        return paths.indices.filter(mine.contains).map { paths[$0] }
    }

    /// FNV-1a (64-bit) of the path's UTF-8 bytes.
    static func hash(_ path: String) -> UInt64 {
        path.utf8.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
    }

    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        case notAShard(String)
        case countBelowOne(Int)
        case indexOutOfRange(index: Int, count: Int)

        public var description: String {
            switch self {
            case .notAShard(let text):
                "'\(text)' is not a shard; give I/N, the I-th of N shares, e.g. 1/4"
            case .countBelowOne(let count):
                "a shard count must be 1 or more, got \(count)"
            case .indexOutOfRange(let index, let count):
                "shard \(index) of \(count) does not exist; the index runs from 1 to \(count)"
            }
        }
    }
}
