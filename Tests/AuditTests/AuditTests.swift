import Audit
import Foundation
import Reflow
import Readers
import Testing
import TextMetrics
import TestSupport

/// The fixtures every rule's tests are written with (an audit of a screen file, a one-section
/// screen, a rule's findings) and the report's shape. Each rule's tests are in `Rules/`, one file
/// per rule: a fixture that triggers it, at the category where it first fails (worked out from
/// the rule's own numbers, not written down), and one that does not.
@Suite struct AuditTests {
    static func audit(_ json: String, widths: [Double] = [390], theme: Theme = .light,
                      text: TextSettings = TextSettings()) throws -> AuditReport {
        let input = try LayoutInput(bytes: Array(json.utf8), format: .screen)
        var options = Auditor.Options()
        options.widths = widths
        options.theme = theme
        options.settings = text
        return try Auditor(input: input, options: options, makeSizer: { try Fixtures.sizer() }).run()
    }

    /// A one-section screen of `cells` in groups of items of `width` x `height`.
    static func screen(width: String = "{\"fractionalWidth\": 1}", height: String, cells: String,
                       orthogonal: Bool = false) -> String {
        """
        {"sections": [{"group": {"axis": "horizontal", "size": {"width": \(width), "height": \(height)},
                                 "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": \(height)}}]},
                       \(orthogonal ? "\"orthogonalScrollingBehavior\": \"continuous\"," : "")
                       "cells": [\(cells)]}]}
        """
    }

    static func findings(_ report: AuditReport, _ rule: AuditRule) -> [AuditFinding] { report.findings.filter { $0.rule == rule } }

    @Test func theJSONReportHasStableKeysAndTheSeverityDecidesTheExit() throws {
        let report = try Self.audit(Self.screen(height: "{\"absolute\": 20}", cells: "{\"text\": \"Tap\", \"style\": \"caption2\"}"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.json(file: "x.json").utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["file", "categories", "widths", "summary", "styleScales", "findings"])
        let finding = try #require((object["findings"] as? [[String: Any]])?.first)
        #expect(Set(finding.keys) == ["rule", "severity", "category", "otherCategories", "width", "element", "source", "message"])
        #expect(report.worst == .error)
        #expect(report.fails(at: .error) && report.fails(at: .warning) && !report.fails(at: nil))
        #expect(AuditReport.FailureThreshold.allCases.map(\.severity) == [.error, .warning, nil])
        #expect(report.rendered(.json, path: "screens/x.json") == report.json(file: "x.json"))
        #expect(report.rendered(.sarif, path: "screens/x.json") == report.sarif(uri: "screens/x.json", toolVersion: "1.0"))
        #expect(report.rendered(.text, path: "x.json") == report.text(file: "x.json"))
    }
}
