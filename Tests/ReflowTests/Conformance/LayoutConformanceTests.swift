import Testing
import TextMetrics
@testable import Reflow
import TestSupport

/// The layout contract (`CollectionLayout`; DESIGN.md, "Correctness we can check against others"
/// and "Tests"), checked the same way for every layout kind in `ConformanceCase.all`: lists,
/// flows, word cells, Markdown tables and compositional screens, on the bundled examples, in the
/// table's environments (`ConformanceCase.environments`: xS, L, xxxL and AX5 at 320, 390 and
/// 768 pt). The checks themselves are `LayoutContract`'s, over plain values.
@Suite struct LayoutConformanceTests {
    /// One eager layout of a test case, with what made it.
    struct Laid {
        let layout: any CollectionLayout
        let content: CollectionContent
        let sizer: CellSizer
        let environment: LayoutEnvironment
        let snapshot: LayoutSnapshot

        /// The layout planned for the environment, for the lazy engine, nothing measured.
        func planned() throws -> MeasuringPlan {
            try MeasuringPlan(layout: layout, content: content, environment: environment, sizer: sizer)
        }
    }

    /// Lays `conformance` out in every environment of the table (one sizer, whose cache serves
    /// them all) and expects `violations` of each layout to be empty.
    static func check(_ conformance: ConformanceCase, sourceLocation: Testing.SourceLocation = #_sourceLocation,
                      violations: (Laid) throws -> [String]) throws {
        let (layout, content) = try conformance.subject()
        let sizer = try Fixtures.sizer()
        for environment in ConformanceCase.environments {
            let laid = Laid(layout: layout, content: content, sizer: sizer, environment: environment,
                            snapshot: try layout.layout(content, in: environment, sizer: sizer))
            let found = try violations(laid)
            #expect(found.isEmpty, "\(conformance) at \(environment.label): \(found.joined(separator: "; "))",
                    sourceLocation: sourceLocation)
        }
    }

    // MARK: 1. No overlap

    @Test(arguments: ConformanceCase.all)
    func cellsDoNotOverlap(_ conformance: ConformanceCase) throws {
        try Self.check(conformance) { LayoutContract.overlaps($0.snapshot.elements) }
    }

    // MARK: 2. Frames inside the content

    @Test(arguments: ConformanceCase.all)
    func framesLieInsideTheContent(_ conformance: ConformanceCase) throws {
        try Self.check(conformance) { laid in
            let snapshot = laid.snapshot, width = laid.environment.containerWidth
            let overflow = conformance.overflow.flatMap { width < $0.belowWidth ? $0.reason : nil }
            var found = LayoutContract.outsideContent(snapshot.elements, contentSize: snapshot.contentSize,
                                                      orthogonalSections: snapshot.plan.orthogonalSections,
                                                      scrollingWidths: snapshot.scrollingWidths, allowingOverflow: overflow != nil)
            // Where the case is wider than the container on purpose, it is: the exemption is still needed.
            if let overflow, !snapshot.elements.contains(where: { $0.frame.maxX > width }) {
                found.append("it fits now: drop its exemption (\(overflow))")
            }
            return found
        }
    }

    // MARK: 3. 44 pt where touchable

    @Test(arguments: ConformanceCase.all)
    func touchableCellsAreAtLeast44PointsTallOrReported(_ conformance: ConformanceCase) throws {
        try Self.check(conformance) {
            try LayoutContract.touchViolations($0.snapshot.elements, warnings: $0.snapshot.warnings, content: $0.content)
        }
    }

    // MARK: 4. Lazy = eager

    /// The lazy engine driven from outside any scroll session: the plan, a lazy layout with an
    /// automatic estimate, and a viewport that measures every unit in its own order (the middle
    /// first, then up a screen at a time to the top, then from the middle down to the bottom),
    /// keeping its anchor still as estimates give way to measured heights. Once every unit is
    /// measured, every unit's top and height, every element's frame (each unit's, then each
    /// section's background from the lazy section marks), the content height, and the screens the
    /// lazy engine draws (pinned headers included) equal the eager layout's bit for bit.
    @Test(arguments: ConformanceCase.all)
    func theLazyEngineEndsInTheEagerFrames(_ conformance: ConformanceCase) throws {
        try Self.check(conformance) { laid in
            let eager = laid.snapshot
            let planned = try laid.planned()
            var lazy = try Self.measuredLazily(planned, viewportHeight: 400)
            var found: [String] = []
            let known = (0..<lazy.count).count(where: lazy.isKnownHeight)
            if lazy.measuredUnits + known != lazy.count {
                found.append("\(lazy.measuredUnits) of \(lazy.count) units measured (\(known) known from the plan)")
            }
            if lazy.allY() != eager.unitTops { found.append("unit tops differ") }
            if (0..<lazy.count).map({ lazy.height(of: $0) }) != eager.unitHeights { found.append("unit heights differ") }
            if lazy.contentHeight() != eager.contentSize.height {
                found.append("content height \(lazy.contentHeight()), eager \(eager.contentSize.height)")
            }
            found += LayoutContract.differences(try Self.elements(of: planned, lazy: &lazy), from: eager.elements)
            // Screens at the top, the middle and the bottom, as each engine answers them.
            let height = eager.contentSize.height, screen = 400.0
            for top in [0, (height - screen) / 2, height - screen].map({ PointGrid.snap(max(0, $0)) }) {
                let rect = Rect(x: 0, y: top, width: laid.environment.containerWidth, height: screen)
                let drawn = try planned.attributes(in: rect, lazy: &lazy)
                found += LayoutContract.drawingDifferences(drawn, from: eager.attributes(in: rect, visibleRect: rect))
                    .map { "screen at \(top): \($0)" }
            }
            return found
        }
    }

    /// Both engines list a screen in the same drawing order: z-index, then layout order (unit by
    /// unit, a pinned header in its unit's place, then the sections' elements). Before, the eager
    /// snapshot listed every pinned header first (settings.json at 390 pt, L, screen at 0: section
    /// 1's pinned header before section 0's footer, both z-index 3) and the lazy engine every
    /// cell before any header or footer.
    @Test(arguments: ConformanceCase.all)
    func bothEnginesListEqualZIndexElementsInLayoutOrder(_ conformance: ConformanceCase) throws {
        try Self.check(conformance) { laid in
            let planned = try laid.planned()
            var lazy = try Self.measuredLazily(planned, viewportHeight: 400)
            let rect = Rect(x: 0, y: 0, width: laid.environment.containerWidth, height: 400)
            return LayoutContract.differences(try planned.attributes(in: rect, lazy: &lazy),
                                              from: laid.snapshot.attributes(in: rect, visibleRect: rect))
        }
    }

    /// `planned` measured unit by unit through a viewport `viewportHeight` tall: from the middle
    /// unit up to the top a screen at a time, then from the middle down to the bottom, then
    /// whatever neither pass reached. Returns the lazy layout, every unit measured.
    static func measuredLazily(_ planned: MeasuringPlan, viewportHeight: Double) throws -> LazyLayout {
        var viewport = Viewport(layout: planned.lazyLayout(estimate: .automatic(initial: 44)), height: viewportHeight,
                                prefetcher: Prefetcher(margin: viewportHeight / 2, unitsPerFrame: 1), source: planned.source)
        let count = viewport.layout.count
        guard count > 0 else { return viewport.layout }
        let step = viewportHeight * 0.75
        var frames = 0
        viewport.scroll(toUnit: count / 2)
        while viewport.contentOffset > 0, frames < 10_000 {
            viewport.scroll(to: max(0, viewport.contentOffset - step))
            frames += 1
        }
        viewport.scroll(toUnit: count / 2)
        while viewport.contentOffset + viewportHeight < viewport.contentHeight(), frames < 20_000 {
            viewport.scroll(to: viewport.contentOffset + step)
            frames += 1
        }
        #expect(frames < 20_000, "the scroll reached both ends")
        viewport.measureRemaining()
        if let failure = planned.failure { throw failure }
        return viewport.layout
    }

    /// Every element the lazy layout places, in the eager snapshot's order: each unit's at its
    /// lazy top, then each section's section elements at the lazy section marks.
    static func elements(of planned: MeasuringPlan, lazy: inout LazyLayout) throws -> [LayoutAttributes] {
        let plan = planned.plan
        let tops = lazy.allY()
        var elements = try (0..<lazy.count).flatMap { try planned.attributes(ofUnit: $0, top: tops[$0]) }
        for section in plan.content.sections.indices where !plan.sectionUnits[section].isEmpty {
            let marks = plan.sectionMarks[section].map { $0.offset + lazy.heightsBefore($0.unitsBefore) }
            elements += planned.bound.placedSectionElements(section, marks: marks)
        }
        return elements
    }

    // MARK: 5. Right to left

    /// A right-to-left environment gives the left-to-right frames mirrored about the container's
    /// width, y and size kept, element for element (orthogonal bands too: at rest they start at
    /// the trailing edge and run past the leading one), and the same content size. What is inside
    /// the frames is not compared (see `LayoutContract.mirrored`).
    @Test(arguments: ConformanceCase.all)
    func rightToLeftMirrorsTheFrames(_ conformance: ConformanceCase) throws {
        try Self.check(conformance) { laid in
            var environment = laid.environment
            environment.layoutDirection = .rightToLeft
            let rtl = try laid.layout.layout(laid.content, in: environment, sizer: laid.sizer)
            let ltr = laid.snapshot
            let mirrored = LayoutContract.mirrored(ltr.elements, in: environment.containerWidth)
            return (rtl.contentSize == ltr.contentSize ? [] : ["content size \(rtl.contentSize), left to right \(ltr.contentSize)"])
                + LayoutContract.differences(rtl.elements, from: mirrored)
        }
    }

    // MARK: 6. Plan sharing

    /// Two environments whose `planKey`s are equal share one plan (`PlanSharing`): the plan made
    /// for the first, retargeted to the second, lays out exactly as planning the second directly
    /// (frames, content size, warnings). Pairs within one class of text sizes, where a layout's
    /// plan is most likely shared; a pair whose keys differ is not sharing and is passed over, but
    /// a layout with a key must share at least one pair. A layout without a key (nil: "unknown,
    /// plan each environment") has nothing to check: its test case is cancelled with the reason.
    @Test(arguments: ConformanceCase.all)
    func aSharedPlanLaysOutAsItsOwnPlan(_ conformance: ConformanceCase) throws {
        let (layout, content) = try conformance.subject()
        let sizer = try Fixtures.sizer()
        let pairs: [(ContentSizeCategory, ContentSizeCategory)] = [(.extraSmall, .large),
                                                                   (.accessibilityMedium, .accessibilityExtraExtraExtraLarge)]
        if layout.planKey(content, in: ConformanceCase.environment(width: 390, category: .large)) == nil {
            try Test.cancel("\(conformance): \(type(of: layout)) has no plan key (nil), so PlanSharing plans each environment itself")
        }
        var shared = 0
        for width in ConformanceCase.widths {
            for (from, to) in pairs {
                let first = ConformanceCase.environment(width: width, category: from)
                let second = ConformanceCase.environment(width: width, category: to)
                guard layout.planKey(content, in: first) == layout.planKey(content, in: second) else { continue }
                shared += 1
                let sharing = PlanSharing(layout: layout, content: content, estimate: .automatic(initial: 44))
                _ = try sharing.planned(in: first, sizer: sizer)
                let (planned, _) = try sharing.planned(in: second, sizer: sizer)
                #expect(sharing.plansMade == 1, "\(conformance) at \(second.label): the plan was shared")
                let viaShared = try LayoutSnapshot(plan: planned.bound, sizer: sizer)
                let direct = try layout.layout(content, in: second, sizer: sizer)
                let context = "\(conformance) planned at \(first.label), laid out at \(second.label)"
                #expect(viaShared.contentSize == direct.contentSize, "\(context)")
                #expect(viaShared.warnings == direct.warnings, "\(context)")
                let violations = LayoutContract.differences(viaShared.elements, from: direct.elements)
                #expect(violations.isEmpty, "\(context): \(violations)")
            }
        }
        #expect(shared > 0, "\(conformance): no pair of text sizes of one class shares a plan")
    }

    // MARK: 7. Heights by category

    /// The content height does not decrease from xS to AX5, one category to the next (all
    /// twelve), at each width: every cell grows with its text. Where the content changes form
    /// instead (a style switching to the Display cut, a table turning into cards) it may, with
    /// fewer lines: `LayoutContract.heightDrops`.
    @Test(arguments: ConformanceCase.all)
    func heightsDoNotDecreaseFromExtraSmallToAX5(_ conformance: ConformanceCase) throws {
        let (layout, content) = try conformance.subject()
        let sizer = try Fixtures.sizer()
        let styles = try LayoutContract.styles(of: content)
        for width in ConformanceCase.widths {
            let sizes = try ContentSizeCategory.allCases.map { category in
                LayoutContract.Sized(try layout.layout(content, in: ConformanceCase.environment(width: width, category: category),
                                                       sizer: sizer))
            }
            let drops = LayoutContract.heightDrops(sizes, styles: styles)
            #expect(drops.isEmpty, "\(conformance) at \(Int(width)) pt: \(drops)")
        }
    }
}
