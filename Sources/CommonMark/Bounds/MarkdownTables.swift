/// What cmark-gfm 0.29.0.gfm.6 (Debian 12's) may spend on a Markdown document's pipe tables
/// before a cell can be counted, found by a scan of the bytes (`init(counting:)`).
///
/// That version has two costs that later ones bound (GHSA-w4qg-3vf7-m9x5 and the
/// autocompleted-cell limit of 0.29.0.gfm.8): it gives every body row the header's columns,
/// so a 60 KB table of 10,000 columns and 10,000 one-cell rows is 100 million cells (over
/// 6 GB); and it appends each cell of a row by walking the row's cells from the first, so a
/// row of n cells takes n²/2 steps (50,000 columns in 200 KB took 6 s). The scan takes every
/// delimiter-like line after a non-blank one for a table that runs to the next blank line
/// (a delimiter-like line within it widening it), and every `|` for a cell: never less than
/// the parser makes. `MarkdownBounds` holds a document to a number of each.
public struct MarkdownTables: Hashable, Sendable {
    /// Cells the tables may make: the header's columns for the header and each row (tables
    /// of two columns or more).
    public var cells = 0
    /// Steps the rows may take to parse: n²/2 for each row of n cells (its own, or the header's
    /// columns if more).
    public var steps = 0
    /// The costliest table: its delimiter row's line (1-based), columns, body rows, the most
    /// cells a line of it holds, and its steps.
    public var line = 0, columns = 0, rows = 0, widest = 0, tableSteps = 0

    public init() {}

    /// The cells and parse steps `text`'s pipe tables may cost cmark-gfm, at most. Linear in the
    /// bytes.
    public init(counting text: UnsafeBufferPointer<UInt8>) {
        self.init()
        var lines = Lines(text)
        guard var previous = lines.next() else { return }
        while let line = lines.next() {
            guard line.isDelimiter, !previous.isBlank else {
                previous = line
                continue
            }
            var columns = max(previous.cells, line.cells)
            var steps = Saturating.sum(Self.half(previous.cells), Self.half(line.cells)), rows = 0, widest = columns
            var cells = Self.padded(columns)
            previous = line
            while let row = lines.next() {
                if row.isBlank {
                    previous = row
                    break
                }
                // A delimiter-like row may start another table (the one before ended at a
                // block the scan does not know, or was a heading's underline): its columns
                // count from here on, and never fewer than before (it may be a row after all).
                if row.isDelimiter { columns = max(columns, previous.cells, row.cells) }
                previous = row
                widest = max(widest, row.cells)
                steps = Saturating.sum(steps, Self.half(max(row.cells, columns)))
                cells = Saturating.sum(cells, Self.padded(columns))
                rows += 1
            }
            add(line: line.number, columns: columns, rows: rows, widest: widest, cells: cells, steps: steps)
        }
    }

    private mutating func add(line: Int, columns: Int, rows: Int, widest: Int, cells: Int, steps: Int) {
        self.cells = Saturating.sum(self.cells, cells)
        self.steps = Saturating.sum(self.steps, steps)
        if steps > tableSteps || self.line == 0 {
            (self.line, self.columns, self.rows, self.widest, self.tableSteps) = (line, columns, rows, widest, steps)
        }
    }

    /// The cells a row of a table of `columns` adds beyond its line: a table of one column (a
    /// delimiter-like line without pipes: a heading's underline, a thematic break, an empty list
    /// item, as often as a real one) makes a cell of each line at most, which the limits on cells
    /// and marks count already.
    private static func padded(_ columns: Int) -> Int { columns > 1 ? columns : 0 }

    /// n²/2: the steps of a row of n cells.
    private static func half(_ cells: Int) -> Int { Saturating.product(cells, cells) / 2 }

    /// One line as the table scan sees it.
    private struct Line {
        var number: Int
        /// The cells the line splits into at its pipes (escaped or not): one more than its pipes,
        /// less a pipe that begins it and one that ends it (`| a | b |`: two); at least one.
        var cells: Int
        /// Only spaces, tabs and `>` (a block quote's blank line): a line cmark ends a table at.
        var isBlank: Bool
        /// Only `|`, `:`, `-` and blanks after its container marks, with at least one `-`.
        var isDelimiter: Bool
    }

    /// The lines of a text: ended by LF, CR or CR LF, as cmark ends them.
    private struct Lines {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0, number = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func next() -> Line? {
            guard index < bytes.count else { return nil }
            number += 1
            var pipes = 0, dashes = 0, blank = true, delimiter = true
            var leadingPipe = false, trailingPipe = false
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == 0x0A { break }
                if byte == 0x0D {
                    if index < bytes.count, bytes[index] == 0x0A { index += 1 }
                    break
                }
                switch byte {
                case 0x7C:  // |
                    if pipes == 0, blank, dashes == 0 { leadingPipe = true }
                    pipes += 1
                    blank = false
                    trailingPipe = true
                    continue
                case 0x2D:  // -
                    dashes += 1
                    blank = false
                case 0x3A:  // :
                    blank = false
                case 0x20, 0x09:
                    continue
                case 0x0B, 0x0C:  // blanks in a delimiter row, not in a blank line
                    blank = false
                case 0x3E:  // >: a block quote's mark, before anything else on the line
                    if !blank || pipes > 0 || dashes > 0 { delimiter = false }
                default:
                    blank = false
                    delimiter = false
                }
                trailingPipe = false
            }
            let cells = max(1, pipes + 1 - (leadingPipe ? 1 : 0) - (trailingPipe && pipes > (leadingPipe ? 1 : 0) ? 1 : 0))
            return Line(number: number, cells: cells, isBlank: blank, isDelimiter: delimiter && dashes > 0)
        }
    }
}

/// Sums and products that stop at `Int.max` (inputs far beyond any limit).
enum Saturating {
    static func sum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }

    static func product(_ a: Int, _ b: Int) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? .max : product
    }
}
