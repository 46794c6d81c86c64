import ArgumentParser
import Audit
import Foundation
import Preview
import Reflow
import ReflowKit
import SystemPackage
import TextMetrics

/// The command people type: `reflow-cli doc.md --category xxxl` renders the document as a phone
/// screen at that text size and writes `doc-xxxl.png` beside it.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Render a document at a text size as a phone screen: PNG, SVG or the layout JSON (the default command).",
        discussion: """
            `reflow-cli FILE --category xxxl` writes FILE-xxxl.png beside the file (or -o PATH): the document \
            laid out in self-sizing cells for the container width at that text size, drawn on a white screen \
            with the bundled Inter fonts. --category all draws the twelve sizes side by side on one contact \
            sheet (FILE-all.png). --viewport WxH --offset Y draws one screen: only the cells on it are measured \
            (lazily, as a collection view does; the rows above keep estimated heights), so a long document \
            renders a screen about as fast as a short one. --debug overlays cell frames, text frames, \
            baselines, the 44 pt minimum and, for a viewport, which rows were measured.

            Long documents: a PNG page taller than 16,384 px is written in numbered parts, FILE-CATEGORY-001.png, \
            FILE-CATEGORY-002.png, …, each at most 16,384 px tall and cut between cells, and the command says so. \
            With -o PATH the page is one file as long as a PNG can hold it (at most 1,000,000 px a side, 1 GiB of \
            pixels); taller, it is an error unless --parts asks for parts named after PATH (PATH-001.png, …).
            """)

    enum OutputFormat: String, CaseIterable {
        case png, svg, json
    }

    @Argument(help: "The document to render: CommonMark (.md, .markdown) or plain text.")
    var file: String

    @Option(help: ArgumentHelp(
        "Content-size category (xs s m l xl xxl xxxl ax1 … ax5, or a long name), or 'all' for a contact sheet of all twelve.",
        valueName: "category"))
    var category: LayoutCommand.CategoryChoice = .one(.large)

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Write to this one file (default: FILE-CATEGORY.png beside the document, in numbered parts when taller than 16,384 px); written whole or not at all.",
        valueName: "path"))
    var output: String?

    @Option(help: ArgumentHelp(
        "png, svg or json (the layout JSON); default: from the -o extension, else png.", valueName: "format"))
    var format: String?

    @Option(help: ArgumentHelp("Container (screen) width in points (default 390, or the --viewport width).", valueName: "pt"))
    var width: Double?

    @Option(help: ArgumentHelp(
        "Draw one screen of this size in points, e.g. 390x844, measuring only the cells on it.", valueName: "WxH"))
    var viewport: String?

    @Option(help: ArgumentHelp(
        "With --viewport: the scroll position in points (rows above it keep estimated heights).", valueName: "pt"))
    var offset: Double?

    @Option(help: ArgumentHelp("Device pixels per point for PNG: 1, 2, 3 or 4.", valueName: "n"))
    var scale: Int = 2

    @Flag(help: ArgumentHelp(
        "With -o: write a PNG page taller than 16,384 px as numbered parts named after the -o path (PATH-001.png, …). Without -o a tall page is always written in parts."))
    var parts = false

    @Flag(help: "Overlay cell frames, text frames, baselines, the 44 pt minimum and (with --viewport) measured vs estimated rows.")
    var debug = false

    @Flag(help: "Audit the document at the size(s) drawn and outline each finding on the picture with its rule's name (see 'reflow-cli audit').")
    var audit = false

    @Flag(help: "No progress on stderr.")
    var quiet = false

    @OptionGroup var input: InputOptions
    @OptionGroup var text: TextOptions
    @OptionGroup var fonts: FontOptions

    func validate() throws {
        _ = try Plan(self)
    }

    func run() throws {
        try reportingErrors {
            let plan = try Plan(self)
            // Checked before any work: a wrong -o fails at once and never replaces the input.
            let output = try OutputFile(path: plan.output, protecting: [file])
            let loaded = try input.layoutInput(at: file)
            guard loaded.content.cellCount > 0 else {
                Console.info("nothing to render: '\(file)' has no text; no file written")
                return
            }
            let progress = TerminalProgress(label: "rendering", quiet: quiet)
            defer { progress.finish() }
            let written = try render(loaded, plan, output: output, progress: progress)
            progress.finish()
            if !quiet { Console.info(written) }
        }
    }

    /// The options checked and resolved before any work, so bad input fails at once with one
    /// line and exit status 64.
    struct Plan {
        let format: OutputFormat
        let output: String
        let explicitOutput: Bool
        let width: Double
        let viewport: Size?
        let offset: Double
        let categories: [ContentSizeCategory]
        let isSheet: Bool

        init(_ command: PreviewCommand) throws {
            let outputExtension = command.output.map { (FilePath($0).extension ?? "").lowercased() }
            if let name = command.format {
                guard let format = OutputFormat(rawValue: name.lowercased()) else {
                    throw ValidationError("unknown format '\(name)'; use png, svg or json")
                }
                self.format = format
            } else if let outputExtension, !outputExtension.isEmpty {
                guard let format = OutputFormat(rawValue: outputExtension) else {
                    throw ValidationError("cannot tell the format from '.\(outputExtension)'; give --format png, svg or json")
                }
                self.format = format
            } else {
                format = .png
            }
            guard PNGRenderer.scales.contains(command.scale) else {
                throw ValidationError("--scale must be 1, 2, 3 or 4 (device pixels per point), got \(command.scale)")
            }
            if let viewport = command.viewport {
                let parts = viewport.lowercased().split(separator: "x", omittingEmptySubsequences: false)
                guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite, w > 0, h > 0 else {
                    throw ValidationError("--viewport must be WIDTHxHEIGHT in points, e.g. 390x844, got '\(viewport)'")
                }
                try requireAtMost(w, "--viewport's width")
                try requireAtMost(h, "--viewport's height")
                if let width = command.width, width != w {
                    throw ValidationError("--width \(Limits.describe(width)) and --viewport \(viewport) disagree; give one width")
                }
                self.viewport = Size(width: w, height: h)
                width = w
            } else {
                self.viewport = nil
                width = command.width ?? LayoutEnvironment.defaultContainerWidth
                if command.offset != nil { throw ValidationError("--offset needs --viewport (the screen it scrolls)") }
            }
            try requirePositive(width, "--width")
            offset = command.offset ?? 0
            guard offset.isFinite, offset >= 0 else {
                throw ValidationError("--offset must be 0 or more points, got \(Limits.describe(offset))")
            }
            try requireAtMost(offset, "--offset")
            if format == .json, viewport != nil {
                throw ValidationError("--viewport crops an image; --format json writes the whole layout (drop --viewport)")
            }
            categories = command.category.categories
            if case .all = command.category { isSheet = true } else { isSheet = false }
            if command.parts {
                guard format == .png, viewport == nil, !isSheet else {
                    throw ValidationError("--parts cuts one text size's whole page into PNG parts; it does not go with --viewport, --category all or --format \(format.rawValue)")
                }
            }
            let label = isSheet ? "all" : categories[0].shortName
            explicitOutput = command.output != nil
            if let path = command.output {
                output = path
            } else {
                let file = FilePath(command.file)
                let name = "\(file.stem ?? file.lastComponent?.string ?? "document")-\(label).\(format.rawValue)"
                output = file.removingLastComponent().appending(name).string
            }
        }
    }

    /// Renders and writes the preview; what was written, as a sentence.
    private func render(_ input: LayoutInput, _ plan: Plan, output: OutputFile, progress: TerminalProgress) throws -> String {
        let content = input.content
        let library = try fonts.library()
        let sweep = try text.sweep(input)
        let name = FilePath(file).lastComponent?.string ?? file

        if plan.format == .json {
            let directory = library.directory
            let reports = try CategorySweep.map(
                categories: plan.categories, containerWidth: plan.width,
                text: sweep.text, layoutDirection: sweep.layoutDirection,
                makeSizer: { try sweepSizer(fontsDirectory: directory) },
                produce: { environment, sizer in try LayoutReport(input.layout, content, in: environment, sizer: sizer) },
                progress: { progress.update($0) })
            let json = plan.isSheet
                ? "[\n" + reports.map { $0.jsonText(indent: "  ") }.joined(separator: ",\n") + "\n]\n"
                : reports[0].jsonText() + "\n"
            try output.write(Data(json.utf8))
            return "wrote \(plan.output)"
        }

        let builder = DisplayListBuilder(debug: debug)
        let annotations = audit ? try auditAnnotations(input, plan: plan, directory: library.directory) : [:]
        let typesetter = try Typesetter(fonts: library)
        let list: DisplayList
        if plan.isSheet {
            var columns: [ContactSheet.Column] = []
            if let viewport = plan.viewport {
                let sizer = CellSizer(typesetter: typesetter)
                for (index, category) in plan.categories.enumerated() {
                    let screen = try lazyScreen(input, category: category, viewport: viewport, offset: plan.offset,
                                                sizer: sizer, builder: builder, annotations: annotations[category] ?? [])
                    columns.append(column(category, screen))
                    progress.update(0.4 * Double(index + 1) / Double(plan.categories.count))
                }
            } else {
                let directory = library.directory
                let width = plan.width
                let screens = try CategorySweep.map(
                    content, categories: plan.categories, containerWidth: width,
                    text: sweep.text, layoutDirection: sweep.layoutDirection,
                    makeSizer: { try sweepSizer(fontsDirectory: directory) },
                    layout: input.layout,
                    transform: { snapshot in
                        builder.displayList(elements: snapshot.allAttributes,
                                            visibleRect: Rect(x: 0, y: 0, width: width, height: snapshot.contentSize.height),
                                            labels: annotations.isEmpty ? nil : try Typesetter(fonts: try FontLibrary(directory: directory)),
                                            groups: snapshot.groupFrames,
                                            annotations: annotations[snapshot.environment.category] ?? [])
                    },
                    progress: { progress.update(0.4 * $0) })
                columns = zip(plan.categories, screens).map { column($0, $1) }
            }
            list = try ContactSheet.compose(columns, heading: "\(name) at every text size", typesetter: typesetter)
        } else {
            let category = plan.categories[0]
            let sizer = CellSizer(typesetter: typesetter)
            if let viewport = plan.viewport {
                list = try lazyScreen(input, category: category, viewport: viewport, offset: plan.offset, sizer: sizer,
                                      builder: builder, annotations: annotations[category] ?? [])
            } else {
                let environment = try text.layoutEnvironment(width: plan.width, category: category, for: input)
                let snapshot = try input.layout.layout(content, in: environment, sizer: sizer)
                let size = Size(width: plan.width, height: snapshot.contentSize.height)
                let elements = snapshot.allAttributes
                let annotations = annotations[category] ?? []
                progress.update(0.4)
                if plan.format == .png {
                    let paged = PagedPreview(cellFrames: elements.map(\.frame), size: size, scale: scale)
                    if !paged.isSinglePart, !plan.explicitOutput || parts {
                        return try writeParts(paged, elements: elements, plan: plan, builder: builder, labels: typesetter,
                                              groups: snapshot.groupFrames, annotations: annotations, progress: progress)
                    }
                    if !paged.isSinglePart { try checkOneFile(size) }
                    try PNGRenderer.checkSize(size, scale: scale)
                }
                list = builder.displayList(elements: elements, visibleRect: Rect(origin: .zero, size: size),
                                           labels: typesetter, groups: snapshot.groupFrames, annotations: annotations)
            }
            progress.update(0.4)
        }

        switch plan.format {
        case .png:
            let renderer = try PNGRenderer(scale: scale)
            try output.write(try renderer.render(list) { progress.update(0.4 + 0.6 * $0) })
        case .svg:
            let title = plan.isSheet ? "\(name) at every text size" : "\(name) at \(plan.categories[0].displayName)"
            try output.write(Data(SVGRenderer(title: title).render(list).utf8))
        case .json:
            preconditionFailure("handled above")
        }
        return "wrote \(plan.output)"
    }

    /// A page taller than one part asked for as one file (-o without --parts): fine while a PNG
    /// can hold it, else an error that says how to get the page anyway.
    private func checkOneFile(_ size: Size) throws {
        do {
            try PNGRenderer.checkSize(size, scale: scale)
        } catch let error as PreviewError {
            let (width, height) = PNGRenderer.pixelSize(of: size, scale: scale)
            throw UserError("the page is \(width) x \(height) px, more than one PNG can hold (\(error.limitDescription)); "
                + "add --parts to write it in numbered parts named after -o, drop -o to write the parts beside the document, "
                + "or draw one screen with --viewport")
        }
    }

    /// Writes a page too tall for one image as numbered parts; what was written, as a sentence.
    private func writeParts(_ paged: PagedPreview, elements: [LayoutAttributes], plan: Plan, builder: DisplayListBuilder,
                            labels: Typesetter, groups: [Rect], annotations: [DisplayListBuilder.Annotation],
                            progress: TerminalProgress) throws -> String {
        let paths = PagedPreview.partPaths(of: plan.output, count: paged.parts.count)
        // Every part is checked before the first is drawn.
        let outputs = try paths.map { try OutputFile(path: $0, protecting: [file]) }
        let (_, height) = PNGRenderer.pixelSize(of: Size(width: plan.width, height: paged.parts.last!.maxY), scale: scale)
        if !quiet {
            Console.info("the page is \(height) px tall, taller than one image should be (\(PagedPreview.maximumPartPixels) px): "
                + "writing \(paths.count) parts, \(paths.first!) … \(paths.last!)")
        }
        let renderer = try PNGRenderer(scale: scale)
        for (index, output) in outputs.enumerated() {
            let list = paged.displayList(part: index, elements: elements, builder: builder, labels: labels, groups: groups,
                                         annotations: annotations)
            try output.write(try renderer.render(list))
            progress.update(0.4 + 0.6 * Double(index + 1) / Double(outputs.count))
        }
        return "wrote \(paths.count) parts: \(paths.first!) … \(paths.last!)"
    }

    private func column(_ category: ContentSizeCategory, _ screen: DisplayList) -> ContactSheet.Column {
        let body = DynamicType.spec(.body, category).pointSize
        return ContactSheet.Column(title: category.displayName, subtitle: "body \(JSONText.number(body)) pt", screen: screen)
    }

    /// One screen of the document at `offset`, laid out lazily: the viewport measures the units it
    /// shows and nothing else; the units above keep their estimated heights.
    /// The audit's findings at each size drawn, as outlines labelled with the rule: red for errors,
    /// orange for warnings, blue for information.
    private func auditAnnotations(_ input: LayoutInput, plan: Plan, directory: String) throws
        -> [ContentSizeCategory: [DisplayListBuilder.Annotation]] {
        var options = Auditor.Options()
        options.categories = plan.categories
        options.widths = [plan.width]
        (options.text, options.layoutDirection) = try text.sweep(input)
        let report = try Auditor(input: input, options: options, makeSizer: { try sweepSizer(fontsDirectory: directory) }).run()
        // One outline per element and size, naming every rule it breaks, in its worst finding's color.
        struct Key: Hashable {
            var category: ContentSizeCategory
            var frame: Rect
        }
        var byElement: [Key: (rules: [String], worst: AuditSeverity)] = [:]
        var order: [Key] = []
        for finding in report.findings {
            for (category, frame) in finding.frames where frame.width > 0 || frame.height > 0 {
                let key = Key(category: category, frame: frame)
                if let known = byElement[key] {
                    byElement[key] = (known.rules + [finding.rule.rawValue], max(known.worst, finding.severity))
                } else {
                    order.append(key)
                    byElement[key] = ([finding.rule.rawValue], finding.severity)
                }
            }
        }
        var annotations: [ContentSizeCategory: [DisplayListBuilder.Annotation]] = [:]
        for key in order {
            let (rules, worst) = byElement[key]!
            let color: Color = switch worst {
            case .error: Color(hex: 0xE5484D)
            case .warning: Color(hex: 0xF76B15)
            case .info: Color(hex: 0x0090FF)
            }
            annotations[key.category, default: []].append(.init(frame: key.frame, label: rules.joined(separator: ", "), color: color))
        }
        return annotations
    }

    private func lazyScreen(_ input: LayoutInput, category: ContentSizeCategory, viewport size: Size, offset: Double,
                            sizer: CellSizer, builder: DisplayListBuilder,
                            annotations: [DisplayListBuilder.Annotation] = []) throws -> DisplayList {
        let environment = try text.layoutEnvironment(width: size.width, height: size.height, category: category, for: input)
        let planned = try PlannedLayout(layout: input.layout, content: input.content, environment: environment, sizer: sizer)
        var viewport = Viewport(layout: planned.lazyLayout(estimate: .automatic(initial: Cell.minimumTouchHeight)),
                                height: size.height, prefetcher: Prefetcher(margin: 0, unitsPerFrame: 0), source: planned.source)
        viewport.scroll(to: offset)
        // A scroll view stops at the end of its content. The end moves as the rows near it are
        // measured (estimates give way to real heights), so scroll again until it holds still:
        // an offset past the end shows the last screen, never a blank one.
        for _ in 0..<64 {
            let end = max(0, viewport.contentHeight() - size.height)
            guard viewport.contentOffset > end || (offset > end && viewport.contentOffset < end) else { break }
            viewport.scroll(to: end)
        }
        if let failure = planned.failure { throw failure }
        var lazy = viewport.layout
        let visible = Rect(x: 0, y: viewport.contentOffset, width: size.width, height: size.height)
        let elements = try planned.attributes(in: visible, lazy: &lazy)
        var state: DisplayListBuilder.LazyState?
        if builder.debug {
            var spans: [Range<Double>] = []
            for unit in 0..<lazy.count where lazy.isMeasured(unit) {
                let y = lazy.y(of: unit)
                spans.append(y..<y + lazy.height(of: unit))
            }
            state = DisplayListBuilder.LazyState(contentHeight: lazy.contentHeight(), unitCount: lazy.count, measuredSpans: spans)
        }
        let groups = builder.debug ? try planned.groupFrames(in: visible, lazy: &lazy) : []
        return builder.displayList(elements: elements, visibleRect: visible, lazy: state, labels: sizer.typesetter, groups: groups,
                                   annotations: annotations)
    }
}
