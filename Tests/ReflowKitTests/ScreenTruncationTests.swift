@testable import Audit
import Foundation
import Preview
import Reflow
import Readers
import ReflowKit
import TextMetrics
import Testing
import TestSupport

/// A screen text's line limit as UILabel shows it (issue 38, rows 2 and 12), on a Mail inbox
/// written after Apple's Mail (`Tests/Corpus/screens/mail-inbox.json`: sender, subject, a
/// two-line preview) and on minimal screens: the last line shown ends in "…" within the width
/// (in the display list both PNG and SVG draw), `lineBreakMode` takes UILabel's values, the
/// layout JSON says which elements are truncated, and the audit tells a truncation by design
/// (`info`) from text a larger size hides (`error`).
@Suite struct ScreenTruncationTests {
    static let mail = Fixtures.repository.appendingPathComponent("Tests/Corpus/screens/mail-inbox.json")

    static func snapshot(_ bytes: [UInt8], category: ContentSizeCategory, width: Double = 390) throws -> LayoutSnapshot {
        let input = try LayoutInput(bytes: bytes, format: .screen)
        return try input.layout.layout(input.content, in: LayoutEnvironment(containerWidth: width, category: category),
                                       sizer: try Fixtures.sizer())
    }

    static func screen(_ text: String) -> [UInt8] {
        Array("""
        {"sections": [{"group": {"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}},
                                 "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}}]},
                       "cells": [\(text)]}]}
        """.utf8)
    }

    /// Every text a line limit truncated: its layout, its frame and its element.
    static func truncated(_ snapshot: LayoutSnapshot) -> [(layout: TextLayout, frame: Rect, element: LayoutAttributes)] {
        snapshot.elements.flatMap { element in
            element.content.compactMap { content in
                if case .text(let layout, _, let frame, true) = content { (layout, frame, element) } else { nil }
            }
        }
    }

    @Test(arguments: [ContentSizeCategory.large, .accessibilityExtraExtraExtraLarge])
    func mailsPreviewsEndInAnEllipsisWithinTheWidthInTheDrawingAndTheJSON(category: ContentSizeCategory) throws {
        let bytes = Array(try Data(contentsOf: Self.mail))
        let snapshot = try Self.snapshot(bytes, category: category)
        let previews = Self.truncated(snapshot).filter { $0.layout.text.string.count > 60 }
        #expect(previews.count >= 3, "the long previews are truncated at \(category)")
        let list = DisplayListBuilder().displayList(elements: snapshot.allAttributes,
                                                    visibleRect: Rect(x: 0, y: 0, width: 390, height: snapshot.contentSize.height))
        let accessible = list.items.compactMap { if case .text(let text) = $0 { text } else { nil } }
        let svg = SVGRenderer().render(list)
        for preview in previews {
            let last = preview.layout.lines.count - 1
            #expect(preview.layout.lines.count <= 2)
            let text = preview.layout.text(ofLine: last)
            #expect(text.hasSuffix("\u{2026}"), "\(text)")
            // The ellipsis, the line's last glyph, ends inside the text frame and the cell.
            let line = preview.layout.lines[last]
            let end = preview.frame.minX + line.x + (preview.layout.glyphRuns(ofLine: last).last?.end ?? .infinity)
            #expect(end <= preview.frame.minX + preview.layout.containerWidth + 1e-6 && end <= preview.element.frame.maxX)
            // What the renderers draw: the line's characters end in "…" in the display list and the SVG.
            #expect(accessible.contains { $0.lines.contains { $0.text == text } })
            #expect(svg.contains(SVGRenderer.escaped(text)))
        }
        // The JSON says which cells are truncated and counts the lines they show.
        let report = LayoutReport(snapshot)
        let json = report.jsonText()
        for preview in previews {
            let element = try #require(report.elements.first { $0.indexPath == preview.element.indexPath && $0.kind == "cell" })
            #expect(element.truncated == true)
        }
        #expect(json.contains("\"truncated\": true") && report.jsonBytes() == Array(json.utf8))
        #expect(try JSONDecoder().decode(LayoutReport.self, from: Data(json.utf8)) == report)
    }

