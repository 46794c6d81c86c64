import Foundation
import Preview
import Readers
import Reflow
import ReflowKit
import TextMetrics
import Testing
import TestSupport

@Suite struct DocumentPreviewTests {
    static func preview() throws -> DocumentPreview {
        DocumentPreview(input: try Fixtures.input("welcome.md"), fonts: try Fixtures.fonts(), width: 390)
    }

    /// The whole page is the container width by the content height, at the size asked.
    @Test func aPageIsAsTallAsItsContent() throws {
        let preview = try Self.preview()
        let large = try preview.page(category: .large)
        let ax5 = try preview.page(category: .accessibilityExtraExtraExtraLarge)
        #expect(large.size.width == 390)
        #expect(ax5.size.height > large.size.height)
        let bottom = try #require(large.elements.map(\.frame.maxY).max())
        #expect(large.size.height >= bottom && large.size.height < bottom + 44, "the content ends under the last element")
        #expect(large.displayList().size == large.size)
    }

    /// The lines of accessible text a display list holds, top to bottom.
    static func lines(_ list: DisplayList) -> [String] {
        list.items.flatMap { item -> [String] in
            if case .text(let text) = item { return text.lines.map(\.text) }
            return []
        }
    }

    /// A screen scrolled past the end shows the last screen, ending in the document's last line,
    /// never a blank one.
    @Test func aScreenPastTheEndShowsTheLastScreen() throws {
        let preview = try Self.preview()
        let viewport = Size(width: 390, height: 300)
        let past = try preview.screen(category: .large, viewport: viewport, offset: 1_000_000)
        #expect(past.size == viewport)
        let lastLine = try #require(Self.lines(try preview.page(category: .large).displayList()).last)
        #expect(lastLine.hasSuffix("to AX5."))
        #expect(Self.lines(past).last == lastLine)
        #expect(try preview.screen(category: .large, viewport: viewport, offset: 2_000_000) == past)
        #expect(try preview.screen(category: .large, viewport: viewport, offset: 0) != past)
    }

    /// Screens drawn with one sizer and one set of plans, kept across sizes and offsets (as the
    /// preview server's render threads keep them), are the screens drawn afresh; `drawnScreen`
    /// says where each is on the page and how tall the page is known to be then.
    @Test func screensDrawnWithKeptPlansAndSizerAreTheSame() throws {
        let preview = try Self.preview()
        let sizer = CellSizer(typesetter: try Typesetter(fonts: preview.fonts)), plans = preview.screenPlans()
        let viewport = Size(width: 390, height: 500)
        for category in [ContentSizeCategory.large, .accessibilityExtraExtraExtraLarge, .large] {
            for offset in [0.0, 300, 1e6] {
                let kept = try preview.drawnScreen(category: category, viewport: viewport, at: .offset(offset), sizer: sizer,
                                                   plans: plans)
                #expect(kept.displayList == (try preview.screen(category: category, viewport: viewport, offset: offset)))
                #expect(kept.visible.size == viewport)
                if offset < 1e6 {
                    #expect(kept.visible.minY == offset)
                    // welcome.md is taller than 800 pt at L: units below the screen are still estimated.
                    #expect(kept.contentHeightEstimated && kept.contentHeight > offset + 500)
                } else {
                    // Past the end: the last screen, with the whole page measured.
                    #expect(!kept.contentHeightEstimated && kept.visible.maxY == kept.contentHeight)
                }
            }
        }
        #expect(try preview.page(category: .large, sizer: sizer).displayList() == (try preview.page(category: .large).displayList()))
    }

    /// A lazy screen draws the same as the eager page cropped to it.
    @Test func theFirstLazyScreenIsTheEagerPageCropped() throws {
        let preview = try Self.preview()
        let viewport = Size(width: 390, height: 400)
        let page = try preview.page(category: .extraExtraExtraLarge)
        let eager = DisplayListBuilder().displayList(elements: page.elements, visibleRect: Rect(origin: .zero, size: viewport))
        #expect(try preview.screen(category: .extraExtraExtraLarge, viewport: viewport, offset: 0) == eager)
    }

    /// Issue 24, row 8: a screen draws the lines of a paragraph that show on it, not all of them:
    /// a paragraph of about 2,000 lines costs a screenful of glyphs (before, every line's glyph
    /// runs and accessible text were made, then cut away by the picture's edge).
    @Test func aScreenDrawsOnlyTheLinesOnIt() throws {
        let words = (0..<12_000).map { "word\($0 % 89)" }.joined(separator: " ")
        let input = try LayoutInput(bytes: Array(words.utf8), format: .plainText)
        let preview = DocumentPreview(input: input, fonts: try Fixtures.fonts(), width: 390)
        let viewport = Size(width: 390, height: 600)
        let lineHeight = DynamicType.spec(.body, .large).leading
        for offset in [0.0, 20_000] {
            let screen = try preview.screen(category: .large, viewport: viewport, offset: offset)
            let shown = Self.lines(screen)
            #expect(shown.count >= Int(600 / lineHeight) - 1, "at \(offset)")
            #expect(shown.count <= Int(600 / lineHeight) + 4, "at \(offset): \(shown.count) lines drawn")
        }
    }

    /// A contact sheet holds a column per size, side by side, wider than all the screens.
    @Test func aContactSheetHasAColumnPerSize() throws {
        let preview = try Self.preview()
        let viewport = Size(width: 390, height: 300)
        let sheet = try preview.contactSheet(categories: [.small, .accessibilityExtraExtraExtraLarge], viewport: viewport,
                                             heading: "welcome.md at every text size")
        #expect(sheet.size.width >= 2 * 390 + ContactSheet.gap + 2 * ContactSheet.margin)
        let whole = try preview.contactSheet(categories: [.small, .large], heading: nil)
        #expect(whole.size.height > sheet.size.height - 300, "whole pages are taller than one screen")
        #expect(DocumentPreview.bodySizeLabel(.large) == "body 17 pt")
    }

    /// The sizes of a contact sheet share plans where their sections are alike; each column is
    /// still the screen drawn at its size alone: the grid example (three columns, two from xL,
    /// one at AX sizes) and scrolled, so estimates above the screen count.
    @Test(arguments: ["grid.json", "store.json", "welcome.md"])
    func aSheetsColumnsAreTheScreensDrawnAlone(_ example: String) throws {
        let preview = DocumentPreview(input: try Fixtures.input(example), fonts: try Fixtures.fonts(), width: 390)
        let viewport = Size(width: 390, height: 500)
        let categories = ContentSizeCategory.allCases
        let sheet = try preview.contactSheet(categories: categories, viewport: viewport, offset: 700, heading: example)
        let columns = try categories.map { category in
            ContactSheet.Column(title: category.displayName, subtitle: DocumentPreview.bodySizeLabel(category),
                                screen: try preview.screen(category: category, viewport: viewport, offset: 700))
        }
        let alone = try ContactSheet.compose(columns, heading: example, typesetter: try Typesetter(fonts: preview.fonts))
        #expect(sheet == alone)
    }

    /// Annotations are drawn over the size they belong to, and only there.
    @Test func annotationsAreDrawnAtTheirSize() throws {
        var preview = try Self.preview()
        let plain = try preview.page(category: .large).displayList()
        preview.annotations = [.large: [.init(frame: Rect(x: 10, y: 10, width: 100, height: 20), label: "touch-target",
                                              color: Color(hex: 0xE5484D))]]
        #expect(try preview.page(category: .large).displayList() != plain)
        #expect(try preview.page(category: .small).annotations.isEmpty)
    }
}
