import Audit
import Foundation
import Reflow
import Readers
import Testing
import TextMetrics
import TestSupport

/// `text-clipped` fires only where a line of text is cut, never because an icon and the insets
/// are taller than a row; an icon that is cut is `content-clipped`. The fixtures are Settings
/// rows: 44 pt tall (an absolute height, as a table view's fixed row height), a 29 pt icon that
/// scales with the text (marked decorative), a title, and in one an extra detail line. What is
/// expected at each size is read from the row measured without the fixed height (where every
/// line and the icon are, from the top, as a row too short for its content also places them),
/// not from the audit's own reading of the layout.
@Suite struct TextClippedTests {
    static let icon = "{\"image\": {\"width\": 29, \"height\": 29, \"scalesWithText\": true, \"accessibilityLabel\": \"\"}}"

    static func settingsRow(detail: Bool) -> String {
        let texts = "{\"text\": \"Wi-Fi\", \"style\": \"body\"}" + (detail ? ", {\"text\": \"Home\", \"style\": \"footnote\"}" : "")
        return AuditTests.screen(height: "{\"absolute\": 44}", cells: "{\"layout\": \"row\", \"stack\": [\(icon), \(texts)]}")
    }

    /// Where the row's content goes at `category` when nothing limits its height: the bottom of
    /// its last text line and of its icon, from the row's top, and its natural height.
    struct Natural {
        var textBottom: Double
        var iconBottom: Double
        var height: Double
    }

    static func natural(_ json: String, at category: ContentSizeCategory, width: Double = 390) throws -> Natural {
        let input = try LayoutInput(bytes: Array(json.utf8), format: .screen)
        let cell = try #require(try input.content.cell(at: IndexPath(item: 0, section: 0)))
        let measured = try Fixtures.sizer().measure(cell, proposal: .width(width), category: category)
        var text = 0.0, icon = 0.0
        for element in measured.elements {
            switch element.content {
            case .text: text = max(text, element.frame.maxY)
            case .image: icon = max(icon, element.frame.maxY)
            default: continue
            }
        }
        return Natural(textBottom: text, iconBottom: icon, height: measured.naturalHeight)
    }

    static func categories(_ findings: [AuditFinding]) -> Set<ContentSizeCategory> { Set(findings.flatMap(\.categories)) }

    @Test(arguments: [false, true])
    func aSettingsRowClipsTextOnlyWhereALineIsCut(detail: Bool) throws {
        let json = Self.settingsRow(detail: detail)
        let report = try AuditTests.audit(json)
        let clipped = Self.categories(AuditTests.findings(report, .textClipped))
        let iconClipped = Self.categories(AuditTests.findings(report, .contentClipped))
        var cut = Set<ContentSizeCategory>(), iconCut = Set<ContentSizeCategory>()
        for category in ContentSizeCategory.allCases {
            let natural = try Self.natural(json, at: category)
            // The row is never borderline: each line is well inside or well outside the 44 pt.
            #expect(abs(natural.textBottom - 44) > 0.5, "\(category.shortName): text ends at \(natural.textBottom)")
            if natural.textBottom > 44 { cut.insert(category) }
            if natural.iconBottom > 44.5 { iconCut.insert(category) }
        }
        #expect(clipped == cut, "text-clipped where a line passes the row's bottom, and only there")
        #expect(iconClipped == iconCut, "content-clipped where the icon passes it")
        #expect(!cut.isEmpty, "a real clip still fires at the large sizes")
        #expect(AuditTests.findings(report, .textClipped).allSatisfy { $0.severity == .error && $0.message.contains("cut off") })
        #expect(AuditTests.findings(report, .contentClipped).allSatisfy { $0.severity == .warning && $0.message.contains("image") })
        #expect(AuditTests.findings(report, .touchTarget).isEmpty)
        if !detail {
            // Issue 23: from M the icon and the insets need more than 44 pt (what text-clipped
            // used to fire on), while the title is whole up to xxL.
            #expect(try Self.natural(json, at: .medium).height > 44)
            for category in ContentSizeCategory.allCases where category <= .extraExtraLarge {
                #expect(!clipped.contains(category), "\(category.shortName): the title is fully visible")
            }
            #expect(clipped.contains(.accessibilityExtraExtraExtraLarge))
            #expect(!iconCut.subtracting(cut).isEmpty, "a size where only the icon is cut: content-clipped, not text-clipped")
        } else {
            // Two lines do not fit in 44 pt with the row's insets: the detail line is cut at every size.
            #expect(clipped == Set(ContentSizeCategory.allCases))
            #expect(AuditTests.findings(report, .textClipped).first?.message.contains("footnote text") == true)
        }
    }

