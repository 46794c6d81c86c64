import Audit
import Foundation
import Preview
import Reflow
import ReflowKit
import TextMetrics

/// Answers the requests for pictures, layouts and audits from the document on show
/// (`DocumentSource`), on the calling thread (one of the server's render threads): each answer is
/// new layout work on a warm `RenderWorker`, never a new reading of the document or of the fonts.
/// Audits are kept per document version, text size, width and settings (`auditLimit` of them), so
/// the audit overlay follows a scrolling screen without auditing again. Safe to use from any thread.
final class DocumentRenderer: Sendable {
    /// A made answer: its media type and bytes, and headers that say what it shows.
    struct Answer: Sendable {
        let contentType: String
        let body: [UInt8]
        var headers: [(name: String, value: String)] = []
    }

    /// A picture larger than the server draws for one request: taller than `maximumPixelHeight`
    /// or more than `maximumPixels` in all (a long whole page, twelve of them side by side). A
    /// screen of it is drawn: a viewport.
    struct PictureTooLarge: Error, CustomStringConvertible {
        let width: Int
        let height: Int
        var description: String {
            "the picture would be \(width) × \(height) px, more than one preview image holds here "
                + "(\(DocumentRenderer.maximumPixelHeight) px tall, \(DocumentRenderer.maximumPixels / 1_000_000) megapixels); "
                + "ask for one screen with viewport=WxH and offset=Y, a smaller scale, or one category"
        }
    }

    /// The client that asked went away before its picture was drawn: nothing is answered.
    struct Cancelled: Error {}

    /// The picture does not fit beside the pictures being drawn now (`PictureBudget`): 503, try again.
    struct PictureMemoryBusy: Error, CustomStringConvertible {
        let cost: Int
        let limit: Int
        var description: String {
            "the pictures being drawn now take the \(limit / (1024 * 1024)) MiB they may have at once, and this one needs "
                + "\((cost + 1024 * 1024 - 1) / (1024 * 1024)) MiB; try again in a moment, or ask for a smaller picture (a viewport, a lower scale)"
        }
    }

    let source: DocumentSource
    let fonts: FontLibrary
    /// The memory of the pictures in flight.
    let pictureBudget: PictureBudget
    private let workers: WorkerPool
    private let audits = Locked(BoundedCache<AuditKey, AuditReport>(limit: DocumentRenderer.auditLimit))
    private let auditRuns = Locked(0)
    private let picturesMade = Locked(0)
    private let layoutsMade = Locked(0)

    /// Audits kept (each the text sizes and width of one request, of one document version).
    static let auditLimit = 32
    /// The tallest picture drawn, in device pixels: what `reflow-cli preview` puts in one part of
    /// a long page (taller pages are asked for a screen at a time).
    static let maximumPixelHeight = PagedPreview.maximumPartPixels
    /// The most pixels one picture has (256 MiB as RGBA): a render thread's bitmap stays bounded.
    static let maximumPixels = 64_000_000

    private struct AuditKey: Hashable {
        let version: Int
        let categories: [ContentSizeCategory]
        let width: Double
        let settings: TextSettings
        /// The strings' language: a pseudolanguage has the source language's settings.
        let language: String?
        /// The page's order: the audit's outlines are where the cells are drawn.
        let order: PageOrder
    }

    /// The pages measured whole in the background, for an exact scroll height.
    let heights: PageHeights

    /// A renderer of `source`'s versions in `fonts`; the pages its screens belong to are measured
    /// whole within `measurementSeconds` each and `announce`d (`PageHeights`).
    init(source: DocumentSource, fonts: FontLibrary, pictureMemory: Int = ServerLimits().pictureMemory,
         measurementSeconds: Double = ServerLimits().backgroundMeasurementSeconds,
         announce: @escaping @Sendable (PageHeights.Key, Double) -> Void = { _, _ in }) {
        self.source = source
        self.fonts = fonts
        pictureBudget = PictureBudget(limit: pictureMemory)
        workers = WorkerPool(fonts: fonts)
        heights = PageHeights(fonts: fonts, seconds: measurementSeconds, current: { source.current.number }, announce: announce)
    }

