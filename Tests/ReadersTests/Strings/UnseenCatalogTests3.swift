import Foundation
import Readers
import Reflow
import Testing
import TestSupport

/// String files of two more apps (Tests/Corpus/strings/SOURCES.md): Xcodes' `Localizable.xcstrings`
/// (204 keys × 21 languages, `"extractionState" : "manual"` and `"stale"`, keys with no English
/// whose text is the key, a source unit in state `new`, Russian's broken "%d% завершено", Arabic's
/// "٪@" written with the Arabic percent sign) and Stats' `.strings` in 41 lproj folders (fa, he,
/// ar right to left; nb, pt-PT, en-AU, en-GB, bn, ta; a Bengali file with a key given twice, a
/// Slovenian `\Č` escape). What a user depends on: every localization is read as its language,
/// and each text is what the app shows. Every expected text was read with Python's `json` and
/// check_screens.py's `.strings` reader (the last of a key given twice, as CoreFoundation's
/// dictionary keeps it), not by this reader.
@Suite struct UnseenCatalogTests3 {
    static func text(_ tables: StringTables, _ language: String, _ key: String, _ arguments: [FormatArgument] = []) throws -> String {
        try resolve(tables, language, key, arguments).text
    }

    static func resolve(_ tables: StringTables, _ language: String, _ key: String,
                        _ arguments: [FormatArgument] = []) throws -> StringResolver.Resolved {
        try StringResolver(tables: tables, language: language).resolve(TextReference(key: key, arguments: arguments))
    }

