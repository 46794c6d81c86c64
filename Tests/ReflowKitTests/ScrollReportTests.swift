import Foundation
import Reflow
import ReflowKit
import TextMetrics
import Testing
import TestSupport

@Suite struct ScrollReportTests {
    static func session() throws -> (ScrollSession, ScrollSession.Summary) {
        let input = try Fixtures.input("welcome.md")
        let sizer = CellSizer(typesetter: try Typesetter(fonts: try Fixtures.fonts()))
        var configuration = ScrollSession.Configuration(viewportHeight: 400)
        configuration.speed = 20_000
        var session = try ScrollSession(layout: input.layout, content: input.content,
                                        environment: LayoutEnvironment(containerWidth: 390, category: .large), sizer: sizer,
                                        configuration: configuration)
        let summary = try session.run()
        return (session, summary)
    }

    /// The frame table lists what was asked (all, the frames that worked, none), then the totals.
    @Test func theTableListsTheFramesAskedForThenTheTotals() throws {
        let (session, summary) = try Self.session()
        let report = try ScrollReport(session: session, summary: summary, unitName: "rows")
        func rows(_ text: String) -> Int { text.split(separator: "\n").filter { $0.first == " " }.count }
        let all = report.text(frames: .all), work = report.text(frames: .work), none = report.text(frames: .none)
        #expect(rows(all) == session.frames.count)
        #expect(rows(work) == session.frames.filter { $0.unitsMeasured > 0 || $0.overBudget || $0.categoryChanged }.count)
        #expect(none.hasPrefix("frames \(summary.frames), over budget"))
        #expect(none.contains("rows measured \(summary.unitsMeasured) of \(summary.units)\n"))
        #expect(all.hasSuffix(none))
        #expect(none.hasSuffix("lazy equals eager (every unit measured, frames compared): true\n"))
        let json = try JSONSerialization.jsonObject(with: try report.json()) as? [String: Any]
        #expect(json?["frames"] as? Int == summary.frames)
    }

    /// The chart is a real SVG or PNG file, labelled.
    @Test func thePlotIsWrittenAsSVGAndPNG() throws {
        let (session, _) = try Self.session()
        let plot = ScrollPlot(session: session, fonts: try Fixtures.fonts())
        let svg = String(decoding: try #require(try plot.render(format: .svg)), as: UTF8.self)
        #expect(svg.contains("<svg") && svg.contains("Scroll session"))
        let png = try #require(try plot.render(format: .png))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(try plot.render(format: .json) == nil, "the layout JSON is not a picture")
        #expect(try plot.displayList().size == Size(width: ScrollPlot.width, height: 2 * ScrollPlot.panelHeight + 40))
    }
}
