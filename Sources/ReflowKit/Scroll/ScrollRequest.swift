import Reflow
import TextMetrics

/// A scroll simulation as a person asks for it and the rules that check it: a viewport of
/// `width` × `height` points scrolled at `speed` points a second, `fps` frames a second,
/// optionally switching to `changeTo` when `changeAt` of the way down. Every check runs before
/// any work, with a `Problem` that says which value is wrong.
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
    /// Drag the item at `from` to the place `to` instead of scrolling top to bottom (`ReorderRun`).
    public var reorder: (from: IndexPath, to: IndexPath)?
    /// With `reorder`: end with a cancel instead of a drop.
    public var cancel = false
    /// With `reorder`: the view advances a page at a time near an edge (a paging scroll view).
    public var paging = false
    /// With `reorder`: the finger's speed on screen in points per second (nil: `ReorderRun.defaultFingerSpeed`).
    public var fingerSpeed: Double?

    public init() {}

    /// The frame rates a session runs at.
    public static let framesPerSecond = 1.0...1_000

    /// The slowest speed, in points per second to 1/1000, whose step at `fps` frames a second
    /// moves the offset at least one grid step (1/64 pt) a frame.
    public static func minimumSpeed(framesPerSecond fps: Double) -> Double { (fps / 64 * 1000).rounded(.up) / 1000 }

    /// The session's configuration.
    public func configuration() throws(Problem) -> ScrollSession.Configuration {
        do { try Limits.checkPositive(width) } catch { throw .width(error) }
        do { try Limits.checkPositive(height) } catch { throw .height(error) }
        if !(fps.isFinite && Self.framesPerSecond.contains(fps)) { throw .framesPerSecond(fps) }
        do { try Limits.checkPositive(speed) } catch { throw .speed(error) }
        if maximumFrames < 1 { throw .maximumFrames(maximumFrames) }
        // The offset moves in grid steps (1/64 pt): a smaller step would never move it.
        if speed / fps < PointGrid.step { throw .stepTooSmall(speed: speed, framesPerSecond: fps) }
        if let changeAt, !(0...1).contains(changeAt) { throw .changeFraction(changeAt) }
        if (changeAt == nil) != (changeTo == nil) { throw .changeIncomplete(fraction: changeAt, category: changeTo) }
        _ = try plotFormat()
        var configuration = ScrollSession.Configuration(viewportHeight: height)
        (configuration.framesPerSecond, configuration.speed) = (fps, speed)
        (configuration.estimate, configuration.maximumFrames) = (estimate, maximumFrames)
        if let changeAt, let changeTo { configuration.categoryChange = (changeAt, changeTo) }
        return configuration
    }

    /// The picture format the plot's path names (its extension, in any case); nil without a plot.
    public func plotFormat() throws(Problem) -> OutputFormat? {
        guard let plot else { return nil }
        guard let format = try? OutputFormat.resolve(nil, path: plot), format.isPicture else { throw .plotPath(plot) }
        return format
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
