import CommonMark
import Reflow
import TextMetrics

extension LayoutInput {
    /// Reads `bytes` in `format`. Documents are decoded as `DocumentText` does (invalid UTF-8
    /// replaced); a screen file that is not valid throws a `ScreenFileError` naming the place,
    /// front matter that reflow cannot use a `FrontMatterError` naming the line, and Markdown that
    /// cmark-gfm as installed cannot parse a `MarkdownError`.
    /// - Parameters:
    ///   - cells: how a document becomes cells (ignored for a screen file).
    ///   - layout: how a document's cells are placed (ignored for a screen file).
    ///   - images: where a Markdown document's images are found (`DocumentImages`); nil leaves
    ///     every image a placeholder (a document with no folder, read from memory).
    ///   - markdownBounds: what parsing a Markdown document may cost (`MarkdownBounds`; beyond, a
    ///     `MarkdownError`).
    public init(bytes: [UInt8], format: DocumentFormat, cells: CellMode = .blocks, layout: DocumentLayout = .list,
                images: DocumentImages? = nil, markdownBounds: MarkdownBounds = .default) throws {
        try self.init(file: FileBytes(bytes), format: format, cells: cells, layout: layout, images: images,
                      markdownBounds: markdownBounds)
    }

    /// Reads `file` in `format`, as `init(bytes:format:cells:layout:)` does; a screen file keeps
    /// the bytes (mapped ones too) for the cells it parses later.
    /// - Parameter strings: what a screen's texts that name keys say (nil: the keys).
    public init(file: FileBytes, format: DocumentFormat, cells: CellMode = .blocks, layout: DocumentLayout = .list,
                images: DocumentImages? = nil, markdownBounds: MarkdownBounds = .default, strings: StringResolver? = nil) throws {
        switch format {
        case .screen:
            self.init(screen: try ScreenFile(json: file, strings: strings))
        case .commonMark, .plainText:
            let text = DocumentText(bytes: file.array)
            // Front matter is Markdown's; its lines are blanked, so source lines stay the file's.
            let (frontMatter, body) = format == .commonMark ? try FrontMatter.split(text.text) : (nil, text.text)
            var document = try Document(text: body, format: format, bounds: markdownBounds)
            var imageWarnings: [String] = []
            if format == .commonMark, let images {
                let resolved = images.resolve(document)
                (document, imageWarnings) = (resolved.document, resolved.warnings)
            }
            self.init(format: format, content: cells.content(for: document), layout: layout.layout,
                      source: format == .commonMark ? cells.sourceLocations(for: document) : nil,
                      firstInvalidByte: text.firstInvalidByte, nulCount: text.nulCount, documentSettings: frontMatter?.settings)
            self.imageWarnings = imageWarnings
            if format == .commonMark { sourceLineCount = Self.lineCount(of: text.text) }
        }
    }

    /// `screen`'s layout and content, with where its cells are in its file.
    public init(screen: ScreenFile) {
        self.init(format: .screen, content: screen.content, layout: screen.layout, source: screen.location(of:),
                  firstInvalidByte: screen.firstInvalidByte)
        firstInvalidByteLocation = screen.firstInvalidBytePath
        isPagingEnabled = screen.isPagingEnabled
    }

    /// The lines of `text` as CommonMark counts them: each ends at a line feed, a carriage
    /// return or the two together, and a last line without an ending counts too.
    static func lineCount(of text: String) -> Int {
        var count = 0, last: UInt8 = 0
        for byte in text.utf8 {
            if byte == 0x0D || (byte == 0x0A && last != 0x0D) { count += 1 }
            last = byte
        }
        return count + (last == 0 || last == 0x0A || last == 0x0D ? 0 : 1)
    }
}
