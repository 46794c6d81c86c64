import Foundation
import Preview
import Reflow
import TextMetrics

/// The files of a preview (`reflow-cli preview`): a PNG or SVG of one text size's page or
/// screen, or of a contact sheet of several, or the layout JSON; a PNG page taller than
/// `PagedPreview.maximumPartPixels` as numbered parts when parts are allowed.
public struct PreviewFiles: Sendable {
    /// PNG, SVG or the layout JSON.
    public var format: OutputFormat
    /// The sizes drawn: one, or the columns of a contact sheet.
    public var categories: [ContentSizeCategory]
    /// Draw `categories` side by side on a contact sheet (also for a single category).
    public var isSheet: Bool
    /// One screen of this size, laid out lazily, instead of the whole page.
    public var viewport: Size?
    /// With `viewport`: the place on the page at the screen's top, in points.
    public var offset: Double = 0
    /// With `viewport`, instead of `offset`: what is at the screen's top (found at each size).
    public var anchor: ScreenAnchor?
    /// Device pixels per point of a PNG.
    public var scale = 2
    /// The file written, and the name parts are named after (`PATH-001.png`, …).
    public var path: String
    /// Write a PNG page too tall for one part as parts; else as one file while a PNG can hold it.
    public var allowsParts = true
    /// Files parts must never replace (the document).
    public var protecting: [String] = []

    /// Files of `format` drawing `categories` (side by side when `isSheet`), written to `path`.
    public init(format: OutputFormat, categories: [ContentSizeCategory], isSheet: Bool, path: String) {
        self.format = format
        self.categories = categories
        self.isSheet = isSheet
        self.path = path
    }

    /// A page asked for as one file is larger than a PNG can hold.
    public struct TooLarge: Error, Sendable, CustomStringConvertible {
        /// The page in device pixels.
        public let width: Int, height: Int
        /// What the PNG limit is, in words.
        public let limit: String

        public init(width: Int, height: Int, limit: String) {
            (self.width, self.height, self.limit) = (width, height, limit)
        }

        /// What is wrong: the first part of `description`, before what to do.
        public var problem: String { "the page is \(width) x \(height) px, more than one PNG can hold (\(limit))" }

        public var description: String {
            "\(problem); allow parts (numbered files named after the path), write the parts beside the document, or draw one screen"
        }
    }

    /// Where each screen is: the anchor, or the offset.
    public var position: DocumentPreview.Position { anchor.map { .anchor($0) } ?? .offset(offset) }

    /// The picture's title (an SVG's `<title>`): the document at its size, or at every size.
    package func title(document: String) -> String {
        isSheet ? "\(document) at every text size" : "\(document) at \(categories[0].displayName)"
    }

    /// Renders `preview` and writes it to `output` (the file at `path`, checked before any
    /// work), or in parts beside it; what was written, as a sentence.
    /// - Parameters:
    ///   - document: the document's name, for titles and the sheet's heading.
    ///   - announce: told, before the first part is drawn, that and why the page is cut into parts.
    ///   - progress: the fraction done (0…1).
    /// - Throws: `TooLarge` for a page too large for one PNG without `allowsParts`.
    public func write(_ preview: DocumentPreview, to output: OutputFile, document: String,
                      announce: (String) -> Void = { _ in },
                      progress: (@Sendable (Double) -> Void)? = nil) throws -> String {
        let report = progress ?? { _ in }
        guard let renderer = try format.renderer(scale: scale, title: title(document: document)) else {
            // The layout JSON: written from the layouts, not drawn.
            try output.write(Data(try preview.layoutJSON(categories: categories, asArray: isSheet, progress: progress).utf8))
            return "wrote \(path)"
        }
        let list: DisplayList
        if isSheet {
            list = try preview.contactSheet(categories: categories, viewport: viewport, at: position,
                                            heading: title(document: document)) { report(0.4 * $0) }
        } else if let viewport {
            list = try preview.screen(category: categories[0], viewport: viewport, at: position)
        } else {
            let page = try preview.page(category: categories[0])
            // Sized before any progress is reported, so a page no PNG can hold fails with its error alone.
            if format == .png {
                let paged = page.paged(scale: scale)
                if !paged.isSinglePart {
                    if allowsParts { return try writeParts(paged, of: page, announce: announce, progress: report) }
                    do {
                        try PNGRenderer.checkSize(page.size, scale: scale)
                    } catch let error as PreviewError {
                        let (width, height) = PNGRenderer.pixelSize(of: page.size, scale: scale)
                        throw TooLarge(width: width, height: height, limit: error.limitDescription)
                    }
                }
            }
            try renderer.checkSize(page.size)
            list = page.displayList()
        }
        report(0.4)
        try output.write(try renderer.data(for: list) { report(0.4 + 0.6 * $0) })
        return "wrote \(path)"
    }

    /// Writes a page too tall for one image as numbered parts; what was written, as a sentence.
    private func writeParts(_ paged: PagedPreview, of page: DocumentPreview.Page, announce: (String) -> Void,
                            progress: (Double) -> Void) throws -> String {
        let paths = PagedPreview.partPaths(of: path, count: paged.parts.count)
        // Every part is checked before the first is drawn.
        let outputs = try paths.map { try OutputFile(path: $0, protecting: protecting) }
        let (_, height) = PNGRenderer.pixelSize(of: Size(width: page.size.width, height: paged.parts.last!.maxY), scale: scale)
        announce("the page is \(height) px tall, taller than one image should be (\(PagedPreview.maximumPartPixels) px): "
            + "writing \(paths.count) parts, \(paths.first!) … \(paths.last!)")
        let renderer = try PNGRenderer(scale: scale)
        for (index, output) in outputs.enumerated() {
            try output.write(try renderer.render(page.displayList(part: index, of: paged)))
            progress(0.4 + 0.6 * Double(index + 1) / Double(outputs.count))
        }
        return "wrote \(paths.count) parts: \(paths.first!) … \(paths.last!)"
    }
}
