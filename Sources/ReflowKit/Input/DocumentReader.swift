import Foundation
import Images
import Reflow
import Readers
import TextMetrics

#if canImport(Glibc)
import Glibc
#endif

/// How long reading a Markdown document may take (`DocumentReader.markdownDeadline`): the
/// Markdown reader's `ParseDeadline` (CommonMark's), named for programs that read through ReflowKit.
public typealias ParseDeadline = Readers.ParseDeadline

/// Reads documents: a regular file, or standard input for the path `-`, with a stated maximum size
/// so that a huge file or endless input (`- < /dev/zero`) fails at once with a clear message
/// instead of filling the memory. A path is opened as images are (`Images`' `ImageFile`): without
/// waiting (O_NONBLOCK), and only when it is a regular file; a FIFO, a device or a socket is
/// refused before a byte is read, so that no reading waits in `open()` for a writer that may never
/// come, or reads a device that never ends. A file that is not text (an image, an archive, a NUL
/// byte in its first 8 KiB, UTF-16) is refused before it is read as text (`content(of:)`). Bytes
/// become text as `DocumentText` says (invalid UTF-8 and later NUL bytes replaced with U+FFFD, a
/// leading byte order mark dropped).
public struct DocumentReader: Sendable {
    /// 256 MiB: far above any book (the 1,000,000-word corpus is 6.7 MB), far below this
    /// machine's memory for the layout of it.
    public static let defaultMaximumBytes = 256 << 20

    /// The path that names standard input in every method that reads a document: `-`, as on most
    /// command lines (a file of that name is `./-`).
    public static let standardInputPath = "-"

    /// Inputs larger than this many bytes are refused (`InputError.tooLarge`).
    public var maximumBytes: Int
    /// Whether a Markdown document's images may be read from outside its folder's tree (the
    /// command line's `--allow-images-outside`); without it such an image is a placeholder.
    public var allowImagesOutside: Bool
    /// Whether a screen's string catalogs may be read from outside its folder's tree (the command
    /// line's `--allow-strings-outside`); without it such a catalog is an error.
    public var allowStringsOutside = false
    /// Catalogs (files or folders) every screen reads besides those it names (`--strings`).
    public var extraStrings: [String] = []
    /// What an image file may cost to be drawn from its pixels (beyond: a placeholder).
    public var imageLimits: ImageLimits
    /// How long reading a Markdown document may take (nil: as long as it takes). See
    /// `ParseDeadline` for the inputs that need one.
    public var markdownDeadline: ParseDeadline?

    /// What parsing the Markdown document at `path` may cost (`MarkdownBounds`, which the Markdown
    /// reader checks before cmark-gfm parses): the marks, table cells and table steps
    /// `maximumBytes` allows, and `markdownDeadline`.
    public func markdownBounds(for path: String) -> MarkdownBounds {
        MarkdownBounds(inputLimit: maximumBytes, maximumCells: maximumCells, deadline: markdownDeadline, documentName: Self.name(path))
    }

    public init(maximumBytes: Int = defaultMaximumBytes, allowImagesOutside: Bool = false, imageLimits: ImageLimits = .default) {
        self.maximumBytes = maximumBytes
        self.allowImagesOutside = allowImagesOutside
        self.imageLimits = imageLimits
    }

    /// The document at `path`, read as `format` (default: from its extension, see
    /// `DocumentFormat(path:)`), and the decoded text (to report what was replaced).
    public func document(at path: String, format: DocumentFormat? = nil) throws -> (document: Document, text: DocumentText) {
        let text = try text(of: path)
        do {
            return (try Document(text: text.text, format: format ?? DocumentFormat(path: path), bounds: markdownBounds(for: path)), text)
        } catch {
            throw inputError(error, path: Self.name(path))
        }
    }

