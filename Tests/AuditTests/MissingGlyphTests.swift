import Audit
import Foundation
import Reflow
import Readers
import Testing
import TextMetrics
import TestSupport

/// `missing-glyph`: text drawn with a font's `.notdef` (glyph 0), named by cell and character.
/// U+E001 and U+F8FF, private-use characters, are in no bundled or fallback font; U+E000 is, as
/// it happens, in Inter (its `uniE000`, as are U+E002, U+E003, U+E004 and U+E010), so text with it draws a real
/// glyph and is no finding: the rule reads the glyphs drawn, not which characters look odd.
@Suite struct MissingGlyphTests {
    /// The premises, from the typesetter: how many characters of `text` no font draws.
    static func missing(_ text: String) throws -> Int {
        try Fixtures.sizer().typesetter.layout(StyledText(text), style: .body, category: .large, width: 390).missingCharacters
    }

    @Test func aCharacterNoFontHasIsAnErrorNamingItsCodePoint() throws {
        try #require(try Self.missing("Private \u{E001} use \u{F8FF}") == 2)
        let json = """
            {"sections": [{"header": {"text": "Header \u{E001}\u{F8FF}"},
                           "group": {"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}},
                                     "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}}]},
                           "cells": [{"text": "Fine"}, {"text": "Private \u{E001} use, twice: \u{E001}"}]}]}
            """
        let report = try AuditTests.audit(json, widths: [390, 320])
        let findings = AuditTests.findings(report, .missingGlyph)
        let cell = try #require(findings.first { $0.element == .cell })
        #expect(cell.indexPath == IndexPath(item: 1, section: 0))
        #expect(cell.severity == .error)
        #expect(cell.message.hasPrefix("U+E001 is drawn as .notdef"), "\(cell.message)")
        #expect(cell.categories == ContentSizeCategory.allCases)
        #expect(cell.source?.jsonPath == "sections[0].cells[1]")
        let header = try #require(findings.first { $0.element == .header })
        #expect(header.message.hasPrefix("U+E001, U+F8FF are drawn"), "\(header.message)")
        #expect(findings.count == 2, "one finding per element: the same glyphs at 320 pt say nothing new")
        #expect(findings.allSatisfy { $0.width == 390 })
        #expect(report.fails(at: .error))
    }

    @Test func textEveryCharacterOfWhichIsDrawnHasNoFinding() throws {
        try #require(try Self.missing("Inter draws \u{E000}") == 0, "Inter has a glyph for U+E000")
        for text in ["Inter draws \u{E000}", "Plain text", "مرحبا بالعالم", "👋🏽 emoji"] {
            let report = try AuditTests.audit(AuditTests.screen(height: "{\"estimated\": 44}", cells: "{\"text\": \"\(text)\"}"))
            #expect(AuditTests.findings(report, .missingGlyph).isEmpty, "\(text)")
        }
    }

    /// The paragraph's .notdef clusters: byte ranges of the characters, in logical order, in
    /// left-to-right and right-to-left text alike.
    @Test func notdefRangesAreTheMissingCharactersBytes() throws {
        let typesetter = try Fixtures.sizer().typesetter
        for text in ["a\u{E001}b\u{E000}c\u{F8FF}", "שלום \u{E001} עולם"] {
            let layout = try typesetter.layout(StyledText(text), style: .body, category: .large, width: 390)
            let utf8 = Array(text.utf8)
            let named = layout.paragraph.notdefRanges.map { String(decoding: utf8[$0], as: UTF8.self) }
            #expect(named == text.unicodeScalars.filter { $0 == "\u{E001}" || $0 == "\u{F8FF}" }.map { String($0) }, "\(text)")
        }
        let clean = try typesetter.layout(StyledText("No box here \u{E000}"), style: .body, category: .large, width: 390)
        #expect(clean.paragraph.notdefRanges.isEmpty)
    }
}
