import ArgumentParser
import Foundation
import Reflow
import ReflowKit
import TextMetrics

/// `--estimate`: `auto` (or `automatic`), or `fixed:PT` with 0 < PT ≤ `Limits.maximumLength`.
extension Estimate: ExpressibleByArgument {
    public init?(argument: String) {
        let lowered = argument.lowercased()
        if lowered == "auto" || lowered == "automatic" {
            self = .automatic(initial: Cell.minimumTouchHeight)
        } else if lowered.hasPrefix("fixed:"), let height = DecimalNumber.value(lowered.dropFirst(6)), height.isFinite, height > 0,
                  height <= Limits.maximumLength {
            self = .fixed(height)
        } else {
            return nil
        }
    }

    public static var allValueStrings: [String] { ["auto", "fixed:PT (0 < PT <= \(Limits.describe(Limits.maximumLength)))"] }
}

struct ScrollCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scroll",
        abstract: "Simulate scrolling a document top to bottom with lazy layout, frame by frame.",
        discussion: """
            Only cells on screen and in the prefetch margin (one screen ahead, two cells a frame) are measured; the others carry \
            the estimate. Each frame reports the cells it measured, its work time against the frame budget (1/fps; work is the \
            CPU time of the frame's thread, and the wall-clock time, which also counts time other processes held the core, is \
            shown beside it), the error of the estimated content height and how far the anchor cell (the first visible one) \
            moved on screen: 0 when all is well. --change-category-at switches the text size part way down.

            --reorder FROM:TO drags a cell instead (index paths section.item; TO is the item's place after the move): the \
            finger lifts it at mid-screen, moves towards its place, the view scrolling when it nears an edge (--paging: a page \
            at a time), and drops it (--cancel: cancels). Each frame reports the cells measured as they came into view, the \
            units placed again as the others flowed, its work against the budget and how far the anchor (a cell not dragged) \
            moved on screen; the totals give the final order of the item's section.
            """)

    @Option(help: "Content-size category to start at.")
    var category = CategoryArgument(.large)

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Viewport width in points. (default: \(JSONText.number(LayoutEnvironment.defaultContainerWidth)))", valueName: "pt"),
            transform: DecimalNumber.parsing("--width", "points"))
    var width: Double = LayoutEnvironment.defaultContainerWidth

    @Option(parsing: .unconditional, help: ArgumentHelp("Viewport height in points. (default: 844)", valueName: "pt"),
            transform: DecimalNumber.parsing("--height", "points"))
    var height: Double = 844

    @Option(parsing: .unconditional, help: ArgumentHelp("Frames per second, 1 to 1000; the frame budget is 1/fps. (default: 60)", valueName: "n"),
            transform: DecimalNumber.parsing("--fps", "frames per second"))
    var fps: Double = 60

    @Option(parsing: .unconditional, help: ArgumentHelp("Scroll speed in points per second. (default: 3000)", valueName: "pt-per-s"),
            transform: DecimalNumber.parsing("--speed", "points per second"))
    var speed: Double = 3_000

    @Option(help: ArgumentHelp("Height of cells not measured yet: auto (running average per text style) or fixed:PT.",
                               valueName: "estimate"))
    var estimate: Estimate = .automatic(initial: Cell.minimumTouchHeight)

    @Option(name: .customLong("change-category-at"), parsing: .unconditional, help: ArgumentHelp(
        "Change the text size when this fraction (0…1) of the document has been scrolled; needs --to.", valueName: "fraction"),
            transform: DecimalNumber.parsing("--change-category-at", "", expected: "a decimal fraction, 0 to 1"))
    var changeAt: Double?

    @Option(help: "The category to change to, with --change-category-at.")
    var to: ContentSizeCategory?

    @Option(help: "Output: text (frames and totals) or json (totals, for scripts).")
    var format: ReportFormat = .text

    @Option(help: "Which frames to list in text output: all, work (frames that measured cells or went over budget) or none.")
    var frames: ScrollReport.Frames = .work

    @Option(help: ArgumentHelp("Draw work per frame against the budget and the estimate error over time to this .svg or .png file.",
                               valueName: "path"))
    var plot: String?

    @Option(name: .customLong("max-frames"), parsing: .unconditional, help: ArgumentHelp(
        "Stop with an error rather than run more frames than this (a slow --speed at a high --fps never ends otherwise).",
        valueName: "n"))
    var maxFrames = ScrollSession.Configuration.defaultMaximumFrames

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Drag the cell at FROM to the place TO (index paths section.item, such as 0.3:2.1) instead of scrolling top to bottom.",
        valueName: "from:to"), transform: ReorderArgument.parse)
    var reorder: ReorderArgument?

    @Flag(help: "With --reorder: end the drag with a cancel (every cell back where it was) instead of a drop.")
    var cancel = false

    @Flag(help: "With --reorder: near an edge the view advances a page at a time (a paging scroll view) instead of scrolling.")
    var paging = false

    @Option(name: .customLong("finger-speed"), parsing: .unconditional, help: ArgumentHelp(
        "With --reorder: how fast the finger moves on screen, in points per second. (default: \(Int(ReorderRun.defaultFingerSpeed)))",
        valueName: "pt-per-s"), transform: DecimalNumber.parsing("--finger-speed", "points per second"))
    var fingerSpeed: Double?

    @OptionGroup var placement: PlacementOptions
    @OptionGroup var document: DocumentOptions

    private var request: ScrollRequest {
        var request = ScrollRequest()
        (request.category, request.width, request.height, request.fps, request.speed) = (category.category, width, height, fps, speed)
        (request.estimate, request.changeAt, request.changeTo) = (estimate, changeAt, to)
        (request.maximumFrames, request.plot) = (maxFrames, plot)
        (request.reorder, request.cancel, request.paging, request.fingerSpeed) = (reorder?.paths, cancel, paging, fingerSpeed)
        return request
    }

    func validate() throws {
        _ = try validating { try request.configuration() }
        try validating { try request.checkReorder() }
    }

    func run() throws {
        let plotFile = try plot.map { try OutputFile(path: $0, protecting: [document.file]) }
        let loaded = try document.load(cells: placement.cells, layout: placement.layout)
        if reorder != nil { return try runReorder(loaded, plotFile: plotFile) }
        let progress = document.progress("scrolling")
        guard let report = try request.run(loaded, settings: try document.text.settings(), fonts: try document.fonts.library(),
                                           progress: { progress.update($0) }) else {
            return Console.info("nothing to scroll: '\(document.file)' has no content")
        }
        progress.finish()
        if let plotFile, let plotFormat = try request.plotFormat(),
           let picture = try ScrollPlot(session: report.session).render(format: plotFormat) {
            try plotFile.write(picture)
        }
        try Console.write(format == .json ? Array(try report.json()) : Array(report.text(frames: frames).utf8))
    }

    private func runReorder(_ loaded: LayoutInput, plotFile: OutputFile?) throws {
        let progress = document.progress("dragging")
        guard let run = try request.runReorder(loaded, settings: try document.text.settings(), fonts: try document.fonts.library()) else {
            return Console.info("nothing to reorder: '\(document.file)' has no content")
        }
        progress.finish()
        if let plotFile, let plotFormat = try request.plotFormat(), let picture = try run.plot().render(format: plotFormat) {
            try plotFile.write(picture)
        }
        try Console.write(format == .json ? Array(try run.json()) : Array(run.text(frames: frames).utf8))
    }
}

/// `--reorder FROM:TO`: two index paths, read by `ScrollRequest.reorderPaths`.
struct ReorderArgument {
    let paths: (from: Reflow.IndexPath, to: Reflow.IndexPath)

    /// The option's transform: a usage error that says how to write FROM:TO.
    static let parse: @Sendable (String) throws -> ReorderArgument = { text in
        do { return ReorderArgument(paths: try ScrollRequest.reorderPaths(text)) } catch let problem as ScrollRequest.ReorderProblem { throw ValidationError(problem.description) }
    }
}
