import ArgumentParser
import Reflow
import Readers
import ReflowKit

struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Lay a document out in self-sizing cells and print the frames as JSON.",
        discussion: """
            Each block of a document becomes a cell (each word with --cells words), sized for the container width at the \
            category and placed by a list or flow layout; a screen file (.json) brings its compositional layout. The JSON \
            holds the environment, the content size and every element: its kind, index path, frame, lines and first words. \
            With --category all it holds twelve layouts, xs to ax5.
            """)

    @Option(help: ArgumentHelp(
        "Content-size category (xs s m l xl xxl xxxl ax1 … ax5, or a long name), or 'all' for all twelve in one run.",
        valueName: "category"))
    var category = CategoryChoice(.large)

    @Option(help: ArgumentHelp("Container width in points.", valueName: "pt"))
    var width: Double = LayoutEnvironment.defaultContainerWidth

    @Option(help: ArgumentHelp("Read the file as markdown, text or screen (a JSON screen file), whatever its extension says.",
                               valueName: "format"))
    var format: DocumentFormat?

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Write the JSON to this file (whole or not at all: via a temporary file and a rename) instead of stdout.",
        valueName: "path"))
    var output: String?

    @OptionGroup var placement: PlacementOptions
    @OptionGroup var document: DocumentOptions

    func validate() throws { try requirePositive(width, "--width") }

    func run() throws {
        let documentFormat = format ?? DocumentFormat(path: document.file)
        // Checked before any work, so a wrong -o fails at once and never replaces the input.
        let destination = try output.map { try OutputFile(path: $0, protecting: [document.file]) }
        let loaded = try document.load(format: documentFormat, cells: placement.cells, layout: placement.layout)
        let directory = try document.fonts.library().directory
        let progress = document.progress("laying out")
        let sink = try LayoutJSONDocument.Sink(output: destination)
        let json = LayoutJSONDocument(document: document.name, format: documentFormat, cells: placement.cells,
                                      layout: loaded.format == .screen ? "compositional" : placement.layout.rawValue)
        let sweep = try document.text.sweep(loaded)
        try json.write(loaded, categories: category.categories, width: width, settings: sweep,
                       fontsDirectory: directory,
                       to: sink, progress: { progress.update($0) })
        progress.finish()
        try sink.commit()
    }
}