    /// The same rows self-sized (44 pt estimated, as Examples/settings.json): nothing is cut.
    @Test(arguments: [false, true])
    func aSelfSizedSettingsRowClipsNothing(detail: Bool) throws {
        let json = Self.settingsRow(detail: detail).replacingOccurrences(of: "{\"absolute\": 44}", with: "{\"estimated\": 44}")
        let report = try AuditTests.audit(json, widths: [390, 320])
        #expect(AuditTests.findings(report, .textClipped).isEmpty)
        #expect(AuditTests.findings(report, .contentClipped).isEmpty)
    }

    /// A 60 pt card with two lines of body text: it clips from the first category where the
    /// screen cell's scaled top inset and two body lines need more than 60 pt, so the second
    /// line passes the card's bottom (an inset the text runs into cuts no line).
    @Test func aSixtyPointCardWithTwoLinesClipsFromTheSizeItsNumbersSay() throws {
        let json = AuditTests.screen(height: "{\"absolute\": 60}", cells: "{\"text\": \"First line\\nSecond line\"}")
        let report = try AuditTests.audit(json)
        let insets = EdgeInsets(top: 10, leading: 12, bottom: 10, trailing: 12)
        func bottom(_ category: ContentSizeCategory) -> Double {
            insets.scaled(by: FontMetrics(forTextStyle: .body).scaleFactor(for: category)).top + 2 * DynamicType.spec(.body, category).leading
        }
        #expect(ContentSizeCategory.allCases.allSatisfy { abs(bottom($0) - 60) > 0.5 }, "no size is borderline")
        let first = ContentSizeCategory.allCases.first { bottom($0) > 60 }
        // What text-clipped used to fire on: the text running into the bottom inset, no line cut.
        let insetEaten = try #require(ContentSizeCategory.allCases.first { category in
            insets.scaled(by: FontMetrics(forTextStyle: .body).scaleFactor(for: category)).vertical
                + 2 * DynamicType.spec(.body, category).leading > 60
        })
        #expect(first.map { $0 > insetEaten } ?? true, "a size where the text runs into the inset but no line is cut")
        let finding = try #require(AuditTests.findings(report, .textClipped).first)
        #expect(finding.category == first)
        #expect(finding.severity == .error)
        #expect(finding.source?.jsonPath == "sections[0].cells[0]")
        let line = json.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("First line") }.map { $0 + 1 }
        #expect(finding.source?.line == line, "the cell's line in the file")
        let roomy = try AuditTests.audit(AuditTests.screen(height: "{\"absolute\": 400}", cells: "{\"text\": \"First line\\nSecond line\"}"))
        #expect(AuditTests.findings(roomy, .textClipped).isEmpty)
    }

    @Test func aLineLimitThatHidesLinesIsClippedText() throws {
        let long = "A subtitle long enough to need more than one line at some of the larger text sizes of all"
        let report = try AuditTests.audit(AuditTests.screen(height: "{\"estimated\": 44}", cells: "{\"text\": \"\(long)\", \"lines\": 1}"))
        let finding = try #require(AuditTests.findings(report, .textClipped).first)
        #expect(finding.message.contains("a line limit shows 1 of"))
        let short = try AuditTests.audit(AuditTests.screen(height: "{\"estimated\": 44}", cells: "{\"text\": \"Short\", \"lines\": 1}"))
        #expect(AuditTests.findings(short, .textClipped).isEmpty)
    }
}
