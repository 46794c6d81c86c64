import Foundation
import Preview
import Reflow
import TextMetrics

/// A document drawn as phone screens: the whole page at one text size, one screen laid out
/// lazily, or every size side by side on a contact sheet, and the layout JSON of the same
/// layouts. What `reflow-cli preview` does, for any program.
///
/// ```swift
/// let input = try DocumentReader().layoutInput(at: "welcome.md")
/// let preview = DocumentPreview(input: input, fonts: try FontLibrary(), width: 390)
/// let page = try preview.page(category: .accessibilityExtraExtraExtraLarge)
/// let png = try PNGRenderer(scale: 2).render(page.displayList())
/// ```
public struct DocumentPreview {
    /// The document's cells and the layout they are placed by.
    public var input: LayoutInput
    /// The fonts text is set in.
    public var fonts: FontLibrary
    /// The container (screen) width in points.
    public var width: Double
    /// Base direction, language, hyphenation and spacing (and with the direction, which side is
    /// leading): each size drawn gets an environment built from them for that size.
    public var settings: TextSettings
    /// Overlay cell frames, text frames, baselines, the 44 pt minimum and, for a lazy screen,
    /// measured against estimated rows.
    public var debug = false
    /// Outlines drawn over each size (an audit's findings, `AuditReport.annotations()`).
    public var annotations: [ContentSizeCategory: [DisplayListBuilder.Annotation]] = [:]
    /// The document's images, decoded once for every size and screen this preview draws, kept
    /// no wider than the container at the largest scale (4); its `warnings` say which could not
    /// be drawn from their pixels.
    public var pictures: PictureStore
    /// Heights measured for screens, kept between runs (`HeightCache`): a screen deep in a long
    /// document measures what lies above it once, not at every run. Nil: nothing kept. A file
    /// that is not the one the engine wrote for the screen's key is ignored and rewritten, and
    /// said to the cache's `warn`, else with `debug` on stderr.
    public var heightCache: HeightCache?

    /// A preview of `input` set in `fonts` in a container `width` points wide.
    public init(input: LayoutInput, fonts: FontLibrary, width: Double, settings: TextSettings = TextSettings()) {
        self.input = input
        self.fonts = fonts
        self.width = width
        self.settings = settings
        pictures = PictureStore(maximumWidth: Int(min(width * 4, 1e6).rounded(.up)))
    }

    private var builder: DisplayListBuilder {
        DisplayListBuilder(debug: debug, pictures: pictures, layoutDirection: environment(category: .large).layoutDirection)
    }

    /// The layout environment at `category`, `height` points tall.
    public func environment(category: ContentSizeCategory,
                            height: Double = LayoutEnvironment.defaultContainerHeight) -> LayoutEnvironment {
        settings.layoutEnvironment(width: width, height: height, category: category)
    }

    /// Lays the document out at each of `categories` on worker threads (`CategorySweep`) and
    /// returns `transform` of each, in order.
    private func sweep<T: Sendable>(_ categories: [ContentSizeCategory], progress: (@Sendable (Double) -> Void)?,
                                    transform: @escaping @Sendable (LayoutSnapshot) throws -> T) throws -> [T] {
        try input.readAllCells()
        let sizers = SweepSizers(fontsDirectory: fonts.directory, content: input.content)
        return try CategorySweep.map(
            input.content, categories: categories, containerWidth: width, settings: settings,
            makeSizer: { try sizers.make() },
            layout: input.layout,
            transform: transform, progress: progress)
    }

    /// The layout JSON at `categories`: one layout's object, or an array of them when
    /// `asArray` (a contact sheet's sizes), ending in a line feed.
    public func layoutJSON(categories: [ContentSizeCategory], asArray: Bool,
                           progress: (@Sendable (Double) -> Void)? = nil) throws -> String {
        // Each report is made unit by unit (never a whole layout's measured text in memory).
        let reports = try input.reports(categories: categories, width: width, settings: settings,
                                        fontsDirectory: fonts.directory, progress: progress ?? { _ in })
        return asArray
            ? "[\n" + reports.map { $0.jsonText(indent: "  ") }.joined(separator: ",\n") + "\n]\n"
            : reports[0].jsonText() + "\n"
    }

