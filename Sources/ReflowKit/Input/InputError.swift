/// Why a document could not be read; each message says what to do.
public enum InputError: Error, Hashable, Sendable, CustomStringConvertible {
    case notFound(path: String)
    case isDirectory(path: String)
    case permissionDenied(path: String)
    /// More bytes than the stated maximum (a file, or a pipe or device that kept giving).
    case tooLarge(path: String, limit: Int, size: Int?)
    /// A document, a golden or a height cache (read only as regular files) is a FIFO, a device or
    /// a socket: opening or reading it could wait forever, or never end. `kind` says which ("a
    /// FIFO (named pipe)"). What to do is said for a document, whose path the person gave
    /// (`DocumentReader`); goldens and caches say it in their own words.
    case notARegularFile(path: String, kind: String)
    /// More cells than the input limit allows (`DocumentReader.maximumCells`: one per
    /// `bytesPerCell` bytes of it): what a document costs to lay out grows with its cells, not
    /// only its bytes (a list of empty items is a cell per two bytes).
    case tooManyCells(path: String, count: Int, limit: Int, inputLimit: Int)
    /// More Markdown marks (line ends and markup characters, `MarkdownBounds.marks(in:)`)
    /// than the input limit allows (`DocumentReader.maximumMarkdownMarks`): cmark-gfm's tree,
    /// made before cells can be counted, grows with them (found before parsing).
    case tooMuchMarkup(path: String, marks: Int, limit: Int, inputLimit: Int)
    /// Markdown pipe tables that cmark-gfm 0.29.0.gfm.6 would make more cells of than the input
    /// limit allows, or take more steps over (`DocumentReader.MarkdownTables`: found before
    /// parsing, as its rows are given every column and parsed in time growing with their
    /// cells squared).
    case tooCostlyTables(path: String, tables: DocumentReader.MarkdownTables, inputLimit: Int)
    /// Not a document's text, found before it is read as text (`DocumentReader.content(of:)`): an
    /// image's or archive's signature at its start, a NUL byte in its first 8 KiB, or text in
    /// another encoding than UTF-8 (a UTF-16 or UTF-32 byte order mark).
    case notADocument(path: String, content: Content)
    /// A screen's string catalogs cannot be read: the catalog reader's message (file, key, place).
    case badStrings(path: String, message: String)
    /// Any other failure, with the system's reason.
    case system(path: String, reason: String)

    /// What a file that is not a document holds instead (`notADocument`).
    public enum Content: Hashable, Sendable {
        /// A kind of file known by its signature: "a PNG image", "a gzip file".
        case signature(String)
        /// A NUL byte at this offset, in the first `DocumentReader.binaryWindow` bytes: binary,
        /// as git decides.
        case nulByte(offset: Int)
        /// Text in another encoding, by its byte order mark: "UTF-16 (little-endian)".
        case encoding(String)
    }

    /// What is wrong: the first part of `description`, before what to do.
    public var problem: String {
        switch self {
        case .notFound(let path):
            "cannot read '\(path)': no such file"
        case .isDirectory(let path):
            "'\(path)' is a directory"
        case .permissionDenied(let path):
            "cannot read '\(path)': permission denied"
        case .tooLarge(let path, let limit, let size?):
            Self.sizes(ByteCount(size).described(beside: ByteCount(limit)), of: path)
        case .tooLarge(let path, let limit, nil):
            "\(Self.name(path)) is larger than the input limit of \(ByteCount(limit))"
        case .notARegularFile(let path, let kind):
            "'\(path)' is \(kind), not a regular file"
        case .tooManyCells(let path, let count, let limit, let inputLimit):
            "\(Self.name(path)) makes \(ByteCount.grouped(count)) cells, more than the \(ByteCount.grouped(limit)) the input limit of "
                + "\(ByteCount(inputLimit)) allows (one per \(DocumentReader.bytesPerCell) bytes of it: a cell takes about 1 KB to lay out)"
        case .tooMuchMarkup(let path, let marks, let limit, let inputLimit):
            "\(Self.name(path)) has \(ByteCount.grouped(marks)) line ends and Markdown markup characters, more than the "
                + "\(ByteCount.grouped(limit)) the input limit of \(ByteCount(inputLimit)) allows (one per "
                + "\(DocumentReader.bytesPerMarkdownMark) bytes of it: the Markdown parser may hold 490 bytes for each before cells can be counted)"
        case .tooCostlyTables(let path, let tables, let inputLimit):
            Self.tables(tables, of: path, inputLimit: inputLimit)
        case .notADocument(let path, .signature(let kind)):
            "\(Self.name(path)) is \(kind), \(Self.notADocumentClause)"
        case .notADocument(let path, .nulByte(let offset)):
            "\(Self.name(path)) is binary (a NUL byte at offset \(offset)), \(Self.notADocumentClause)"
        case .notADocument(let path, .encoding(let encoding)):
            "\(Self.name(path)) is text in \(encoding), not UTF-8"
        case .system(let path, let reason):
            "cannot read \(Self.name(path)): \(reason)"
        case .badStrings(let path, let message):
            "the string catalogs of \(Self.name(path)): \(message)"
        }
    }

