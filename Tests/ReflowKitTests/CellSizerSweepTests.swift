import Reflow
import ReflowKit
import TextMetrics
import Testing
import TestSupport

@Suite struct CellSizerSweepTests {
    /// A sweep shapes each text once per optical cut, however many texts there are: two sizes of
    /// the Text cut over 12,000 different texts (more than a typesetter keeps by default) shape
    /// 12,000 paragraphs, not 12,000 per size.
    @Test func aSweepShapesEachTextOncePerCut() throws {
        let count = 12_000
        let content = CollectionContent(sections: [(0..<count).map { Cell(kind: .item, style: .body, text: StyledText("Text \($0)")) }])
        let directory = try Fixtures.fonts().directory
        let shaped = try CategorySweep.map(
            categories: [.large, .medium], containerWidth: 390,
            makeSizer: { try CellSizer.forSweep(fontsDirectory: directory, content: content) },
            produce: { environment, sizer in
                _ = try ListLayout().layout(content, in: environment, sizer: sizer)
                return sizer.typesetter.paragraphsShaped
            })
        #expect(shaped == [count, count], "shaped by the end of each size (one worker: both sizes are the Text cut)")
        #expect(CellSizer.paragraphCacheLimit(for: content) >= 2 * count)
    }

    /// A long README (issue 22: thousands of list items, code blocks and paragraphs, about 1 MB)
    /// is shaped once per cut too: 5,000 different texts of some 200 bytes are more than the
    /// default cache keeps whole (its young generation, 4,096), and each size shaped them again.
    @Test func aSweepShapesALongReadmeOncePerCut() throws {
        let count = 5_000
        let words = String(repeating: "list item words ", count: 12)
        let content = CollectionContent(sections: [(0..<count).map { Cell(kind: .item, style: .body, text: StyledText("Item \($0) " + words)) }])
        let directory = try Fixtures.fonts().directory
        let shaped = try CategorySweep.map(
            categories: [.large, .medium, .small], containerWidth: 390,
            makeSizer: { try CellSizer.forSweep(fontsDirectory: directory, content: content) },
            produce: { environment, sizer in
                _ = try ListLayout().layout(content, in: environment, sizer: sizer)
                return sizer.typesetter.paragraphsShaped
            })
        #expect(shaped == [count, count, count], "one worker: the three sizes are the Text cut")
        #expect(CellSizer.paragraphCacheLimit(for: content) == 8 * count)
    }

    /// Long paragraphs beyond `heldTextLimit` keep the typesetter's default cache (all of them
    /// shaped and held would take gigabytes for a long book), and so do a few short cells; a
    /// README's worth of long paragraphs is held whole; a million short cells are capped.
    @Test func theParagraphCacheGrowsOnlyForManyShortTextsOrALittleText() {
        func content(_ count: Int, text: String) -> CollectionContent {
            CollectionContent(sections: [Array(repeating: Cell(kind: .item, style: .body, text: StyledText(text)), count: count)])
        }
        let paragraph = String(repeating: "word ", count: 40)
        #expect(CellSizer.paragraphCacheLimit(for: content(50_000, text: paragraph)) == 8_192, "10 MB")
        #expect(CellSizer.paragraphCacheLimit(for: content(5_000, text: paragraph)) == 40_000, "1 MB")
        #expect(CellSizer.paragraphCacheLimit(for: content(25_000, text: paragraph)) == 8_192, "5 MB: more than the held text")
        #expect(CellSizer.paragraphCacheLimit(for: content(100, text: "Cell")) == 8_192)
        #expect(CellSizer.paragraphCacheLimit(for: content(50_000, text: "Cell")) == 400_000)
        #expect(CellSizer.paragraphCacheLimit(for: content(1_000_000, text: "Cell")) == 1 << 20)
    }

    /// The bytes of text kept shaped follow the content when its paragraphs are held whole: a
    /// worker holds every text in two face sets in the cache's young half, four times the text.
    @Test func theTextKeptShapedIsFourTimesTheContentsText() {
        func content(_ count: Int, text: String) -> CollectionContent {
            CollectionContent(sections: [Array(repeating: Cell(kind: .item, style: .body, text: StyledText(text)), count: count)])
        }
        let photos = "12345 photos"  // 12 bytes: a 100,000-cell grid's 1.2 MB
        #expect(CellSizer.textCacheBytes(for: content(100_000, text: photos)) == 4 * 1_200_000)
        #expect(CellSizer.textCacheBytes(for: content(1_000, text: photos)) == Typesetter.defaultTextCacheBytes, "little text: the default")
        #expect(CellSizer.textCacheBytes(for: content(1_000_000, text: photos)) == 4 * CellSizer.heldTextLimit, "capped")
        let paragraph = String(repeating: "word ", count: 40)
        #expect(CellSizer.textCacheBytes(for: content(50_000, text: paragraph)) == Typesetter.defaultTextCacheBytes,
                "10 MB of long paragraphs: not held whole")
    }

    /// A sweep's sizers have an owner: they live while it does, after the workers are done with
    /// them, and are freed with it (nothing is left to the exit).
    @Test func aSweepsSizersAreFreedWithTheirOwner() throws {
        let content = CollectionContent(sections: [(0..<50).map { Cell(kind: .item, style: .body, text: StyledText("Text \($0)")) }])
        let directory = try Fixtures.fonts().directory
        weak var owner: SweepSizers?
        weak var kept: CellSizer?
        try {
            let sizers = SweepSizers(fontsDirectory: directory, content: content)
            owner = sizers
            let heights = try CategorySweep.map(
                content, categories: [.large, .accessibilityExtraExtraExtraLarge], containerWidth: 390,
                makeSizer: { try sizers.make() }, layout: ListLayout(), transform: { $0.contentSize.height })
            #expect(heights.count == 2 && heights[0] < heights[1])
            #expect(sizers.count == 2, "one sizer per worker: the Text cut for L, the Display cut for AX5")
            kept = try sizers.make()
            #expect(kept != nil, "kept by its owner, not by whoever asked for it")
        }()
        #expect(owner == nil && kept == nil, "freed with the owner")
    }
}
