import Audit
import Foundation
import Reflow
import Readers
import Testing
import TextMetrics
import TestSupport

/// `missing-glyph`: text drawn with a font's `.notdef` (glyph 0), named by cell and character.
/// Private-use characters (U+E000, U+E001, U+F8FF) are covered by no face (`Font.covers`: what
/// Inter draws at U+E000 is its own glyph, not one the device's font has), so they are drawn as
/// `.notdef` and found; the rule reads the glyphs drawn, and any character no face has is found
/// the same way (an unassigned code point, U+0378).
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

    /// U+E000 is private use: no face covers it (not even Inter, which has a glyph of its own there).
    @Test func uE000IsAMissingGlyph() throws {
        #expect(try Self.missing("Private \u{E000} use") == 1)
        let report = try AuditTests.audit(AuditTests.screen(height: "{\"estimated\": 44}", cells: "{\"text\": \"Private \u{E000} use\"}"))
        let findings = AuditTests.findings(report, .missingGlyph)
        #expect(!findings.isEmpty && findings.allSatisfy { $0.message.hasPrefix("U+E000 is drawn as .notdef") })
    }

    @Test func textEveryCharacterOfWhichIsDrawnHasNoFinding() throws {
        for text in ["Plain text", "مرحبا بالعالم", "👋🏽 emoji", "ខ្មែរ ລາວ မြန်မာ"] {
            try #require(try Self.missing(text) == 0, "\(text)")
            let report = try AuditTests.audit(AuditTests.screen(height: "{\"estimated\": 44}", cells: "{\"text\": \"\(text)\"}"))
            #expect(AuditTests.findings(report, .missingGlyph).isEmpty, "\(text)")
        }
    }

    /// The paragraph's .notdef clusters: byte ranges of the characters, in logical order, in
    /// left-to-right and right-to-left text alike.
    @Test func notdefRangesAreTheMissingCharactersBytes() throws {
        let typesetter = try Fixtures.sizer().typesetter
        for text in ["a\u{E001}b\u{E000}c\u{F8FF}", "שלום \u{E001} עולם", "x\u{0378}y"] {
            let layout = try typesetter.layout(StyledText(text), style: .body, category: .large, width: 390)
            let utf8 = Array(text.utf8)
            let named = layout.paragraph.notdefRanges.map { String(decoding: utf8[$0], as: UTF8.self) }
            #expect(named == text.unicodeScalars.filter { $0.isPrivateUse || $0 == "\u{0378}" }.map { String($0) }, "\(text)")
        }
        let clean = try typesetter.layout(StyledText("No box here"), style: .body, category: .large, width: 390)
        #expect(clean.paragraph.notdefRanges.isEmpty)
    }
}
