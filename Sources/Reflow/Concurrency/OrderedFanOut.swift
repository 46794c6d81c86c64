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
public enum OrderedFanOut {
    /// Delivers `produce` of every piece `0..<count` to `deliver`, in piece order.
    /// - Parameters:
    ///   - lanes: piece numbers per thread; together they hold each of `0..<count` exactly once.
    ///   - setUp: makes a lane's state, on the lane's thread; called with the lane's index.
    ///   - produce: the result of one piece, with the lane's state.
    ///   - deliver: called with a piece's number and result, one call at a time, in order. An
    ///     error it throws stops the work and is rethrown.
    ///   - progress: called with the fraction of pieces done each time one is, one call at a time.
    /// - Throws: the first error of `setUp`, `produce` or `deliver`; no piece is delivered after it.
    public static func forEach<State, Value: Sendable>(
        lanes: [[Int]], count: Int,
        setUp: @Sendable (Int) throws -> State,
        produce: @Sendable (inout State, Int) throws -> Value,
        deliver: @Sendable (Int, Value) throws -> Void,
        progress: (@Sendable (Double) -> Void)? = nil
    ) throws {
        precondition(lanes.reduce(0) { $0 + $1.count } == count, "lanes must hold each piece once")
        let state = Locked(Delivery<Value>())
        DispatchQueue.concurrentPerform(iterations: lanes.count) { lane in
            do {
                var laneState = try setUp(lane)
                for piece in lanes[lane] {
                    guard state.withLock({ $0.failure == nil }) else { return }
                    let value = try produce(&laneState, piece)
                    state.withLock { state in
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
        lanes: [[Int]], count: Int,
        setUp: @Sendable (Int) throws -> State,
        produce: @Sendable (inout State, Int) throws -> Value,
        progress: (@Sendable (Double) -> Void)? = nil
    ) throws -> [Value] {
        let values = Locked<[Value]>([])
        try forEach(lanes: lanes, count: count, setUp: setUp, produce: produce,
                    deliver: { _, value in values.withLock { $0.append(value) } }, progress: progress)
        return values.withLock { $0 }
    }
}

/// What `OrderedFanOut.forEach` knows while its lanes run: finished values waiting for an
/// earlier piece, the next piece to deliver, how many are done, the first error.
private struct Delivery<Value> {
    var waiting: [Int: Value] = [:]
    var next = 0
    var done = 0
    var failure: (any Error)?
}
