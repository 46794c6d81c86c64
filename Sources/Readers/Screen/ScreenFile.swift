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
    /// `"paging": true`: the screen's scroll view moves a page at a time, as UIScrollView's
    /// `isPagingEnabled` (a drag near its edge advances a page, as in the 2016 WWDC talk's demo).
    public let isPagingEnabled: Bool
    /// The offset of the first byte that is not UTF-8 (in a string: it reads as U+FFFD), if any,
    /// and the JSON path of the string it is in (`sections[0].cells[3].text`).
    public let firstInvalidByte: Int?
    public let firstInvalidBytePath: String?
    /// Where each section's cells are in the file, for `location(of:)`.
    private let cellOffsets: [DeferredElements]
    private let lines: LazyLines

    /// The largest file accepted (a screen of a million cells is about 40 to 100 MB).
    public static let maximumBytes = 256 << 20
    /// The most items and groups a section's group may describe, each counted once however often
    /// `count` or filling repeats it (beyond: an error naming the group). A group template holds
    /// each of them once, so this bounds what a section costs to resolve at each size.
    public static let maximumGroupNodes = 10_000
    /// Screens of up to this many cells are read, and checked, whole.
    public static let eagerCellLimit = 20_000

    /// The JSON path of the cell at `indexPath`: where a finding about it points in the file.
    public static func path(of indexPath: IndexPath) -> String {
        "sections[\(indexPath.section)].cells[\(indexPath.item)]"
    }

    /// Reads a screen file's bytes.
    public init(json bytes: [UInt8], strings: StringResolver? = nil) throws {
        try self.init(json: FileBytes(bytes), strings: strings)
    }

    /// Reads a screen file's bytes (held or mapped; kept while the content lives, for its cells).
    /// Its texts that name keys (`{"key": …}`) say what `strings` resolves them to in its language;
    /// without it, the keys themselves (as a device shows a key no catalog has).
    public init(json bytes: FileBytes, strings: StringResolver? = nil) throws {
        try self.init(parsed: Parsed(json: bytes), strings: strings)
    }

    /// The screen `parsed` describes, its texts that name keys resolved by `strings`: one
    /// language's screen of a file parsed once for every language (`Parsed`).
    public init(parsed: Parsed, strings: StringResolver? = nil) throws {
        var reader = ScreenReader(bytes: parsed.bytes, strings: strings)
        (layout, content) = try reader.screen(JSONCursor(value: parsed.value, path: ""))
        cellOffsets = reader.cellOffsets
        isPagingEnabled = reader.isPagingEnabled
        lines = parsed.lines
        firstInvalidByte = parsed.firstInvalidByte
        firstInvalidBytePath = parsed.firstInvalidByte.map { [cellOffsets] offset in
            Self.pathOfString(containing: offset, in: parsed.bytes, from: parsed.start, cellOffsets: cellOffsets)
        }
    }

    /// A screen file's bytes parsed down to its sections, its cells found but not parsed, and
    /// checked for bytes that are not UTF-8: what every language's screen of the file shares. A
    /// screen laid out in 19 languages is parsed once, not 19 times; the catalogs it names are
    /// read from the same parse (`catalogPaths()`), so a large screen is not gone over once more
    /// for them first.
    public struct Parsed: Sendable {
        let bytes: FileBytes
        let value: JSONValue
        /// After a UTF-8 byte order mark, which is dropped as from a document.
        let start: Int
        let firstInvalidByte: Int?
        let lines: LazyLines

        /// Parses `bytes`; throws a `ScreenFileError` when they are too many or not JSON.
        public init(json bytes: FileBytes) throws {
            guard bytes.count <= ScreenFile.maximumBytes else {
                throw ScreenFileError(path: "", message: "the file is \(bytes.count >> 20) MB, more than the \(ScreenFile.maximumBytes >> 20) MB a screen file may be")
            }
            self.bytes = bytes
            start = bytes.withUnsafeBufferPointer { $0.starts(with: [0xEF, 0xBB, 0xBF]) } ? 3 : 0
            value = try ScreenFile.parse(bytes, range: start..<bytes.count, path: "", deferring: ScreenFile.deferringCells)
            firstInvalidByte = bytes.withUnsafeBufferPointer { [start] in UTF8Validation.firstInvalidByte(in: $0, from: start) }
            lines = LazyLines(bytes)
        }

        /// The string catalogs the screen names (`"strings": ["Localizable.xcstrings", "fr.lproj"]`),
        /// as written (relative to the screen file's folder), each with its JSON path (`strings[1]`),
        /// read before the screen's texts are resolved; empty when it names none.
        public func catalogPaths() throws -> [(path: String, jsonPath: String)] {
            try ScreenFile.catalogPaths(in: value)
        }
    }

    /// The string catalogs the screen at `bytes` names (`Parsed.catalogPaths()`), its sections
    /// skipped whole without a cell parsed: for a caller that wants only these (a 1,000,000-cell
    /// screen file's first screen took 4 s when its cells were parsed for them).
    public static func catalogPaths(json bytes: FileBytes) throws -> [(path: String, jsonPath: String)] {
        let start = bytes.withUnsafeBufferPointer { $0.starts(with: [0xEF, 0xBB, 0xBF]) } ? 3 : 0
        let value = try parse(bytes, range: start..<bytes.count, path: "", deferring: { $0 == [.key("sections")] })
        return try catalogPaths(in: value)
    }

    /// The `"strings"` list of a screen's root `value`.
    private static func catalogPaths(in value: JSONValue) throws -> [(path: String, jsonPath: String)] {
        guard case .object(let members) = value, let list = members.first(where: { $0.key == "strings" }) else { return [] }
        let cursor = JSONCursor(value: list.value, path: "strings")
        return try cursor.array(expected: "an array of string catalog paths, such as [\"Localizable.xcstrings\"]").map { entry in
            let path = try entry.string(expected: "a string catalog's path (.xcstrings, .strings, .stringsdict, or a folder of them and *.lproj)")
            guard !path.isEmpty else { throw entry.fail("expected a string catalog's path, got an empty string") }
            return (path, entry.path)
        }
    }

    /// sections[i].cells: the arrays whose elements are found but not parsed.
    @Sendable static func deferringCells(_ path: [JSONParser.PathComponent]) -> Bool {
        path.count == 3 && path[0] == .key("sections") && path[2] == .key("cells")
    }

    /// The JSON path of the string holding the byte at `offset`: in a cell, parsed for it, or
    /// in the rest of the file.
    private static func pathOfString(containing offset: Int, in bytes: FileBytes, from start: Int,
                                     cellOffsets: [DeferredElements]) -> String {
        var base: JSONPath?
        var range = start..<bytes.count
        var deferring = deferringCells
        for (section, cells) in cellOffsets.enumerated() {
            // The last cell starting at or before `offset`.
            var low = 0, high = cells.count
            while low < high {
                let middle = (low + high) / 2
                if cells.start(of: middle) <= offset { low = middle + 1 } else { high = middle }
            }
            if low > 0, cells[low - 1].contains(offset) {
                base = JSONPath(path(of: IndexPath(item: low - 1, section: section)))
                range = cells[low - 1]
                deferring = { _ in false }
                break
            }
        }
        let components = bytes.withUnsafeBufferPointer {
            JSONParser.pathOfString(containing: offset, in: $0, range: range, deferring: deferring)
        } ?? []
        let path = components.reduce(base) { parent, component in
            switch component {
            case .key(let key): JSONPath(parent: parent, key: key)
            case .index(let index): JSONPath(parent: parent, key: nil, index: index)
            }
        }
        return path?.string ?? ""
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
