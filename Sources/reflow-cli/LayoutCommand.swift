import ArgumentParser
import Reflow
import Readers
import ReflowKit
import TextMetrics

struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Lay a document out in self-sizing cells and print the frames as JSON.",
        discussion: """
            Each block of a document becomes a cell (each word with --cells words), sized for the container width at the \
            category and placed by a list or flow layout; a screen file (.json) brings its compositional layout. The JSON \
            holds the environment, the content size and every element: its kind, index path, frame, lines and first words. \
            With --category all it holds twelve layouts, xs to ax5.

            --viewport WxH with --offset Y or --at ANCHOR prints one screen instead: the elements visible between Y and Y + H \
            on the page (in page coordinates, pinned headers where they sit at that offset) and a "viewport" object with the \
            screen's frame. Only what lies above the screen's bottom is measured.

            --lang with a list (de,fr,ja) or all (every language of a screen's catalogs) writes one JSON document whose \
            "layouts" hold every language × size: the first language's sizes, then the next's; each layout's "environment" \
            names its "language". With --viewport, one screen per language and size.
            """)

    @Option(help: ArgumentHelp(
        "Content-size category (xs s m l xl xxl xxxl ax1 … ax5, or a long name), a list (l,xxxl,ax5), or 'all' for all twelve in one run.",
        valueName: "category"))
    var category = CategoryChoice(.large)

    @Option(parsing: .unconditional, help: ArgumentHelp("Container width in points (default 390, or the --viewport width).", valueName: "pt"),
            transform: DecimalNumber.parsing("--width", "points"))
    var width: Double?

    @OptionGroup var screen: ScreenOptions

    @Option(help: ArgumentHelp("Read the file as markdown, text or screen (a JSON screen file), whatever its extension says.",
                               valueName: "format"))
    var format: DocumentFormat?

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Write the JSON to this file (whole or not at all: via a temporary file and a rename) instead of stdout; - is stdout.",
        valueName: "path"))
    var output: String?

    @OptionGroup var placement: PlacementOptions
    @OptionGroup var document: DocumentOptions

    func validate() throws { _ = try resolvedScreen() }

    /// The container width, and the screen asked for (nil: the whole layout), checked as `preview` checks them.
    func resolvedScreen() throws -> (width: Double, viewport: Size?, position: DocumentPreview.Position) {
        if let width { try requirePositive(width, "--width") }
        guard screen.viewport != nil else {
            if screen.offset != nil { throw ValidationError("--offset needs --viewport (the screen it scrolls)") }
            if screen.at != nil { throw ValidationError("--at needs --viewport (the screen it places)") }
            return (width ?? LayoutEnvironment.defaultContainerWidth, nil, .offset(0))
        }
        var request = PreviewRequest(document: document.file)
        request.format = .png
        request.width = width
        try screen.apply(to: &request)
        let files: PreviewFiles, resolvedWidth: Double
        do { (files, resolvedWidth) = try request.resolved() } catch { throw ValidationError(error.commandLineMessage(viewport: screen.viewport)) }
        return (resolvedWidth, files.viewport, files.position)
    }

    func run() throws {
        // Checked before any work, so a wrong -o fails at once and never replaces the input.
        let destination = try output.map { try OutputFile(path: $0, protecting: [document.file]) }
        if let choice = document.text.language, choice.isMatrix {
            let progress = document.progress("laying out")
            let sink = try LayoutReport.Document.Sink(output: destination)
            try writeLanguages(choice, to: sink, progress: progress)
            progress.finish()
            return try sink.commit()
        }
        let loaded = try document.load(format: format, cells: placement.cells, layout: placement.layout)
        // The format the reader read it as: --format, else what its path implies.
        let documentFormat = loaded.format
        let directory = try document.fonts.library().directory
        let progress = document.progress("laying out")
        let sink = try LayoutReport.Document.Sink(output: destination)
        let json = LayoutReport.Document(document: document.name, format: documentFormat, cells: placement.cells,
                                      layout: loaded.format == .screen ? "compositional" : placement.layout.rawValue)
        let sweep = try document.text.sweep(loaded)
        let (width, viewport, position) = try resolvedScreen()
        if let viewport {
            var preview = DocumentPreview(input: loaded, fonts: try document.fonts.library(), width: width, settings: sweep)
            // The language and the catalogs are part of how the file is read: a screen's bytes are the same in every
            // language and after a translation is edited, and pseudolanguages shape in the source language's environment.
            let language = document.text.language?.single.map { "|lang=\($0)" } ?? ""
            preview.heightCache = try document.heightCache(
                for: loaded, readAs: "\(documentFormat.rawValue)|\(placement.cells.rawValue)|\(placement.layout.rawValue)\(language)",
                disabled: screen.noHeightCache)
            try json.writeScreens(preview, categories: category.categories, viewport: viewport, at: position, to: sink,
                                  progress: { progress.update($0) })
        } else {
            try json.write(loaded, categories: category.categories, width: width, settings: sweep,
                           fontsDirectory: directory,
                           to: sink, progress: { progress.update($0) })
        }
        progress.finish()
        try sink.commit()
    }
}