    /// Where a screen is on the page: a y, or what is at its top.
    public enum Position: Hashable, Sendable {
        case offset(Double)
        case anchor(ScreenAnchor)
    }

    /// The layout report of one screen of `viewport` size at `position` at `category`: the
    /// elements it shows (in page coordinates, pinned headers where they sit at that offset) and
    /// the screen's rectangle; what `reflow-cli layout --viewport` prints.
    /// - Parameter plans: the document's plans, shared between calls (`screenPlans()`; default: made anew).
    public func screenReport(category: ContentSizeCategory, viewport size: Size, at position: Position,
                             sizer: CellSizer? = nil, plans: PlanSharing? = nil) throws -> LayoutReport {
        let sizer = try sizer ?? CellSizer(typesetter: try Typesetter(fonts: fonts))
        var (planned, lazy, visible) = try placedScreen(category: category, viewport: size, at: position, sizer: sizer,
                                                        plans: plans)
        let elements = try planned.attributes(in: visible, lazy: &lazy)
        if let failure = planned.failure { throw failure }
        let estimated = !lazy.allSettled
        return LayoutReport(screen: visible, elements: elements, environment: planned.environment,
                            contentHeight: lazy.contentHeight(), contentHeightEstimated: estimated)
    }

    /// One screen of `viewport` size at `position` on the page (see `screen(category:viewport:offset:sizer:)`).
    /// - Parameter plans: the document's plans, shared between calls (`screenPlans()`): a program
    ///   that draws many screens of one document (a preview server) plans each layout once.
    ///   Default: made anew.
    public func screen(category: ContentSizeCategory, viewport size: Size, at position: Position,
                       sizer: CellSizer? = nil, plans: PlanSharing? = nil) throws -> DisplayList {
        try drawnScreen(category: category, viewport: size, at: position, sizer: sizer, plans: plans).displayList
    }

    /// One screen drawn, with where it is on the page as the lazy layout knows it then.
    public struct DrawnScreen: Sendable {
        public let displayList: DisplayList
        /// The screen's rectangle on the page: its top is the offset asked for, or the anchor's,
        /// or the last screen's for a place past the end.
        public let visible: Rect
        /// The page's height: exact down to the screen's bottom, the estimates below it.
        public let contentHeight: Double
        /// Whether units below the screen are still estimated (`contentHeight` is then an estimate).
        public let contentHeightEstimated: Bool
    }

    /// `screen(category:viewport:at:sizer:plans:)` with where the screen is and how tall the page is
    /// then: what a program that scrolls through screens (the live preview) needs to size its scroll bar.
    public func drawnScreen(category: ContentSizeCategory, viewport size: Size, at position: Position,
                            sizer: CellSizer? = nil, plans: PlanSharing? = nil) throws -> DrawnScreen {
        try drawScreen(category: category, viewport: size, at: position,
                       sizer: sizer ?? CellSizer(typesetter: try Typesetter(fonts: fonts)), plans: plans ?? screenPlans())
    }

    /// One screen of `viewport` size at `offset` on the page: exactly what the whole page (the
    /// eager layout) shows between `offset` and `offset + viewport.height`. Only the units above
    /// the screen's bottom are measured (each once; heights a layout knows, absolute and
    /// fractional ones, are not measured at all); the units below keep their estimates. An offset
    /// past the end shows the last screen, as a scroll view stops at the end of its content.
    /// - Parameter sizer: measures the cells (default: a new one in `fonts`); pass one to share
    ///   its caches between screens.
    public func screen(category: ContentSizeCategory, viewport size: Size, offset: Double,
                       sizer: CellSizer? = nil) throws -> DisplayList {
        try screen(category: category, viewport: size, at: .offset(offset), sizer: sizer)
    }

    /// Plans of the document's screens, shared between the sizes they are alike in: one for
    /// every screen of this document drawn with it (not thread-safe: one per thread).
    public func screenPlans() -> PlanSharing {
        PlanSharing(layout: input.layout, content: input.content, estimate: .automatic(initial: Cell.minimumTouchHeight))
    }

