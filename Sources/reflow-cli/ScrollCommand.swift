import ArgumentParser
import Foundation
import Reflow
import ReflowKit
import TextMetrics

extension ScrollReport.Frames: ExpressibleByArgument {}

extension Estimate: ExpressibleByArgument {
    /// `auto` or `fixed:PT`.
    public init?(argument: String) {
        let lowered = argument.lowercased()
        if lowered == "auto" || lowered == "automatic" {
            self = .automatic(initial: Cell.minimumTouchHeight)
        } else if lowered.hasPrefix("fixed:"), let height = Double(lowered.dropFirst(6)), height.isFinite, height > 0,
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
            Only cells on screen and in the prefetch margin (one screen ahead, two cells a frame) are \
            measured; the others carry the estimate. Each frame reports the cells it measured, its \
            work time against the frame budget (1/fps; work is the CPU time of the frame's thread, and \
            the wall-clock time, which also counts time other processes held the core, is shown beside \
            it), the error of the estimated content height and \
            how far the anchor cell (the first visible one) moved on screen: 0 when all is well. \
            --change-category-at switches the text size part way down.
            """)

    @Argument(help: "The document to scroll: CommonMark (.md, .markdown) or plain text.")
    var file: String

    @Option(help: "Content-size category to start at.")
    var category = CategoryName(.large)

    @Option(help: ArgumentHelp("Viewport width in points.", valueName: "pt"))
    var width: Double = LayoutEnvironment.defaultContainerWidth

    @Option(help: ArgumentHelp("Viewport height in points.", valueName: "pt"))
    var height: Double = 844

    @Option(help: ArgumentHelp("Frames per second, 1 to 1000; the frame budget is 1/fps.", valueName: "n"))
    var fps: Double = 60

    @Option(help: ArgumentHelp("Scroll speed in points per second.", valueName: "pt-per-s"))
    var speed: Double = 3_000

    @Option(help: ArgumentHelp("Height of cells not measured yet: auto (running average per text style) or fixed:PT.",
                               valueName: "estimate"))
    var estimate: Estimate = .automatic(initial: Cell.minimumTouchHeight)

    @Option(name: .customLong("change-category-at"), help: ArgumentHelp(
        "Change the text size when this fraction (0…1) of the document has been scrolled; needs --to.", valueName: "fraction"))
    var changeAt: Double?

    @Option(help: "The category to change to, with --change-category-at.")
    var to: CategoryName?

    @Option(help: ArgumentHelp("What becomes a cell: blocks (one per heading, paragraph, list item…) or words (one per word, a section per block).",
                               valueName: "mode"))
    var cells: CellMode = .blocks

    @Option(help: ArgumentHelp("How cells are placed: list (one column, full width) or flow (lines, leading to trailing).",
                               valueName: "layout"))
    var layout: LayoutInput.DocumentLayout = .list

    @Option(help: "Output: text (frames and totals) or json (totals, for scripts).")
    var format: ReportFormat = .text

    @Option(help: "Which frames to list in text output: all, work (frames that measured cells or went over budget) or none.")
    var frames: ScrollReport.Frames = .work

    @Option(help: ArgumentHelp("Draw work per frame against the budget and the estimate error over time to this .svg or .png file.",
                               valueName: "path"))
    var plot: String?

    @Option(name: .customLong("max-frames"), help: ArgumentHelp(
        "Stop with an error rather than run more frames than this (a slow --speed at a high --fps never ends otherwise).",
        valueName: "n"))
    var maxFrames = ScrollSession.Configuration.defaultMaximumFrames

    @Flag(help: "No progress on stderr.")
    var quiet = false

    @OptionGroup var input: InputOptions
    @OptionGroup var text: TextOptions
    @OptionGroup var fonts: FontOptions

    func validate() throws {
        try requirePositive(width, "--width")
        try requirePositive(height, "--height")
        if !(fps.isFinite && fps >= 1 && fps <= 1_000) {
            throw ValidationError("--fps must be between 1 and 1000 frames per second, got \(Limits.describe(fps))")
        }
        try requirePositive(speed, "--speed")
        if maxFrames < 1 { throw ValidationError("--max-frames must be at least 1, got \(maxFrames)") }
        // The offset moves in layout units (1/64 pt): a smaller step would never move it.
        if speed / fps < 1.0 / 64 {
            throw ValidationError("--speed \(Limits.describe(speed)) at --fps \(Limits.describe(fps)) moves \(Limits.describe(speed / fps)) pt a frame, "
                + "less than the layout unit (1/64 pt); use at least \(Limits.describe((fps / 64 * 1000).rounded(.up) / 1000)) pt/s at this frame rate")
        }
        if let changeAt, !(0...1).contains(changeAt) {
            throw ValidationError("--change-category-at must be a fraction between 0 and 1, got \(changeAt)")
        }
        if (changeAt == nil) != (to == nil) {
            throw ValidationError("--change-category-at and --to go together: give both, e.g. --change-category-at 0.5 --to ax5")
        }
        if let plot, !(plot.hasSuffix(".svg") || plot.hasSuffix(".png")) {
            throw ValidationError("--plot needs a .svg or .png path, got '\(plot)'")
        }
    }

    func run() throws {
        try reportingErrors {
            let plotFile = try plot.map { try OutputFile(path: $0, protecting: [file]) }
            let loaded = try input.layoutInput(at: file, cells: cells, layout: layout)
            let sizer = CellSizer(typesetter: try Typesetter(fonts: try fonts.library()))
            let content = loaded.content
            guard content.cellCount > 0 else {
                Console.info("nothing to scroll: '\(file)' has no content")
                return
            }
            var configuration = ScrollSession.Configuration(category: category.category, viewportHeight: height)
            configuration.framesPerSecond = fps
            configuration.speed = speed
            configuration.estimate = estimate
            configuration.maximumFrames = maxFrames
            if let changeAt, let to { configuration.categoryChange = (changeAt, to.category) }
            var session = try ScrollSession(layout: loaded.layout, content: content,
                                            environment: try text.layoutEnvironment(width: width, category: category.category, for: loaded),
                                            sizer: sizer, configuration: configuration)
            let progress = TerminalProgress(label: "scrolling", quiet: quiet)
            let summary = try session.run { progress.update($0) }
            progress.finish()
            if let failure = session.planned.failure { throw failure }
            if let plot, let plotFile {
                try plotFile.write(ScrollPlot(session: session).render(format: plot.hasSuffix(".png") ? .png : .svg))
            }
            let noun = DocumentFormat(path: file) == .screen ? "units" : layout == .list ? "rows" : "sections"
            let report = ScrollReport(session: session, summary: summary, unitName: noun)
            if format == .json { FileHandle.standardOutput.write(try report.json()) } else { Console.write(report.text(frames: frames)) }
        }
    }
}