    /// Render workers made so far: at most as many as requests were drawn at once.
    var workerCount: Int { workers.count }
    /// Pictures drawn so far (not those cancelled before their drawing).
    var pictureCount: Int { picturesMade.withLock { $0 } }
    /// Layout answers made so far (`layoutJSON`), sent or not.
    var layoutCount: Int { layoutsMade.withLock { $0 } }
    /// Audits run so far (the rest were kept ones).
    var auditCount: Int { auditRuns.withLock { $0 } }

    /// The screen or page `parameters` ask for, as PNG or SVG, or the sizes side by side as
    /// `reflow-cli preview --category all` draws them. Headers: the document version it shows
    /// (`X-Reflow-Version`); for one size, the screen's top on the page (`X-Reflow-Screen-Top`:
    /// the offset asked for, or the last screen's for one past the end) and the page's height
    /// (`X-Reflow-Content-Height`, estimated below the screen while
    /// `X-Reflow-Content-Height-Estimated` is true), so the live page can size its scroll bar.
    ///
    /// `isWanted` is asked before the layout, before each item drawn and before the encoding: once
    /// it says no (the client closed its connection), the work stops with `Cancelled`. The picture's
    /// memory is reserved from `pictureBudget` before its bitmap is made (`PictureMemoryBusy`).
    func picture(_ format: OutputFormat, _ parameters: ScreenParameters,
                 isWanted: @Sendable () -> Bool = { true }) throws -> Answer {
        guard isWanted() else { throw Cancelled() }
        let version = source.current
        var preview = try self.preview(of: version, parameters)
        if parameters.audit { preview.annotations = try audit(version, parameters, settings: preview.settings).annotations() }
        let title = PreviewFiles.title(document: source.name, categories: parameters.categories, isSheet: parameters.isSheet)
        return try withWorker { worker in
            var headers = [(name: "X-Reflow-Version", value: String(version.number))]
            let clock = ContinuousClock(), started = clock.now
            let list: DisplayList
            if parameters.isSheet {
                list = try preview.contactSheet(categories: parameters.categories, viewport: parameters.viewport,
                                                at: parameters.position, heading: title)
            } else if let viewport = parameters.viewport {
                let (screen, place, key) = try self.screen(preview, version: version.number, viewport: viewport, parameters, worker: worker)
                list = screen.displayList
                let exact = heights.height(of: key)
                headers += [("X-Reflow-Screen-Top", JSONText.number(screen.visible.minY)),
                            ("X-Reflow-Content-Height", JSONText.number(exact ?? screen.contentHeight)),
                            ("X-Reflow-Content-Height-Estimated", exact == nil && screen.contentHeightEstimated ? "true" : "false"),
                            ("X-Reflow-Layout-Key", key.name)]
                if let place {
                    headers += [("X-Reflow-Anchor", "item:\(place.indexPath.section).\(place.indexPath.item)"),
                                ("X-Reflow-Anchor-Within", JSONText.number(place.within))]
                }
                if exact == nil, screen.contentHeightEstimated { heights.prefetch(key, preview: preview) }
            } else {
                let page = try preview.page(category: parameters.category, sizer: worker.sizer)
                list = page.displayList()
                headers += [("X-Reflow-Screen-Top", "0"), ("X-Reflow-Content-Height", JSONText.number(page.size.height)),
                            ("X-Reflow-Content-Height-Estimated", "false")]
            }
            let (width, height) = PNGRenderer.pixelSize(of: list.size, scale: format == .png ? parameters.scale : 1)
            let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
            guard height <= Self.maximumPixelHeight, !overflow, pixels <= Self.maximumPixels else {
                throw PictureTooLarge(width: width, height: height)
            }
            let laidOut = clock.now
            guard isWanted() else { throw Cancelled() }
            let cost = PictureBudget.cost(width: width, height: height)
            guard pictureBudget.reserve(cost) else { throw PictureMemoryBusy(cost: cost, limit: pictureBudget.limit) }
            defer { pictureBudget.release(cost) }
            let body: [UInt8], drawn: ContinuousClock.Instant
            picturesMade.withLock { $0 += 1 }
            switch format {
            case .png:
                // libpng's fast setting: a screen is encoded in a fraction of the time, a little
                // larger (5 % for welcome.md at AX5); the pixels are preview's.
                let image = try worker.pngRenderer(scale: parameters.scale).rasterize(list, shouldStop: { !isWanted() })
                drawn = clock.now
                guard isWanted() else { throw Cancelled() }
                body = Array(try PNGCodec.encode(image, fast: true))
            case .svg, .json:
                body = Array(SVGRenderer(title: title).render(list).utf8)
                drawn = clock.now
            }
            headers.append(("Server-Timing", [("layout", started, laidOut), ("draw", laidOut, drawn), ("encode", drawn, clock.now)]
                .map { "\($0);dur=\(Self.milliseconds($2 - $1))" }.joined(separator: ", ")))
            return Answer(contentType: format == .png ? "image/png" : "image/svg+xml", body: body, headers: headers)
        }
    }

