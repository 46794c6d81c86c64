import TextMetrics

/// A simulated scroll from top to bottom at a steady speed, frame by frame, like the "science
/// panel" of a collection-view performance demo: what each frame measured, how long its work
/// took against the frame budget, how wrong the estimated content height was, and whether the
/// anchor moved on screen. It drives any `CollectionLayout` through the lazy engine.
public struct ScrollSession {
    /// How the session scrolls; the text size it starts at is its environment's category.
    public struct Configuration: Sendable {
        public var viewportHeight: Double
        public var framesPerSecond: Double = 60
        /// Scroll speed in points per second.
        public var speed: Double = 3_000
        public var estimate: Estimate = .automatic(initial: 44)
        /// Change the text size when this fraction of the content has been scrolled.
        public var categoryChange: (fraction: Double, to: ContentSizeCategory)?
        /// How far ahead to prefetch, in screens, and how many units per frame.
        public var prefetchScreens: Double = 1
        public var prefetchUnitsPerFrame: Int = 2
        /// The most frames a session runs: a tiny step (a slow speed at a high frame rate) would
        /// otherwise scroll for ever, keeping every frame. `run` throws `Failure.tooManyFrames` instead.
        public var maximumFrames = Self.defaultMaximumFrames
        /// More than twice the frames of a 60 fps scroll through 1,000,000 words at AX5 (857,004).
        public static let defaultMaximumFrames = 2_000_000

        public init(viewportHeight: Double) {
            self.viewportHeight = viewportHeight
        }

        /// The frame budget in milliseconds.
        public var budgetMilliseconds: Double { 1_000 / framesPerSecond }
    }

    public struct Frame: Hashable, Sendable, Codable {
        public var index: Int
        public var contentOffset: Double
        /// Units (rows, groups, flow sections) measured in this frame.
        public var unitsMeasured: Int
        /// CPU time of the frame's work on its thread: what the budget is judged on.
        public var workMilliseconds: Double
        /// Wall-clock time of the frame's work: its CPU time plus any time the thread waited
        /// for a core while another process ran.
        public var wallMilliseconds: Double
        /// The work took longer than the frame budget.
        public var overBudget: Bool
        /// |estimated content height − final content height| after this frame.
        public var contentHeightError: Double
        public var anchorJump: Double
        public var categoryChanged: Bool
    }

    public struct Summary: Hashable, Sendable, Codable {
        public var frames: Int
        public var framesOverBudget: Int
        public var maxAnchorJump: Double
        /// Units measured over the session (a text-size change measures again).
        public var unitsMeasured: Int
        /// The layout's units at the end (at the final text size).
        public var units: Int
        /// How wrong the layout's picture of the document was while scrolling: at 100 moments
        /// evenly spread over the session (after any text-size change), the sum over every row of
        /// |its y then − its final y|, averaged over those moments. In points.
        public var estimateError: Double
        /// The longest and the median frame's work (CPU time of the frame's thread).
        public var maxFrameMs: Double
        public var medianFrameMs: Double
        /// The same in wall-clock time, which includes preemption by other processes.
        public var maxFrameWallMs: Double
        public var framesOverBudgetWallClock: Int
        public var finalContentHeight: Double
        public var budgetMs: Double
        public var estimate: String
        /// The work of the frame that changed the text size: from the change to a complete
        /// screen (visible and prefetch cells measured at the new size), CPU time. Nil without
        /// a change.
        public var textSizeChangeMs: Double?
    }

    /// Why a session cannot reach the bottom.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// A frame's move (speed / fps) is below the point grid's step (1/64 pt), so the offset,
        /// which is snapped to that step, would never move. (The message's wording, "the layout
        /// unit", is output that tests and scripts read, so it stays.)
        case stepTooSmall(step: Double)
        /// `Configuration.maximumFrames` frames ran before the bottom (at `offset` of `end` pt).
        case tooManyFrames(limit: Int, step: Double, offset: Double, end: Double)

        /// What went wrong, without the remedy: the engine's message and the command line's
        /// (which names its options in the remedy) share it.
        public var problem: String {
            switch self {
            case .stepTooSmall(let step):
                "each frame would move \(JSONText.number(step)) pt, less than the point grid's step (1/64 pt), so the scroll would never move"
            case .tooManyFrames(let limit, let step, let offset, let end):
                "scrolling stopped after \(limit) frames at \(Int(offset)) of \(Int(end)) pt (each frame moves \(JSONText.number(step)) pt)"
            }
        }

