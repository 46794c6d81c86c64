import Audit
import Foundation
import Reflow
import Readers
import Testing
import TextMetrics
import TestSupport

/// Each rule with a fixture that triggers it, at the category where it first fails (worked out
/// from the rule's own numbers, not written down), and one that does not.
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

    @Test func touchTargetsUnder44AreWarningsAndUnder24Errors() throws {
        let small = try Self.audit(Self.screen(height: "{\"absolute\": 30}", cells: "{\"text\": \"Tap\", \"style\": \"caption2\"}"))
        let warning = try #require(Self.findings(small, .touchTarget).first)
        #expect(warning.severity == .warning)
        #expect(warning.category == .extraSmall, "a fixed 30 pt is too small at every size")
        #expect(warning.otherCategories.count == 11)
        let tiny = try Self.audit(Self.screen(height: "{\"absolute\": 20}", cells: "{\"text\": \"Tap\", \"style\": \"caption2\"}"))
        #expect(Self.findings(tiny, .touchTarget).first?.severity == .error)
        let fine = try Self.audit(Self.screen(height: "{\"estimated\": 44}", cells: "{\"text\": \"Tap\"}"))
        #expect(Self.findings(fine, .touchTarget).isEmpty)
    }

    /// A 60 pt card with two lines of body text: it clips from the first category where the
    /// screen cell's scaled top inset and two body lines need more than 60 pt, so the second
    /// line passes the card's bottom (an inset the text runs into cuts no line).
    @Test func aSixtyPointCardWithTwoLinesClipsFromTheSizeItsNumbersSay() throws {
        let json = Self.screen(height: "{\"absolute\": 60}", cells: "{\"text\": \"First line\\nSecond line\"}")
        let report = try Self.audit(json)
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
        let finding = try #require(Self.findings(report, .textClipped).first)
        #expect(finding.category == first)
        #expect(finding.severity == .error)
        #expect(finding.source?.jsonPath == "sections[0].cells[0]")
        let line = json.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("First line") }.map { $0 + 1 }
        #expect(finding.source?.line == line, "the cell's line in the file")
        let roomy = try Self.audit(Self.screen(height: "{\"absolute\": 400}", cells: "{\"text\": \"First line\\nSecond line\"}"))
        #expect(Self.findings(roomy, .textClipped).isEmpty)
    }

    /// The same 60 pt card under WCAG 1.4.12 text spacing (lines 1.5 × the size apart): it clips
    /// from the first category where the spaced lines pass its bottom, and that is
    /// `spacing-clipped` only at the categories where it does not clip without the spacing.
    @Test func textSpacingThatClipsACardIsSpacingClippedWhereTheCardFitsOtherwise() throws {
        let json = Self.screen(height: "{\"absolute\": 60}", cells: "{\"text\": \"First line\\nSecond line\"}")
        let report = try Self.audit(json, text: TextSettings(spacing: .wcag))
        let insets = EdgeInsets(top: 10, leading: 12, bottom: 10, trailing: 12)
        func needed(_ category: ContentSizeCategory, spaced: Bool) -> Double {
            let spec = DynamicType.spec(.body, category)
            let pitch = spaced ? max(spec.leading, 1.5 * spec.pointSize) : spec.leading
            return insets.scaled(by: FontMetrics(forTextStyle: .body).scaleFactor(for: category)).top + 2 * pitch
        }
        let spacedOnly = ContentSizeCategory.allCases.filter { needed($0, spaced: true) > 60 && needed($0, spaced: false) <= 60 }
        #expect(!spacedOnly.isEmpty, "some size fits only without the spacing")
        let finding = try #require(Self.findings(report, .spacingClipped).first)
        #expect(finding.severity == .error)
        #expect(([finding.category] + finding.otherCategories).sorted() == spacedOnly)
        #expect(finding.message.hasPrefix("with WCAG 1.4.12 text spacing"))
        // Where it clips anyway it is text-clipped, as without the spacing.
        let plain = try Self.audit(json)
        #expect(Self.findings(report, .textClipped).map(\.category) == Self.findings(plain, .textClipped).map(\.category))
        #expect(Self.findings(plain, .spacingClipped).isEmpty)
        let roomy = try Self.audit(Self.screen(height: "{\"absolute\": 400}", cells: "{\"text\": \"First line\\nSecond line\"}"),
                                   text: TextSettings(spacing: .wcag))
        #expect(Self.findings(roomy, .spacingClipped).isEmpty)
    }

    @Test func aLineLimitThatHidesLinesIsClippedText() throws {
        let long = "A subtitle long enough to need more than one line at some of the larger text sizes of all"
        let report = try Self.audit(Self.screen(height: "{\"estimated\": 44}", cells: "{\"text\": \"\(long)\", \"lines\": 1}"))
        let finding = try #require(Self.findings(report, .textClipped).first)
        #expect(finding.message.contains("a line limit shows 1 of"))
        let short = try Self.audit(Self.screen(height: "{\"estimated\": 44}", cells: "{\"text\": \"Short\", \"lines\": 1}"))
        #expect(Self.findings(short, .textClipped).isEmpty)
    }

    @Test func aWordWiderThanItsColumnIsBroken() throws {
        let word = "Supercalifragilisticexpialidocious"
        let report = try Self.audit(Self.screen(height: "{\"estimated\": 44}", cells: "{\"text\": \"\(word)\"}"))
        let finding = try #require(Self.findings(report, .wordBroken).first)
        #expect(finding.severity == .warning)
        // The first size where the word, set in body at that size, is wider than the cell's text column.
        let sizer = try Fixtures.sizer()
        let insets = EdgeInsets(top: 10, leading: 12, bottom: 10, trailing: 12)
        let first = try ContentSizeCategory.allCases.first { category in
            let column = 390 - insets.scaled(by: FontMetrics(forTextStyle: .body).scaleFactor(for: category)).horizontal
            return try sizer.typesetter.advance(of: StyledText(word), style: .body, category: category) > column
        }
        #expect(finding.category == first)
        let short = try Self.audit(Self.screen(height: "{\"estimated\": 44}", cells: "{\"text\": \"short words only\"}"))
        #expect(Self.findings(short, .wordBroken).isEmpty)
        // Hyphenated (English patterns), the word ends its lines with hyphens: nothing is broken.
        let hyphenated = try Self.audit(Self.screen(height: "{\"estimated\": 44}", cells: "{\"text\": \"\(word)\"}"),
                                        text: TextSettings(hyphenation: true))
        #expect(Self.findings(hyphenated, .wordBroken).isEmpty)
        // A "word" with no hyphenation point at all is still broken, reported as information.
        let digits = String(repeating: "7", count: 60)
        let unbreakable = try Self.audit(Self.screen(height: "{\"estimated\": 44}", cells: "{\"text\": \"\(digits)\"}"),
                                         text: TextSettings(hyphenation: true))
        #expect(Self.findings(unbreakable, .wordBroken).first?.severity == .info)
    }

    @Test func contentWiderThanTheContainerScrollsExceptInAnOrthogonalSection() throws {
        let wide = Self.screen(width: "{\"absolute\": 350}", height: "{\"estimated\": 44}", cells: "{\"text\": \"Wide\"}")
        let report = try Self.audit(wide, widths: [390, 320])
        let findings = Self.findings(report, .horizontalScroll)
        #expect(findings.map(\.width) == [320], "350 pt fits 390 but not 320")
        #expect(findings.first?.severity == .error)
        let sideways = try Self.audit(Self.screen(width: "{\"absolute\": 350}", height: "{\"estimated\": 44}",
                                                  cells: "{\"text\": \"A\"}, {\"text\": \"B\"}", orthogonal: true), widths: [320])
        #expect(!Self.findings(sideways, .horizontalScroll).isEmpty)
        #expect(Self.findings(sideways, .horizontalScroll).allSatisfy { $0.severity == .info })
        let fits = try Self.audit(Self.screen(height: "{\"estimated\": 44}", cells: "{\"text\": \"Fits\"}"), widths: [320])
        #expect(Self.findings(fits, .horizontalScroll).isEmpty)
    }

    /// A code block wider than its cell scrolls sideways inside it: `horizontal-scroll` at info
    /// (WCAG 1.4.10 allows two-dimensional content), never an error; code that fits says nothing.
    @Test func codeWiderThanItsCellIsHorizontalScrollInfo() throws {
        let markdown = "```\nlet line = \"a line of code much wider than a phone screen at any text size\"\n```\n\n```\nok\n```\n"
        var options = Auditor.Options()
        options.widths = [390]
        let report = try Auditor(input: try LayoutInput(bytes: Array(markdown.utf8), format: .commonMark), options: options,
                                 makeSizer: { try Fixtures.sizer() }).run()
        let findings = Self.findings(report, .horizontalScroll)
        #expect(!findings.isEmpty && findings.allSatisfy { $0.severity == .info })
        #expect(findings.allSatisfy { $0.message.contains("scrolls sideways") })
        #expect(findings.allSatisfy { $0.source?.line == 1 }, "only the wide block, not the one that fits")
    }

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
        let report = try Self.audit(json, theme: pale)
        let findings = Self.findings(report, .contrast)
        #expect(findings.map(\.element) == [.cell], "body text fails, the 28 pt title is large text and passes")
        // Body text reaches 18 pt at xL and counts as large from there: it fails only below.
        #expect(findings.first.map { [$0.category] + $0.otherCategories } == [.extraSmall, .small, .medium, .large])
        #expect(Self.findings(try Self.audit(json), .contrast).isEmpty, "the default theme passes")
    }

    @Test func stylesThatGrowLessThanTwiceAreReportedAsInformation() throws {
        let json = """
            {"sections": [{"header": {"text": "Title", "style": "largeTitle"},
                           "group": {"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}},
                                     "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}}]},
                           "cells": [{"text": "Body", "style": "body"}]}]}
            """
        let report = try Self.audit(json)
        let scales = Dictionary(uniqueKeysWithValues: report.styleScales.map { ($0.style, $0.scale) })
        #expect(abs(scales[.body]! - 53.0 / 17) < 1e-9)
        #expect(abs(scales[.largeTitle]! - 60.0 / 34) < 1e-9)
        let notScaling = Self.findings(report, .textNotScaling)
        #expect(notScaling.count == 1)
        #expect(notScaling.first?.severity == .info)
        #expect(notScaling.first?.message.contains("largeTitle") == true)
    }

    /// Text given a fixed point size keeps it: a warning from the first category above L where
    /// Dynamic Type would set its style larger, listing every larger category.
    @Test func textAtAFixedSizeIsReportedFromTheFirstCategoryItFallsBehind() throws {
        let fixed = try Self.audit(Self.screen(height: "{\"estimated\": 44}",
                                               cells: "{\"text\": \"Fine print\", \"style\": \"caption1\", \"pointSize\": 12}"))
        let finding = try #require(Self.findings(fixed, .textNotScaling).first { $0.severity == .warning })
        let larger = ContentSizeCategory.allCases.filter { $0 > .large && DynamicType.spec(.caption1, $0).pointSize > 12 }
        #expect(finding.category == larger.first)
        #expect(finding.otherCategories == Array(larger.dropFirst()))
        #expect(finding.message.contains("12 pt") && finding.message.contains("43 pt at AX5"), "\(finding.message)")
        #expect(finding.source?.jsonPath == "sections[0].cells[0]")
        // A fixed size at least as large as AX5's is still text that does not grow, but no reader
        // gets smaller text than they asked for; and text in its style scales.
        let big = try Self.audit(Self.screen(height: "{\"estimated\": 44}",
                                             cells: "{\"text\": \"Big\", \"style\": \"caption1\", \"pointSize\": 44}"))
        #expect(Self.findings(big, .textNotScaling).allSatisfy { $0.severity == .info })
        let dynamic = try Self.audit(Self.screen(height: "{\"estimated\": 44}", cells: "{\"text\": \"Fine print\", \"style\": \"caption1\"}"))
        #expect(Self.findings(dynamic, .textNotScaling).allSatisfy { $0.severity == .info })
    }

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
