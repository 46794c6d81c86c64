import Foundation
import Preview
import Reflow
import SystemPackage
import TextMetrics

/// What a person asked the preview to draw, as given, and the rules that turn it into
/// `PreviewFiles` and a container width: the format from `format`, else from the output's
/// extension, else PNG; one screen with `viewport`; a contact sheet for several sizes, of each
/// size's first screen (`defaultSheetViewport` when no viewport is given) or, with `wholePages`,
/// of whole pages; parts only for a whole PNG page or a PNG sheet of whole pages. Everything is
/// checked before any work, so a wrong request fails at once with a `Problem` that says which
/// value is wrong.
public struct PreviewRequest: Sendable {
    /// The document's path: the default output goes beside it, and nothing may replace it.
    public var document: String
    public var output: String?
    /// A run over several documents: the folder each one's files go in, named after its path
    /// (`DocumentSet.mirrored`) and its size, `FOLDER/docs/intro.md-xxxl.png` for `docs/intro.md`
    /// (the file name kept whole: `intro.md` and `intro.txt` are two documents). When set, `output`
    /// is not read, the format is `format` or PNG, and a tall page is written in parts.
    public var outputFolder: String?
    public var format: OutputFormat?
    public var categories: [ContentSizeCategory] = [.large]
    /// Draw the sizes side by side (asked for as "all", or as a list: `l,ax5`).
    public var isSheet = false
    /// A contact sheet of each size's whole page instead of its first screen. A real README's
    /// twelve whole pages side by side are some 10,000 × 40,000 pixels (SnapKit's 155 lines):
    /// more than one PNG holds, and more than a person can look at; so a sheet shows one screen
    /// of each size unless this asks for the pages, which a tall sheet then gets in parts.
    public var wholePages = false
    public var width: Double?
    /// One screen of this size in points.
    public var viewport: Size?
    public var offset: Double?
    /// What to show at the screen's top, instead of an offset.
    public var anchor: ScreenAnchor?
    public var scale = 2
    /// With `output`: a page too tall for one PNG is written as parts named after it.
    public var parts = false
    /// The languages drawn, as the file's name says them (`LanguageMatrixPreview.fileNamePart`:
    /// `de`, `all`, `de+fr`): given, the default name is `STEM-LANGS-CATEGORY`, as `check` names
    /// its goldens `STEM-LANG-CATEGORY`; nil (no `--lang`), `STEM-CATEGORY` as always.
    public var languages: String?

    public init(document: String) {
        self.document = document
    }

    /// The screen a contact sheet shows of each size when no viewport is given: an iPhone's
    /// (390 × 844 points: iPhone 12 to 14, the default container width), at the top of the page.
    public static let defaultSheetViewport = Size(width: 390, height: 844)

    /// Whether this request draws a contact sheet of screens at `defaultSheetViewport` because
    /// none was given (a program says so: the person may have expected whole pages): a PNG or
    /// SVG sheet without `viewport` or `wholePages`. Its width is `width` when that is given.
    public var usesDefaultSheetViewport: Bool {
        guard isSheet, viewport == nil, !wholePages else { return false }
        do {
            return try (OutputFormat.resolve(format, path: outputFolder == nil ? output : nil) ?? .png).isPicture
        } catch {
            return false
        }
    }

    /// The files to write and the container width.
    public func resolved() throws(Problem) -> (files: PreviewFiles, width: Double) {
        let format: OutputFormat
        do { format = try OutputFormat.resolve(self.format, path: outputFolder == nil ? output : nil) ?? .png } catch {
            throw .unknownFormat(error)
        }
        guard PNGRenderer.scales.contains(scale) else { throw .scaleUnsupported(scale) }
        if wholePages, viewport != nil { throw .wholePagesWithViewport }
        var request = self
        if usesDefaultSheetViewport {
            request.viewport = Size(width: width ?? Self.defaultSheetViewport.width, height: Self.defaultSheetViewport.height)
        }
        return try request.resolved(format: format)
    }

    /// `resolved()` once the format is known and a sheet's default viewport is given.
    private func resolved(format: OutputFormat) throws(Problem) -> (files: PreviewFiles, width: Double) {
        try checkViewport()
        let width = viewport?.width ?? self.width ?? LayoutEnvironment.defaultContainerWidth
        do { try Limits.checkPositive(width) } catch { throw .width(error) }
        let offset = self.offset ?? 0
        do { try Limits.checkOffset(offset) } catch { throw .offset(error) }
        if !format.isPicture, viewport != nil { throw .viewportWithLayoutJSON }
        if parts {
            if format != .png { throw .partsNeedOnePNGPage(.format(format)) }
            if isSheet, !wholePages { throw .partsNeedOnePNGPage(.sheetOfScreens) }
            if viewport != nil { throw .partsNeedOnePNGPage(.viewport) }
        }
        let file = FilePath(document)
        let suffix = "-" + (languages.map { $0 + "-" } ?? "") + "\(isSheet ? CategoryNames.file(categories) : categories[0].shortName).\(format.rawValue)"
        let path: String
        if let outputFolder {
            path = FilePath(outputFolder).appending(DocumentSet.mirrored(document) + suffix).string
        } else {
            // Standard input (`-`) has no name to take: its picture is `stdin-l.png` in the current folder.
            let stem = document == "-" ? "stdin" : file.stem ?? file.lastComponent?.string ?? "document"
            path = output ?? file.removingLastComponent().appending(stem + suffix).string
        }
        var files = PreviewFiles(format: format, categories: categories, isSheet: isSheet, path: path)
        (files.viewport, files.offset, files.anchor, files.scale) = (viewport, offset, anchor, scale)
        files.allowsParts = output == nil || outputFolder != nil || parts
        files.protecting = [document]
        return (files, width)
    }

    private func checkViewport() throws(Problem) {
        guard let viewport else {
            if let offset { throw .offsetWithoutViewport(offset) }
            if anchor != nil { throw .anchorWithoutViewport }
            return
        }
        if offset != nil, anchor != nil { throw .offsetAndAnchor }
        do { try Limits.checkPositive(viewport.width) } catch { throw .viewportWidth(error) }
        do { try Limits.checkPositive(viewport.height) } catch { throw .viewportHeight(error) }
        if let width, width != viewport.width { throw .widthDisagreesWithViewport(width: width, viewport: viewport) }
    }
}
