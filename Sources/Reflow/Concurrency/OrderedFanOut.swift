import Dispatch
import TextMetrics

/// Runs numbered pieces of work on several threads and hands their results back in number
/// order, each as soon as it and every piece before it are done: the one fan-out behind
/// `CategorySweep` (text sizes, a thread per optical cut) and `reflow-cli lines --jobs N`
/// (runs of paragraphs, a thread per run).
///
/// Work is given as lanes: each lane is a list of piece numbers done in that order on one
/// thread, with state of its own made on that thread (a typesetter, a sizer: things that are
/// not thread-safe). Nothing is kept once delivered, so a caller that writes each result out
/// holds at most the results waiting for an earlier one.
///
/// A lane that runs out of pieces may take the last piece still queued in another lane
/// (`Stealing`): a sweep's two cuts hold five and seven text sizes, and without it one thread
/// idles while the other does its last two.
public enum OrderedFanOut {
    /// Whether a lane with nothing left takes a piece queued in another lane (from the end of the
    /// lane with the most left), with its own state.
    public enum Stealing: Sendable {
        /// Each lane does its own pieces only.
        case never
        /// When that is expected to end the work sooner. A lane's first piece costs more than
        /// its others (what a lane does once: a sweep's lane shapes its cut's paragraphs), and a
        /// piece of another lane costs the taker about that again: it takes one only if it can
        /// do it, that extra included, before the owner would reach it, by the pieces' times so far.
        case whenSooner
        /// Whenever a lane runs out (for tests).
        case always
    }

    /// Delivers `produce` of every piece `0..<count` to `deliver`, in piece order.
    /// - Parameters:
    ///   - lanes: piece numbers per thread; together they hold each of `0..<count` exactly once.
    ///   - setUp: makes a lane's state, on the lane's thread; called with the lane's index.
    ///   - produce: the result of one piece, with the lane's state.
    ///   - deliver: called with a piece's number and result, one call at a time, in order. An
    ///     error it throws stops the work and is rethrown.
    ///   - progress: called with the fraction of pieces done each time one is, one call at a time.
    /// - Throws: the first error of `setUp`, `produce` or `deliver`; no piece is delivered after it.
    ///   - stealing: whether a lane out of pieces takes one queued in another (`Stealing`).
    public static func forEach<State, Value: Sendable>(
        lanes: [[Int]], count: Int, stealing: Stealing = .never,
        setUp: @Sendable (Int) throws -> State,
        produce: @Sendable (inout State, Int) throws -> Value,
        deliver: @Sendable (Int, Value) throws -> Void,
        progress: (@Sendable (Double) -> Void)? = nil
    ) throws {
        precondition(lanes.reduce(0) { $0 + $1.count } == count, "lanes must hold each piece once")
        let state = Locked(Delivery<Value>(queues: lanes.map { LaneQueue(queued: $0[...]) }))
        DispatchQueue.concurrentPerform(iterations: lanes.count) { lane in
            do {
                var laneState = try setUp(lane)
                while let piece = state.withLock({ $0.failure == nil ? $0.take(for: lane, stealing: stealing) : nil }) {
                    let value = try produce(&laneState, piece)
                    state.withLock { state in
                        state.queues[lane].finish()
                        guard state.failure == nil else { return }
                        state.waiting[piece] = value
                        state.done += 1
                        progress?(Double(state.done) / Double(count))
                        while let ready = state.waiting.removeValue(forKey: state.next) {
                            do {
                                try deliver(state.next, ready)
                            } catch {
                                state.failure = error
                                state.waiting.removeAll()
                                return
                            }
                            state.next += 1
                        }
                    }
                }
            } catch {
                state.withLock { if $0.failure == nil { $0.failure = error } }
            }
        }
        if let failure = state.withLock({ $0.failure }) { throw failure }
    }