    @Test func headMiddleAndClippingAsUILabelShowsThemAndAnUnknownModeIsRefused() throws {
        let text = "Menabrea's memoir, translated with notes longer than the memoir itself, sets out the engine's program"
        func last(_ mode: String) throws -> String {
            let snapshot = try Self.snapshot(Self.screen("{\"text\": \"\(text)\", \"lines\": 1, \"lineBreakMode\": \"\(mode)\"}"),
                                             category: .large)
            let found = try #require(Self.truncated(snapshot).first, "\(mode) hides text")
            return found.layout.text(ofLine: found.layout.lines.count - 1)
        }
        #expect(try last("truncatingHead").hasPrefix("\u{2026}") && text.hasSuffix(String(try last("truncatingHead").dropFirst())))
        let middle = try last("truncatingMiddle").split(separator: "\u{2026}")
        #expect(middle.count == 2 && text.hasPrefix(String(middle[0])) && text.hasSuffix(String(middle[1])))
        #expect(try last("truncatingTail").hasSuffix("\u{2026}"))
        #expect(try !last("byClipping").contains("\u{2026}") && text.hasPrefix(try last("byClipping")))
        #expect(try !last("byWordWrapping").contains("\u{2026}"))
        // A clipped line is drawn inside a clip as wide as its text frame: the glyph across the
        // edge is cut there, as UILabel's byClipping cuts it.
        let clipped = try Self.snapshot(Self.screen("{\"text\": \"\(text)\", \"lines\": 1, \"lineBreakMode\": \"byClipping\"}"), category: .large)
        let found = try #require(Self.truncated(clipped).first)
        let list = DisplayListBuilder().displayList(elements: clipped.allAttributes, visibleRect: Rect(x: 0, y: 0, width: 390, height: 844))
        func clips(_ items: [DisplayList.Item]) -> [(Rect, [DisplayList.Item])] {
            items.flatMap { item -> [(Rect, [DisplayList.Item])] in
                if case .clip(let rect, let inner) = item { return [(rect, inner)] + clips(inner) } else { return [] }
            }
        }
        let lineClip = try #require(clips(list.items).first { $0.0.width == found.layout.containerWidth }, "the clipped line is in a clip")
        #expect(abs(lineClip.0.minX - found.frame.minX) < 1e-6 && lineClip.1.contains { if case .glyphs = $0 { true } else { false } })
        let drawnEnd = found.frame.minX + (found.layout.glyphRuns(ofLine: 0).last?.end ?? 0)
        #expect(drawnEnd > lineClip.0.maxX, "the last glyph crosses the edge and is cut by the clip")
        #expect(throws: (any Error).self) { try Self.snapshot(Self.screen("{\"text\": \"x\", \"lineBreakMode\": \"truncateTail\"}"), category: .large) }
        do {
            _ = try LayoutInput(bytes: Self.screen("{\"text\": \"x\", \"lineBreakMode\": \"truncateTail\"}"), format: .screen)
                .content.cell(at: IndexPath(item: 0, section: 0))
            Issue.record("an unknown line break mode is refused")
        } catch {
            let message = "\(error)"
            #expect(message.contains("sections[0].cells[0].lineBreakMode") && message.contains("truncateTail"), "\(message)")
            #expect(LineBreakMode.allCases.allSatisfy { message.contains($0.rawValue) }, "\(message)")
        }
    }

    static func audit(_ bytes: [UInt8], categories: [ContentSizeCategory]) throws -> [AuditFinding] {
        var options = Auditor.Options()
        options.widths = [390]
        options.categories = categories
        let report = try Auditor(input: try LayoutInput(bytes: bytes, format: .screen), options: options,
                                 makeSizer: { try Fixtures.sizer() }).run()
        return report.findings.filter { $0.rule == .textClipped }
    }

