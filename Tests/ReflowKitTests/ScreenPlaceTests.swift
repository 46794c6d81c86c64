import Foundation
import Reflow
import ReflowKit
import Testing
import TestSupport
import TextMetrics

/// The reader's place on a real README (Alamofire's), in the two cases the live page found wrong:
/// a screen's top in the spacing between two blocks, and a place deep in a tall block asked for at
/// a smaller size, where the block is no longer that tall.
@Suite struct ScreenPlaceTests {
    static func preview() throws -> DocumentPreview {
        let path = Fixtures.repository.appendingPathComponent("Tests/Corpus/markdown/Alamofire--Alamofire--README.md").path
        let input = try LayoutInput(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), format: DocumentFormat(path: path))
        return DocumentPreview(input: input, fonts: try Fixtures.fonts(), width: 390)
    }

    /// Every unit's top and bottom at `category`, measured to the end.
    static func units(_ preview: DocumentPreview, _ category: ContentSizeCategory, sizer: CellSizer)
        throws -> (planned: MeasuringPlan, extents: [(top: Double, bottom: Double)]) {
        var (planned, lazy) = try preview.screenPlans().planned(in: preview.environment(category: category, height: 844), sizer: sizer)
        planned.measureUnits(before: lazy.count, lazy: &lazy)
        return (planned, (0..<lazy.count).map { (lazy.y(of: $0), lazy.y(of: $0) + lazy.height(of: $0)) })
    }

    @Test func aTopInTheSpacingBetweenBlocksNamesTheBlockBelowAndComesBack() throws {
        let preview = try Self.preview(), sizer = try Fixtures.sizer()
        let (planned, extents) = try Self.units(preview, .large, sizer: sizer)
        // A third of the way down, the first spacing of over 2 pt between two blocks.
        let gap = try #require((extents.count / 3..<extents.count - 1).first { extents[$0 + 1].top - extents[$0].bottom > 2 })
        let top = PointGrid.snap(extents[gap].bottom + 1)
        let place = try #require(try preview.place(category: .large, viewportHeight: 844, top: top, sizer: sizer))
        #expect(place.indexPath == planned.plan.indexPaths(ofUnit: gap + 1).first, "the block below the spacing, which is what shows")
        #expect(place.within == top - extents[gap + 1].top && place.within < 0)
        // The same place at the same size is the same screen (it came back clamped into the block above).
        #expect(try preview.top(of: place, category: .large, viewportHeight: 844, sizer: sizer) == top)
    }

    @Test func deepInATallBlockAtAX5TheBlockShowsItsLastLineAtL() throws {
        let preview = try Self.preview(), sizer = try Fixtures.sizer()
        let large = try Self.units(preview, .large, sizer: sizer)
        let ax5 = try Self.units(preview, .accessibilityExtraExtraExtraLarge, sizer: sizer)
        // The tallest block at AX5 among those over 400 pt, 80 % into it: further in than it is tall at L.
        let unit = try #require(ax5.extents.indices.max { ax5.extents[$0].bottom - ax5.extents[$0].top < ax5.extents[$1].bottom - ax5.extents[$1].top })
        let within = 0.8 * (ax5.extents[unit].bottom - ax5.extents[unit].top)
        let heightAtL = large.extents[unit].bottom - large.extents[unit].top
        try #require(within > heightAtL, "\(within) pt into a block \(heightAtL) pt tall at L")
        let place = ScreenPlace(indexPath: try #require(ax5.planned.plan.indexPaths(ofUnit: unit).first), within: within)
        let top = try #require(try preview.top(of: place, category: .large, viewportHeight: 844, sizer: sizer))
        // The block's last line whole at the screen's top: a line of it on screen with the block's
        // bottom padding (a code block's 33 pt: its last line and its inset), not a sliver of it,
        // and not more than a line (22 pt at L) with the largest bottom inset (16 pt).
        let shown = large.extents[unit].bottom - top
        #expect(shown >= 16 && shown <= 22 + 16, "\(shown) pt of the block on screen")
    }
}
