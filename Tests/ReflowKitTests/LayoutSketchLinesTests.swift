import Foundation
import Preview
@testable import ReflowKit
import Reflow
import TextMetrics
import Testing
import TestSupport

/// Issue 36, row 10: `check --report` sketches a golden's cells with a bar for each further line;
/// it draws the bars its window shows, never one per line the golden says a cell has.
@Suite struct LayoutSketchLinesTests {
    /// A sketch draws a bar for each line the picture shows, not for each line the golden says
    /// the cell has: a cell of a million lines (in a frame that holds them) costs a screenful.
    @Test func aSketchDrawsOnlyTheLinesItsWindowShows() throws {
        let layouts = try GoldenStore.layouts(of: try Fixtures.input("welcome.md"), categories: [.large], width: 390,
                                              fontsDirectory: try Fixtures.fonts().directory)
        let golden = LayoutReport.Golden(report: layouts.reports[0], fonts: layouts.fonts).jsonText()
        let cell: [HostileGoldenEdit.Step] = [.key("elements"), .index(1)]
        var edited = try HostileGoldenEdit(cell + [.key("frame"), .key("height")], "1000000", .reads).apply(to: golden)
        edited = try HostileGoldenEdit(cell + [.key("textFrame"), .key("height")], "1000000", .reads).apply(to: edited)
        edited = try HostileGoldenEdit(cell + [.key("lines")], "1000000", .reads).apply(to: edited)
        let report = try LayoutReport.Golden.decode(Array(edited.utf8), path: "goldens/doc-l.json").report
        let typesetter = try Typesetter(fonts: try Fixtures.fonts())
        func count(_ items: [DisplayList.Item]) -> Int {
            items.reduce(0) { total, item in if case .clip(_, let inner) = item { total + 1 + count(inner) } else { total + 1 } }
        }
        for top in [0.0, 500_000, 999_000] {
            let list = LayoutSketch(report).displayList(window: Rect(x: 0, y: top, width: 390, height: 1_200), typesetter: typesetter)
            #expect(count(list.items) < 500, "\(count(list.items)) items for a window at \(top)")
        }
        #expect(LayoutSketch.visibleLines(1_000_000_000, top: -5e8, lineHeight: 22, window: 1_200).count <= 58)
        #expect(LayoutSketch.visibleLines(Int.max, top: -1e300, lineHeight: 22, window: 1_200).isEmpty)
        #expect(LayoutSketch.visibleLines(3, top: 10, lineHeight: 22, window: 1_200) == 1..<3)
    }
}
