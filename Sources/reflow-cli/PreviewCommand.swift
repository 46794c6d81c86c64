import ArgumentParser
import Preview
import ReflowKit
import TextMetrics

/// The command people type: `reflow-cli doc.md --category xxxl` renders the document as a phone
/// screen at that text size and writes `doc-xxxl.png` beside it.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Render a document at a text size as a phone screen: PNG, SVG or the layout JSON (the default command).",
        discussion: """
            `reflow-cli FILE --category xxxl` writes FILE-xxxl.png beside the file (or -o PATH): the document laid out in \
            self-sizing cells for the container width at that text size, drawn on a white screen with the bundled Inter fonts. \
            --category all draws the twelve sizes side by side on one contact sheet (FILE-all.png). --viewport WxH --offset Y \
            draws one screen: exactly what the whole page shows between Y and Y + H (the cells above are measured, each once, \
            for their heights; the cells below are not measured). --at line:N, heading:TEXT or item:S.I instead puts that \
            Markdown source line's block, that heading or that cell at the screen's top. --debug overlays cell frames, \
            text frames, baselines, the 44 pt minimum and, for a viewport, which rows were measured.

            Long documents: a PNG page taller than 16,384 px is written in numbered parts, FILE-CATEGORY-001.png, \
            FILE-CATEGORY-002.png, …, each at most 16,384 px tall and cut between cells, and the command says so. With -o PATH \
            the page is one file as long as a PNG can hold it (at most 1,000,000 px a side, 1 GiB of pixels); taller, it is an \
            error unless --parts asks for parts named after PATH (PATH-001.png, …).
            """)

    @Option(help: ArgumentHelp(
        "Content-size category (xs s m l xl xxl xxxl ax1 … ax5, or a long name), or 'all' for a contact sheet of all twelve.",
        valueName: "category"))
    var category = CategoryChoice(.large)

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Write to this one file (default: FILE-CATEGORY.png beside the document, in numbered parts when taller than 16,384 px); written whole or not at all.",
        valueName: "path"))
    var output: String?

    @Option(help: ArgumentHelp("png, svg or json (the layout JSON); default: from the -o extension, else png.", valueName: "format"))
    var format: OutputFormat?

    @Option(parsing: .unconditional, help: ArgumentHelp("Container (screen) width in points (default 390, or the --viewport width).", valueName: "pt"))
    var width: Double?

    @OptionGroup var screen: ScreenOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("Device pixels per point for PNG: 1, 2, 3 or 4.", valueName: "n"))
    var scale: Int = 2

    @Flag(help: ArgumentHelp(
        "With -o: write a PNG page taller than 16,384 px as numbered parts named after the -o path (PATH-001.png, …). Without -o a tall page is always written in parts."))
    var parts = false

    @Flag(help: "Overlay cell frames, text frames, baselines, the 44 pt minimum and (with --viewport) measured vs estimated rows.")
    var debug = false

    @Flag(help: "Audit the document at the size(s) drawn and outline each finding on the picture with its rule's name (see 'reflow-cli audit').")
    var audit = false

    @OptionGroup var document: DocumentOptions

    /// The options as the library's request, checked by it before any work; its problems are
    /// usage errors in the options' words.
    private func resolved() throws -> (files: PreviewFiles, width: Double) {
        var request = PreviewRequest(document: document.file)
        (request.output, request.format, request.width) = (output, format, width)
        try screen.apply(to: &request)
        (request.scale, request.parts) = (scale, parts)
        (request.categories, request.isSheet) = (category.categories, category.isAll)
        do {
            return try request.resolved()
        } catch {
            throw ValidationError(error.commandLineMessage(viewport: screen.viewport))
        }
    }

    func validate() throws { _ = try resolved() }

    func run() throws {
        let plan = try resolved()
        // Checked before any work: a wrong -o fails at once and never replaces the input.
        let output = try OutputFile(path: plan.files.path, protecting: [document.file])
        let loaded = try document.load()
        guard loaded.content.cellCount > 0 else {
            return Console.info("nothing to render: '\(document.file)' has no text; no file written")
        }
        let progress = document.progress("rendering")
        defer { progress.finish() }
        let sweep = try document.text.sweep(loaded)
        var preview = DocumentPreview(input: loaded, fonts: try document.fonts.library(), width: plan.width,
                                      settings: sweep)
        preview.debug = debug
        if plan.files.viewport != nil {
            preview.heightCache = try document.heightCache(for: loaded, readAs: "\(loaded.format.rawValue)|blocks|list", disabled: screen.noHeightCache)
        }
        if audit, plan.files.format.isPicture { try preview.annotateFindings(categories: plan.files.categories) }
        let written: String
        do {
            written = try plan.files.write(preview, to: output, document: document.name,
                                           announce: { if !document.quiet { Console.info($0) } }, progress: { progress.update($0) })
        } catch let error as PreviewError {
            throw CommandLineError(commandLineMessage: error.commandLineMessage(scale: scale, sheet: category.isAll))
        }
        progress.finish()
        preview.pictures.warnings.forEach(Console.warning)
        if !document.quiet { Console.info(written) }
    }
}