    @Test func xcodesHas204KeysIn21Languages() throws {
        let tables = try UnseenCatalogTests2.tables("XcodesOrg--XcodesApp")
        let catalog = try #require(tables.catalogs["Localizable"])
        #expect(catalog.strings.count == 204)
        #expect(tables.languages == ["en", "ar", "ca", "de", "el", "es", "fi", "fr", "hi", "it", "ja", "ko", "nl", "pl",
                                     "pt-BR", "ru", "th", "tr", "uk", "zh-Hans", "zh-Hant"])
        #expect(catalog.strings.values.filter { $0.localizations["en"] != nil }.count == 155, "49 keys are their own English")
        #expect(catalog.strings.values.filter { $0.localizations["ar"] != nil }.count == 194)
        #expect(catalog.strings.values.filter { $0.localizations["de"] != nil }.count == 204)
        #expect(catalog.strings["%@ %@ %@"]?.localizations["en"]?.value == .unit(StringUnit("%1$@ %2$@ %3$@", state: .new)))

        let step = "InstallationStepDescription"
        #expect(try Self.text(tables, "en", step, [2, 6, "Unarchiving"]) == "Step 2 of 6  : Unarchiving")
        #expect(try Self.text(tables, "de", step, [2, 6, "Unarchiving"]) == "Schritt 2 von 6  : Unarchiving")
        #expect(try Self.text(tables, "hi", step, [2, 6, "Unarchiving"]) == "6 का स्टेप 2  : Unarchiving", "Hindi reads %2$d first")
        #expect(try Self.text(tables, "zh-Hant", step, [2, 6, "Unarchiving"]) == "步驟 2 之 6：Unarchiving")
        #expect(try Self.text(tables, "ja", "DigitCodeDescription", [6]) == "信頼できるデバイスから、6桁のコードを入力してください。")
        #expect(try Self.text(tables, "th", "DownloadingPercentDescription", [42]) == "กำลังดาวน์โหลด  : 42% เสร็จแล้ว")
        #expect(try Self.text(tables, "de", "EnterDigitCodeDescription", [6, "+1 555"])
                == "Gib den 6-stelligen Code ein der an '+1 555' gesendet wurde.")
    }

    /// A stale key (no code uses it any more; Xcode still builds it) shows as any other, and a
    /// key without an English string is its own English, counted untranslated where a language
    /// lacks it (Arabic and Thai lack "An error occurred").
    @Test func staleKeysAndKeysWithoutEnglishShowAsTheAppShowsThem() throws {
        let tables = try UnseenCatalogTests2.tables("XcodesOrg--XcodesApp")
        #expect(try Self.text(tables, "en", "Perform post-install steps") == "Perform post-install steps")
        #expect(try Self.text(tables, "th", "Perform post-install steps") == "ดำเนินการตามขั้นตอนหลังการติดตั้ง")
        #expect(try Self.text(tables, "zh-Hans", "Universal") == "通用")
        let arabic = try Self.resolve(tables, "ar", "An error occurred")
        #expect(arabic.text == "An error occurred" && arabic.origin.shownLanguage == "en" && arabic.origin.isUntranslated)
        let russian = try Self.resolve(tables, "ru", "An error occurred")
        #expect(russian.text == "Произошла ошибка" && !russian.origin.isUntranslated)
    }

    /// Two real translation faults, shown as the catalog writes them and noted for
    /// `format-mismatch`: Russian's "%d% завершено" ('% з' is no specifier) and Arabic's
    /// "إصدار ٪@ (٪@)", whose Arabic percent signs (U+066A) are no specifiers at all.
    @Test func brokenTranslationsAreShownAsWrittenAndNoted() throws {
        let tables = try UnseenCatalogTests2.tables("XcodesOrg--XcodesApp")
        let russian = try Self.resolve(tables, "ru", "DownloadingPercentDescription", [42])
        #expect(russian.text == "Скачивание  : %d% завершено")
        #expect(russian.origin.formatMismatch != nil)
        let arabic = try Self.resolve(tables, "ar", "VersionWithBuild", ["2.4.1", "34"])
        #expect(arabic.text == "إصدار ٪@ (٪@)")
        #expect(arabic.origin.formatMismatch != nil)
        let german = try Self.resolve(tables, "de", "DownloadingPercentDescription", [42])
        #expect(german.text == "Download  : 42% vollständig" && german.origin.formatMismatch == nil)
    }

    @Test func statsHas464KeysIn41Localizations() throws {
        let tables = try UnseenCatalogTests2.tables("exelban--stats")
        let catalog = try #require(tables.catalogs["Localizable"])
        #expect(tables.languages == ["en", "ar", "bg", "bn", "ca", "cs", "da", "de", "el", "en-AU", "en-GB", "es", "et", "fa",
                                     "fi", "fr", "he", "hi", "hr", "hu", "id", "it", "ja", "ko", "nb", "nl", "pl", "pt-BR",
                                     "pt-PT", "ro", "ru", "sk", "sl", "sv", "ta", "th", "tr", "uk", "vi", "zh-Hans", "zh-Hant"])
        #expect(catalog.strings.values.filter { $0.localizations["en"] != nil }.count == 464)
        #expect(catalog.strings.values.filter { $0.localizations["fa"] != nil }.count == 464)
        #expect(catalog.strings.values.filter { $0.localizations["bn"] != nil }.count == 468, "4 keys only Bengali has")
        #expect(catalog.strings.count == 468)
        let expected: [(String, String, String)] = [
            ("fa", "Open CPU settings", "باز کردن تنظیمات سی پی یو"), ("he", "Open CPU settings", "פתח/י הגדרות מעבד"),
            ("ja", "Battery", "バッテリー"), ("pt-PT", "Settings", "Definições"), ("pt-BR", "Settings", "Configurações"),
            ("pt", "Settings", "Configurações"), ("zh-HK", "Battery", "電池"), ("sl", "CPU", "CPE"),
            ("en-GB", "Color", "Colour"), ("en-AU", "Color", "Colour"), ("en", "Color", "Color"),
            ("bn", "Low battery", "কম ব্যাটারি"),  // given twice in bn: the second value
        ]
        for (language, key, text) in expected {
            #expect(try Self.text(tables, language, key) == text, "\(language) \(key)")
        }
        // Slovenian's "\Č" is an escape of a letter that needs none: the letter.
        #expect(try Self.text(tables, "sl", "finish_setup_message").contains("bo. Če vam je všeč"))
    }
}
