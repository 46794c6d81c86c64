import Reflow
import TextMetrics

/// A scroll simulation as a person asks for it (`reflow-cli scroll`'s options) and the rules that
/// check it: a viewport of `width` × `height` points scrolled at `speed` points a second, `fps`
/// frames a second, optionally switching to `changeTo` when `changeAt` of the way down. Every
/// check runs before any work, with one line naming the option.
public struct ScrollRequest: Sendable {
    public var category: ContentSizeCategory = .large
    public var width = LayoutEnvironment.defaultContainerWidth
    public var height = 844.0
    public var fps = 60.0
    public var speed = 3_000.0
    public var estimate: Estimate = .automatic(initial: Cell.minimumTouchHeight)
    public var changeAt: Double?
    public var changeTo: ContentSizeCategory?
    public var maximumFrames = ScrollSession.Configuration.defaultMaximumFrames
    /// Where to draw the plot, if anywhere: an .svg or .png path.
    public var plot: String?

    public init() {}

    /// The session's configuration, or `InvalidOption`.
    public func configuration() throws(InvalidOption) -> ScrollSession.Configuration {
        try Limits.requirePositive(width, "--width")
        try Limits.requirePositive(height, "--height")
        if !(fps.isFinite && fps >= 1 && fps <= 1_000) {
            throw InvalidOption("--fps must be between 1 and 1000 frames per second, got \(Limits.describe(fps))")
        }
        try Limits.requirePositive(speed, "--speed")
        if maximumFrames < 1 { throw InvalidOption("--max-frames must be at least 1, got \(maximumFrames)") }
        // The offset moves in layout units (1/64 pt): a smaller step would never move it.
        if speed / fps < LayoutUnit.length {
            throw InvalidOption("--speed \(Limits.describe(speed)) at --fps \(Limits.describe(fps)) moves \(Limits.describe(speed / fps)) pt a frame, "
                + "less than the layout unit (1/64 pt); use at least \(Limits.describe((fps / 64 * 1000).rounded(.up) / 1000)) pt/s at this frame rate")
        }
        if let changeAt, !(0...1).contains(changeAt) {
            throw InvalidOption("--change-category-at must be a fraction between 0 and 1, got \(changeAt)")
        }
        if (changeAt == nil) != (changeTo == nil) {
            throw InvalidOption("--change-category-at and --to go together: give both, e.g. --change-category-at 0.5 --to ax5")
        }
        if let plot, !(plot.hasSuffix(".svg") || plot.hasSuffix(".png")) {
            throw InvalidOption("--plot needs a .svg or .png path, got '\(plot)'")
        }
        var configuration = ScrollSession.Configuration(viewportHeight: height)
        (configuration.framesPerSecond, configuration.speed) = (fps, speed)
        (configuration.estimate, configuration.maximumFrames) = (estimate, maximumFrames)
        if let changeAt, let changeTo { configuration.categoryChange = (changeAt, changeTo) }
        return configuration
    }

    /// Runs a session over `input` (its front matter's text settings under `settings`) measuring
    /// with `fonts`, reporting the fraction scrolled to `progress`. Nil for an input
    /// without content.
    public func run(_ input: LayoutInput, settings: TextSettings = TextSettings(), fonts: FontLibrary,
                    progress: (Double) -> Void = { _ in }) throws -> ScrollReport? {
        let configuration = try configuration()
        guard input.content.cellCount > 0 else { return nil }
        let sizer = try CellSizer(fonts: fonts)
        let environment = try settings.layoutEnvironment(width: width, category: category, documentSettings: input.documentSettings)
        var session = try ScrollSession(layout: input.layout, content: input.content, environment: environment, sizer: sizer,
                                        configuration: configuration)
        let summary = try session.run(progress: progress)
        if let failure = session.planned.failure { throw failure }
        return try ScrollReport(session: session, summary: summary, unitName: input.layout.unitName)
    }
}

extension Estimate {
    /// An estimate as an option gives it: `auto` (or `automatic`), or `fixed:PT` with
    /// 0 < PT ≤ `Limits.maximumLength`; nil for anything else.
    public init?(option: String) {
        let lowered = option.lowercased()
        if lowered == "auto" || lowered == "automatic" {
            self = .automatic(initial: Cell.minimumTouchHeight)
        } else if lowered.hasPrefix("fixed:"), let height = Double(lowered.dropFirst(6)), height.isFinite, height > 0,
                  height <= Limits.maximumLength {
            self = .fixed(height)
        } else {
            return nil
        }
    }
}