    public var description: String {
        switch self {
        case .notFound: "\(problem); check the path"
        case .isDirectory: "\(problem); pass a file: plain text, Markdown or a screen (.json)"
        case .permissionDenied: "\(problem); check the file's permissions"
        case .tooLarge: "\(problem); raise the limit (DocumentReader's maximumBytes) if the document is meant to be this long"
        case .notARegularFile: "\(problem); save the document to a file, or give '-' and pipe it to standard input"
        case .tooManyCells, .tooMuchMarkup: "\(problem); raise the limit (DocumentReader's maximumBytes) if the document is meant to be this long"
        case .tooCostlyTables: "\(problem); split the table into narrower or shorter ones, or raise the limit (DocumentReader's maximumBytes)"
        case .notADocument(_, .encoding): "\(problem); save it as UTF-8"
        case .notADocument, .system, .badStrings: problem
        }
    }

    /// What `notADocument` says a document is.
    static let notADocumentClause = "not a document (Markdown, text or a screen file)"

    /// What `DocumentReader.standardInput()` calls standard input in its errors.
    public static let standardInput = "standard input"

    /// Which of the tables' limits `tables` is beyond, and by how much.
    private static func tables(_ tables: DocumentReader.MarkdownTables, of path: String, inputLimit: Int) -> String {
        let reader = DocumentReader(maximumBytes: inputLimit)
        let costliest = "line \(tables.line) starts a table of \(ByteCount.grouped(tables.columns)) columns and "
            + "\(ByteCount.grouped(tables.rows)) rows" + (tables.widest > tables.columns ? ", a row of \(ByteCount.grouped(tables.widest)) cells" : "")
        if tables.cells > reader.maximumCells {
            return "\(name(path)) has Markdown tables of \(ByteCount.grouped(tables.cells)) cells (\(costliest), the Markdown "
                + "parser giving every row every column), more than the \(ByteCount.grouped(reader.maximumCells)) the input "
                + "limit of \(ByteCount(inputLimit)) allows (one per \(DocumentReader.bytesPerCell) bytes of it)"
        }
        return "\(name(path)) has Markdown table rows too wide to parse (\(costliest)): the Markdown parser takes time "
            + "growing with the square of a row's cells, \(ByteCount.grouped(tables.steps)) steps here, more than the "
            + "\(ByteCount.grouped(reader.maximumTableSteps)) the input limit of \(ByteCount(inputLimit)) allows "
            + "(\(DocumentReader.tableStepsPerByte) per byte of it, about 1.3 s at 256 MiB)"
    }

    /// The input limit that lets `tables` be parsed.
    public static func inputLimit(for tables: DocumentReader.MarkdownTables) -> Int {
        max(DocumentReader.product(tables.cells, DocumentReader.bytesPerCell), tables.steps / DocumentReader.tableStepsPerByte + 1)
    }

    /// "'w.md' is 1,700 bytes, more than the input limit of 1,638 bytes".
    private static func sizes(_ described: (size: String, limit: String), of path: String) -> String {
        "\(name(path)) is \(described.size), more than the input limit of \(described.limit)"
    }

    /// `path` quoted, as messages name a file; standard input by its name.
    static func name(_ path: String) -> String { path == standardInput ? path : "'\(path)'" }
}
