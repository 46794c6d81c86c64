import Testing
import TextMetrics
@testable import Reflow
import Readers
import TestSupport

/// `check`'s engine: comparing a document's layout with its golden names what moved.
@Suite struct LayoutComparisonTests {
    static func report(_ markdown: String, _ category: ContentSizeCategory) throws -> LayoutReport {
        let environment = LayoutEnvironment(containerWidth: 390, category: category)
        let layout = try ListLayout().layout(CellMode.blocks.content(for: try Document(markdown: markdown)), in: environment,
                                               sizer: try Fixtures.sizer())
        return LayoutReport(layout)
    }

    static let original = """
        # Title

        A first paragraph that is long enough to wrap over several lines at the larger text sizes of all.

        A second paragraph.

        A third paragraph.
        """

    @Test func anUnchangedDocumentMatches() throws {
        let golden = try Self.report(Self.original, .accessibilityLarge)
        #expect(LayoutComparison(golden: golden, actual: try Self.report(Self.original, .accessibilityLarge)).matches)
    }

    @Test func aOneWordEditNamesTheCellAndTheShiftBelowIt() throws {
        let edited = Self.original.replacingOccurrences(of: "long enough", with: "quite long enough")
        var grewSomewhere = false
        for category in ContentSizeCategory.allCases {
            let comparison = LayoutComparison(golden: try Self.report(Self.original, category),
                                              actual: try Self.report(edited, category))
            #expect(!comparison.matches, "the text of the cell changed at \(category.shortName)")
            let resized = comparison.resized
            #expect(resized.map(\.indexPath) == [IndexPath(item: 1, section: 0)])
            if let grew = comparison.contentHeightChange {
                grewSomewhere = true
                let delta = resized[0].actual!.frame.height - resized[0].golden!.frame.height
                #expect(abs(grew - delta) < 1e-6)  // report values are rounded to 1/1000 pt
                #expect(comparison.shifted?.count == 2)
                #expect(abs((comparison.shifted?.range.lowerBound ?? 0) - delta) < 1e-6)
                #expect(comparison.shifted?.range.lowerBound == comparison.shifted?.range.upperBound)
                #expect(resized[0].description.contains("height +"))
                // Line counts as numbers a person reads, not Swift's Optional(3).
                let (before, after) = (resized[0].golden!.lines!, resized[0].actual!.lines!)
                #expect(before == after || resized[0].description.contains("lines \(before) → \(after)"))
                #expect(!resized[0].description.contains("Optional"))
            }
        }
        #expect(grewSomewhere, "one more word adds a line at some size")
    }

    @Test func addedAndRemovedCellsAreReported() throws {
        let golden = try Self.report(Self.original, .large)
        let actual = try Self.report(Self.original + "\n\nA fourth paragraph.", .large)
        let comparison = LayoutComparison(golden: golden, actual: actual)
        #expect(comparison.changes.map(\.kind) == [.added])
        let reverse = LayoutComparison(golden: actual, actual: golden)
        #expect(reverse.changes.map(\.kind) == [.removed])
        #expect(reverse.changes[0].description.contains("is gone"))
    }

    /// A change's label (on `check --report`'s difference picture) is its element and what changed
    /// of its frame and lines, without its words; its description says the same and more.
    @Test func aChangesLabelNamesTheElementAndItsFrameAndLines() throws {
        let edited = Self.original.replacingOccurrences(of: "long enough", with: "quite long enough")
        let comparisons = try ContentSizeCategory.allCases.map {
            LayoutComparison(golden: try Self.report(Self.original, $0), actual: try Self.report(edited, $0))
        }
        let comparison = try #require(comparisons.first { $0.contentHeightChange != nil }, "one more word adds a line somewhere")
        let change = try #require(comparison.resized.first)
        let (golden, actual) = (change.golden!, change.actual!)
        let height = LayoutComparison.Change.signed(actual.frame.height - golden.frame.height)
        #expect(change.label == "cell 0.1 height \(height) pt, lines \(golden.lines!) → \(actual.lines!)")
        #expect(change.differences.prefix(2) == ["height \(height) pt", "lines \(golden.lines!) → \(actual.lines!)"])
        #expect(change.description.hasSuffix(change.differences.joined(separator: ", ")))
        let moved = try #require(comparison.changes.first(where: { $0.isShiftOnly }))
        #expect(moved.label == "\(moved.key) y \(height) pt")
        #expect(comparison.shiftDescription == "2 element(s) below moved by \(height) pt")

        let added = LayoutComparison(golden: try Self.report(Self.original, .large),
                                     actual: try Self.report(Self.original + "\n\nA fourth paragraph.", .large))
        #expect(added.changes.map(\.label) == ["cell 0.4 is new"])
        // Only the words changed (the same lines): the label says so without quoting them.
        let words = LayoutComparison(golden: try Self.report(Self.original, .large),
                                     actual: try Self.report(Self.original.replacingOccurrences(of: "A second", with: "One second"), .large))
        #expect(words.changes.map(\.label) == ["cell 0.2 text changed"])
    }

    @Test func theToleranceIgnoresSmallMoves() throws {
        let golden = try Self.report(Self.original, .large)
        let wider = LayoutEnvironment(containerWidth: 390.25, category: .large)
        let layout = try ListLayout().layout(CellMode.blocks.content(for: try Document(markdown: Self.original)), in: wider,
                                               sizer: try Fixtures.sizer())
        let actual = LayoutReport(layout)
        #expect(!LayoutComparison(golden: golden, actual: actual, tolerance: 0).changes.isEmpty)
        #expect(LayoutComparison(golden: golden, actual: actual, tolerance: 0.5).changes.isEmpty)
    }
}
