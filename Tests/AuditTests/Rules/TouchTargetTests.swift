import Audit
import Foundation
import Reflow
import Readers
import Testing
import TextMetrics
import TestSupport

/// `touch-target`: a cell smaller than 44 × 44 pt is a warning, smaller than 24 × 24 pt an
/// error; only cells are touch targets.
@Suite struct TouchTargetTests {
    @Test func touchTargetsUnder44AreWarningsAndUnder24Errors() throws {
        let small = try AuditTests.audit(AuditTests.screen(height: "{\"absolute\": 30}", cells: "{\"text\": \"Tap\", \"style\": \"caption2\"}"))
        let warning = try #require(AuditTests.findings(small, .touchTarget).first)
        #expect(warning.severity == .warning)
        #expect(warning.category == .extraSmall, "a fixed 30 pt is too small at every size")
        #expect(warning.otherCategories.count == 11)
        let tiny = try AuditTests.audit(AuditTests.screen(height: "{\"absolute\": 20}", cells: "{\"text\": \"Tap\", \"style\": \"caption2\"}"))
        #expect(AuditTests.findings(tiny, .touchTarget).first?.severity == .error)
        let fine = try AuditTests.audit(AuditTests.screen(height: "{\"estimated\": 44}", cells: "{\"text\": \"Tap\"}"))
        #expect(AuditTests.findings(fine, .touchTarget).isEmpty)
    }

    /// A header and a badge are not touch targets, however small: only cells are.
    @Test func headersAndBadgesAreNotTouchTargets() throws {
        let json = """
            {"sections": [{"header": {"text": "H", "style": "caption2"},
                           "group": {"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}},
                                     "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}},
                                                   "badge": {"size": {"width": {"absolute": 12}, "height": {"absolute": 12}},
                                                             "anchor": {"edges": ["top", "trailing"]}}}]},
                           "cells": [{"text": "One", "badge": "3"}]}]}
            """
        let report = try AuditTests.audit(json, widths: [390, 320])
        #expect(AuditTests.findings(report, .touchTarget).isEmpty)
    }
}