    /// The document or screen file at `path`, read as `format` (default: from its extension),
    /// as the content and layout a command lays out. A Markdown document's images are looked for
    /// beside it (`DocumentImages`: each file probed once, from its header); what could not be
    /// used is in the input's `imageWarnings`.
    public func layoutInput(at path: String, format: DocumentFormat? = nil, cells: CellMode = .blocks,
                            layout: LayoutInput.DocumentLayout = .list) throws -> LayoutInput {
        // Read into memory, never mapped: a mapped file truncated while its cells are parsed
        // (lazily, as they are laid out) would end the process with SIGBUS. The Markdown reader
        // holds the document to the bounds of `maximumBytes` (marks and tables counted before
        // cmark-gfm parses, the parse under `markdownDeadline`).
        try localized(at: path, format: format, cells: cells, layout: layout).input(in: nil)
    }

    /// The input limit's bytes per cell: a document may make one cell per this many bytes of
    /// `maximumBytes` (2,097,152 cells under the default 256 MiB). A cell of 128 bytes takes
    /// 0.9 KB (plain text) to 2.4 KB (a Markdown list item with an emphasis) laid out lazily, 1.5
    /// to 2.5 KB eagerly, so the limit on bytes bounds a document's memory, not only its text: at
    /// most about 5 GB (measured at the limits: docs/hardening/memory.md, issue 36 row 10b).
    public static let bytesPerCell = 128

    /// The most cells a document may make: `maximumBytes / bytesPerCell`.
    public var maximumCells: Int { max(1, maximumBytes / Self.bytesPerCell) }

    /// The input limit's bytes per Markdown mark (`MarkdownBounds.bytesPerMark`): a Markdown
    /// document may hold one mark per this many bytes of `maximumBytes` (8,388,608 under the
    /// default 256 MiB).
    public static let bytesPerMarkdownMark = MarkdownBounds.bytesPerMark

    /// The most Markdown marks a document may hold: `maximumBytes / bytesPerMarkdownMark`.
    public var maximumMarkdownMarks: Int { markdownBounds(for: "").maximumMarks }

    /// Table steps a Markdown document may take per byte of the input limit
    /// (`MarkdownBounds.tableStepsPerByte`).
    public static let tableStepsPerByte = MarkdownBounds.tableStepsPerByte

    /// The most table steps a Markdown document may take: `maximumBytes * tableStepsPerByte`.
    public var maximumTableSteps: Int { markdownBounds(for: "").maximumTableSteps }

    /// What cmark-gfm may spend on a document's pipe tables (`CommonMark`'s `MarkdownTables`).
    public typealias MarkdownTables = Readers.MarkdownTables

    /// `error` as an `InputError` naming `path` when it is the Markdown reader refusing a
    /// document beyond `maximumBytes`'s bounds; any other error as it is.
    func inputError(_ error: any Error, path: String) -> any Error {
        switch error as? MarkdownError {
        case .tooMuchMarkup(let marks, let limit):
            InputError.tooMuchMarkup(path: path, marks: marks, limit: limit, inputLimit: maximumBytes)
        case .tooCostlyTables(let tables, _, _):
            InputError.tooCostlyTables(path: path, tables: tables, inputLimit: maximumBytes)
        default:
            error
        }
    }

