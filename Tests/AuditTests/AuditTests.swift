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

    /// Issue 36 row 10c: SARIF's `artifactLocation.uri` is a URI reference whose path is the
    /// file's, percent-encoded (RFC 3986): a URI parser reads the whole name as the path, with no
    /// fragment, query, scheme or host taken out of it.
    @Test(arguments: ["a b#c?d%e.md", "docs/Ünïcode name ü.md", "/tmp/x:y/[1]+&=;@!$'(),*.md", "c:file.json", "//twice/a.md",
                      "plain/path-1_2.~md"])
    func sarifURIsAreURIReferencesOfThePath(_ path: String) throws {
        let report = try Self.audit(Self.screen(height: "{\"absolute\": 20}", cells: "{\"text\": \"Tap\", \"style\": \"caption2\"}"))
        try #require(!report.findings.isEmpty)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(report.rendered(.sarif, path: path).utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        var uris = ((run["artifacts"] as? [[String: Any]]) ?? []).compactMap { ($0["location"] as? [String: Any])?["uri"] as? String }
        for result in (run["results"] as? [[String: Any]]) ?? [] {
            let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            uris += [(location?["artifactLocation"] as? [String: Any])?["uri"] as? String].compactMap { $0 }
        }
        #expect(uris.count == 1 + report.findings.count)
        // Leading slashes are one: `//twice` would be a host.
        let expected = path.hasPrefix("//") ? String(path.dropFirst()) : path
        for uri in Set(uris) {
            #expect(uri == AuditReport.sarifURI(path: path))
            #expect(uri.utf8.allSatisfy { $0 < 0x80 && $0 > 0x20 }, "\(uri): ASCII, no spaces or controls")
            let components = try #require(URLComponents(string: uri), "\(uri) is not a URI reference")
            #expect(components.scheme == nil && components.host == nil, "\(uri)")
            #expect(components.query == nil && components.fragment == nil, "\(uri)")
            #expect(components.path == expected, "\(uri)")
        }
    }

    @Test func sarifURIsEncodeBytesOutsideTheUnreservedOnes() {
        #expect(AuditReport.sarifURI(path: "a b#c?d%e.md") == "a%20b%23c%3Fd%25e.md")
        #expect(AuditReport.sarifURI(path: "docs/é x.md") == "docs/%C3%A9%20x.md")
        #expect(AuditReport.sarifURI(path: "screens/x.json") == "screens/x.json")
        #expect(AuditReport.sarifURI(path: "/abs/A-z_0.9~.md") == "/abs/A-z_0.9~.md")
    }
}
