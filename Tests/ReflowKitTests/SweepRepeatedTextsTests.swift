import Reflow
import ReflowKit
import TextMetrics
import Testing
import TestSupport

/// Issue 37: a screen's cells repeat a few short texts (a grid of 100,000 cells shows some 11,000
/// titles), and a sweep lays them out at twelve sizes. Shaping is per face, once per run of a
/// worker; line breaking is per size, once per distinct text, not once per cell. Counted, never
/// timed.
@Suite struct SweepRepeatedTextsTests {
    static let distinct = 30, repeats = 20

    /// `distinct` titles, each on `repeats` cells (interleaved, as a screen's are).
    static func content() -> CollectionContent {
        var cells: [Cell] = []
        for index in 0..<(distinct * repeats) {
            cells.append(Cell(kind: .item, style: .headline, text: StyledText("Title \(index % distinct) of the screen")))
        }
        return CollectionContent(sections: [cells])
    }

    struct Counts: Sendable, Equatable {
        var layouts: Int
        var paragraphs: Int
        var shapes: Int
    }

    /// All twelve sizes: each size breaks each distinct title into lines once (30 passes, not
    /// 600); each worker shapes the 30 titles in its cut once, in its first size, and never again.
    /// (Each size done by its cut's worker: a worker that takes a size of the other cut shapes
    /// that cut too, `aSizeTakenFromTheOtherCutIsShapedOnceMore`.)
    @Test func aTwelveSizeSweepBreaksAndShapesEachDistinctTextOnce() throws {
        let content = Self.content()
        let directory = try Fixtures.fonts().directory
        let sizers = SweepSizers(fontsDirectory: directory, content: content)
        let categories = ContentSizeCategory.allCases
        let counts = try CategorySweep.map(
            categories: categories, containerWidth: 390, stealing: .never, makeSizer: { try sizers.make() },
            produce: { environment, sizer in
                _ = try ListLayout().layout(content, in: environment, sizer: sizer)
                let typesetter = sizer.typesetter
                return Counts(layouts: typesetter.layoutsComputed,
                              paragraphs: typesetter.paragraphsShaped, shapes: typesetter.shapeCalls)
            })
        #expect(sizers.count == 2, "one worker per cut")
        for lane in CategorySweep.groups(categories) {
            let laneCounts = lane.map { counts[categories.firstIndex(of: $0)!] }
            for (position, count) in laneCounts.enumerated() {
                #expect(count.layouts == Self.distinct * (position + 1), "\(lane[position]): \(count.layouts) line-breaking passes by then")
                #expect(count.paragraphs == Self.distinct, "\(lane[position]): each title shaped once in this worker's cut")
                #expect(count.shapes == laneCounts[0].shapes, "\(lane[position]): nothing shaped after the first size")
            }
        }
    }

    /// A worker that takes a size of the other cut (always, here) shapes that cut's titles once
    /// more, in its own typesetter, and nothing else changes: every size is laid out as its own
    /// cut's worker lays it out.
    @Test func aSizeTakenFromTheOtherCutIsShapedOnceMore() throws {
        let content = Self.content()
        let directory = try Fixtures.fonts().directory
        let categories = ContentSizeCategory.allCases
        func sweep(_ stealing: OrderedFanOut.Stealing) throws -> [String] {
            let sizers = SweepSizers(fontsDirectory: directory, content: content)
            return try CategorySweep.map(categories: categories, containerWidth: 390, stealing: stealing, makeSizer: { try sizers.make() },
                                         produce: { environment, sizer in
                                             LayoutReport(try ListLayout().layout(content, in: environment, sizer: sizer)).jsonText()
                                         })
        }
        #expect(try sweep(.always) == (try sweep(.never)))
        let sizers = SweepSizers(fontsDirectory: directory, content: content)
        let shaped = try CategorySweep.map(categories: categories, containerWidth: 390, stealing: .always, makeSizer: { try sizers.make() },
                                           produce: { environment, sizer in
                                               _ = try ListLayout().layout(content, in: environment, sizer: sizer)
                                               return sizer.typesetter.paragraphsShaped
                                           })
        #expect(shaped.allSatisfy { $0 == Self.distinct || $0 == 2 * Self.distinct }, "each cut's titles once a worker: \(shaped)")
    }

    /// The kept answers are the computed ones: the sweep's layout of every size equals a sizer's
    /// that keeps nothing at all.
    @Test func theSweepsLayoutsEqualThoseOfASizerThatKeepsNothing() throws {
        let content = Self.content()
        let directory = try Fixtures.fonts().directory
        let sizers = SweepSizers(fontsDirectory: directory, content: content)
        let categories: [ContentSizeCategory] = [.small, .large, .accessibilityExtraExtraExtraLarge]
        let swept = try CategorySweep.map(content, categories: categories, containerWidth: 390, makeSizer: { try sizers.make() },
                                          layout: ListLayout(), transform: { LayoutReport($0).jsonText() })
        let plain = CellSizer(typesetter: try Typesetter(fonts: try Fixtures.fonts(), layoutCacheLimit: 0), cacheLimit: 0)
        for (index, category) in categories.enumerated() {
            let snapshot = try ListLayout().layout(content, in: TextSettings().layoutEnvironment(width: 390, category: category),
                                                       sizer: plain)
            #expect(swept[index] == LayoutReport(snapshot).jsonText(), "\(category)")
        }
        #expect(plain.measurementsComputed == categories.count * Self.distinct * Self.repeats)
    }
}