    /// Sums and products that stop at `Int.max` (inputs far beyond the default limit).
    static func product(_ a: Int, _ b: Int) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? .max : product
    }

    /// The regular file at `path` open for reading, and its status. Anything else is refused
    /// before it is opened (its status, followed through links), and again after (the open
    /// file's status, in case another took its place): a FIFO, a device, a socket, a directory.
    /// It is opened without waiting (O_NONBLOCK, which a regular file's reads ignore): a FIFO put
    /// there in between is refused, not waited on. Also refused: a missing file, one larger than
    /// `maximumBytes`.
    private func opened(_ path: String) throws -> (descriptor: Int32, status: stat) {
        var status = stat()
        guard stat(path, &status) == 0 else { throw Self.error(errno, path: path) }
        try check(status, path: path)
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.error(errno, path: path) }
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw Self.error(code, path: path)
        }
        do {
            try check(status, path: path)
        } catch {
            close(descriptor)
            throw error
        }
        return (descriptor, status)
    }

    /// An error for a file of `status` that is not a regular file of at most `maximumBytes`.
    private func check(_ status: stat, path: String) throws {
        switch status.st_mode & S_IFMT {
        case S_IFREG where Int(status.st_size) > maximumBytes:
            throw InputError.tooLarge(path: path, limit: maximumBytes, size: Int(status.st_size))
        case S_IFREG: return
        case S_IFDIR: throw InputError.isDirectory(path: path)
        default: throw InputError.notARegularFile(path: path, kind: Self.kind(status.st_mode))
        }
    }

    /// The text of the document at `path` (`bytes(of:)`); an error for a file that is not text
    /// (`content(of:)`).
    public func text(of path: String) throws -> DocumentText {
        DocumentText(bytes: try documentBytes(of: path))
    }

    /// The bytes of the document at `path` (`bytes(of:)`), refused when they are not text.
    func documentBytes(of path: String) throws -> [UInt8] {
        let bytes = try bytes(of: path)
        if let content = Self.content(of: bytes) { throw InputError.notADocument(path: Self.name(path), content: content) }
        return bytes
    }

    /// How errors name the document at `path`: standard input for `-`, else the path.
    static func name(_ path: String) -> String { path == standardInputPath ? InputError.standardInput : path }

    /// The file at `path` as plain text's paragraphs (`PlainText`: blank lines between them,
    /// every run of white space in one a single space), and the decoded text, to report what was
    /// replaced. What `lines` breaks into lines, whatever the file's extension.
    public func paragraphs(of path: String) throws -> (paragraphs: [String], text: DocumentText) {
        let text = try text(of: path)
        return (PlainText.paragraphs(text.text), text)
    }

    /// The bytes of the document at `path`, at most `maximumBytes` of them: the regular file at
    /// `path` (`bytes(ofRegularFile:)`: a FIFO, a device or a socket is refused, never opened to
    /// wait or read), or standard input for `-` (`standardInputPath`), read as it comes, from a
    /// pipe too, until it ends or gives one byte more than the limit.
    public func bytes(of path: String) throws -> [UInt8] {
        path == Self.standardInputPath ? try standardInputBytes() : try bytes(ofRegularFile: path)
    }

    /// The bytes of the regular file at `path`, at most `maximumBytes` of them: one larger is
    /// refused before it is read; anything else (a FIFO, a device, a socket) is refused before it
    /// is opened, so that it cannot block or never end. For files read again or never pipes:
    /// goldens, height caches, and documents (`bytes(of:)`). `-` is standard input here too,
    /// which is refused: it can be read only once.
    public func bytes(ofRegularFile path: String) throws -> [UInt8] {
        if path == Self.standardInputPath {
            throw InputError.notARegularFile(path: InputError.standardInput, kind: "a stream read once")
        }
        let (descriptor, status) = try opened(path)
        defer { close(descriptor) }
        return try readAll(descriptor, status, path: path)
    }

    /// The bytes of standard input, at most `maximumBytes` of them (`standardInputBytes()`),
    /// refused when they are not text (`content(of:)`); errors name it `InputError.standardInput`.
    public func standardInput() throws -> [UInt8] {
        let bytes = try standardInputBytes()
        if let content = Self.content(of: bytes) { throw InputError.notADocument(path: InputError.standardInput, content: content) }
        return bytes
    }

    /// The bytes of standard input, whatever it is (a pipe, a file, a device), read until it ends
    /// or gives one byte more than `maximumBytes`; a regular file larger than that is refused
    /// before it is read.
    private func standardInputBytes() throws -> [UInt8] {
        var status = stat()
        guard fstat(STDIN_FILENO, &status) == 0 else { throw Self.error(errno, path: InputError.standardInput) }
        if (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) > maximumBytes {
            throw InputError.tooLarge(path: InputError.standardInput, limit: maximumBytes, size: Int(status.st_size))
        }
        return try readAll(STDIN_FILENO, status, path: InputError.standardInput)
    }

    /// What a file of mode `mode` is, in words: "a FIFO (named pipe)", "a character device", ….
    static func kind(_ mode: mode_t) -> String { fileKind(mode) }

    /// The bytes of the open file or standard input (see `bytes(of:)`).
    private func readAll(_ descriptor: Int32, _ status: stat, path: String) throws -> [UInt8] {
        let isRegular = (status.st_mode & S_IFMT) == S_IFREG
        let maximumBytes = min(self.maximumBytes, Int.max / 2)
        // A regular file is read straight into the array, its size and one byte more (to see its
        // end in the same reads), not copied in through a buffer.
        var bytes = try [UInt8](unsafeUninitializedCapacity: isRegular ? Int(status.st_size) + 1 : 0) { buffer, count in
            Self.preferLargePages(UnsafeMutableRawBufferPointer(buffer))
            while count < buffer.count {
                let got = try Self.read(descriptor, into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[count...])),
                                       path: path)
                if got == 0 { return }
                count += got
            }
        }
        guard bytes.count > (isRegular ? Int(status.st_size) : -1) else { return bytes }
        // A pipe or a device, or a file that grew: the rest in pieces of at most 1 MiB, each
        // appended whole; one byte past the limit is enough to know it was passed.
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: min(1 << 20, maximumBytes + 1), alignment: 16)
        defer { buffer.deallocate() }
        while bytes.count <= maximumBytes {
            let wanted = min(buffer.count, maximumBytes + 1 - bytes.count)
            let got = try Self.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<wanted]), path: path)
            if got == 0 { break }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[0..<got]))
        }
        if bytes.count > maximumBytes {
            throw InputError.tooLarge(path: path, limit: maximumBytes, size: isRegular ? Int(status.st_size) : nil)
        }
        return bytes
    }

    /// Asks for `buffer`'s whole 2 MiB pages to be backed by huge pages (where transparent huge
    /// pages are on `madvise`): a large file read into fresh memory otherwise takes a page fault
    /// every 4 KiB (a 76 MB screen: 17,500 faults more than mapping it, about 50 ms of system time).
    private static func preferLargePages(_ buffer: UnsafeMutableRawBufferPointer) {
        let huge = 2 << 20
        guard buffer.count >= 2 * huge, let base = buffer.baseAddress else { return }
        let start = (Int(bitPattern: base) + huge - 1) & ~(huge - 1)
        let end = (Int(bitPattern: base) + buffer.count) & ~(huge - 1)
        if end > start { _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_HUGEPAGE) }
    }

    /// One read(2) into `buffer`, again when a signal interrupts it: how many bytes came, 0 at the end.
    private static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, path: String) throws -> Int {
        var got: Int
        repeat {
            got = Glibc.read(descriptor, buffer.baseAddress!, buffer.count)
        } while got < 0 && errno == EINTR
        if got < 0 { throw Self.error(errno, path: path) }
        return got
    }

    static func error(_ code: Int32, path: String) -> InputError {
        switch code {
        case ENOENT, ENOTDIR: .notFound(path: path)
        case EISDIR: .isDirectory(path: path)
        case EACCES, EPERM: .permissionDenied(path: path)
        default: .system(path: path, reason: String(cString: strerror(code)))
        }
    }
}

