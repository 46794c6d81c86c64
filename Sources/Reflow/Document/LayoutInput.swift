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
    /// Where the first invalid byte is, when the format can say more than its offset (a screen
    /// file: the JSON path of the string it is in).
    public var firstInvalidByteLocation: String?
    /// What the document itself says about its text (a Markdown document's front matter:
    /// language, direction, hyphenation, spacing): defaults under what a person chose.
    public var documentSettings: TextSettings?
    /// What reading the document's images found wrong, one sentence each (an image outside the
    /// document's folder, missing, not an image, beyond the limits: each drawn as a placeholder),
    /// for a caller to tell; set by the readers.
    public var imageWarnings: [String] = []
    /// What reading a screen's strings in a language found a person should know, one sentence
    /// each (a pseudolanguage asked of a screen that has no catalog to change); set by the readers.
    public var stringsWarnings: [String] = []
    /// How many lines the document's file has, for a format whose cells know their source lines
    /// (Markdown; set by the readers): a place named by a line past them is not in the document.
    public var sourceLineCount: Int?
    /// Whether the content's scroll view moves a page at a time (a screen's `"paging": true`,
    /// UIScrollView's `isPagingEnabled`): a drag near its edge advances a page (`AutoScroll`).
    public var isPagingEnabled = false

    /// A digest of what the input was read from, set by its reader: its bytes and, for a screen,
    /// every string catalog read with it (files and their bytes). What a cache of its layouts'
    /// heights is keyed by, without reading the file again; nil when the input was built another way.
    public var sourceDigest: UInt64?

    public init(format: DocumentFormat, content: CollectionContent, layout: any CollectionLayout,
                source: (@Sendable (IndexPath) -> SourceLocation?)? = nil, firstInvalidByte: Int? = nil, nulCount: Int = 0,
                documentSettings: TextSettings? = nil) {
        self.documentSettings = documentSettings
        self.format = format
        self.content = content
        self.layout = layout
        self.source = source
        self.firstInvalidByte = firstInvalidByte
        self.nulCount = nulCount
    }
}
