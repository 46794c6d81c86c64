import Foundation
import Preview
import Readers
import Reflow
import Testing
import TextMetrics
import TestSupport

/// A GitHub alert is drawn as GitHub draws it (issue 38, row 3): a bar in the kind's colour along
/// the whole alert (title and body), the title ("Note" …) in that colour after its icon (simple
/// vector strokes in the same colour) with no hairline under it, the body in the ordinary text
/// colour. GitHub's light-mode
/// colours: note #0969da, tip #1a7f37, important #8250df, warning #9a6700, caution #d1242f.
@Suite struct GitHubAlertDrawingTests {
    static let colors: [(marker: String, color: Color)] = [
        ("NOTE", Color(hex: 0x0969DA)), ("TIP", Color(hex: 0x1A7F37)), ("IMPORTANT", Color(hex: 0x8250DF)),
        ("WARNING", Color(hex: 0x9A6700)), ("CAUTION", Color(hex: 0xD1242F)),
    ]

    static func displayList(_ markdown: String, category: ContentSizeCategory = .large) throws -> DisplayList {
        let sizer = try Fixtures.sizer()
        let environment = LayoutEnvironment(containerWidth: 390, category: category)
        let document = try Document(text: markdown, format: .commonMark)
        let layout = try ListLayout().layout(CellMode.blocks.content(for: document), in: environment, sizer: sizer)
        return DisplayListBuilder().displayList(elements: layout.allAttributes,
                                                visibleRect: Rect(x: 0, y: 0, width: 390, height: layout.contentSize.height))
    }

    static func fills(_ list: DisplayList, _ color: Color) -> [Rect] {
        list.items.compactMap { if case .fill(let rect, color, _) = $0 { rect } else { nil } }
    }

    static func glyphColors(_ list: DisplayList) -> [Color] {
        list.items.compactMap { if case .glyphs(let run) = $0 { run.color } else { nil } }
    }

    static func strokes(_ list: DisplayList, _ color: Color) -> Int {
        list.items.filter {
            switch $0 {
            case .polyline(_, color, _), .line(_, _, color, _, _), .stroke(_, color, _): true
            default: false
            }
        }.count
    }

    @Test(arguments: [ContentSizeCategory.large, .accessibilityExtraExtraExtraLarge])
    func eachKindHasItsColouredBarTitleAndIcon(_ category: ContentSizeCategory) throws {
        for (marker, color) in Self.colors {
            let list = try Self.displayList("> [!\(marker)]\n> Body text of the alert.\n", category: category)
            let bars = Self.fills(list, color)
            #expect(!bars.isEmpty, "\(marker): a bar in its colour")
            #expect(Self.fills(list, Theme.light.quoteBar).isEmpty, "\(marker): no gray quote bar")
            // One bar from the title's top to the body's bottom (joined across the two cells).
            let top = bars.map(\.minY).min() ?? 0, bottom = bars.map(\.maxY).max() ?? 0
            let texts = list.items.compactMap { if case .text(let text) = $0 { text } else { nil } }
            #expect(texts.count == 2)
            if let first = texts.first, let last = texts.last {
                #expect(top <= first.frame.minY && bottom >= last.frame.maxY, "\(marker): the bar runs along title and body")
            }
            // The title's glyphs in the kind's colour, the body's in the body colour.
            let glyphs = Self.glyphColors(list)
            #expect(glyphs.contains(color) && glyphs.contains(Theme.light.bodyText))
            #expect(Self.strokes(list, color) > 0, "\(marker): an icon drawn in its colour")
            #expect(Self.fills(list, Theme.light.separator).isEmpty, "\(marker): no hairline under the title (it heads the alert)")
            #expect(texts.first?.lines.first?.text.trimmingCharacters(in: .whitespaces) == marker.prefix(1) + marker.dropFirst().lowercased())
        }
    }

    /// The icon fills the room the title's text leaves at its start (an em space and an en space:
    /// 1.5 em), within the first em, on the title's line; the title's letters start after it.
    @Test func theIconStandsBeforeTheTitleOnItsFirstLine() throws {
        let list = try Self.displayList("> [!WARNING]\n> Careful.\n")
        let color = Color(hex: 0x9A6700)
        let runs = list.items.compactMap { if case .glyphs(let run) = $0, run.color == color { run } else { nil } }
        let lineStart = try #require(runs.first).origin.x, baseline = try #require(runs.first).origin.y
        let em = try #require(runs.first).pointSize
        let points = list.items.flatMap { item -> [Point] in
            switch item {
            case .polyline(let points, color, _): points
            case .line(let from, let to, color, _, _): [from, to]
            default: []
            }
        }
        #expect(!points.isEmpty)
        #expect(points.allSatisfy { $0.x >= lineStart - 0.5 && $0.x <= lineStart + em + 0.5 }, "within the first em")
        #expect(points.allSatisfy { $0.y < baseline + 2 && $0.y > baseline - em }, "on the title's line")
        let letters = runs.flatMap { run in run.glyphs.map { run.origin.x + $0.x } }.filter { $0 >= lineStart + 1.5 * em - 0.5 }
        #expect(letters.count == "Warning".count, "the title's letters after the icon's room")
    }

    /// In a right-to-left layout the bar is at the right, and the English title with its icon
    /// stands beside it (the layout direction's leading side), not at the far left.
    @Test func aRightToLeftAlertHasItsTitleAtItsBarsSide() throws {
        let sizer = try Fixtures.sizer()
        let environment = TextSettings(language: try LanguageTag("ar")).layoutEnvironment(width: 390, category: .large)
        let document = try Document(text: "> [!NOTE]\n> نص عربي داخل التنبيه.\n", format: .commonMark)
        let layout = try ListLayout().layout(CellMode.blocks.content(for: document), in: environment, sizer: sizer)
        let list = DisplayListBuilder().displayList(elements: layout.allAttributes,
                                                    visibleRect: Rect(x: 0, y: 0, width: 390, height: layout.contentSize.height))
        let color = Color(hex: 0x0969DA)
        let bars = Self.fills(list, color).filter { $0.height > 30 }
        #expect(!bars.isEmpty && bars.allSatisfy { $0.minX > 300 }, "the bar at the right")
        let title = list.items.compactMap { if case .glyphs(let run) = $0, run.color == color { run } else { nil } }
        #expect(!title.isEmpty && title.allSatisfy { $0.origin.x > 195 }, "the title in the right half")
        let icon = list.items.flatMap { item -> [Point] in if case .polyline(let points, color, _) = item { points } else { [] } }
        #expect(!icon.isEmpty && icon.allSatisfy { $0.x > 195 }, "the icon beside the title")
    }

    @Test func aPlainQuoteKeepsItsGrayBar() throws {
        let list = try Self.displayList("> [!DANGER]\n> Not an alert.\n")
        #expect(!Self.fills(list, Theme.light.quoteBar).isEmpty)
        #expect(Self.colors.allSatisfy { Self.fills(list, $0.color).isEmpty })
    }
}