    /// The layout at `category` for a `viewport`, measured down to the screen at `offset`: the
    /// planned layout, the lazy layout (exact above the screen's bottom) and the screen's rectangle.
    public func placedScreen(category: ContentSizeCategory, viewport size: Size, offset: Double, sizer: CellSizer,
                             plans: PlanSharing? = nil) throws -> (layout: MeasuringPlan, lazy: LazyLayout, visible: Rect) {
        try placedScreen(category: category, viewport: size, at: .offset(offset), sizer: sizer, plans: plans)
    }

    /// `placedScreen(category:viewport:offset:sizer:plans:)` at `position`: an anchor's top is
    /// found on the same lazy layout the screen is measured in, so the plan is made, the height
    /// cache read and written, and what lies above measured once for both.
    public func placedScreen(category: ContentSizeCategory, viewport size: Size, at position: Position, sizer: CellSizer,
                             plans: PlanSharing? = nil) throws -> (layout: MeasuringPlan, lazy: LazyLayout, visible: Rect) {
        let environment = environment(category: category, height: size.height)
        let (planned, unmeasured) = try (plans ?? screenPlans()).planned(in: environment, sizer: sizer)
        var lazy = unmeasured
        // A file that is not the one the engine wrote for this key is ignored, and rewritten below.
        let restored = heightCache?.restore(into: &lazy, environment: environment, plan: planned.bound)
        if let warning = restored?.warning, heightCache?.warn == nil, debug {
            _ = StandardStreams.writeError("\(ProcessInfo.processInfo.processName): warning: \(warning)\n")
        }
        let before = restored?.problem == nil ? lazy.measuredUnits : -1
        var top: Double
        switch position {
        case .offset(let offset): top = PointGrid.snap(offset)
        case .anchor(let anchor): top = try planned.top(of: try anchor.indexPath(in: input.content, sourceLineCount: input.sourceLineCount), lazy: &lazy) ?? 0
        }
        planned.measureDown(to: top + size.height, screenTop: top, lazy: &lazy)
        if let failure = planned.failure { throw failure }
        if lazy.measuredUnits > before { heightCache?.store(lazy, environment: environment) }
        // Past the end: the last screen. The end is exact then: a unit still unmeasured starts
        // below the screen's bottom, so the content would reach past it.
        let end = PointGrid.snap(max(0, lazy.contentHeight() - size.height))
        top = min(top, end)
        return (planned, lazy, Rect(x: 0, y: top, width: size.width, height: size.height))
    }

    private func drawScreen(category: ContentSizeCategory, viewport size: Size, at position: Position, sizer: CellSizer,
                            plans: PlanSharing) throws -> DrawnScreen {
        var (planned, lazy, visible) = try placedScreen(category: category, viewport: size, at: position, sizer: sizer, plans: plans)
        let elements = try planned.attributes(in: visible, lazy: &lazy)
        var state: DisplayListBuilder.LazyState?
        if debug {
            var spans: [Range<Double>] = []
            for unit in 0..<lazy.count where lazy.isMeasured(unit) {
                let y = lazy.y(of: unit)
                spans.append(y..<y + lazy.height(of: unit))
            }
            state = DisplayListBuilder.LazyState(contentHeight: lazy.contentHeight(), unitCount: lazy.count, measuredSpans: spans)
        }
        let groups = debug ? try planned.groupFrames(in: visible, lazy: &lazy) : []
        let list = builder.displayList(elements: elements, visibleRect: visible, lazy: state, labels: sizer.typesetter,
                                       groups: groups, annotations: annotations[category] ?? [])
        return DrawnScreen(displayList: list, visible: visible, contentHeight: lazy.contentHeight(),
                           contentHeightEstimated: !lazy.allSettled)
    }

    /// `categories` side by side under `heading`, each labelled with its name and body size:
    /// whole pages (laid out on worker threads), or with `viewport` one lazily laid-out screen
    /// each at `offset`.
    /// - Parameter progress: the fraction of the columns done (0…1).
    public func contactSheet(categories: [ContentSizeCategory], viewport: Size? = nil, offset: Double = 0,
                             heading: String?, progress: (@Sendable (Double) -> Void)? = nil) throws -> DisplayList {
        try contactSheet(categories: categories, viewport: viewport, at: .offset(offset), heading: heading, progress: progress)
    }

