import TextMetrics
import Reflow

/// An app screen described in JSON (a screen file): the sections of a compositional layout and
/// the cells that fill them. Keys follow UIKit's names; `docs/screens.md` documents the schema.
///
/// Reading never crashes on a bad file: the first thing that is not what the schema allows is one
/// `ScreenFileError` naming its JSON path and what was expected there.
///
/// Large screens are read lazily: a screen of more than `eagerCellLimit` cells has its sections
/// parsed and its cells only found (one fast pass over the bytes); a cell is parsed, and checked,
/// when a layout lays it out. So the first screen of a million-cell file costs about what a small
/// one does, and a bad cell far down is reported when something reaches it.
public struct ScreenFile: Sendable {
    /// The layout the file describes: its section provider picks each section's first variant
    /// whose `when` matches the environment.
    public let layout: CompositionalLayout
    /// The cells of each section, with their headers', footers' and badges' content.
    public let content: CollectionContent
    /// Where each section's cells are in the file, for `location(of:)`.
    private let cellOffsets: [DeferredElements]
    private let lines: LazyLines

    /// The largest file accepted (a screen of a million cells is about 40 to 100 MB).
    public static let maximumBytes = 256 << 20
    /// Screens of up to this many cells are read, and checked, whole.
    public static let eagerCellLimit = 20_000

    /// The JSON path of the cell at `indexPath`: where a finding about it points in the file.
    public static func path(of indexPath: IndexPath) -> String {
        "sections[\(indexPath.section)].cells[\(indexPath.item)]"
    }

    /// Reads a screen file's bytes.
    public init(json bytes: [UInt8]) throws {
        try self.init(json: FileBytes(bytes))
    }

    /// Reads a screen file's bytes (held or mapped; kept while the content lives, for its cells).
    public init(json bytes: FileBytes) throws {
        guard bytes.count <= Self.maximumBytes else {
            throw ScreenFileError(path: "", message: "the file is \(bytes.count >> 20) MB, more than the \(Self.maximumBytes >> 20) MB a screen file may be")
        }
        let value = try Self.parse(bytes, range: nil, path: "") { path in
            // sections[i].cells: the arrays whose elements are found but not parsed.
            path.count == 3 && path[0] == .key("sections") && path[2] == .key("cells")
        }
        var reader = ScreenReader(bytes: bytes)
        (layout, content) = try reader.screen(JSONCursor(value: value, path: ""))
        cellOffsets = reader.cellOffsets
        lines = LazyLines(bytes)
    }

    /// Where the cell at `indexPath` is in the file: its JSON path and its line and column.
    @Sendable public func location(of indexPath: IndexPath) -> SourceLocation? {
        guard cellOffsets.indices.contains(indexPath.section), cellOffsets[indexPath.section].indices.contains(indexPath.item)
        else { return nil }
        let (line, column) = lines.table.location(of: cellOffsets[indexPath.section].start(of: indexPath.item))
        return SourceLocation(line: line, column: column, jsonPath: Self.path(of: indexPath))
    }

    /// `range` of `bytes` parsed, a syntax error reported at `path`.
    static func parse(_ bytes: FileBytes, range: Range<Int>?, path: String,
                      deferring: @escaping ([JSONParser.PathComponent]) -> Bool = { _ in false }) throws -> JSONValue {
        do {
            return try bytes.withUnsafeBufferPointer { try JSONParser.parse($0, range: range, deferring: deferring) }
        } catch let error as JSONParser.SyntaxError {
            throw ScreenFileError(path: path, message: "not valid JSON: \(error)")
        }
    }
}