        public var description: String {
            switch self {
            case .stepTooSmall: problem + "; raise the speed or lower the frame rate"
            case .tooManyFrames: problem + "; raise the speed, lower the frame rate, or allow more frames"
            }
        }
    }

    public private(set) var frames: [Frame] = []
    public private(set) var summary: Summary?
    /// The viewport at the end of the session (its layout holds the final frames).
    public private(set) var viewport: Viewport

    private let configuration: Configuration
    private let makeLayout: (ContentSizeCategory) throws -> MeasuringPlan
    /// The layout being scrolled (at the current text size).
    public private(set) var planned: MeasuringPlan

    /// A session over `layout` of `content` in `environment` (its category is the starting one),
    /// measuring with `sizer`.
    public init(layout: any CollectionLayout, content: CollectionContent, environment: LayoutEnvironment, sizer: CellSizer,
                configuration: Configuration) throws {
        self.configuration = configuration
        let makeLayout = { (category: ContentSizeCategory) throws -> MeasuringPlan in
            try MeasuringPlan(layout: layout, content: content, environment: environment.with(category: category), sizer: sizer)
        }
        self.makeLayout = makeLayout
        let planned = try MeasuringPlan(layout: layout, content: content, environment: environment, sizer: sizer)
        self.planned = planned
        viewport = Viewport(layout: planned.lazyLayout(estimate: configuration.estimate), height: configuration.viewportHeight,
                            prefetcher: Prefetcher(margin: configuration.viewportHeight * configuration.prefetchScreens,
                                                   unitsPerFrame: configuration.prefetchUnitsPerFrame),
                            source: planned.source)
    }

    /// Runs the session to the bottom. `progress` is called with the fraction scrolled.
    /// - Throws: `Failure` when the bottom cannot be reached, or not in `maximumFrames` frames;
    ///   what measuring a unit threw, after the frame that measured it (the unit was given the
    ///   44 pt minimum for that frame, never reported as a result).
    public mutating func run(progress: (Double) -> Void = { _ in }) throws -> Summary {
        var timer = FrameTimer()
        let step = configuration.speed / configuration.framesPerSecond
        guard step >= PointGrid.step else { throw Failure.stepTooSmall(step: step) }
        var offset = 0.0
        var changed = false
        var contentHeights: [Double] = []
        var index = 0
        var samples: [[Double]] = []
        var lastSample = -1
        while true {
            var categoryChanged = false
            var report: Viewport.FrameReport
            timer.start()
            if let change = configuration.categoryChange, !changed,
               offset >= change.fraction * max(0, viewport.contentHeight() - viewport.height) {
                changed = true
                categoryChanged = true
                planned = try makeLayout(change.to)
                report = viewport.changeLayout(to: planned.lazyLayout(estimate: configuration.estimate), source: planned.source)
                offset = viewport.contentOffset
            } else {
                report = viewport.scroll(to: offset)
            }
            let time = timer.stop()
            if let failure = planned.failure { throw failure }
            // The session reads no events; left in the log they would grow without bound, and
            // the log's reallocations would land in some frame's work.
            viewport.discardEvents()
            let contentHeight = viewport.contentHeight()
            contentHeights.append(contentHeight)
            frames.append(Frame(index: index, contentOffset: viewport.contentOffset, unitsMeasured: report.unitsMeasured,
                                workMilliseconds: time.work, wallMilliseconds: time.wall,
                                overBudget: time.work > configuration.budgetMilliseconds,
                                contentHeightError: 0, anchorJump: report.anchorJump, categoryChanged: categoryChanged))
            index += 1
            let maxOffset = max(0, contentHeight - viewport.height)
            let fraction = maxOffset > 0 ? min(1, viewport.contentOffset / maxOffset) : 1
            if categoryChanged { samples.removeAll() }
            if Int(fraction * 100) > lastSample || categoryChanged {
                lastSample = Int(fraction * 100)
                samples.append(viewport.layout.allY())
            }
            progress(fraction)
            if viewport.contentOffset >= maxOffset { break }
            guard index < configuration.maximumFrames else {
                throw Failure.tooManyFrames(limit: configuration.maximumFrames, step: step, offset: viewport.contentOffset,
                                            end: maxOffset)
            }
            offset = min(maxOffset, viewport.contentOffset + step)
        }
        let finalHeight = viewport.contentHeight()
        for index in frames.indices { frames[index].contentHeightError = abs(contentHeights[index] - finalHeight) }

        let finalY = viewport.layout.allY()
        var estimateError = 0.0
        for sample in samples {
            for row in sample.indices { estimateError += abs(sample[row] - finalY[row]) }
        }
        if !samples.isEmpty { estimateError /= Double(samples.count) }
        let times = FrameTimes(work: frames.map(\.workMilliseconds), wall: frames.map(\.wallMilliseconds),
                               budget: configuration.budgetMilliseconds)
        let summary = Summary(
            frames: frames.count,
            framesOverBudget: times.overBudget,
            maxAnchorJump: frames.map(\.anchorJump).max() ?? 0,
            unitsMeasured: viewport.unitsMeasured,
            units: viewport.layout.count,
            estimateError: estimateError,
            maxFrameMs: times.maxMilliseconds,
            medianFrameMs: times.medianMilliseconds,
            maxFrameWallMs: times.maxWallMilliseconds,
            framesOverBudgetWallClock: times.overBudgetWallClock,
            finalContentHeight: finalHeight,
            budgetMs: configuration.budgetMilliseconds,
            estimate: configuration.estimate.description,
            textSizeChangeMs: frames.first(where: \.categoryChanged)?.workMilliseconds)
        self.summary = summary
        return summary
    }
}
