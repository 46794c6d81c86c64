import Audit
import Foundation
import Reflow
import Readers
import Testing
import TestSupport

/// Issue 24, row 8: an audit of a screen whose every cell fails keeps findings for at most
/// `findingsPerRule` elements of each rule and counts the rest: it held one per cell, width and
/// rule, each with its message and a frame per size (5.2 GB for an 8 MB screen).
@Suite struct FindingsLimitTests {
    /// 40 tiles 30 pt tall (a touch-target warning each) and one 20 pt tall at the end (an
    /// error).
    static let screen = """
        {"sections": [
          {"group": {"axis": "horizontal", "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 30}},
                     "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 30}}}]},
           "cells": [\((0..<40).map { "{\"text\": \"Tile \($0)\", \"style\": \"caption2\"}" }.joined(separator: ", "))]},
          {"group": {"axis": "horizontal", "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 20}},
                     "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 20}}}]},
           "cells": [{"text": "Tiny", "style": "caption2"}]}]}
        """

    static func audit(limit: Int?) throws -> AuditReport {
        var options = Auditor.Options()
        options.categories = [.large, .accessibilityExtraExtraExtraLarge]
        options.widths = [390]
        options.findingsPerRule = limit
        return try Auditor(input: try LayoutInput(bytes: Array(screen.utf8), format: .screen), options: options,
                           makeSizer: { try Fixtures.sizer() }).run()
    }

    @Test func findingsBeyondTheLimitAreCountedNotKept() throws {
        let all = try Self.audit(limit: nil)
        let touch = all.findings.filter { $0.rule == .touchTarget }
        #expect(touch.count == 41, "one per tile")
        #expect(all.omitted.isEmpty && all.omittedCount == 0)

        let limited = try Self.audit(limit: 10)
        let kept = limited.findings.filter { $0.rule == .touchTarget }
        #expect(kept.count == 10)
        #expect(limited.omitted[.touchTarget] == 31)
        // The error among the ones not listed still counts: the audit fails as before.
        #expect(limited.worst == .error && all.worst == .error)
        // What is kept is what the whole audit found for those elements.
        for finding in kept {
            #expect(touch.contains { $0.indexPath == finding.indexPath && $0.message == finding.message && $0.otherCategories == finding.otherCategories })
        }
        let text = limited.text(file: "s.json")
        #expect(text.contains("… and 31 more elements, not listed (at most 10 per rule are listed; --max-findings 0 lists all)"))
        #expect(text.contains("more findings not listed (worst: error)"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(limited.json(file: "s.json").utf8)) as? [String: Any])
        #expect((json["omitted"] as? [String: Int])?["touch-target"] == 31)
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(limited.sarif(uri: "s.json", toolVersion: "1").utf8)) as? [String: Any])
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        #expect(((run["properties"] as? [String: Any])?["omittedResults"] as? [String: Int])?["touch-target"] == 31)
        // A report that lists everything reads as before: no "omitted" key.
        #expect(!all.json(file: "s.json").contains("\"omitted\""))
    }
}