extension DocumentText {
    /// What a person should know about how the bytes of `path` were read, one sentence each
    /// (empty when the text was clean UTF-8).
    public func warnings(path: String) -> [String] {
        DocumentReader.warnings(path: path, firstInvalidByte: firstInvalidByte, nulCount: nulCount)
    }
}

extension LayoutInput {
    /// What a person should know about how the bytes of `path` were read, one sentence each
    /// (empty when the text was clean UTF-8 and every image could be used): invalid bytes, then
    /// images drawn as placeholders, then what its strings could not do in the language asked.
    public func warnings(path: String) -> [String] {
        DocumentReader.warnings(path: path, firstInvalidByte: firstInvalidByte, location: firstInvalidByteLocation, nulCount: nulCount)
            + imageWarnings + stringsWarnings
    }
}

extension DocumentReader {
    static func warnings(path: String, firstInvalidByte: Int?, location: String? = nil, nulCount: Int) -> [String] {
        var warnings: [String] = []
        let name = InputError.name(Self.name(path))
        if let offset = firstInvalidByte {
            let place = location.map { $0.isEmpty ? "" : ", in \($0)" } ?? ""
            warnings.append("\(name) is not valid UTF-8 (first bad byte at offset \(offset)\(place)); invalid bytes were replaced with U+FFFD")
        }
        if nulCount > 0 {
            warnings.append("\(name) contains \(nulCount) NUL byte(s); they were replaced with U+FFFD")
        }
        return warnings
    }
}

