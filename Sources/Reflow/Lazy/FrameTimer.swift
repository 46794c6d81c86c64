#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Times one frame's work two ways.
///
/// - `work`: CPU time of the calling thread (`CLOCK_THREAD_CPUTIME_ID`), the work the engine
///   itself did, page faults included. This is what a frame's budget is judged on.
/// - `wall`: elapsed wall-clock time, which also holds whatever else the machine ran while the
///   frame's thread waited for a core. On a shared 2-core machine another process can take the
///   core for 10 ms or more in the middle of a frame that measured nothing at all; such a frame
///   is over budget in wall time through no work of ours, so both are reported.
struct FrameTimer {
    struct Reading {
        var work: Double
        var wall: Double
    }

    private var workStart = 0.0
    private var wallStart = ContinuousClock.now

    mutating func start() {
        wallStart = ContinuousClock.now
        workStart = Self.threadCPUMilliseconds()
    }

    /// Milliseconds since `start()`.
    func stop() -> Reading {
        let work = Self.threadCPUMilliseconds() - workStart
        let elapsed = ContinuousClock.now - wallStart
        let wall = Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
        return Reading(work: max(0, work), wall: wall)
    }

    static func threadCPUMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1_000 + Double(time.tv_nsec) / 1e6
    }
}

/// A session's frame times against its budget, as `scroll` and `scroll --reorder` report them:
/// how many frames went over it (on the thread's CPU time, and in wall-clock time), and the
/// longest and median frame.
public struct FrameTimes: Hashable, Sendable {
    public var overBudget: Int
    public var overBudgetWallClock: Int
    public var maxMilliseconds: Double
    public var medianMilliseconds: Double
    public var maxWallMilliseconds: Double

    /// The times of frames whose work took `work` ms of CPU time and `wall` ms of wall-clock time
    /// each, against a budget of `budget` ms.
    public init(work: [Double], wall: [Double], budget: Double) {
        let sorted = work.sorted()
        overBudget = work.filter { $0 > budget }.count
        overBudgetWallClock = wall.filter { $0 > budget }.count
        maxMilliseconds = sorted.last ?? 0
        medianMilliseconds = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        maxWallMilliseconds = wall.max() ?? 0
    }
}
