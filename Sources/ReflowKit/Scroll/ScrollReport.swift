import Foundation
import Reflow

/// A finished scroll session as `reflow-cli scroll` reports it: a table of frames and the
/// totals for people, or the summary as JSON for scripts.
public struct ScrollReport {
    /// Which frames the text lists.
    public enum Frames: String, Sendable, CaseIterable {
        /// Every frame.
        case all
        /// Frames that measured units, went over budget or changed the text size.
        case work
        /// No frames, only the totals.
        case none
    }

    /// The session, run.
    public let session: ScrollSession
    /// The session's totals.
    public let summary: ScrollSession.Summary
    /// What the units are called in the totals: rows (a list), sections (a flow) or units (a screen).
    public var unitName: String
    /// Once the units the session did not reach are measured too, the lazy layout's frames are
    /// exactly those of an eager layout of the final text size (`LazyEagerCheck`, asked here,
    /// outside the session).
    public let lazyEqualsEager: Bool

    /// The report of `session`, which ran and gave `summary`; checks lazy against eager.
    public init(session: ScrollSession, summary: ScrollSession.Summary, unitName: String) throws {
        self.session = session
        self.summary = summary
        self.unitName = unitName
        lazyEqualsEager = try LazyEagerCheck.holds(viewport: session.viewport, planned: session.planned)
    }

    /// The summary and `lazyEqualsEager` as pretty-printed JSON with sorted keys, ending in a line feed.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(Encoded(summary: summary, lazyEqualsEager: lazyEqualsEager)) + Data("\n".utf8)
    }

    /// The summary's keys and `lazyEqualsEager` in one object.
    private struct Encoded: Encodable {
        let summary: ScrollSession.Summary
        let lazyEqualsEager: Bool

        enum Key: CodingKey { case lazyEqualsEager }

        func encode(to encoder: any Encoder) throws {
            try summary.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(lazyEqualsEager, forKey: .lazyEqualsEager)
        }
    }

    /// For people: the `frames` asked for, one line each, then the totals.
    public func text(frames: Frames) -> String {
        var out = ""
        if frames != .none {
            out += "frame   offset(pt)  measured  work(ms)  wall(ms)  height error(pt)  anchor jump(pt)\n"
            for frame in session.frames where frames == .all || frame.unitsMeasured > 0 || frame.overBudget || frame.categoryChanged {
                out += String(format: "%5d %12.1f %9d %9.3f %9.3f %17.1f %16.2f%@%@\n", frame.index, frame.contentOffset,
                              frame.unitsMeasured, frame.workMilliseconds, frame.wallMilliseconds, frame.contentHeightError,
                              frame.anchorJump,
                              frame.overBudget ? "  over budget" : "", frame.categoryChanged ? "  text size changed" : "")
            }
            out += "\n"
        }
        out += "frames \(summary.frames), over budget (\(String(format: "%.1f", summary.budgetMs)) ms) \(summary.framesOverBudget)\n"
        let (units, noun) = (summary.units, unitName)
        out += summary.unitsMeasured > units
            ? "\(noun) measured \(summary.unitsMeasured) times for \(units) \(noun) (a text-size change measures again)\n"
            : "\(noun) measured \(summary.unitsMeasured) of \(units)\n"
        out += Self.frameTimeLines(medianMs: summary.medianFrameMs, maxMs: summary.maxFrameMs, maxWallMs: summary.maxFrameWallMs,
                                   overBudgetWallClock: summary.framesOverBudgetWallClock)
        out += String(format: "estimate (%@): summed |estimated - final| y = %.0f pt\n", summary.estimate, summary.estimateError)
        out += String(format: "largest anchor movement on screen: %.2f pt\n", summary.maxAnchorJump)
        if let change = summary.textSizeChangeMs {
            out += String(format: "text size change: first complete screen in %.3f ms\n", change)
        }
        out += String(format: "final content height: %.1f pt\n", summary.finalContentHeight)
        out += "lazy equals eager (every unit measured, frames compared): \(lazyEqualsEager)\n"
        return out
    }
}

extension ScrollReport {
    /// The two lines on frame times that `scroll` and `scroll --reorder` print alike: the work per
    /// frame (CPU time) and the wall clock, which also counts time other processes held the core.
    static func frameTimeLines(medianMs: Double, maxMs: Double, maxWallMs: Double, overBudgetWallClock: Int) -> String {
        String(format: "work per frame (CPU time): median %.3f ms, max %.3f ms\n", medianMs, maxMs)
            + String(format: "wall clock per frame: max %.3f ms, over budget %d (includes time other processes held the core)\n",
                     maxWallMs, overBudgetWallClock)
    }
}