// What is not a document: found from the first bytes, before they are read as text.
extension DocumentReader {
    /// The bytes at a document's start looked at for a NUL byte: 8 KiB (git calls a file binary
    /// for a NUL in its first 8,000). A NUL later is replaced with U+FFFD, as CommonMark asks,
    /// with a warning (`DocumentText`), as the Markdown and text readers do for any caller.
    public static let binaryWindow = 8 << 10

    /// Kinds of files known by their first bytes: each part's bytes at its offset.
    static let signatures: [(kind: String, parts: [(offset: Int, bytes: [UInt8])])] = [
        ("a PNG image", [(0, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])]),
        ("a JPEG image", [(0, [0xFF, 0xD8, 0xFF])]),
        ("a GIF image", [(0, Array("GIF87a".utf8))]),
        ("a GIF image", [(0, Array("GIF89a".utf8))]),
        ("a WebP image", [(0, Array("RIFF".utf8)), (8, Array("WEBP".utf8))]),
        ("a TIFF image", [(0, [0x49, 0x49, 0x2A, 0x00])]),
        ("a TIFF image", [(0, [0x4D, 0x4D, 0x00, 0x2A])]),
        ("an AVIF image", [(4, Array("ftypavif".utf8))]),
        ("a HEIC image", [(4, Array("ftypheic".utf8))]),
        ("a HEIC image", [(4, Array("ftypmif1".utf8))]),
        ("a PDF file", [(0, Array("%PDF-".utf8))]),
        ("a ZIP archive", [(0, [0x50, 0x4B, 0x03, 0x04])]),
        ("a ZIP archive", [(0, [0x50, 0x4B, 0x05, 0x06])]),
        ("a ZIP archive", [(0, [0x50, 0x4B, 0x07, 0x08])]),
        ("a gzip file", [(0, [0x1F, 0x8B])]),
        ("a bzip2 file", [(0, Array("BZh".utf8)), (4, Array("1AY&SY".utf8))]),
        ("an xz file", [(0, [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00])]),
        ("a Zstandard file", [(0, [0x28, 0xB5, 0x2F, 0xFD])]),
        ("a 7z archive", [(0, [0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C])]),
        ("a RAR archive", [(0, Array("Rar!".utf8) + [0x1A, 0x07])]),
        ("an ELF executable", [(0, [0x7F, 0x45, 0x4C, 0x46])]),
        ("an SQLite database", [(0, Array("SQLite format 3".utf8) + [0x00])]),
        ("a WOFF font", [(0, Array("wOFF".utf8))]),
        ("a WOFF2 font", [(0, Array("wOF2".utf8))]),
    ]

    /// Encodings known by their byte order mark, longest first (UTF-32's little-endian mark
    /// starts as UTF-16's).
    static let byteOrderMarks: [(encoding: String, mark: [UInt8])] = [
        ("UTF-32 (little-endian)", [0xFF, 0xFE, 0x00, 0x00]),
        ("UTF-32 (big-endian)", [0x00, 0x00, 0xFE, 0xFF]),
        ("UTF-16 (little-endian)", [0xFF, 0xFE]),
        ("UTF-16 (big-endian)", [0xFE, 0xFF]),
    ]

    /// What `bytes` hold instead of a document's text, from their start: text in another
    /// encoding (a UTF-16 or UTF-32 byte order mark), a kind of file known by its signature (an
    /// image, a PDF, an archive), or a NUL byte in the first `binaryWindow` bytes; nil when they
    /// may be text (UTF-8, perhaps invalid in places).
    public static func content(of bytes: some Collection<UInt8>) -> InputError.Content? {
        let head = Array(bytes.prefix(binaryWindow))
        func has(_ expected: [UInt8], at offset: Int) -> Bool {
            head.count >= offset + expected.count && head[offset..<(offset + expected.count)].elementsEqual(expected)
        }
        if let found = byteOrderMarks.first(where: { has($0.mark, at: 0) }) { return .encoding(found.encoding) }
        if let found = signatures.first(where: { $0.parts.allSatisfy { has($0.bytes, at: $0.offset) } }) { return .signature(found.kind) }
        if let offset = head.firstIndex(of: 0) { return .nulByte(offset: offset) }
        return nil
    }
}
