/// What parsing one Markdown text may cost cmark-gfm, checked by `MarkdownParser.parse` before
/// cmark-gfm sees a byte (marks, tables), and while it parses (the deadline). cmark-gfm makes its
/// whole tree before anything can be counted, so these are counted from the bytes.
///
/// The bounds follow an input limit (`init(inputLimit:maximumCells:)`): a program that refuses
/// inputs above a size refuses Markdown that would cost more than such an input should. The
/// default is that of reflow's default input limit, 256 MiB.
public struct MarkdownBounds: Sendable {
    /// The input limit's bytes per Markdown mark: a text may hold one mark (`marks(in:)`) per
    /// this many bytes of the input limit (8,388,608 under 256 MiB). Every node cmark-gfm makes
    /// comes of a mark (a line end or a markup character), at most two of one: a parse costs up
    /// to about 490 bytes a mark with reflow's blocks made of its tree (lists nested a level per
    /// `- `; empty list items, 250; emphasis, 435), so the limit bounds it at about 15 times
    /// itself (20 MB of empty list items took 4.9 GB before).
    public static let bytesPerMark = 32

    /// Table steps (`MarkdownTables.steps`) a text may take per byte of the input limit:
    /// 536,870,912 under 256 MiB, about 1.3 s of cmark-gfm's time at 2.4 ns a step (measured).
    /// A table of 1,000 columns and 1,000 rows takes 500,000,000.
    public static let tableStepsPerByte = 2

    /// The most marks a text may hold.
    public var maximumMarks: Int
    /// The most cells its pipe tables may make (`MarkdownTables.cells`).
    public var maximumTableCells: Int
    /// The most steps its pipe tables may take to parse (`MarkdownTables.steps`).
    public var maximumTableSteps: Int
    /// How long a parse may take (nil: as long as it takes).
    public var deadline: ParseDeadline?
    /// What `deadline.expired` is told the text is (the document's path).
    public var documentName: String

    /// The bounds of an input limit of `inputLimit` bytes whose documents may make `maximumCells`
    /// cells: `inputLimit / bytesPerMark` marks, `maximumCells` table cells,
    /// `inputLimit * tableStepsPerByte` table steps.
    public init(inputLimit: Int, maximumCells: Int, deadline: ParseDeadline? = nil, documentName: String = "") {
        self.maximumMarks = max(1, inputLimit / Self.bytesPerMark)
        self.maximumTableCells = maximumCells
        self.maximumTableSteps = Saturating.product(max(1, inputLimit), Self.tableStepsPerByte)
        self.deadline = deadline
        self.documentName = documentName
    }

    /// Reflow's default input limit's: 256 MiB, a cell per 128 bytes of it (`DocumentReader`'s
    /// defaults), no deadline.
    public static let `default` = MarkdownBounds(inputLimit: 256 << 20, maximumCells: (256 << 20) / 128)

    /// No bound at all: for texts whose size the caller bounds otherwise.
    public static let unbounded: MarkdownBounds = {
        var bounds = MarkdownBounds(inputLimit: .max, maximumCells: .max)
        bounds.maximumMarks = .max
        return bounds
    }()

    /// Bytes of `text` cmark-gfm can make a node of: line ends, and the characters that open or
    /// close a block or an inline (`>` `-` `+` `*` `_` `[` `]` `!` `<` `` ` `` `|` `~` `#` `\`
    /// `&`, and `.` and `)`, which end an ordered list's number and split an autolink), and the two
    /// its autolink extension stops at to look for `www.` and `scheme:` (`w`, `:`): a text node
    /// ends at each of these, so paragraphs of `word word …` are a node per `w` (5 KB a 127-byte
    /// paragraph when they were not counted; `] ] …`, 340 bytes a `]`). The 24 READMEs of
    /// Tests/Corpus have 3.5 to 18 % of them (median 10 %; 8 % before `w`, `:` and `]` counted);
    /// a list of empty items, all.
    public static func marks(in text: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in text where isMark[Int(byte)] { count += 1 }
        return count
    }

    private static let isMark: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in Array("\n\r>-+*_[]!<`|~#\\&.)w:".utf8) { table[Int(byte)] = true }
        return table
    }()

    /// Refuses `text` when it holds more marks than `maximumMarks`, or pipe tables that would
    /// make more cells than `maximumTableCells` or take more steps than `maximumTableSteps`.
    /// Linear in the bytes.
    /// - Throws: `MarkdownError.tooMuchMarkup` or `.tooCostlyTables`.
    public func check(_ text: UnsafeBufferPointer<UInt8>) throws(MarkdownError) {
        let marks = Self.marks(in: text)
        if marks > maximumMarks { throw .tooMuchMarkup(marks: marks, limit: maximumMarks) }
        let tables = MarkdownTables(counting: text)
        if tables.cells > maximumTableCells || tables.steps > maximumTableSteps {
            throw .tooCostlyTables(tables, cellLimit: maximumTableCells, stepLimit: maximumTableSteps)
        }
    }
}