    /// One screen of `preview` (of document version `version`) at `parameters`' size: at their
    /// offset or anchor, or at the place `within` names (`ScreenPlace`: the unit holding the
    /// anchor's cell, the screen's top that far below its top, as `reflow-cli scroll` keeps a place
    /// across a text size). With the place the screen shows (what the page keeps when its settings
    /// change) and the key of the page it belongs to (`PageHeights`).
    private func screen(_ preview: DocumentPreview, version: Int, viewport: Size, _ parameters: ScreenParameters,
                        worker: RenderWorker) throws -> (DocumentPreview.DrawnScreen, ScreenPlace?, PageHeights.Key) {
        let plans = worker.plans(version: version, language: parameters.language, order: parameters.order, of: preview)
        var position = parameters.position
        if let within = parameters.within, case .anchor(.item(let indexPath)) = position,
           let top = try preview.top(of: ScreenPlace(indexPath: indexPath, within: within), category: parameters.category,
                                     viewportHeight: viewport.height, sizer: worker.sizer, plans: plans) {
            position = .offset(top)
        }
        let screen = try preview.drawnScreen(category: parameters.category, viewport: viewport, at: position,
                                             sizer: worker.sizer, plans: plans)
        let place = try preview.place(category: parameters.category, viewportHeight: viewport.height, top: screen.visible.minY,
                                      sizer: worker.sizer, plans: plans)
        let key = PageHeights.Key(version: version, category: parameters.category, width: parameters.width, settings: preview.settings,
                                  language: parameters.language, viewportHeight: viewport.height, order: parameters.order)
        return (screen, place, key)
    }

    /// `body` with a warm render worker, as an answer someone waits for: the background measuring
    /// of pages waits meanwhile (`PageHeights.foreground`).
    private func withWorker<T>(_ body: (RenderWorker) throws -> T) throws -> T {
        try PageHeights.foreground { try workers.withWorker(body) }
    }