    @Test func mailsDesignedTruncationIsInformationAndTextALargerSizeHidesIsAnError() throws {
        let bytes = Array(try Data(contentsOf: Self.mail))
        // At L the four previews are truncated as the design shows them: information, no error.
        let mail = try Self.audit(bytes, categories: [.large])
        #expect(mail.count == 4 && mail.allSatisfy { $0.severity == .info && $0.message.contains("by design") },
                "\(mail.map { "\($0.severity) \($0.message)" })")
        // At AX5 each text is judged on its own: the previews (truncated at L too) stay information;
        // a one-line sender or subject that shows whole at L is an error there.
        let large = try Self.snapshot(bytes, category: .accessibilityExtraExtraExtraLarge)
        var severities: [String: AuditSeverity] = [:]
        for element in large.elements {
            var index = 0
            for content in element.content {
                guard case .text(let layout, let style, _, let hidden) = content else { continue }
                defer { index += 1 }
                guard hidden else { continue }
                let judged = TextClippedRule.truncation(ofText: index, layout, style: style, in: element, at: .accessibilityExtraExtraExtraLarge)
                severities[layout.text.string] = judged.0
            }
        }
        let previews = severities.filter { $0.key.count > 100 }
        #expect(previews.count == 3 && previews.values.allSatisfy { $0 == .info }, "\(severities)")
        #expect(severities["Ada Lovelace · 9:41 AM"] == .error, "\(severities)")
        #expect(severities["Thank you for the drawings. The stereotype moulds will take a week."] == .error,
                "a preview whole at L, cut at AX5: \(severities)")
        // A one-line title that shows whole at L and is truncated at AX5: nothing else shows it.
        let title = "{\"text\": \"Notes on the Analytical Engine\", \"style\": \"headline\", \"lines\": 1}"
        let hidden = try Self.audit(Self.screen(title), categories: [.large, .accessibilityExtraExtraExtraLarge])
        let error = try #require(hidden.first)
        #expect(hidden.count == 1 && error.severity == .error && error.category == .accessibilityExtraExtraExtraLarge, "\(hidden)")
        #expect(error.message.contains("shows whole at the default size"))
        // The same, when another text of the cell shows it whole: information.
        let shown = "{\"stack\": [\(title), {\"text\": \"Notes on the Analytical Engine, by A. A. L.\", \"style\": \"footnote\"}]}"
        #expect(try Self.audit(Self.screen(shown), categories: [.accessibilityExtraExtraExtraLarge]).allSatisfy { $0.severity == .info })
        // A limit that cuts text with no ellipsis is an error even where it is by design.
        let clipped = "{\"text\": \"\(String(repeating: "A long preview of a message ", count: 6))\", \"lines\": 2, \"lineBreakMode\": \"byClipping\"}"
        let cut = try Self.audit(Self.screen(clipped), categories: [.large])
        #expect(cut.count == 1 && cut.first?.severity == .error && cut.first?.message.contains("no ellipsis") == true, "\(cut)")
        // A line limit the text fits in: nothing to report at any size.
        let fits = "{\"text\": \"Inbox\", \"style\": \"headline\", \"lines\": 1}"
        #expect(try Self.audit(Self.screen(fits), categories: [.large, .accessibilityExtraExtraExtraLarge]).isEmpty)
    }

    /// The report says each severity with its own words: a preview truncated by design at L and a
    /// sender cut off at AX5 are not merged into one error that says "by design".
    @Test func aFindingsMessageIsTheOneOfItsSeverity() throws {
        let findings = try Self.audit(Array(try Data(contentsOf: Self.mail)), categories: [.large, .accessibilityExtraExtraExtraLarge])
        #expect(findings.contains { $0.severity == .error } && findings.contains { $0.severity == .info }, "\(findings)")
        for finding in findings {
            #expect(finding.message.contains("by design") == (finding.severity == .info),
                    "\(finding.severity) at \(finding.category) for \(finding.indexPath): \(finding.message)")
        }
    }

    /// `"lines": 0` is UILabel's `numberOfLines = 0`: as many lines as the text needs, as with no limit.
    @Test func zeroLinesIsNoLimit() throws {
        let text = String(repeating: "A long preview of a message ", count: 6)
        let limited = try Self.snapshot(Self.screen("{\"text\": \"\(text)\", \"lines\": 0}"), category: .accessibilityExtraExtraExtraLarge)
        let free = try Self.snapshot(Self.screen("{\"text\": \"\(text)\"}"), category: .accessibilityExtraExtraExtraLarge)
        #expect(Self.truncated(limited).isEmpty)
        #expect(limited.elements.map(\.frame) == free.elements.map(\.frame))
    }
}
