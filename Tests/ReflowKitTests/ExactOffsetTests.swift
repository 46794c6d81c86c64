import Foundation
import Preview
import Readers
import Reflow
import ReflowKit
import TextMetrics
import Testing
import TestSupport

/// `--viewport WxH --offset Y` is a place on the page: the screen shows what the whole page (the
/// eager layout) shows between Y and Y + H, however wrong the estimates of what lies above are.
@Suite struct ExactOffsetTests {
    /// A real README nobody here wrote (Alamofire's usage guide: 55 KB of prose, code and lists).
    static func readme() throws -> LayoutInput {
        let path = Fixtures.repository.appendingPathComponent("Tests/Corpus/markdown/Alamofire--Alamofire--Documentation_Usage.md").path
        return try LayoutInput(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), format: DocumentFormat(path: path))
    }

    @Test(arguments: [ContentSizeCategory.large, .accessibilityExtraExtraExtraLarge])
    func anOffsetInALongReadmeShowsThePage(_ category: ContentSizeCategory) throws {
        let preview = DocumentPreview(input: try Self.readme(), fonts: try Fixtures.fonts(), width: 390)
        let page = try preview.page(category: category)
        let viewport = Size(width: 390, height: 844)
        #expect(page.size.height > 20 * viewport.height, "long enough that estimates above would drift")
        let sizer = CellSizer(typesetter: try Typesetter(fonts: preview.fonts))  // shared by the three screens
        for fraction in [0.27, 0.5, 0.93] {
            let offset = PointGrid.snap(page.size.height * fraction)
            let screen = try preview.screen(category: category, viewport: viewport, offset: offset, sizer: sizer)
            let cropped = DisplayListBuilder().displayList(elements: page.elements,
                                                            visibleRect: Rect(x: 0, y: offset, width: 390, height: viewport.height))
            let difference = screen.items.indices.first { $0 >= cropped.items.count || screen.items[$0] != cropped.items[$0] }
            #expect(screen.items.count == cropped.items.count && difference == nil,
                    "offset \(offset) of \(page.size.height) at \(category): \(screen.items.count) vs \(cropped.items.count) items, first difference at \(String(describing: difference)): \(difference.map { String(String(describing: screen.items[$0]).prefix(300)) + " vs " + String(String(describing: cropped.items[$0]).prefix(300)) } ?? "")")
        }
    }

    /// The frames at an offset are the page's: what `layout --viewport --offset` lists.
    @Test func theFramesAtAnOffsetAreThePages() throws {
        let preview = DocumentPreview(input: try Self.readme(), fonts: try Fixtures.fonts(), width: 390)
        let page = try preview.page(category: .accessibilityExtraExtraExtraLarge)
        let offset = PointGrid.snap(page.size.height * 0.61)
        let screen = try preview.placedScreen(category: .accessibilityExtraExtraExtraLarge, viewport: Size(width: 390, height: 844),
                                              offset: offset, sizer: try Fixtures.sizer())
        var lazy = screen.lazy
        let visible = try screen.layout.attributes(in: screen.visible, lazy: &lazy).map(\.frame)
        let expected = page.elements.map(\.frame).filter { $0.intersects(screen.visible) }
        #expect(!visible.isEmpty)
        #expect(visible == expected)
        // Only what lies above the screen's bottom was measured.
        #expect(lazy.measuredUnits < lazy.count)
    }
}
