import Foundation
import Reflow
import Readers
import ReflowKit
import TextMetrics
import Testing
import TestSupport

/// A GitHub alert in the layout JSON (issue 38, row 3): its title is `"cell": "alert"` with
/// `"alert"` naming its kind, and every cell inside the alert names the kind too; both writers
/// (`jsonText`, and the byte writer `reflow-cli layout` uses) write the same bytes.
@Suite struct AlertLayoutJSONTests {
    static func report(_ markdown: String) throws -> LayoutReport {
        let content = CellMode.blocks.content(for: try Document(markdown: markdown))
        let snapshot = try ListLayout().layout(content, in: LayoutEnvironment(containerWidth: 390, category: .large),
                                               sizer: try Fixtures.sizer())
        return LayoutReport(snapshot)
    }

    @Test(arguments: ["note", "tip", "important", "warning", "caution"])
    func theTitleIsAnAlertCellWithItsKind(_ kind: String) throws {
        let report = try Self.report("Before.\n\n> [!\(kind.uppercased())]\n> Inside.\n\n> Plain quote.\n")
        let json = report.jsonText()
        let lines = json.split(separator: "\n").filter { $0.contains("\"kind\": \"cell\"") }
        #expect(lines.count == 4)
        #expect(lines[1].contains("\"cell\": \"alert\"") && lines[1].contains("\"alert\": \"\(kind)\""))
        #expect(lines[2].contains("\"cell\": \"paragraph\"") && lines[2].contains("\"alert\": \"\(kind)\""))
        #expect(!lines[0].contains("\"alert\"") && !lines[3].contains("\"alert\""))
        #expect(lines[3].contains("\"cell\": \"quote\""))
        #expect(report.jsonBytes() == Array(json.utf8))
        // It reads back.
        let read = try JSONDecoder().decode(LayoutReport.self, from: Data(json.utf8))
        #expect(read == report)
    }
}