    /// `contactSheet(categories:viewport:offset:heading:progress:)` with each screen at `position`
    /// (an anchor is found at each size).
    public func contactSheet(categories: [ContentSizeCategory], viewport: Size?, at position: Position,
                             heading: String?, progress: (@Sendable (Double) -> Void)? = nil) throws -> DisplayList {
        let typesetter = try Typesetter(fonts: fonts)
        var screens: [DisplayList] = []
        if let viewport {
            let sizer = CellSizer(typesetter: typesetter)
            let plans = screenPlans()
            for (index, category) in categories.enumerated() {
                screens.append(try drawScreen(category: category, viewport: viewport, at: position, sizer: sizer, plans: plans)
                    .displayList)
                progress?(Double(index + 1) / Double(categories.count))
            }
        } else {
            let (builder, annotations, width, directory) = (builder, annotations, width, fonts.directory)
            screens = try sweep(categories, progress: progress) { snapshot in
                builder.displayList(elements: snapshot.allAttributes,
                                    visibleRect: Rect(x: 0, y: 0, width: width, height: snapshot.contentSize.height),
                                    labels: annotations.isEmpty ? nil : try Typesetter(fonts: try FontLibrary.opening(directory: directory)),
                                    groups: snapshot.groupFrames,
                                    annotations: annotations[snapshot.environment.category] ?? [])
            }
        }
        let columns = zip(categories, screens).map { category, screen in
            ContactSheet.Column(title: category.displayName, subtitle: Self.bodySizeLabel(category), screen: screen)
        }
        return try ContactSheet.compose(columns, heading: heading, typesetter: typesetter)
    }

    /// A contact sheet column's subtitle: body text's size at `category`, e.g. "body 17 pt".
    package static func bodySizeLabel(_ category: ContentSizeCategory) -> String {
        "body \(JSONText.number(DynamicType.spec(.body, category).pointSize)) pt"
    }

    /// The whole document at `category`, laid out eagerly: every cell measured.
    /// - Parameter sizer: measures the cells (default: a new one in `fonts`); pass one to share
    ///   its caches between pages and screens.
    public func page(category: ContentSizeCategory, sizer: CellSizer? = nil) throws -> Page {
        let sizer = try sizer ?? CellSizer(typesetter: try Typesetter(fonts: fonts))
        let snapshot = try input.layout.layout(input.content, in: environment(category: category), sizer: sizer)
        return Page(size: Size(width: width, height: snapshot.contentSize.height), elements: snapshot.allAttributes,
                    groups: snapshot.groupFrames, annotations: annotations[category] ?? [], builder: builder,
                    labels: sizer.typesetter)
    }

    /// A laid-out page, to draw whole or in parts.
    public struct Page {
        /// The page's size in points: the container width by the content height.
        public let size: Size
        /// Every element, in content coordinates.
        public let elements: [LayoutAttributes]
        /// A compositional layout's group frames (outlined by the debug overlay).
        public let groups: [Rect]
        /// Outlines drawn over the page.
        public let annotations: [DisplayListBuilder.Annotation]
        let builder: DisplayListBuilder
        let labels: Typesetter

        /// The whole page as one display list.
        public func displayList() -> DisplayList {
            builder.displayList(elements: elements, visibleRect: Rect(origin: .zero, size: size), labels: labels, groups: groups,
                                annotations: annotations)
        }

        /// The page cut into parts of at most `PagedPreview.maximumPartPixels` at `scale`, between cells.
        public func paged(scale: Int) -> PagedPreview {
            PagedPreview(cellFrames: elements.map(\.frame), size: size, scale: scale)
        }

        /// Part `index` of `paged` as a display list.
        public func displayList(part index: Int, of paged: PagedPreview) -> DisplayList {
            paged.displayList(part: index, elements: elements, builder: builder, labels: labels, groups: groups,
                              annotations: annotations)
        }
    }
}
