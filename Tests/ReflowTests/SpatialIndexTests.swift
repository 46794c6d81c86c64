import PropertyBased
import Testing
import TextMetrics
@testable import Reflow
import TestSupport

/// The snapshot's rectangle query against a brute-force filter, on random layouts whose units
/// place their elements in any order (item 2 above item 1, badges hanging over the unit's edges),
/// with orthogonal sections scrolled sideways, pinned headers and section backgrounds.
///
/// The oracle shares no code with the index: it walks the raw element list and writes the rules
/// (intersection, the orthogonal shift, the pinning of a header) out again.
@Suite struct SpatialIndexTests {
    /// A layout of random units, a pure function of its seed.
    struct RandomLayout: CollectionLayout {
        let seed: UInt64

        func plan(_ content: CollectionContent, in environment: LayoutEnvironment) throws -> ResolvedPlan<Void> {
            var random = SeededGenerator(seed: seed)
            var plan = LayoutPlan(content: content, environment: environment, keyCount: 3)
            for (index, section) in content.sections.enumerated() where section.cellCount > 0 {
                plan.beginSection(index)
                plan.space(random.double(0...30))
                if random.next(3) == 0 {
                    plan.addUnit(items: 0..<0, role: .supplementary(kind: "header", pinned: random.next(2) == 0), estimateKey: 0)
                    plan.space(random.double(0...10))
                }
                var item = 0
                while item < section.cellCount {
                    let count = min(section.cellCount - item, 1 + random.next(4))
                    plan.addUnit(items: item..<item + count, estimateKey: random.next(3), estimateWeight: Double(count))
                    item += count
                    plan.space(random.double(0...12))
                }
                if random.next(2) == 0 { plan.orthogonalSections.insert(index) }
                plan.endSection()
            }
            plan.finish()
            plan.overhang = (above: 12, below: 12)
            return ResolvedPlan(plan)
        }

        func layoutUnit(_ index: Int, of plan: ResolvedPlan<Void>, sizer: CellSizer) throws -> UnitLayout {
            var random = SeededGenerator(seed: seed ^ UInt64(index &* 7919 &+ 1))
            let unit = plan.units[index]
            let height = random.double(0...200)
            let wide = plan.orthogonalSections.contains(unit.section)
            var elements: [LayoutAttributes] = []
            if unit.role != .cells {
                elements.append(LayoutAttributes(role: .header, indexPath: IndexPath(item: 0, section: unit.section),
                                                 frame: Rect(x: 0, y: 0, width: 390, height: height), zIndex: 1))
            }
            for item in unit.items {
                // Anywhere in the unit, in any order; far to the right in an orthogonal section.
                let width = random.double(0...200), h = random.double(0...height)
                let x = random.double(0...(wide ? 3_000 : 390 - min(width, 390)))
                let frame = Rect(x: x, y: random.double(0...max(0, height - h)), width: width, height: h)
                let path = IndexPath(item: item, section: unit.section)
                elements.append(LayoutAttributes(role: .cell, indexPath: path, frame: frame))
                if random.next(4) == 0 {
                    // A badge hanging over the top or bottom edge.
                    let y = random.next(2) == 0 ? -random.double(0...12) : height + random.double(-12...0)
                    elements.append(LayoutAttributes(role: .badge, indexPath: path,
                                                     frame: Rect(x: frame.maxX - 10, y: y, width: 20, height: 12), zIndex: 2))
                }
            }
            elements.shuffle(using: &random)
            return UnitLayout(height: height, elements: elements)
        }

        func sectionElements(_ section: Int, marks: [Double], of plan: ResolvedPlan<Void>) -> [LayoutAttributes] {
            [LayoutAttributes(role: .background, indexPath: IndexPath(item: 0, section: section),
                              frame: Rect(x: 4, y: marks[0], width: 382, height: marks[marks.count - 1] - marks[0]),
                              zIndex: -1)]
        }
    }

    static func content(_ random: inout SeededGenerator) -> CollectionContent {
        CollectionContent(sections: (0..<(1 + random.next(6))).map { _ in
            (0..<random.next(12)).map { _ in Cell(kind: .item, elements: []) }
        })
    }

