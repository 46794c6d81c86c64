import Foundation
import Reflow
import TextMetrics

/// `reflow-cli scroll FILE --reorder FROM:TO` run: a `ReorderSession` (the drag, frame by frame),
/// its totals, and whether the lazy layout of the order it ended with is that order's eager layout.
public struct ReorderRun {
    /// The finger's speed on screen when neither `fingerSpeed` nor `speed` is given, in points per second.
    public static let defaultFingerSpeed = 1_000.0

    /// The totals. Its JSON keeps `scroll`'s keys (`frames`, `framesOverBudget`,
    /// `maxAnchorJump`, …, with `lazyEqualsEager` beside them) and adds the drag's.
    public struct Summary: Hashable, Sendable, Codable {
        public var frames: Int
        public var framesOverBudget: Int
        /// The anchor's largest movement on screen in a frame (cells not dragged): 0 when all is well.
        public var maxAnchorJump: Double
        /// Units the viewport measured over the drag (as they came into view).
        public var unitsMeasured: Int
        public var units: Int
        /// For a drag: the mean over frames of |estimated content height − final content height|, in points.
        public var estimateError: Double
        public var maxFrameMs: Double
        public var medianFrameMs: Double
        public var maxFrameWallMs: Double
        public var framesOverBudgetWallClock: Int
        public var finalContentHeight: Double
        public var budgetMs: Double
        public var estimate: String
        /// The drag: FROM and TO as given, where the item is at the end, and whether it was cancelled.
        public var from: String
        public var to: String
        public var final: String
        public var cancelled: Bool
        public var paging: Bool
        /// The original index paths of the final section's cells (the moved item's), in their final order.
        public var order: [String]
        /// Cells the sizer measured over the drag, and of them while the order changed (0: no cell
        /// measured again).
        public var cellsMeasured: Int
        public var cellsMeasuredByMoves: Int
        /// Units placed again from the cache as the others flowed, and how often the target changed.
        public var unitsPlaced: Int
        public var targetChanges: Int
        /// The most the content offset moved in one frame to keep the anchor still as the order changed.
        public var maxOffsetAdjustment: Double
    }

    public let session: ReorderSession
    public let summary: Summary
    public let lazyEqualsEager: Bool
    /// What the units are called in the totals.
    public var unitName: String

    /// The run of `session` (run): totals, and lazy against eager (measured on a copy).
    public init(session: ReorderSession, estimate: Estimate, unitName: String) throws {
        self.session = session
        self.unitName = unitName
        let frames = session.frames
        let budget = session.configuration.budgetMilliseconds
        let times = FrameTimes(work: frames.map(\.workMilliseconds), wall: frames.map(\.wallMilliseconds), budget: budget)
        var viewport = session.viewport
        let written = { (path: Reflow.IndexPath) in "\(path.section).\(path.item)" }
        summary = Summary(
            frames: frames.count, framesOverBudget: times.overBudget,
            maxAnchorJump: frames.map(\.anchorJump).max() ?? 0,
            unitsMeasured: frames.reduce(0) { $0 + $1.unitsMeasured }, units: session.viewport.layout.count,
            estimateError: frames.isEmpty ? 0 : frames.reduce(0) { $0 + $1.contentHeightError } / Double(frames.count),
            maxFrameMs: times.maxMilliseconds, medianFrameMs: times.medianMilliseconds,
            maxFrameWallMs: times.maxWallMilliseconds, framesOverBudgetWallClock: times.overBudgetWallClock,
            finalContentHeight: viewport.contentHeight(), budgetMs: budget, estimate: estimate.description,
            from: written(session.source), to: written(session.goal), final: written(session.target),
            cancelled: session.configuration.cancels, paging: session.configuration.autoScroll.paging,
            order: session.order().map(written),
            cellsMeasured: frames.reduce(0) { $0 + $1.cellsMeasured }, cellsMeasuredByMoves: session.cellsMeasuredByMoves,
            unitsPlaced: frames.reduce(0) { $0 + $1.unitsPlaced }, targetChanges: session.targetChanges,
            maxOffsetAdjustment: frames.map { abs($0.offsetAdjustment) }.max() ?? 0)
        lazyEqualsEager = try LazyEagerCheck.holds(viewport: session.viewport, planned: session.planned)
    }

