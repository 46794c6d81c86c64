/// Why Markdown could not be parsed. Any text is valid Markdown (and any HTML in it is repaired):
/// these are about the libraries as installed, and each says what to do.
public enum MarkdownError: Error, Hashable, Sendable, CustomStringConvertible {
    /// cmark-gfm has no extension of this name (tables, strikethrough, autolinks, task lists):
    /// the extensions library is missing; `package` (Debian) holds it.
    case extensionMissing(name: String, package: String)
    /// cmark-gfm or libxml2 could not allocate what it parses with (a parser, a document).
    case outOfMemory(allocating: String)
    /// More marks (line ends and markup characters, `MarkdownBounds.marks(in:)`) than the
    /// bounds allow: cmark-gfm's tree, made before cells can be counted, grows with them.
    case tooMuchMarkup(marks: Int, limit: Int)
    /// Pipe tables that cmark-gfm 0.29.0.gfm.6 would make more cells of, or take more steps
    /// over, than the bounds allow (`MarkdownTables`).
    case tooCostlyTables(MarkdownTables, cellLimit: Int, stepLimit: Int)

    /// The Debian package that holds cmark-gfm's extensions.
    public static let extensionsPackage = "libcmark-gfm-extensions-dev"

    /// 1234567 as "1,234,567".
    private static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return number < 0 ? "-" + result : result
    }

    /// The command that installs what is missing, if a package is.
    public var installHint: String? {
        switch self {
        case .extensionMissing(_, let package): "apt-get install \(package)"
        case .outOfMemory, .tooMuchMarkup, .tooCostlyTables: nil
        }
    }

    public var description: String {
        switch self {
        case .extensionMissing(let name, let package):
            "cmark-gfm has no '\(name)' extension; install \(package) (\(installHint ?? ""), or scripts/install-deps.sh)"
        case .outOfMemory(let what):
            "parsing Markdown could not allocate \(what); free some memory and try again"
        case .tooMuchMarkup(let marks, let limit):
            "the Markdown has \(Self.grouped(marks)) line ends and markup characters, more than the \(Self.grouped(limit)) "
                + "allowed (the parser may hold 490 bytes for each before cells can be counted); allow more (MarkdownBounds) "
                + "if the document is meant to be this long"
        case .tooCostlyTables(let tables, let cellLimit, _) where tables.cells > cellLimit:
            "the Markdown's tables make \(Self.grouped(tables.cells)) cells (line \(tables.line) starts a table of "
                + "\(Self.grouped(tables.columns)) columns and \(Self.grouped(tables.rows)) rows, the parser giving every row "
                + "every column), more than the \(Self.grouped(cellLimit)) allowed; split the table, or allow more (MarkdownBounds)"
        case .tooCostlyTables(let tables, _, let stepLimit):
            "the Markdown's table rows are too wide to parse (line \(tables.line) starts a table of \(Self.grouped(tables.columns)) "
                + "columns): the parser takes time growing with the square of a row's cells, \(Self.grouped(tables.steps)) steps "
                + "here, more than the \(Self.grouped(stepLimit)) allowed; split the table, or allow more (MarkdownBounds)"
        }
    }
}
