import ArgumentParser
import Reflow
import ReflowKit
import TextMetrics

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Compare a document's layouts at every text size with recorded goldens; exit 1 if anything moved.",
        discussion: """
            Goldens are the layout JSON of each size, one file per category named FILE-STEM-CATEGORY.json in the goldens folder \
            (as `reflow-cli layout` writes it), with the file name and version of each font the layouts were made with. Record \
            them once with --record, commit them, and run check in CI: it names every cell that moved, by how much, at which \
            sizes, and the fonts whose version changed since. --record writes inside the goldens folder only: a symbolic link \
            at a golden's name is replaced, never followed.
            """)

    @Option(help: ArgumentHelp("Folder holding the goldens (created by --record).", valueName: "dir"))
    var goldens: String

    @Flag(help: "Write the goldens from the current layouts instead of comparing.")
    var record = false

    @Option(parsing: .upToNextOption, help: ArgumentHelp(
        "Categories to check (default: all twelve), e.g. --category l xxxl ax5.", valueName: "category"))
    var category: [ContentSizeCategory] = []

    @Option(parsing: .unconditional, help: ArgumentHelp("Container width in points.", valueName: "pt"))
    var width: Double = LayoutEnvironment.defaultContainerWidth

    @Option(parsing: .unconditional, help: ArgumentHelp("Frame differences up to this many points are not reported.", valueName: "pt"))
    var tolerance: Double = 0

    @Option(parsing: .unconditional, help: ArgumentHelp("Cells listed per size at most.", valueName: "n"))
    var maxCells: Int = 10

    @OptionGroup var document: DocumentOptions

    func validate() throws {
        try requirePositive(width, "--width")
        if !(tolerance.isFinite && tolerance >= 0) { throw ValidationError("--tolerance must be 0 or more points, got \(tolerance)") }
        if maxCells < 1 { throw ValidationError("--max-cells must be at least 1") }
    }

    func run() throws {
        let categories = category.isEmpty ? ContentSizeCategory.allCases : category
        let store = GoldenStore(folder: goldens, document: document.file)
        // The goldens folder (and, to record, every golden) is checked before any work.
        try store.checkFolder(recording: record)
        let outputs = record ? try store.outputs(for: categories, protecting: [document.file]) : []
        let loaded = try document.load()
        let directory = try document.fonts.library().directory
        let progress = document.progress("laying out")
        let sweep = try document.text.sweep(loaded)
        let layouts = try GoldenStore.layouts(of: loaded, categories: categories, width: width, settings: sweep,
                                              fontsDirectory: directory, progress: { progress.update($0) })
        progress.finish()
        if record {
            try store.record(layouts, to: outputs).forEach(Console.warning)
            Console.info("recorded \(categories.count) golden layout(s) of \(document.name) in \(goldens)")
            return
        }
        let verdict = try store.compare(layouts, categories: categories, reader: document.input.reader, tolerance: tolerance)
        try Console.write(verdict.text(document: document.name, maxCells: maxCells))
        if let mismatch = verdict.mismatch {
            Console.error("\(mismatch); if the change is intended, re-record with --record")
            throw ExitCode.failure
        }
    }
}
