import Audit
import Foundation
import Reflow
import Readers
import Testing
import TextMetrics
import TestSupport

/// `text-not-scaling`: text at a fixed size that falls behind Dynamic Type (a warning), and
/// Dynamic Type styles that grow less than WCAG 1.4.4's 200 % by AX5 (information).
@Suite struct TextNotScalingTests {
    @Test func stylesThatGrowLessThanTwiceAreReportedAsInformation() throws {
        let json = """
            {"sections": [{"header": {"text": "Title", "style": "largeTitle"},
                           "group": {"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}},
                                     "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}}]},
                           "cells": [{"text": "Body", "style": "body"}]}]}
            """
        let report = try AuditTests.audit(json)
        let scales = Dictionary(uniqueKeysWithValues: report.styleScales.map { ($0.style, $0.scale) })
        #expect(abs(scales[.body]! - 53.0 / 17) < 1e-9)
        #expect(abs(scales[.largeTitle]! - 60.0 / 34) < 1e-9)
        let notScaling = AuditTests.findings(report, .textNotScaling)
        #expect(notScaling.count == 1)
        #expect(notScaling.first?.severity == .info)
        #expect(notScaling.first?.message.contains("largeTitle") == true)
    }

    /// Text given a fixed point size keeps it: a warning from the first category above L where
    /// Dynamic Type would set its style larger, listing every larger category.
    @Test func textAtAFixedSizeIsReportedFromTheFirstCategoryItFallsBehind() throws {
        let fixed = try AuditTests.audit(AuditTests.screen(height: "{\"estimated\": 44}",
                                               cells: "{\"text\": \"Fine print\", \"style\": \"caption1\", \"pointSize\": 12}"))
        let finding = try #require(AuditTests.findings(fixed, .textNotScaling).first { $0.severity == .warning })
        let larger = ContentSizeCategory.allCases.filter { $0 > .large && DynamicType.spec(.caption1, $0).pointSize > 12 }
        #expect(finding.category == larger.first)
        #expect(finding.otherCategories == Array(larger.dropFirst()))
        #expect(finding.message.contains("12 pt") && finding.message.contains("43 pt at AX5"), "\(finding.message)")
        #expect(finding.source?.jsonPath == "sections[0].cells[0]")
        // A fixed size at least as large as AX5's is still text that does not grow, but no reader
        // gets smaller text than they asked for; and text in its style scales.
        let big = try AuditTests.audit(AuditTests.screen(height: "{\"estimated\": 44}",
                                             cells: "{\"text\": \"Big\", \"style\": \"caption1\", \"pointSize\": 44}"))
        #expect(AuditTests.findings(big, .textNotScaling).allSatisfy { $0.severity == .info })
        let dynamic = try AuditTests.audit(AuditTests.screen(height: "{\"estimated\": 44}", cells: "{\"text\": \"Fine print\", \"style\": \"caption1\"}"))
        #expect(AuditTests.findings(dynamic, .textNotScaling).allSatisfy { $0.severity == .info })
    }
}