    /// The summary and `lazyEqualsEager` as pretty-printed JSON with sorted keys, ending in a line feed.
    public func json() throws -> Data {
        struct Encoded: Encodable {
            let summary: Summary
            let lazyEqualsEager: Bool
            enum Key: CodingKey { case lazyEqualsEager }
            func encode(to encoder: any Encoder) throws {
                try summary.encode(to: encoder)
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(lazyEqualsEager, forKey: .lazyEqualsEager)
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(Encoded(summary: summary, lazyEqualsEager: lazyEqualsEager)) + Data("\n".utf8)
    }

    /// For people: the `frames` asked for (`work`: frames that measured, placed, changed the
    /// target, ended or went over budget), then the totals and the final order around the item.
    public func text(frames: ScrollReport.Frames) -> String {
        var out = ""
        if frames != .none {
            out += "frame   offset(pt)  finger(pt)  target  measured  cells  placed  work(ms)  wall(ms)  anchor(pt)\n"
            var previous = session.source
            for frame in session.frames {
                let changed = frame.target != previous
                previous = frame.target
                guard frames == .all || frame.unitsMeasured > 0 || frame.unitsPlaced > 0 || frame.overBudget || frame.ended || changed
                else { continue }
                let target = "\(frame.target.section).\(frame.target.item)"
                out += String(format: "%5d %12.1f %11.1f %7@ %9d %6d %7d %9.3f %9.3f %11.2f%@%@\n", frame.index, frame.contentOffset,
                              frame.fingerY, target, frame.unitsMeasured, frame.cellsMeasured, frame.unitsPlaced,
                              frame.workMilliseconds, frame.wallMilliseconds, frame.anchorJump, frame.overBudget ? "  over budget" : "",
                              frame.ended ? (summary.cancelled ? "  cancelled" : "  dropped") : "")
            }
            out += "\n"
        }
        let s = summary
        out += "\(s.cancelled ? "cancelled" : "dropped"): \(s.from) dragged towards \(s.to), now at \(s.final)"
            + "\(s.paging ? " (paging)" : "")\n"
        out += "frames \(s.frames), over budget (\(String(format: "%.1f", s.budgetMs)) ms) \(s.framesOverBudget)\n"
        out += "\(unitName) measured \(s.unitsMeasured) of \(s.units); \(unitName) placed again from the cache \(s.unitsPlaced) "
            + "in \(s.targetChanges) target changes\n"
        out += "cells measured \(s.cellsMeasured), of them while the order changed \(s.cellsMeasuredByMoves)\n"
        out += ScrollReport.frameTimeLines(medianMs: s.medianFrameMs, maxMs: s.maxFrameMs, maxWallMs: s.maxFrameWallMs,
                                           overBudgetWallClock: s.framesOverBudgetWallClock)
        out += String(format: "largest anchor movement on screen (cells not dragged): %.2f pt; largest offset change keeping it: %.2f pt\n",
                      s.maxAnchorJump, s.maxOffsetAdjustment)
        out += String(format: "final content height: %.1f pt\n", s.finalContentHeight)
        out += "order of section \(session.target.section) (\(s.order.count) cells): \(Self.window(s.order, around: session.target.item))\n"
        out += "lazy equals eager (every unit measured, frames compared): \(lazyEqualsEager)\n"
        return out
    }

    /// `order` around `place`: three on each side, with the ends.
    static func window(_ order: [String], around place: Int) -> String {
        guard order.count > 9 else { return order.joined(separator: " ") }
        let low = max(0, place - 3), high = min(order.count, place + 4)
        return (low > 0 ? "\(order[0]) … " : "") + order[low..<high].joined(separator: " ")
            + (high < order.count ? " … \(order[order.count - 1])" : "")
    }

    /// The plot: work per frame against the budget, and the content offset (the auto-scroll)
    /// with the drop or cancel marked.
    public func plot(fonts: FontLibrary? = nil) -> ScrollPlot {
        let frames = session.frames
        var plot = ScrollPlot(work: frames.map(\.workMilliseconds), budget: summary.budgetMs,
                              lower: .init(title: "Content offset (pt): the view scrolling under the finger",
                                           values: frames.map(\.contentOffset), unit: "pt"),
                              markers: frames.filter(\.ended).map { ($0.index, summary.cancelled ? "cancelled" : "dropped") },
                              fonts: fonts)
        plot.pictureTitle = "Reorder session"
        return plot
    }
}

extension ScrollRequest {
    /// Runs the drag `reorder` names over `input`. Nil for an input without content.
    public func runReorder(_ input: LayoutInput, settings: TextSettings = TextSettings(), fonts: FontLibrary) throws -> ReorderRun? {
        let scroll = try configuration()
        try checkReorder()
        guard let reorder, input.content.cellCount > 0 else { return nil }
        var configuration = ReorderSession.Configuration(viewportHeight: scroll.viewportHeight)
        (configuration.framesPerSecond, configuration.estimate) = (scroll.framesPerSecond, scroll.estimate)
        configuration.fingerSpeed = fingerSpeed ?? ReorderRun.defaultFingerSpeed
        // --paging, or a screen whose scroll view pages (`"paging": true`).
        (configuration.cancels, configuration.autoScroll.paging) = (cancel, paging || input.isPagingEnabled)
        configuration.maximumFrames = maximumFrames
        let sizer = try CellSizer(fonts: fonts)
        let environment = try settings.layoutEnvironment(width: width, category: category, documentSettings: input.documentSettings)
        var session = try ReorderSession(layout: input.layout, content: input.content, environment: environment, sizer: sizer,
                                         source: reorder.from, goal: reorder.to, configuration: configuration)
        try session.run()
        return try ReorderRun(session: session, estimate: estimate, unitName: input.layout.unitName)
    }
}