    /// Lanes for `count` pieces on at most `threads` threads (at least one when there are
    /// pieces, none when there are none): pieces dealt round-robin, so each lane holds pieces
    /// from the whole range and its numbers ascend.
    public static func roundRobin(count: Int, threads: Int) -> [[Int]] {
        guard count > 0 else { return [] }
        let lanes = min(max(1, threads), count)
        return (0..<lanes).map { lane in Array(stride(from: lane, to: count, by: lanes)) }
    }

    /// `produce` of every piece `0..<count`, in piece order (see `forEach`).
    public static func map<State, Value: Sendable>(
        lanes: [[Int]], count: Int, stealing: Stealing = .never,
        setUp: @Sendable (Int) throws -> State,
        produce: @Sendable (inout State, Int) throws -> Value,
        progress: (@Sendable (Double) -> Void)? = nil
    ) throws -> [Value] {
        let values = Locked<[Value]>([])
        try forEach(lanes: lanes, count: count, stealing: stealing, setUp: setUp, produce: produce,
                    deliver: { _, value in values.withLock { $0.append(value) } }, progress: progress)
        return values.withLock { $0 }
    }
}

/// What `OrderedFanOut.forEach` knows while its lanes run: each lane's queue, finished values
/// waiting for an earlier piece, the next piece to deliver, how many are done, the first error.
struct Delivery<Value> {
    var queues: [LaneQueue]
    var waiting: [Int: Value] = [:]
    var next = 0
    var done = 0
    var failure: (any Error)?

    /// The next piece for `lane`: its own next one, else (as `stealing` allows) the last one
    /// queued in the lane with the most left; nil when the lane is done. Starts the piece's clock.
    mutating func take(for lane: Int, stealing: OrderedFanOut.Stealing) -> Int? {
        let now = DispatchTime.now().uptimeNanoseconds
        if let piece = queues[lane].queued.popFirst() {
            queues[lane].start(at: now)
            return piece
        }
        guard stealing != .never,
              let victim = queues.indices.filter({ $0 != lane && !queues[$0].queued.isEmpty })
                  .max(by: { queues[$0].queued.count < queues[$1].queued.count }),
              stealing == .always || queues[lane].takingIsSooner(from: queues[victim], at: now),
              let piece = queues[victim].queued.popLast() else { return nil }
        queues[lane].start(at: now)
        return piece
    }
}

/// One lane's pieces not yet started, and the times of those it did (in nanoseconds).
struct LaneQueue {
    var queued: ArraySlice<Int>
    /// When the piece being done now started (nil: none).
    var started: UInt64?
    var first: UInt64?
    var laterTotal: UInt64 = 0
    var laterCount: UInt64 = 0

    mutating func start(at time: UInt64) { started = time }

    mutating func finish() {
        guard let started else { return }
        let took = DispatchTime.now().uptimeNanoseconds &- started
        if first == nil { first = took } else { (laterTotal, laterCount) = (laterTotal + took, laterCount + 1) }
        self.started = nil
    }

    /// A piece's usual time: the mean of the pieces after the first, else the first's.
    var usual: Double? {
        laterCount > 0 ? Double(laterTotal) / Double(laterCount) : first.map(Double.init)
    }

    /// What the first piece cost beyond a usual one: what a lane does once.
    var overhead: Double { max(0, Double(first ?? 0) - (usual ?? 0)) }

    /// Whether this lane, idle at `now`, would end `victim`'s work sooner by taking its last
    /// queued piece: done here (this lane's once-only work again, then a piece at the victim's
    /// usual time) against the victim's current piece and then every queued one.
    func takingIsSooner(from victim: LaneQueue, at now: UInt64) -> Bool {
        guard let piece = victim.usual ?? usual else { return false }
        let current = victim.started.map { max(0, piece - Double(now &- $0)) } ?? 0
        let queued = Double(victim.queued.count)
        let without = current + queued * piece
        let with = max(overhead + piece, current + (queued - 1) * piece)
        return with < without
    }
}