    /// The layout JSON `reflow-cli layout FILE` prints for the same options: the whole layout at
    /// each size, or with a viewport each size's screen.
    func layoutJSON(_ parameters: ScreenParameters) throws -> Answer {
        let version = source.current
        let preview = try self.preview(of: version, parameters)
        let input = try version.input(in: parameters.language).ordered(parameters.order)
        let document = LayoutReport.Document(document: source.name, format: input.format, cells: .blocks,
                                          layout: input.format == .screen ? "compositional" : LayoutInput.DocumentLayout.list.rawValue)
        let reports = try withWorker { worker in
            try parameters.categories.map { category in
                if let viewport = parameters.viewport {
                    return try preview.screenReport(category: category, viewport: viewport, at: parameters.position,
                                                    sizer: worker.sizer, plans: worker.plans(version: version.number, language: parameters.language, order: parameters.order, of: preview))
                }
                return try LayoutReport(input.layout, input.content, in: preview.environment(category: category), sizer: worker.sizer)
            }
        }
        let text = document.text(layouts: reports.map { $0.jsonText(indent: "    ", versioned: false) })
        layoutsMade.withLock { $0 += 1 }
        // For the page's reordering: each section's cell count (its last place), and where the
        // last move put its cell ("3 of 4": among its list's items in a Markdown document).
        let counts = input.content.sections.map { String($0.cellCount) }.joined(separator: ",")
        var headers = [("X-Reflow-Version", String(version.number)), ("X-Reflow-Sections", counts)]
        if let place = parameters.order.lastPlace(in: try version.input(in: parameters.language).content) {
            headers.append(("X-Reflow-Moved-To", "\(place.position) of \(place.count)"))
        }
        return Answer(contentType: "application/json", body: Array(text.utf8), headers: headers)
    }

    /// The audit at the sizes and width asked for, as `reflow-cli audit FILE --category C --width W
    /// --format json` prints it.
    func auditJSON(_ parameters: ScreenParameters) throws -> Answer {
        let version = source.current
        let preview = try self.preview(of: version, parameters)
        let report = try audit(version, parameters, settings: preview.settings)
        return Answer(contentType: "application/json", body: Array(report.rendered(.json, path: source.displayPath).utf8),
                      headers: [("X-Reflow-Version", String(version.number))])
    }

    /// What the page shows about the document (`/info.json`): its name, version, why the last
    /// reading failed, the first warnings of the reading on show and their number, within
    /// `DocumentInfo`'s bounds whatever the document.
    func info() -> Answer {
        let version = source.current
        return Answer(contentType: "application/json", body: Array(Self.infoJSON(version, name: source.name).utf8),
                      headers: [("X-Reflow-Version", String(version.number))])
    }

    /// `version` for the page, as JSON: `{"document", "version", "problem", "warnings",
    /// "warningCount"}`, the warnings and the problem capped (`DocumentInfo.json`). The events
    /// say less (`DocumentInfo.event`): a page fetches this when told of a change.
    static func infoJSON(_ version: DocumentSource.Version, name: String) -> String {
        DocumentInfo.json(version, name: name)
    }

    /// `duration` in milliseconds, to 0.1 ms, for a `Server-Timing` header.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.1f", Double(seconds) * 1e3 + Double(attoseconds) / 1e15)
    }

    /// `version` drawn with `parameters`: in their language (a screen's keys resolved in it), their
    /// settings over the document's front matter and the language's, checked (a language's
    /// hyphenation patterns loaded) before any work.
    private func preview(of version: DocumentSource.Version, _ parameters: ScreenParameters) throws -> DocumentPreview {
        let input = try version.input(in: parameters.language).ordered(parameters.order)
        let settings = try parameters.settings.over(input.documentSettings).validated()
        var preview = DocumentPreview(input: input, fonts: fonts, width: parameters.width, settings: settings)
        preview.pictures = version.pictures
        preview.debug = parameters.debug
        return preview
    }

    /// The audit of `version` at the size and width of `parameters` in `settings`: kept, or run
    /// (its workers with fonts of their own) and kept.
    private func audit(_ version: DocumentSource.Version, _ parameters: ScreenParameters,
                       settings: TextSettings) throws -> AuditReport {
        let key = AuditKey(version: version.number, categories: parameters.categories, width: parameters.width, settings: settings,
                           language: parameters.language, order: parameters.order)
        if let kept = audits.withLock({ $0.value(for: key) }) { return kept }
        var options = Auditor.Options()
        (options.settings, options.categories, options.widths) = (settings, parameters.categories, [parameters.width])
        let report = try PageHeights.foreground {
            try Auditor(input: try version.input(in: parameters.language).ordered(parameters.order), options: options,
                        fontsDirectory: fonts.directory).run()
        }
        auditRuns.withLock { $0 += 1 }
        audits.withLock { $0.insert(report, for: key) }
        return report
    }
}
