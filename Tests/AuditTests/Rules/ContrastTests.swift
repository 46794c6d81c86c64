import Audit
import Foundation
import Reflow
import Readers
import Testing
import TextMetrics
import TestSupport

/// `contrast`: text against its background under WCAG 1.4.3's 4.5:1 (3:1 for large text), with
/// the theme's colours as the preview draws them.
@Suite struct ContrastTests {
    @Test func contrastFollowsWCAGsFormulaAndItsLargeTextThreshold() throws {
        // WCAG's own reference points: black on white is 21:1, a color on itself 1:1, #767676 on
        // white just passes 4.5:1 and #777777 does not.
        #expect(abs(Color.black.contrastRatio(with: .white) - 21) < 1e-9)
        #expect(Color(hex: 0x767676).contrastRatio(with: .white) >= 4.5)
        #expect(Color(hex: 0x777777).contrastRatio(with: .white) < 4.5)
        var pale = Theme.light
        pale.bodyText = Color(hex: 0x8A8A8A)  // 3.45:1 on white: fails normal text, passes large text
        pale.headingText = Color(hex: 0x8A8A8A)
        let json = """
            {"sections": [{"header": {"text": "A large title", "style": "title1"},
                           "group": {"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}},
                                     "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}}]},
                           "cells": [{"text": "Body text", "style": "body"}]}]}
            """
        let report = try AuditTests.audit(json, theme: pale)
        let findings = AuditTests.findings(report, .contrast)
        #expect(findings.map(\.element) == [.cell], "body text fails, the 28 pt title is large text and passes")
        // Body text reaches 18 pt at xL and counts as large from there: it fails only below.
        #expect(findings.first.map { [$0.category] + $0.otherCategories } == [.extraSmall, .small, .medium, .large])
        #expect(AuditTests.findings(try AuditTests.audit(json), .contrast).isEmpty, "the default theme passes")
    }

    /// What the finding says: both colours, the ratio to a hundredth, the threshold and the text's
    /// size and style; and a section background under the text is its backdrop.
    @Test func theFindingNamesBothColoursAndTheRatio() throws {
        var theme = Theme.light
        theme.bodyText = Color(hex: 0xAAAAAA)
        let ratio = (Color(hex: 0xAAAAAA).contrastRatio(with: .white) * 100).rounded() / 100
        let report = try AuditTests.audit(AuditTests.screen(height: "{\"estimated\": 44}", cells: "{\"text\": \"Pale\", \"style\": \"footnote\"}"),
                                          theme: theme)
        let finding = try #require(AuditTests.findings(report, .contrast).first)
        #expect(finding.severity == .error)
        #expect(finding.category == .extraSmall)
        #expect(finding.message == "#aaaaaa on #ffffff is \(ratio):1, under the 4.5:1 WCAG 1.4.3 asks of normal text (12 pt footnote)",
                "\(finding.message)")
        // On a section background (grouped, #f2f2f7 in the light theme) the backdrop is that colour.
        let grouped = """
            {"sections": [{"group": {"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}},
                                     "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}}]},
                           "background": {"contentInsets": {"top": 0, "leading": 8, "bottom": 0, "trailing": 8}},
                           "cells": [{"text": "Pale", "style": "footnote"}]}]}
            """
        let onGrouped = try #require(AuditTests.findings(try AuditTests.audit(grouped, theme: theme), .contrast).first)
        #expect(onGrouped.message.hasPrefix("#aaaaaa on #f2f2f7 is "), "\(onGrouped.message)")
        // The default theme's body text (#262626 on white) passes at every size.
        #expect(AuditTests.findings(try AuditTests.audit(grouped), .contrast).isEmpty)
    }
}
