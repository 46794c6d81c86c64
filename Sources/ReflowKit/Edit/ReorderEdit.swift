import Readers
import Reflow

/// One cell moved to another place, as a collection view's data source moves an item
/// (`moveItem(at:to:)`): the cell at `from` ends at `to`, the cells between shift by one.
/// Index paths are the layout's (`section.item`, as `reflow-cli layout` and the live page
/// number cells).
public struct ReorderMove: Hashable, Sendable, CustomStringConvertible {
    public var from: IndexPath
    public var to: IndexPath

    public init(from: IndexPath, to: IndexPath) {
        self.from = from
        self.to = to
    }

    /// `0.3→0.5`.
    public var description: String { "\(Self.text(of: from))→\(Self.text(of: to))" }

    /// An index path as the layout writes it: `section.item` (`0.3`).
    public static func text(of indexPath: IndexPath) -> String { "\(indexPath.section).\(indexPath.item)" }

    /// `text` read as `section.item` (`0.3`, `2.10`): two whole numbers of ASCII digits, each of
    /// at most 9; nil for anything else.
    public static func indexPath(parsing text: String) -> IndexPath? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 9 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let section = Int(parts[0]), let item = Int(parts[1]) else { return nil }
        return IndexPath(item: item, section: section)
    }
}

/// Why a move cannot be written to the file: what was wrong and what would work instead.
public struct ReorderError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}

/// The source of a document with one cell moved (`ReorderMove`), every other byte kept: what
/// `reflow-cli serve --allow-edits` writes when the page reorders cells.
///
/// - A **screen file**: the cell's JSON object (its exact bytes) moves within its section's
///   `cells` array or to another section's; the separators between the array's elements stay
///   where they are, so the file's layout and every other byte stay as they were
///   (`ScreenReorder`).
/// - A **Markdown document**: a list item's source lines (its first line, its continuation lines
///   and the lists nested in it) move to another item's place in the same list; an ordered list
///   keeps its numbers in order (`MarkdownReorder`). Any other move (a paragraph, an item to
///   another list, across sections) is refused, saying why.
/// - **Plain text** has neither and is refused.
///
/// Which cell an index path names is decided by the engine's own reading of the bytes (the
/// screen reader, the Markdown reader with front matter, as the layout reads them), so that the
/// cell moved is the one the page shows there; the second reading of the new file has the moved
/// cell at `to` (for a Markdown item of several blocks: its first block where the target item's
/// first block was, moving up, or its last block where the target's last was, moving down).
public enum ReorderEdit {
    /// `bytes`, the document in `format`, with `move` made.
    /// - Parameter bounds: what reading Markdown may cost (`DocumentReader.markdownBounds(for:)`;
    ///   nil: those of the default input limit).
    /// - Throws: `ReorderError` for a move the document does not allow; what reading it throws
    ///   (a screen that is not valid, Markdown beyond `bounds`).
    /// - Complexity: O(n) in the file's bytes, and one reading of it.
    public static func apply(_ move: ReorderMove, to bytes: [UInt8], format: DocumentFormat,
                             bounds: MarkdownBounds? = nil) throws -> [UInt8] {
        switch format {
        case .screen: return try ScreenReorder.apply(move, to: bytes)
        case .commonMark: return try MarkdownReorder.apply(move, to: bytes, bounds: bounds ?? DocumentReader().markdownBounds(for: ""))
        case .plainText:
            throw ReorderError("a plain-text document has no list or cells to reorder: only a screen file's cells "
                + "and a Markdown list's items can be moved")
        }
    }

    /// A stable name for `bytes` as they are: their length and their 64-bit FNV-1a hash in hex
    /// (`1234-9f3a…`). Two readings of a file have the same version when their bytes are the
    /// same, and (but for one chance in 2⁶⁴) different ones otherwise: it tells that a file
    /// changed, it is no protection against a forger (the edit token is).
    public static func version(of bytes: [UInt8]) -> String {
        var hash = FNV1a()
        hash.add(bytes)
        let hex = String(hash.value, radix: 16)
        return "\(bytes.count)-" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// The lines of a file as byte ranges, each with its line ending (LF, CR LF or CR, as CommonMark
/// counts lines); line n (1-based) is `ranges[n - 1]`.
struct SourceLines {
    let bytes: [UInt8]
    let ranges: [Range<Int>]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var ranges: [Range<Int>] = []
        var start = 0, index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A || byte == 0x0D {
                if byte == 0x0D, index < bytes.count, bytes[index] == 0x0A { index += 1 }
                ranges.append(start..<index)
                start = index
            }
        }
        if start < bytes.count { ranges.append(start..<bytes.count) }
        self.ranges = ranges
    }

    var count: Int { ranges.count }

    /// Line `number`'s bytes without its ending.
    func content(_ number: Int) -> ArraySlice<UInt8> {
        var range = ranges[number - 1]
        while range.upperBound > range.lowerBound, bytes[range.upperBound - 1] == 0x0A || bytes[range.upperBound - 1] == 0x0D {
            range = range.lowerBound..<(range.upperBound - 1)
        }
        return bytes[range]
    }

    /// Whether line `number` ends with a line ending (the file's last line may not).
    func hasEnding(_ number: Int) -> Bool { content(number).count < ranges[number - 1].count }

    /// Whether line `number` is empty or only spaces and tabs.
    func isBlank(_ number: Int) -> Bool { content(number).allSatisfy { $0 == 0x20 || $0 == 0x09 } }

    /// The column of line `number`'s first character that is not a space or tab (a tab to the next
    /// multiple of 4, as CommonMark counts).
    func indentation(_ number: Int) -> Int {
        var column = 0
        for byte in content(number) {
            if byte == 0x20 { column += 1 } else if byte == 0x09 { column += 4 - column % 4 } else { break }
        }
        return column
    }

    /// The line ending of the first line that has one (LF when none has): what a line moved
    /// from the file's end gets.
    var ending: [UInt8] {
        for number in 1...max(1, count) where number <= count && hasEnding(number) {
            return Array(bytes[ranges[number - 1]].dropFirst(content(number).count))
        }
        return [0x0A]
    }
}
