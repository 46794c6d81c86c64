import Foundation
import Readers
import TestSupport
import Testing

/// Apple's ICU picks an app's localization (`ualoc_localizationsToUse`, which CFBundle calls) by
/// comparing a preferred language with the localizations as written, then as ICU's language
/// aliases normalize both: `zh-HK` is `zh-Hant-HK`, `zh-TW` `zh-Hant-TW`, `zh-CN` `zh-Hans-CN`,
/// `zh-MO` `zh-Hant-MO`, `zh` `zh-Hans`. Its header's examples: `zh-Hant-HK` reads `zh_HK` of
/// `zh_CN zh_TW zh_HK`, `zh-Hant-MO` reads `zh_MO` of `zh_CN zh_TW zh_HK zh_MO`, `zh-Hant-TW`
/// reads `zh_TW` of `zh_CN zh_TW zh_Hans zh_Hant`. Before, reflow gave a reader of `zh-Hant-HK`
/// (Traditional Chinese with Hong Kong as region) CotEditor's `zh-Hant`, not its `zh-HK`, and
/// a reader of `zh-Hant-MO` an app's `zh-HK` before its `zh-MO`.
@Suite struct ChineseAliasLocalizationTests {
    static let corpus = Fixtures.repository.appendingPathComponent("Tests/Corpus/strings")

    static func tables(_ folder: String) throws -> StringTables {
        StringTables(Array(try StringCatalogReader.catalogs(at: corpus.appendingPathComponent(folder).path, maximumBytes: 8 << 20).values))
    }

    static func text(_ tables: StringTables, _ language: String, _ key: String, table: String) throws -> String {
        try StringResolver(tables: tables, language: language).resolve(TextReference(key: key, table: table)).text
    }

    /// CotEditor's real TextFind.xcstrings has `zh-HK`, `zh-Hans` and `zh-Hant` (41 keys differ
    /// between `zh-HK` and `zh-Hant`, read with Python's `json`).
    @Test func aReaderOfZhHantHKGetsTheAppsZhHK() throws {
        let tables = try Self.tables("coteditor--CotEditor")
        #expect(tables.localization(for: "zh-Hant-HK") == "zh-HK")
        #expect(tables.localization(for: "zh-HK") == "zh-HK")
        #expect(tables.localization(for: "zh-Hant") == "zh-Hant")
        #expect(tables.localization(for: "zh-Hant-TW") == "zh-Hant-TW", "no zh-TW: read through its shorter tag zh-Hant")
        #expect(tables.localization(for: "zh-Hans-CN") == "zh-Hans-CN", "read through zh-Hans")
        let key = "Find next match."
        #expect(try Self.text(tables, "zh-Hant-HK", key, table: "TextFind") == "尋找下一個符合的項目。", "zh-HK's, not zh-Hant's 尋找後一個匹配。")
        #expect(try Self.text(tables, "zh-Hant-TW", key, table: "TextFind") == "尋找後一個匹配。")
    }

    /// Sparkle's real `zh_CN.lproj` and `zh_TW.lproj`: the old tags read by their scripts.
    @Test func oldChineseLprojNamesAreReadByTheirScripts() throws {
        let tables = try Self.tables("sparkle-project--Sparkle")
        #expect(tables.localization(for: "zh-Hant-TW") == "zh-TW")
        #expect(tables.localization(for: "zh-Hans-CN") == "zh-CN")
        #expect(try Self.text(tables, "zh-Hant-TW", "172.title", table: "SUUpdateAlert") == "跳過此版本")
        #expect(try Self.text(tables, "zh-Hans-CN", "172.title", table: "SUUpdateAlert") == "跳过这个版本")
    }

    /// ualoc.h's lists, where the app has the old tags beside the scripted ones.
    @Test func theHeadersExamples() {
        let list3 = StringTables([Self.catalog(["zh-CN", "zh-TW", "zh-HK", "zh-MO"])])
        #expect(list3.localization(for: "zh-Hant-MO") == "zh-MO")
        #expect(list3.localization(for: "zh-Hant-HK") == "zh-HK")
        #expect(list3.localization(for: "zh-MO") == "zh-MO")
        let list5 = StringTables([Self.catalog(["zh-CN", "zh-TW", "zh-Hans", "zh-Hant"])])
        #expect(list5.localization(for: "zh-Hant-TW") == "zh-TW")
        #expect(list5.localization(for: "zh-Hans-CN") == "zh-CN")
        #expect(list5.localization(for: "zh") == "zh-Hans")
        #expect(list5.localization(for: "zh-Hant") == "zh-Hant")
        // A parent is compared as written: zh-HK's parent zh-Hant is the app's zh-Hant, not its
        // zh-TW; zh-SG's zh-Hans is its zh-Hans, not its zh-CN (the header's list 5).
        #expect(list5.localization(for: "zh-HK") == "zh-Hant")
        #expect(list5.localization(for: "zh-MO") == "zh-Hant")
        #expect(list5.localization(for: "zh-SG") == "zh-Hans")
        let list1 = StringTables([Self.catalog(["zh-CN", "zh-TW"])])
        #expect(list1.localization(for: "zh-HK") == "zh-TW", "no zh-Hant: Traditional all the same")
        #expect(list1.localization(for: "zh-SG") == "zh-CN")
        // Other languages' tags are not aliased: en-Latn-US reads en (the header's "*" row).
        let english = StringTables([Self.catalog(["en-US", "en-GB"])])
        #expect(english.localization(for: "en-Latn-US") == "en-Latn-US", "read through its shorter tags: en")
        #expect(english.localization(for: "en-US") == "en-US")
    }

    static func catalog(_ languages: [String]) -> StringCatalog {
        var string = CatalogString(comment: nil, shouldTranslate: true)
        for language in languages + ["en"] {
            string.localizations[language] = Localization(value: .unit(StringUnit(language)), substitutions: [:])
        }
        return StringCatalog(table: "Localizable", sourceLanguage: "en", strings: ["k": string])
    }
}
