import Testing
@testable import Reflow

/// The headless viewport: anchors stay still, prefetching runs ahead, events come in order.
@Suite struct ViewportTests {
    /// A document of rows whose real heights vary a lot around a poor estimate.
    static func rows(_ count: Int) -> [Double] {
        (0..<count).map { 44 + Double(($0 * 37) % 11) * 23.5 }
    }

    static func viewport(_ heights: [Double], estimate: Estimate, height: Double = 844) -> Viewport {
        let layout = LazyListLayoutTests.list(heights: heights, keys: heights.map { _ in 0 }, spacing: 0,
                                              top: 0, bottom: 0, estimate: estimate)
        return Viewport(layout: layout, height: height, prefetcher: Prefetcher(margin: 844, cellsPerFrame: 2)) { heights[$0] }
    }

    @Test func scrollingThroughEndsInTheEagerFramesWithTheAnchorStill() {
        let heights = Self.rows(400)
        for estimate in [Estimate.fixed(200), .automatic(initial: 44)] {
            var viewport = Self.viewport(heights, estimate: estimate)
            var offset = 0.0
            var frames = 0
            while true {
                let report = viewport.scroll(to: offset)
                #expect(report.anchorJump == 0)
                let maxOffset = viewport.contentHeight() - viewport.height
                if offset >= maxOffset { break }
                offset = min(maxOffset, viewport.contentOffset + 50)
                frames += 1
            }
            #expect(viewport.layout.measuredRows == heights.count)
            var layout = viewport.layout
            var y = 0.0
            for row in heights.indices {
                #expect(layout.y(of: row) == y)
                y += heights[row]
            }
        }
    }

    @Test func prefetchIsNearestFirstAndCancelledWhenTheDirectionReverses() {
        var viewport = Self.viewport(Self.rows(200), estimate: .fixed(100))
        viewport.scroll(to: 0)
        let first = viewport.drainEvents()
        guard case .prefetch(let ahead)? = first.first(where: { if case .prefetch = $0 { true } else { false } }) else {
            Issue.record("no prefetch after the first frame: \(first)")
            return
        }
        #expect(ahead == ahead.sorted(), "scrolling down prefetches nearest (lowest) rows first")
        #expect(first.contains(.willDisplay(0)))
        // Jump deep into the document, go on down, then turn back up.
        viewport.scrollToRow(100)
        let deep = viewport.contentOffset
        viewport.scroll(to: deep + 50)
        _ = viewport.drainEvents()
        viewport.scroll(to: deep - 100)
        let events = viewport.drainEvents()
        #expect(events.contains { if case .cancelPrefetch = $0 { true } else { false } })
        let upward = events.compactMap { event -> [Int]? in if case .prefetch(let rows) = event { rows } else { nil } }.last ?? []
        #expect(!upward.isEmpty)
        #expect(upward == upward.sorted(by: >), "scrolling up prefetches nearest (highest) rows first")
    }

    @Test func measuringAboveTheAnchorMovesTheOffsetNotTheScreen() {
        let heights = Self.rows(300)
        var viewport = Self.viewport(heights, estimate: .fixed(60))
        let report = viewport.scrollToRow(150)
        #expect(report.cellsMeasured > 0)
        var layout = viewport.layout
        #expect(viewport.contentOffset == layout.y(of: 150), "scroll to a row lands exactly on it")
        // Scroll up through rows measured for the first time; the anchor never jumps.
        var offset = viewport.contentOffset
        for _ in 0..<200 {
            offset -= 40
            let report = viewport.scroll(to: offset)
            #expect(report.anchorJump == 0)
            offset = viewport.contentOffset
        }
    }

    @Test func aTextSizeChangeKeepsTheAnchorAndMeasuresTheScreenAtOnce() {
        let small = Self.rows(500)
        let large = small.map { $0 * 2.5 }
        var viewport = Self.viewport(small, estimate: .automatic(initial: 44))
        var offset = 0.0
        for _ in 0..<100 {
            offset += 60
            viewport.scroll(to: offset)
            offset = viewport.contentOffset
        }
        var before = viewport.layout
        let anchor = before.index(at: viewport.contentOffset)
        let screenY = before.y(of: anchor) - viewport.contentOffset
        let report = viewport.changeTextSize(offsets: Array(repeating: 0, count: 500), endOffset: 0) { large[$0] }
        #expect(report.anchorJump == 0)
        var after = viewport.layout
        #expect(after.y(of: anchor) - viewport.contentOffset == screenY)
        if let visible = viewport.visibleRows() {
            #expect(visible.allSatisfy { viewport.layout.isMeasured($0) })
        }
    }
}
