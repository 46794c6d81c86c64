import Foundation
import Synchronization
import Testing
@testable import Reflow

/// A lane out of pieces taking one queued in another (`OrderedFanOut.Stealing`): every piece is
/// still done once and delivered in order, and a lane takes one only when that is expected to
/// end the work sooner.
@Suite struct FanOutStealingTests {
    /// Lanes of very different lengths, pieces of random lengths, a lane taking whenever it runs
    /// out: every piece is still done once and delivered in order.
    @Test(arguments: [OrderedFanOut.Stealing.always, .whenSooner])
    func everyPieceIsDoneOnceAndDeliveredInOrder(stealing: OrderedFanOut.Stealing) throws {
        let delivered = Mutex<[Int]>([]), produced = Mutex<[Int]>([])
        try OrderedFanOut.forEach(
            lanes: [[0, 1], Array(2..<30)], count: 30, stealing: stealing, setUp: { $0 },
            produce: { _, piece in
                usleep(useconds_t((piece * 7919) % 13 * 100))
                produced.withLock { $0.append(piece) }
                return piece * 10
            },
            deliver: { piece, value in
                #expect(value == piece * 10)
                delivered.withLock { $0.append(piece) }
            })
        #expect(delivered.withLock { $0 } == Array(0..<30))
        #expect(produced.withLock { $0 }.sorted() == Array(0..<30), "each piece produced once")
    }

    /// What a lane that ran out is given next, one step at a time (no threads): its own pieces
    /// first; then the last piece queued in the lane with the most left, as the policy allows.
    @Test func aLaneOutOfPiecesTakesTheLastOneQueuedInAnother() {
        var always = Delivery<Int>(queues: [LaneQueue(queued: [0][...]), LaneQueue(queued: [1, 2, 3, 4, 5][...]),
                                            LaneQueue(queued: [6, 7][...])])
        #expect(always.take(for: 1, stealing: .always) == 1, "a lane's own pieces first")
        #expect(always.take(for: 0, stealing: .always) == 0)
        #expect(always.take(for: 0, stealing: .always) == 5, "then the last one of the lane with the most left")
        #expect(always.take(for: 0, stealing: .always) == 4)
        #expect(always.take(for: 0, stealing: .always) == 3)
        #expect(always.take(for: 0, stealing: .always) == 7, "lanes 1 and 2 have one each left now")
        #expect(always.take(for: 1, stealing: .always) == 2)
        #expect(always.take(for: 1, stealing: .always) == 6)
        #expect(always.take(for: 1, stealing: .always) == nil, "nothing left anywhere")

        var never = Delivery<Int>(queues: [LaneQueue(queued: [0][...]), LaneQueue(queued: [1, 2, 3][...])])
        #expect(never.take(for: 0, stealing: .never) == 0)
        #expect(never.take(for: 0, stealing: .never) == nil, "each lane does its own")
        #expect(never.take(for: 1, stealing: .never) == 1)
    }

    /// The estimate `whenSooner` goes by, in milliseconds: a lane's first piece costs its
    /// once-only work on top of a usual piece, and a taken piece costs the taker that again.
    @Test func aPieceIsTakenOnlyWhenThatEndsTheWorkSooner() {
        func lane(first: Double, later: [Double], queued: Int, startedAgo: Double?, now: UInt64) -> LaneQueue {
            var queue = LaneQueue(queued: Array(repeating: 0, count: queued)[...])
            queue.first = UInt64(first * 1e6)
            queue.laterTotal = UInt64(later.reduce(0, +) * 1e6)
            queue.laterCount = UInt64(later.count)
            queue.started = startedAgo.map { now - UInt64($0 * 1e6) }
            return queue
        }
        let now: UInt64 = 10_000_000_000
        // A sweep's cuts: sizes of 800 ms, once-only work of 100 ms. The thief is done with five;
        // the owner has just started its sixth and has a seventh queued: taking it saves 700 ms.
        let thief = lane(first: 900, later: [800, 800, 800, 800], queued: 0, startedAgo: nil, now: now)
        let owner = lane(first: 900, later: [800, 800, 800, 800], queued: 1, startedAgo: 10, now: now)
        #expect(thief.takingIsSooner(from: owner, at: now))
        // The owner is about to finish its piece and start the last one: no faster elsewhere.
        #expect(!thief.takingIsSooner(from: lane(first: 900, later: [800, 800, 800, 800], queued: 1, startedAgo: 790, now: now), at: now))
        // Lines of a long document: pieces of 30 ms, but the lane's first took 400 ms (shaping it).
        let shaper = lane(first: 400, later: [30, 30], queued: 0, startedAgo: nil, now: now)
        #expect(!shaper.takingIsSooner(from: lane(first: 400, later: [30, 30], queued: 3, startedAgo: 5, now: now), at: now))
        // Many left in the owner's queue: worth the once-only work again.
        #expect(shaper.takingIsSooner(from: lane(first: 400, later: [30, 30], queued: 40, startedAgo: 5, now: now), at: now))
    }
}
