import Testing
import TextMetrics
@testable import Reflow

/// The headless viewport: anchors stay still, prefetching runs ahead, events come in order.
@Suite struct ViewportTests {
    /// A document of rows whose real heights vary a lot around a poor estimate.
    static func rows(_ count: Int) -> [Double] {
        (0..<count).map { (index: Int) -> Double in 44 + Double((index * 37) % 11) * 23.5 }
    }

    static func viewport(_ heights: [Double], estimate: Estimate, height: Double = 844) -> Viewport {
        let layout = LazyLayoutTests.list(heights: heights, keys: heights.map { _ in 0 }, spacing: 0,
                                          top: 0, bottom: 0, estimate: estimate)
        return Viewport(layout: layout, height: height, prefetcher: Prefetcher(margin: 844, unitsPerFrame: 2),
                        source: .rows { heights[$0] })
    }

    static func row(_ index: Int) -> IndexPath { IndexPath(item: index, section: 0) }

    static func items(_ paths: [IndexPath]) -> [Int] {
        #expect(paths.allSatisfy { $0.section == 0 })
        return paths.map(\.item)
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
            #expect(viewport.layout.measuredUnits == heights.count)
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
        #expect(first.contains(.willDisplay(Self.row(0))))
        // Jump deep into the document, go on down, then turn back up.
        viewport.scroll(toItem: Self.row(100))
        let deep = viewport.contentOffset
        viewport.scroll(to: deep + 50)
        _ = viewport.drainEvents()
        viewport.scroll(to: deep - 100)
        let events = viewport.drainEvents()
        #expect(events.contains { if case .cancelPrefetch = $0 { true } else { false } })
        let upward = events.compactMap { event -> [Int]? in if case .prefetch(let rows) = event { Self.items(rows) } else { nil } }.last ?? []
        #expect(!upward.isEmpty)
        #expect(upward == upward.sorted(by: >), "scrolling up prefetches nearest (highest) rows first")
    }

    @Test func measuringAboveTheAnchorMovesTheOffsetNotTheScreen() throws {
        let heights = Self.rows(300)
        var viewport = Self.viewport(heights, estimate: .fixed(60))
        let scrolled = viewport.scroll(toItem: Self.row(150))
        let report = try #require(scrolled)
        #expect(report.unitsMeasured > 0)
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

    @Test func aTextSizeChangeKeepsTheAnchorAndMeasuresTheScreenAtOnce() throws {
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
        let next = LazyLayoutTests.list(heights: large, keys: large.map { _ in 0 }, spacing: 0, top: 0, bottom: 0,
                                        estimate: .automatic(initial: 44))
        let report = viewport.changeLayout(to: next, source: .rows { large[$0] })
        #expect(report.anchorJump == 0)
        var after = viewport.layout
        #expect(after.y(of: anchor) - viewport.contentOffset == screenY)
        let visibleNow = viewport.visibleUnits()
        let visible = try #require(visibleNow)
        #expect(visible.allSatisfy { viewport.layout.isMeasured($0) })
    }

    /// A screen whose top is in the spacing below a row anchors on the row below it, the one the
    /// reader sees at the top: a text-size change keeps that row where it is on the screen (the
    /// row above, off the screen, grows, and the anchor used to be it).
    @Test func aTopInTheSpacingAnchorsTheRowBelowIt() throws {
        let small = (0..<200).map { 40 + Double($0 % 5) * 12 }
        let large = small.map { $0 * 2.5 }
        let list = { (heights: [Double]) in
            LazyLayoutTests.list(heights: heights, keys: heights.map { _ in 0 }, spacing: 16, top: 0, bottom: 0,
                                 estimate: .automatic(initial: 44))
        }
        var viewport = Viewport(layout: list(small), height: 844, prefetcher: Prefetcher(margin: 844), source: .rows { small[$0] })
        viewport.scroll(to: 3000)
        var measured = viewport.layout
        let above = measured.index(at: viewport.contentOffset)
        viewport.scroll(to: measured.y(of: above) + measured.height(of: above) + 4)  // 4 pt into the 16 pt spacing
        var before = viewport.layout
        let screenY = before.y(of: above + 1) - viewport.contentOffset
        #expect(screenY == 12)
        let report = viewport.changeLayout(to: list(large), source: .rows { large[$0] })
        var after = viewport.layout
        #expect(after.y(of: above + 1) - viewport.contentOffset == screenY, "the row below the spacing stays where it was")
        #expect(report.anchorJump == 0)
    }

    /// A layout may cut its content into other units at another text size (a grid that drops to
    /// one column); the anchor is the cell, not the unit, and keeps its screen position.
    @Test func theAnchorIsACellWhenUnitsAreCutAnew() throws {
        // 400 cells: first in rows of two (200 units), then one per unit.
        let pairs = (0..<200).map { 60 + Double($0 % 7) * 10 }
        let singles = (0..<400).map { 90 + Double($0 % 5) * 20 }
        let pairSource = Viewport.Source(measure: { pairs[$0] },
                                         indexPaths: { [IndexPath(item: 2 * $0, section: 0), IndexPath(item: 2 * $0 + 1, section: 0)] },
                                         unitContaining: { $0.item / 2 })
        let layout = LazyLayoutTests.list(heights: pairs, keys: pairs.map { _ in 0 }, spacing: 0, top: 0, bottom: 0,
                                          estimate: .automatic(initial: 44))
        var viewport = Viewport(layout: layout, height: 844, prefetcher: Prefetcher(margin: 844), source: pairSource)
        var offset = 0.0
        for _ in 0..<60 {
            offset += 97
            viewport.scroll(to: offset)
            offset = viewport.contentOffset
        }
        var before = viewport.layout
        let anchorUnit = before.index(at: viewport.contentOffset)
        let anchorCell = 2 * anchorUnit
        let screenY = before.y(of: anchorUnit) - viewport.contentOffset
        let next = LazyLayoutTests.list(heights: singles, keys: singles.map { _ in 0 }, spacing: 0, top: 0, bottom: 0,
                                        estimate: .automatic(initial: 44))
        let report = viewport.changeLayout(to: next, source: .rows { singles[$0] })
        #expect(report.anchorJump == 0)
        var after = viewport.layout
        #expect(after.y(of: anchorCell) - viewport.contentOffset == screenY, "cell \(anchorCell) stays where it was on screen")
        #expect(viewport.visibleIndexPaths().first == IndexPath(item: anchorCell, section: 0) || screenY < 0)
    }
}
