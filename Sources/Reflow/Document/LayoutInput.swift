/// What a command lays out, read from any format: the content (sections of cells) and the
/// layout it asks for. A document (Markdown, plain text) becomes cells by `CellMode` and is placed
/// by the list or flow layout chosen; a screen file brings its own compositional layout.
public struct LayoutInput: Sendable {
    /// The layouts a document can be placed by.
    public enum DocumentLayout: String, CaseIterable, Hashable, Sendable {
        case list, flow

        public var layout: any CollectionLayout {
            switch self {
            case .list: ListLayout()
            case .flow: FlowLayout()
            }
        }
    }

    public let format: DocumentFormat
    public let content: CollectionContent
    public let layout: any CollectionLayout
    /// Where the cell at an index path comes from in the file, when the format can say (a screen
    /// file's cell: its JSON path and line; a Markdown document's cell: its block's line).
    public let source: (@Sendable (IndexPath) -> SourceLocation?)?
    /// For a document: the offset of the first byte that was not UTF-8 (replaced with U+FFFD)
    /// and how many NUL bytes were replaced, so a caller can say so.
    public let firstInvalidByte: Int?
    public let nulCount: Int
    /// What a Markdown document's front matter says about its text (language, direction,
    /// hyphenation, spacing): defaults for the text environment it is laid out in.
    public var frontMatter: FrontMatter?

    public init(format: DocumentFormat, content: CollectionContent, layout: any CollectionLayout,
                source: (@Sendable (IndexPath) -> SourceLocation?)? = nil, firstInvalidByte: Int? = nil, nulCount: Int = 0,
                frontMatter: FrontMatter? = nil) {
        self.frontMatter = frontMatter
        self.format = format
        self.content = content
        self.layout = layout
        self.source = source
        self.firstInvalidByte = firstInvalidByte
        self.nulCount = nulCount
    }

    /// Reads `bytes` in `format`. Documents are decoded as `DocumentText` does (invalid UTF-8
    /// replaced); a screen file that is not valid throws a `ScreenFileError` naming the place, and
    /// front matter that reflow cannot use a `FrontMatterError` naming the line.
    /// - Parameters:
    ///   - cells: how a document becomes cells (ignored for a screen file).
    ///   - layout: how a document's cells are placed (ignored for a screen file).
    public init(bytes: [UInt8], format: DocumentFormat, cells: CellMode = .blocks, layout: DocumentLayout = .list) throws {
        try self.init(file: FileBytes(bytes), format: format, cells: cells, layout: layout)
    }

    /// Reads `file` in `format`, as `init(bytes:format:cells:layout:)` does; a screen file keeps
    /// the bytes (mapped ones too) for the cells it parses later.
    public init(file: FileBytes, format: DocumentFormat, cells: CellMode = .blocks, layout: DocumentLayout = .list) throws {
        switch format {
        case .screen:
            let screen = try ScreenFile(json: file)
            self.init(format: format, content: screen.content, layout: screen.layout, source: screen.location(of:))
        case .commonMark, .plainText:
            let text = DocumentText(bytes: file.array)
            // Front matter is Markdown's; its lines are blanked, so source lines stay the file's.
            let (frontMatter, body) = format == .commonMark ? try FrontMatter.split(text.text) : (nil, text.text)
            let document = Document(text: body, format: format)
            self.init(format: format, content: cells.content(for: document), layout: layout.layout,
                      source: format == .commonMark ? cells.sourceLocations(for: document) : nil,
                      firstInvalidByte: text.firstInvalidByte, nulCount: text.nulCount, frontMatter: frontMatter)
        }
    }
}
