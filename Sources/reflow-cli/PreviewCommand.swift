import ArgumentParser
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
            `reflow-cli FILE --category xxxl` writes FILE-xxxl.png beside the file (or -o PATH): the document laid out in \
            self-sizing cells for the container width at that text size, drawn on a white screen with the bundled Inter fonts. \
            --category all draws the twelve sizes side by side on one contact sheet (FILE-all.png): the first screen of each, \
            390x844 (an iPhone's; --width sets its width) unless --viewport gives another, and the command says so; \
            --whole-pages puts each size's whole page there instead, in numbered parts when taller than 16,384 px. --viewport WxH --offset Y \
            draws one screen: exactly what the whole page shows between Y and Y + H (the cells above are measured, each once, \
            for their heights; the cells below are not measured; a band that scrolls sideways measures only the cards on screen, \
            as a collection view does). --at line:N, heading:TEXT or item:S.I instead puts that \
            Markdown source line's block, that heading or that cell at the screen's top. --debug overlays cell frames, \
            text frames, baselines, the 44 pt minimum and, for a viewport, which rows were measured.

            Long documents: a PNG page taller than 16,384 px is written in numbered parts, FILE-CATEGORY-001.png, \
            FILE-CATEGORY-002.png, …, each at most 16,384 px tall and cut between cells, and the command says so. With -o PATH \
            the page is one file as long as a PNG can hold it (at most 1,000,000 px a side, 1 GiB of pixels); taller, it is an \
            error unless --parts asks for parts named after PATH (PATH-001.png, …).

            Several documents: `reflow-cli docs README.md -o previews --category xxxl` draws every document named and every \
            one found in a folder (Markdown, text and screen files, by extension) into the folder previews, each file named \
            after its document's whole path and the size, so that same-named documents in different folders never collide: \
            docs/guide/intro.md → previews/docs/guide/intro.md-xxxl.png, README.md → previews/README.md-xxxl.png. Outside the \
            current folder a path keeps its place under markers: a leading / as %2F, each .. as %2E%2E, and % itself as %25. \
            Tall pages are written in parts. The -o folder is never searched for documents. --jobs N draws N documents at \
            once (one document: N of its parts at once), --shard I/N one share of them (for a CI matrix), with the same files whatever N. A document that cannot be \
            drawn is an error for it; the others are drawn and the run exits 1. One file named alone is drawn as above.

            Languages: --lang names the file FILE-LANGS-CATEGORY.png, LANGS being the tag (de), all, or the tags joined by + \
            (de+fr+ja), as check names its goldens FILE-LANG-CATEGORY.json. One language draws as above. Several (a list, or \
            all: every language the screen's catalogs have) draw a matrix: a row per language, labelled with its tag and name, \
            a column per size (--category all: twelve; one size: one column), each cell one screen at --viewport (default \
            390x844, the first screen, or --offset/--at), never a whole page. Right-to-left languages (he, ar, pseudo-rtl) \
            lay their screens out mirrored. --jobs lays that many languages out at once; the picture is the same for any \
            number. A PNG matrix too large for one image at scale 2 (19 languages at every size) is drawn at scale 1 unless \
            --scale is given, and the command says so; PNG or SVG, never the layout JSON (use 'reflow-cli layout --lang'). \
            With several documents each gets its matrix, FOLDER/PATH-LANGS-CATEGORY.png, and --shard shares out documents, \
            each matrix drawn whole by one shard.
            """)

    @Option(help: ArgumentHelp(
        "Content-size category (xs s m l xl xxl xxxl ax1 … ax5, or a long name); a list (l,xxxl,ax5, drawn FILE-l+xxxl+ax5.png) or 'all' (FILE-all.png) for a contact sheet of those sizes (the first 390x844 screen of each, or --viewport's; --whole-pages for whole pages).",
        valueName: "category"))
    var category = CategoryChoice(.large)

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Write to this one file (default: FILE-CATEGORY.png beside the document, in numbered parts when taller than 16,384 px); written whole or not at all. With several documents, a folder or --shard: the folder (created if missing) each document's file is written in, named after its path (see above).",
        valueName: "path"))
    var output: String?

    @Option(help: ArgumentHelp("png, svg or json (the layout JSON); default: from the -o extension, else png.", valueName: "format"))
    var format: OutputFormat?

    @Option(parsing: .unconditional, help: ArgumentHelp("Container (screen) width in points (default 390, or the --viewport width).", valueName: "pt"),
            transform: DecimalNumber.parsing("--width", "points"))
    var width: Double?

    @OptionGroup var screen: ScreenOptions

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Device pixels per point for PNG: 1, 2, 3 or 4. (default: 2; a language matrix too large for one PNG at 2 is drawn at 1)",
        valueName: "n"))
    var scale: Int?

    @Flag(help: ArgumentHelp(
        "With -o: write a PNG page taller than 16,384 px as numbered parts named after the -o path (PATH-001.png, …). Without -o a tall page is always written in parts."))
    var parts = false

    @Flag(help: ArgumentHelp(
        "With --category all: each size's whole page on the contact sheet instead of its first screen (a sheet taller than 16,384 px is written in numbered parts, as a page is)."))
    var wholePages = false

    @Flag(help: "Overlay cell frames, text frames, baselines, the 44 pt minimum and (with --viewport) measured vs estimated rows.")
    var debug = false

    @Flag(help: "Audit the document at the size(s) drawn and outline each finding on the picture with its rule's name (see 'reflow-cli audit').")
    var audit = false

    @OptionGroup var documents: DocumentsOptions

    var reading: ReadingOptions { documents.reading }

    /// The options for the document at `file` as the library's request, its files in `folder` in
    /// a run over several documents, checked by it before any work; its problems are usage
    /// errors in the options' words.
    private func resolved(_ file: String, folder: String?) throws -> (files: PreviewFiles, width: Double) {
        var request = PreviewRequest(document: file)
        (request.output, request.outputFolder, request.format, request.width) = (output, folder, format, width)
        try screen.apply(to: &request)
        (request.scale, request.parts) = (scale ?? 2, parts)
        (request.categories, request.isSheet, request.wholePages) = (category.categories, category.isSeveral, wholePages)
        if let choice = reading.text.language {
            request.languages = LanguageMatrixPreview.fileNamePart(choice)
            // A file name holds at most 255 bytes: a long list cannot name it.
            if output == nil || folder != nil, choice.tags.joined(separator: "+").utf8.count > 100 {
                throw ValidationError("--lang lists \(choice.tags.count) languages, too many to name the picture after; "
                    + (folder == nil ? "name it with -o PATH, " : "") + "use --lang all, or split the list across runs")
            }
            if choice.isMatrix, parts {
                throw ValidationError("--parts cuts one text size's whole page; --lang \(choice) draws one picture of screens, "
                    + "a row per language: drop --parts, or give one language")
            }
            if choice.isMatrix, (try? OutputFormat.resolve(format, path: folder == nil ? output : nil)) == .json {
                throw ValidationError("--lang \(choice) draws a picture of several languages (png or svg); for their layout JSON, "
                    + "run 'reflow-cli layout FILE --lang \(choice)'")
            }
            // A matrix draws screens: the default one when none is given.
            if choice.isMatrix, request.viewport == nil {
                request.viewport = Size(width: width ?? LanguageMatrixPreview.defaultViewport.width,
                                        height: LanguageMatrixPreview.defaultViewport.height)
            }
        }
        do {
            return try request.resolved()
        } catch {
            throw ValidationError(error.commandLineMessage(viewport: screen.viewport))
        }
    }

    /// The folder of a run over several documents: `-o`, which must not be a file.
    private func outputFolder() throws -> String {
        guard let output else {
            throw ValidationError("several documents, a folder or --shard need -o FOLDER: each document's file is written in it, "
                + "named after the document's path")
        }
        guard output != OutputFile.standardOutputPath else {
            throw ValidationError("-o - (stdout) takes one document's one file; several documents, a folder or --shard "
                + "write a file each: give -o the folder to write them in")
        }
        let kind = Folder.kind(of: output)
        // A new folder named like a picture is far more likely a file meant for one document.
        let pictureLike = OutputFormat.allCases.contains { FilePath(output).extension?.lowercased() == $0.rawValue }
        if kind == .notAFolder || (kind == .missing && pictureLike) {
            throw ValidationError("-o '\(output)' \(kind == .missing ? "names" : "is") a file; with several documents, a folder or "
                + "--shard, -o names the folder their files are written in (created if missing)")
        }
        return output
    }

    func validate() throws {
        guard let first = documents.files.first else { return }
        _ = try resolved(first, folder: documents.namesOneDocument ? nil : try outputFolder())
    }

    func run() throws {
        guard documents.namesOneDocument, let file = documents.files.first else { return try drawAll(into: try outputFolder()) }
        var plan = try resolved(file, folder: nil)
        plan.files.jobs = documents.workers
        // Checked before any work: a wrong -o fails at once and never replaces the input.
        let output = try OutputFile(path: plan.files.path, protecting: [file])
        let progress = reading.progress("rendering")
        defer { progress.finish() }
        if let choice = reading.text.language, choice.isMatrix {
            return try drawMatrix(file, choice: choice, plan: plan, to: output, jobs: documents.workers, progress: progress) { $0.say() }
        }
        let loaded = try reading.load(file)
        try draw(loaded, file: file, plan: plan, to: output, progress: progress) { $0.say() }
    }

    /// Something drawing a document has to say: said as it comes for one document, and in
    /// document order for several.
    enum Said: Sendable {
        case info(String)
        case warning(String)

        func say() {
            switch self {
            case .info(let message): Console.info(message)
            case .warning(let message): Console.warning(message)
            }
        }
    }

    /// Draws `loaded`, the document at `file`, as `plan` says into `output` (checked already);
    /// what it has to say goes to `say`.
    private func draw(_ loaded: LayoutInput, file: String, plan: (files: PreviewFiles, width: Double), to output: OutputFile,
                      progress: TerminalProgress?, say: (Said) -> Void) throws {
        guard loaded.content.cellCount > 0 else {
            return say(.info("nothing to render: '\(file)' has no text; no file written"))
        }
        let sweep = try reading.text.sweep(loaded)
        var preview = DocumentPreview(input: loaded, fonts: try reading.fonts.library(), width: plan.width, settings: sweep)
        preview.debug = debug
        if plan.files.viewport != nil {
            // The language and the catalogs are part of how the file is read: a screen's bytes are the same in every
            // language and after a translation is edited, and pseudolanguages shape in the source language's environment.
            let language = reading.text.language?.single.map { "|lang=\($0)" } ?? ""
            preview.heightCache = try reading.heightCache(for: loaded, file: file, readAs: "\(loaded.format.rawValue)|blocks|list\(language)",
                                                          disabled: screen.noHeightCache)
        }
        if audit, plan.files.format.isPicture { try preview.annotateFindings(categories: plan.files.categories) }
        if !reading.quiet, plan.files.isSheet, screen.viewport == nil, !wholePages, let viewport = plan.files.viewport,
           plan.files.format.isPicture, reading.text.language?.isMatrix != true {
            say(.info("no --viewport: the contact sheet shows the first \(Limits.describe(viewport.width))x"
                + "\(Limits.describe(viewport.height)) screen of each size; --whole-pages shows the whole pages"))
        }
        let written: String
        do {
            // The title (a sheet's heading, an SVG's <title>) names the language drawn: "settings.json in de at xxxL".
            let language = reading.text.language?.single.map { " in \($0)" } ?? ""
            written = try plan.files.write(preview, to: output, document: (FilePath(file).lastComponent?.string ?? file) + language,
                                           announce: { if !reading.quiet { say(.info($0)) } }, progress: { progress?.update($0) })
        } catch let error as PreviewError {
            throw CommandLineError(commandLineMessage: error.commandLineMessage(scale: scale ?? 2, sheet: category.isSeveral))
        }
        progress?.finish()
        preview.pictures.warnings.forEach { say(.warning($0)) }
        if !reading.quiet { say(.info(written)) }
    }

    /// Draws every document into `folder` (created if missing, never searched for documents),
    /// `--jobs` at a time, saying what each has to say in document order. A document that cannot
    /// be drawn is an error for it; the others are drawn, and the run then fails.
    private func drawAll(into folder: String) throws {
        let paths = try documents.documents(excluding: [folder])
        var plans: [String: (files: PreviewFiles, width: Double)] = [:]
        var drawnTo: [String: String] = [:]
        for path in paths {
            let plan = try resolved(path, folder: folder)
            // One file named two ways (a.md, ./a.md) has one output: drawing it twice at once would race.
            if let other = drawnTo.updateValue(path, forKey: plan.files.path) {
                throw CommandLineError(commandLineMessage: "'\(other)' and '\(path)' are one document, both drawn to "
                    + "'\(plan.files.path)'; name it once")
            }
            plans[path] = plan
        }
        try Folder.create(folder)
        let progress = reading.progress("rendering \(paths.count) documents")
        let failures = Locked(0)
        try DocumentSet(paths: paths).forEach(jobs: documents.workers, produce: { [plans] path -> [Said] in
            var plan = plans[path]!
            // Documents are drawn at once already: each one's parts one after another.
            plan.files.jobs = 1
            try Folder.create(FilePath(plan.files.path).removingLastComponent().string)
            let output = try OutputFile(path: plan.files.path, protecting: [path])
            if let choice = reading.text.language, choice.isMatrix {
                // Documents are drawn at once already: each one's languages one after another.
                var said: [Said] = []
                try drawMatrix(path, choice: choice, plan: plan, to: output, jobs: 1, progress: nil) { said.append($0) }
                return said
            }
            let (loaded, warnings) = try reading.read(path)
            var said = warnings.map(Said.warning)
            try draw(loaded, file: path, plan: plan, to: output, progress: nil) { said.append($0) }
            return said
        }, deliver: { _, path, result in
            switch result {
            case .success(let said): said.forEach { $0.say() }
            case .failure(let error):
                Console.error(commandLineMessage(error, document: path))
                failures.withLock { $0 += 1 }
            }
        }, progress: { progress.update($0) })
        progress.finish()
        let failed = failures.withLock { $0 }
        guard failed == 0 else {
            Console.error("\(failed) of \(paths.count) document\(paths.count == 1 ? "" : "s") could not be drawn (see above)")
            throw ExitCode.failure
        }
    }
}
