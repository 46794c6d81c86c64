import Preview
import Readers
import Reflow
import ReflowKit
import TextMetrics
import Testing
import TestSupport

/// Separators between rows run from the text's leading edge to the cell's trailing edge: in a
/// right-to-left document, from the right (where the text starts) to the left edge, as UIKit
/// mirrors a list's separator insets.
@Suite struct RightToLeftSeparatorTests {
    static func separators(_ markdown: String) throws -> [Rect] { try fills(markdown, Theme.light.separator) }

    static func fills(_ markdown: String, _ color: Color) throws -> [Rect] {
        let input = try LayoutInput(bytes: Array(markdown.utf8), format: .commonMark)
        let preview = DocumentPreview(input: input, fonts: try Fixtures.fonts(), width: 390,
                                      settings: TextSettings().over(input.documentSettings))
        return try preview.page(category: .large).displayList().items.compactMap { item -> Rect? in
            guard case .fill(let rect, let fill, _) = item, fill == color else { return nil }
            return rect
        }
    }

    @Test func separatorsMirrorInRightToLeftDocuments() throws {
        let ltr = try Self.separators("First paragraph.\n\nSecond paragraph.\n\nThird.\n")
        let rtl = try Self.separators("---\nlang: ar\n---\nفقرة أولى.\n\nفقرة ثانية.\n\nفقرة ثالثة.\n")
        try #require(ltr.count == 2 && rtl.count == 2)
        for rect in ltr { #expect(rect.minX == 16 && rect.maxX == 390, "\(rect)") }
        for rect in rtl { #expect(rect.minX == 0 && rect.maxX == 374, "\(rect)") }
    }

    /// A quote's bar stands on the leading side: the right in a right-to-left document.
    @Test func quoteBarsMirrorInRightToLeftDocuments() throws {
        let ltr = try Self.fills("> A quotation.\n", Theme.light.quoteBar)
        let rtl = try Self.fills("---\nlang: ar\n---\n> اقتباس من كتاب.\n", Theme.light.quoteBar)
        try #require(ltr.count == 1 && rtl.count == 1)
        #expect(ltr[0].minX < 40 && rtl[0].maxX > 350)
        #expect(abs((390 - rtl[0].maxX) - ltr[0].minX) < 1e-9, "mirror images of each other")
    }
}
