import Foundation
import Readers
import Reflow
import Testing
import TestSupport

/// Kiwix's `.strings` (Tests/Corpus/strings/SOURCES.md), translated on translatewiki.net, ship a
/// `qqq.lproj`: translatewiki's message documentation, each string's note for translators ("Unlink
/// %@ ZIM files" is "Alert title after selecting multiple ZIM files…"). `qqq` is a private-use
/// code (BCP 47's `qaa`…`qtz`) that no device can be set to, yet `--lang all` laid it out and the
/// audit reported two format-mismatch errors for it. Texts read with check_screens.py's
/// `.strings` reader.
@Suite struct PrivateUseLanguageTests {
    @Test func allLeavesOutTranslatewikisDocumentation() throws {
        let tables = try UnseenCatalogTests2.tables("kiwix--kiwix-apple")
        #expect(tables.catalogs["Localizable"]?.languages.contains("qqq") == true, "the table still has it")
        #expect(tables.languages == ["en", "he", "pt-BR", "skr-Arab", "zh-Hans"], "lowercase lproj names read in BCP 47's case")
    }

    @Test func qqqStillShowsWhenNamed() throws {
        let tables = try UnseenCatalogTests2.tables("kiwix--kiwix-apple")
        #expect(try UnseenCatalogTests2.text(tables, "qqq", "common.dialog.button.open")
                == "After long pressing a link it is the title of one of the options in the overflow menu")
        #expect(try UnseenCatalogTests2.text(tables, "zh-Hans", "zim_file.action.unlink.multi_title", ["3"]) == "取消链接 3 个 ZIM 文件")
        #expect(try UnseenCatalogTests2.text(tables, "skr-Arab", "common.dialog.button.open") == "کھولو")
        #expect(try UnseenCatalogTests2.text(tables, "pt-BR", "common.dialog.button.open") == "Abrir")
    }

    @Test func privateUseRange() {
        #expect(StringTables.isPrivateUse("qqq") && StringTables.isPrivateUse("qaa") && StringTables.isPrivateUse("qtz-Latn"))
        #expect(!StringTables.isPrivateUse("quz") && !StringTables.isPrivateUse("qu") && !StringTables.isPrivateUse("en"))
    }
}
