import Foundation
import Readers
import Testing
import TestSupport

/// A `"` inside a `.strings` value, unescaped, ends the value early, and CoreFoundation's reader
/// (Xcode's build, the device) refuses the file. MonitorControl's Czech `Main.strings`
/// (MonitorControl/MonitorControl, MIT; Tests/Corpus/strings/SOURCES.md) has had one since
/// 2f1a2e0 (2025-07-25, "Update Main.strings"): `aktivuje se "Bezpečný režim" – …`. reflow said
/// only "expected ';' after the entry for "Jx2-gO-nq9.title" (line 5); end each entry with ';'",
/// which sent a translator looking for a missing semicolon; it now says what was read and that
/// the quote inside needs `\"`. An entry whose value runs over lines (an unterminated quote) keeps
/// its message (StringCatalogErrorTests).
@Suite struct QuoteInsideValueTests {
    @Test func monitorControlsCzechQuoteIsNamed() throws {
        let folder = Fixtures.repository.appendingPathComponent("Tests/Corpus/strings-storyboards/MonitorControl--MonitorControl").path
        let error = try #require(throws: StringCatalogError.self) { try StringCatalogReader.catalogs(at: folder, maximumBytes: 1 << 20) }
        #expect(error.description.hasSuffix("cs.lproj/Main.strings: line 5: expected ';' after the entry for \"Jx2-gO-nq9.title\" (line 5), "
            + "found 'Bezpečný režim\" – načtou…' on the same line: its value ends at a '\"' inside it "
            + "(\"Poznámka: Když během spouštění podržíte Shift, aktivuje se \" is what was read); "
            + "write a quote inside a string as \\\", or end the entry with ';'"), "\(error.description)")
    }

    @Test func twoEntriesOnALineWithoutASemicolonAreNamedTheSameWay() throws {
        let error = try #require(throws: StringCatalogError.self) {
            try StringCatalogReader.catalog(bytes: Array("\"a\" = \"A\" \"b\" = \"B\";\n".utf8), file: "de.lproj/Localizable.strings")
        }
        #expect(error.description.contains("found '\"b\" = \"B\";…' on the same line"), "\(error.description)")
    }
}
