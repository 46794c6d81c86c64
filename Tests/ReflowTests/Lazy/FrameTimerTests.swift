import Foundation
import Testing
@testable import Reflow

/// A frame's work is the CPU time of its thread, so a frame that only waits (as when another
/// process holds the core) is not over budget, while its wall-clock time still shows the wait.
@Suite struct FrameTimerTests {
    @Test func waitingCountsInWallTimeButNotAsWork() {
        var timer = FrameTimer()
        timer.start()
        usleep(30_000)
        let reading = timer.stop()
        #expect(reading.wall >= 30)
        #expect(reading.work < 10, "a thread that sleeps does no work, got \(reading.work) ms")
    }

    @Test func computingCountsAsWork() {
        var timer = FrameTimer()
        timer.start()
        var sink: UInt64 = 0x9E37_79B9_7F4A_7C15
        for step in 0..<20_000_000 { sink = (sink &* 6_364_136_223_846_793_005) &+ UInt64(step) }
        let reading = timer.stop()
        #expect(sink != 0)
        #expect(reading.work > 0)
        #expect(reading.wall >= reading.work * 0.9, "wall time includes the work: wall \(reading.wall), work \(reading.work)")
    }
}
