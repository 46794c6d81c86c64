import Audit
import Foundation
import Reflow
import Readers
import Testing
import TextMetrics
import TestSupport

/// `overlap`: two cells whose frames share an area, one drawn over the other. Cells that only
/// touch (a list's rows, edge to edge) do not overlap; a badge over its cell, headers and
/// section backgrounds are meant to lie over or under cells.
@Suite struct OverlapTests {
    /// A section of groups `groupHeight` tall stacked one under the other, each holding one item
    /// `itemHeight` tall: an item taller than its group runs out of it into the next group's item.
    static func stacked(groupHeight: Double, itemHeight: Double, spacing: Double = 0) -> String {
        let item = "{\"size\": {\"width\": {\"fractionalWidth\": 1}, \"height\": {\"absolute\": \(itemHeight)}}}"
        return """
            {"sections": [{"group": {"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": \(groupHeight)}},
                                     "subitems": [\(item)]},
                           "interGroupSpacing": \(spacing),
                           "cells": [{"text": "One"}, {"text": "Two"}, {"text": "Three"}, {"text": "Four"}]}]}
            """
    }

    @Test func itemsRunningIntoTheNextGroupOverlapIt() throws {
        let report = try AuditTests.audit(Self.stacked(groupHeight: 40, itemHeight: 60), widths: [390, 320])
        let findings = AuditTests.findings(report, .overlap)
        // Each item (60 pt from its group's top) runs 20 pt into the next one (40 pt further down).
        #expect(Set(findings.filter { $0.width == 390 }.map(\.indexPath.item)) == [1, 2, 3])
        let finding = try #require(findings.first { $0.indexPath == IndexPath(item: 1, section: 0) && $0.width == 390 })
        #expect(finding.severity == .error)
        #expect(finding.categories == ContentSizeCategory.allCases, "frames, not text: every size")
        #expect(finding.message.contains("cell 0.0") && finding.message.contains("390 × 20 pt"), "\(finding.message)")
        #expect(Set(findings.map(\.width)) == [390, 320], "a width-dependent rule, reported per width")
        #expect(findings.allSatisfy { $0.source?.jsonPath == "sections[0].cells[\($0.indexPath.item)]" })
    }

    @Test func cellsThatOnlyTouchDoNotOverlap() throws {
        // Items as tall as their groups: each starts where the one above ends.
        let touching = try AuditTests.audit(Self.stacked(groupHeight: 40, itemHeight: 40))
        #expect(AuditTests.findings(touching, .overlap).isEmpty)
        let spaced = try AuditTests.audit(Self.stacked(groupHeight: 40, itemHeight: 40, spacing: 8))
        #expect(AuditTests.findings(spaced, .overlap).isEmpty)
    }

    /// A badge over its cell's corner, sticking out over the next row, and a section background
    /// under the rows are not overlaps; neither are the rows of Examples/settings.json.
    @Test func badgesAndBackgroundsAreMeantToOverlap() throws {
        let json = """
            {"sections": [{"group": {"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}},
                                     "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}},
                                                   "badge": {"size": {"width": {"absolute": 30}, "height": {"absolute": 30}},
                                                             "anchor": {"edges": ["bottom", "trailing"], "offset": {"x": 0, "y": 20}}}}]},
                           "header": {"text": "Inbox"},
                           "background": {"contentInsets": {"top": 0, "leading": 8, "bottom": 0, "trailing": 8}},
                           "cells": [{"text": "One", "badge": "3"}, {"text": "Two", "badge": "1"}, {"text": "Three"}]}]}
            """
        let report = try AuditTests.audit(json)
        #expect(AuditTests.findings(report, .overlap).isEmpty)
        // The premise: the badge does reach into the next row.
        let input = try LayoutInput(bytes: Array(json.utf8), format: .screen)
        let snapshot = try input.layout.layout(input.content, in: LayoutEnvironment(containerWidth: 390, category: .large),
                                               sizer: try Fixtures.sizer())
        let badge = try #require(snapshot.attributes(.badge, at: IndexPath(item: 0, section: 0)))
        let next = try #require(snapshot.attributes(.cell, at: IndexPath(item: 1, section: 0)))
        #expect(badge.frame.intersects(next.frame))

        var options = Auditor.Options()
        options.widths = [390, 320]
        let settings = try Auditor(input: try Fixtures.input("settings.json"), options: options, makeSizer: { try Fixtures.sizer() }).run()
        #expect(AuditTests.findings(settings, .overlap).isEmpty)
    }
}
