import Foundation
import Synchronization
import Testing
import Reflow

@Suite struct OrderedFanOutTests {
    struct Failure: Error, Equatable { let piece: Int }

    /// Lanes that finish out of order (the later pieces are quicker) still deliver 0, 1, 2, … once each.
    @Test(arguments: [1, 2, 3, 7])
    func deliversEveryPieceOnceInOrderWhateverFinishesFirst(laneCount: Int) throws {
        let count = 40
        let lanes = (0..<laneCount).map { lane in Array(stride(from: lane, to: count, by: laneCount)) }
        let delivered = Mutex<[Int]>([])
        try OrderedFanOut.forEach(
            lanes: lanes, count: count, setUp: { _ in () },
            produce: { _, piece in
                usleep(useconds_t((count - piece) * 100))
                return piece * piece
            },
            deliver: { piece, value in
                #expect(value == piece * piece)
                delivered.withLock { $0.append(piece) }
            })
        #expect(delivered.withLock { $0 } == Array(0..<count))
    }

    /// Each lane's state is made once, on the lane, and carried from piece to piece.
    @Test func laneStateIsMadeOncePerLaneAndKeptAcrossItsPieces() throws {
        let setUps = Atomic<Int>(0)
        let values = try OrderedFanOut.map(
            lanes: [[0, 2, 4], [1, 3, 5]], count: 6,
            setUp: { lane in
                setUps.add(1, ordering: .relaxed)
                return (lane: lane, seen: 0)
            },
            produce: { state, piece in
                state.seen += 1
                return "\(piece):\(state.lane):\(state.seen)"
            })
        #expect(values == ["0:0:1", "1:1:1", "2:0:2", "3:1:2", "4:0:3", "5:1:3"])
        #expect(setUps.load(ordering: .relaxed) == 2)
    }

    /// A piece that fails stops the work: the error comes out, and nothing at or after it is delivered.
    @Test func aFailingPieceStopsTheDeliveryAndIsRethrown() {
        let delivered = Mutex<[Int]>([])
        #expect(throws: Failure(piece: 5)) {
            try OrderedFanOut.forEach(
                lanes: [Array(0..<10)], count: 10, setUp: { _ in () },
                produce: { _, piece in
                    if piece == 5 { throw Failure(piece: piece) }
                    return piece
                },
                deliver: { piece, _ in delivered.withLock { $0.append(piece) } })
        }
        #expect(delivered.withLock { $0 } == [0, 1, 2, 3, 4])
    }

    /// An error from `deliver` (a full disk) stops the lanes too and is rethrown.
    @Test func aFailingDeliveryStopsTheWork() {
        let produced = Atomic<Int>(0)
        #expect(throws: Failure(piece: 2)) {
            try OrderedFanOut.forEach(
                lanes: [Array(0..<100)], count: 100, setUp: { _ in () },
                produce: { _, piece in
                    produced.add(1, ordering: .relaxed)
                    return piece
                },
                deliver: { piece, _ in if piece == 2 { throw Failure(piece: piece) } })
        }
        #expect(produced.load(ordering: .relaxed) == 3, "no piece is produced after the delivery failed")
    }

    /// Progress comes once per piece, one call at a time, rising to 1.
    @Test func progressRisesOncePerPiece() throws {
        let seen = Mutex<[Double]>([])
        _ = try OrderedFanOut.map(lanes: [[0, 1], [2, 3]], count: 4, setUp: { _ in () }, produce: { _, piece in piece },
                                  progress: { fraction in seen.withLock { $0.append(fraction) } })
        #expect(seen.withLock { $0 } == [0.25, 0.5, 0.75, 1])
    }
}