    /// The brute-force answer, written from the rules.
    static func expected(_ snapshot: LayoutSnapshot, _ rect: Rect, offsets: [Int: Double], visible: Rect?) -> [String] {
        var answer: [String] = []
        let plan = snapshot.plan
        for element in snapshot.elements {
            var frame = element.frame
            let section = element.indexPath.section
            let isHeader = element.role == .header
            if !isHeader, element.role != .background, plan.orthogonalSections.contains(section) {
                frame.origin.x -= offsets[section] ?? 0
            }
            if isHeader, let visible {
                let unit = plan.sectionUnits[section].first { plan.units[$0].role != .cells }!
                if case .supplementary(_, true) = plan.units[unit].role {
                    let extent = snapshot.sectionExtents[section]
                    if extent.lowerBound < visible.maxY, extent.upperBound > visible.minY {
                        // At the screen's top, but not past the section's end, nor above its place.
                        var top = visible.minY
                        if top + frame.height > extent.upperBound { top = extent.upperBound - frame.height }
                        if top < frame.minY { top = frame.minY }
                        frame.origin.y = top
                    }
                }
            }
            let meets = frame.minX < rect.maxX && rect.minX < frame.maxX && frame.minY < rect.maxY && rect.minY < frame.maxY
            if meets { answer.append(Self.name(element.role, element.indexPath, frame)) }
        }
        return answer.sorted()
    }

    static func name(_ category: ElementRole, _ indexPath: IndexPath, _ frame: Rect) -> String {
        "\(category) \(indexPath) \(frame)"
    }

    @Test func rectangleQueriesEqualABruteForceFilterOn10000RandomLayouts() async throws {
        let sizer = try Fixtures.sizer()
        await propertyCheck(count: 10_000, input: Gen.int(in: 0...Int.max)) { seed in
            var random = SeededGenerator(seed: UInt64(seed))
            let content = Self.content(&random)
            let layout = RandomLayout(seed: UInt64(seed))
            guard let snapshot = attempt({ try layout.layout(content, in: LayoutEnvironment(), sizer: sizer) }) else { return }
            let height = snapshot.contentSize.height
            for _ in 0..<4 {
                let rect = Rect(x: random.double(-100...600), y: random.double(-50...(height + 50)),
                                width: random.double(0...800), height: random.double(0...400))
                var offsets: [Int: Double] = [:]
                for section in snapshot.plan.orthogonalSections where random.next(2) == 0 {
                    offsets[section] = random.double(0...2_500)
                }
                let visible: Rect? = random.next(2) == 0 ? nil : Rect(x: 0, y: random.double(0...max(0, height)), width: 390, height: 844)
                let found = snapshot.attributes(in: rect, orthogonalOffsets: offsets, visibleRect: visible)
                    .map { Self.name($0.role, $0.indexPath, $0.frame) }.sorted()
                let expected = Self.expected(snapshot, rect, offsets: offsets, visible: visible)
                #expect(found == expected, "seed \(seed), rect \(rect), offsets \(offsets), visible \(String(describing: visible))")
            }
        }
    }

    @Test func everySectionHasItsBackground() throws {
        var random = SeededGenerator(seed: 11)
        let content = Self.content(&random)
        let snapshot = try RandomLayout(seed: 11).layout(content, in: LayoutEnvironment(), sizer: try Fixtures.sizer())
        let backgrounds = snapshot.elements.filter { $0.role == .background }
        #expect(backgrounds.count == content.sections.filter { $0.cellCount > 0 }.count)
        for background in backgrounds {
            #expect(background.frame.minY == snapshot.sectionExtents[background.indexPath.section].lowerBound)
        }
    }

    @Test func elementsComeInDrawingOrder() throws {
        var random = SeededGenerator(seed: 7)
        let content = Self.content(&random)
        let snapshot = try RandomLayout(seed: 7).layout(content, in: LayoutEnvironment(), sizer: try Fixtures.sizer())
        let all = snapshot.attributes(in: Rect(x: -1e6, y: -1e6, width: 1e7, height: 1e7))
        #expect(all.map(\.zIndex) == all.map(\.zIndex).sorted())
    }
}
