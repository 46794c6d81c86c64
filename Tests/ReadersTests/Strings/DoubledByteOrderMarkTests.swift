import Foundation
import Readers
import Reflow
import Testing
import TestSupport

/// Quicksilver's `.strings` (Tests/Corpus/strings/SOURCES.md): its translation service writes
/// nl, cs, es-ES and pt-BR in UTF-16 with the byte order mark twice (FF FE FF FE), which left
/// U+FEFF before the first key, and reading the folder failed ("line 1: expected a key, found
/// '\u{FEFF}'"), so no screen naming any of Quicksilver's tables could be laid out. Xcode builds
/// them into Quicksilver 2.5.9. Texts read with Python (`decode("utf-16")`, the second mark
/// stripped, check_screens.py's tokens).
@Suite struct DoubledByteOrderMarkTests {
    @Test func quicksilversTwiceMarkedFilesRead() throws {
        let bytes = try Data(contentsOf: UnseenCatalogTests2.corpus.appendingPathComponent("quicksilver--Quicksilver/nl.lproj/Localizable.strings"))
        #expect(Array(bytes.prefix(4)) == [0xFF, 0xFE, 0xFF, 0xFE])
        let tables = try UnseenCatalogTests2.tables("quicksilver--Quicksilver")
        let catalog = try #require(tables.catalogs["Localizable"])
        #expect(catalog.strings.count == 143)
        for language in ["en", "nl", "cs"] {
            #expect(catalog.strings.values.filter { $0.localizations[language] != nil }.count == 143, "\(language)")
        }
        #expect(try UnseenCatalogTests2.text(tables, "nl", "Cancel") == "Annuleren")
        #expect(try UnseenCatalogTests2.text(tables, "cs", "OK") == "Budiž", "the first key, after the second mark")
        #expect(try UnseenCatalogTests2.text(tables, "cs", "%d of %d", [3, 7]) == "3 z 7")
        #expect(try UnseenCatalogTests2.text(tables, "nl", "%d of %d", [3, 7]) == "3 van 7")
    }
}
