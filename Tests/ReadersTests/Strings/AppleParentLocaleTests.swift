import Foundation
@testable import Readers
import Testing
import TestSupport

/// The parents Apple's ICU walks when CFBundle picks an app's localization
/// (`ualoc_localizationsToUse` in swiftlang/swift-foundation-icu's `icuSources/common/ualoc.cpp`)
/// where Foundation on Linux stops or differs. iina's `.strings` (iina/iina, GPL-3.0;
/// Tests/Corpus/strings/SOURCES.md) have `no`, `zh-Hans`, `zh-Hant` and `ar` and no `nb`, `yue`,
/// `wuu` or `ars`. Texts read with check_screens.py-style Python, not this reader.
///
/// - A regional Bokmål or Nynorsk tag (`nb-NO`, `nn-NO`) reads the app's `no`: `nb`'s and `nn`'s
///   parent is `no` (CLDR), and ualoc compares whole parent chains. reflow stopped at the
///   shorter tag `nb` the app lacks and showed English, saying the catalogs had no strings in
///   `nb-NO`. So did Najdi Arabic with a region (`ars-SA`, parent `ars`, then `ar`).
/// - Cantonese (`yue`, `yue-Hant`: an iPhone language) reads the app's Traditional Chinese, and
///   Wu Chinese and Simplified Cantonese its Simplified: `appleParentMap` sends `yue` → `yue-Hant`
///   → `yue-HK` → `zh-Hant-HK`, `yue-Hans` and `wuu-Hans` → `zh-Hans`, `wuu-Hant` → `zh-Hant`.
///   Linux's Foundation ends `yue` at the root: English.
@Suite struct AppleParentLocaleTests {
    static func iina() throws -> StringTables {
        StringTables(Array(try StringCatalogReader.catalogs(
            at: UnseenCatalogTests2.corpus.appendingPathComponent("iina--iina").path, maximumBytes: 1 << 20).values))
    }

    static func resolve(_ tables: StringTables, _ language: String, _ key: String) throws -> (text: String, shown: String?, untranslated: Bool) {
        let resolved = try StringResolver(tables: tables, language: language).resolve(TextReference(key: key))
        return (resolved.text, resolved.origin.shownLanguage, resolved.origin.isUntranslated)
    }

    @Test func regionalBokmalAndNynorskReadAnAppsNorwegian() throws {
        let tables = try Self.iina()
        #expect(!tables.languages.contains("nb") && !tables.languages.contains("nn") && tables.languages.contains("no"))
        for language in ["no", "nb", "nn", "nb-NO", "nn-NO", "no-NO"] {
            let (text, shown, untranslated) = try Self.resolve(tables, language, "general.login")
            #expect(text == "Logg på" && shown == "no", "\(language): \(text) from \(shown ?? "none")")
            #expect(tables.hasLocalization(for: language), "\(language)")
            if language != "no-NO" { #expect(!untranslated, "\(language): the app's no is its Norwegian") }
        }
    }

    @Test func cantoneseAndWuReadTheAppsChineseOfTheirScript() throws {
        let tables = try Self.iina()
        for (language, localization, text) in [("yue", "zh-Hant", "開啟"), ("yue-Hant", "zh-Hant", "開啟"), ("yue-HK", "zh-Hant", "開啟"),
                                               ("yue-Hans", "zh-Hans", "开"), ("wuu", "zh-Hans", "开"), ("wuu-Hant", "zh-Hant", "開啟"),
                                               ("zh-HK", "zh-Hant", "開啟"), ("zh-SG", "zh-Hans", "开")] {
            #expect(tables.localization(for: language) == localization, "\(language)")
            let (shownText, shown, untranslated) = try Self.resolve(tables, language, "general.on")
            #expect(shownText == text && shown == localization && !untranslated, "\(language): \(shownText) from \(shown ?? "none")")
        }
    }

    @Test func najdiArabicReadsArabic() throws {
        let tables = try Self.iina()
        for language in ["ars", "ars-SA"] {
            #expect(tables.localization(for: language) == "ar", "\(language)")
            #expect(try Self.resolve(tables, language, "general.cancel").text == "إلغاء", "\(language)")
        }
    }

    /// What Apple's map says, step by step (`AppleLocalizations.chain`, ualoc.cpp's parent
    /// chain), and that a shorter tag the app has still comes first (`nb` for `nb-NO`).
    @Test func theParentsAsAppleWalksThem() {
        func chain(_ tag: String) -> [String] {
            Array(AppleLocalizations.chain(of: AppleLocalizations.normalized(AppleLocalizations.baseName(tag)), penalized: false).dropFirst())
        }
        func chosen(_ tag: String, _ available: [String]) -> String? {
            AppleLocalizations.localizationsToUse(preferred: tag, available: available.sorted()).first
        }
        #expect(chain("yue").starts(with: ["yue_Hant", "yue_HK", "zh_Hant_HK"]))
        #expect(chain("yue-Hans").first == "zh_Hans")
        #expect(chain("wuu-Hant").first == "zh_Hant")
        #expect(chain("ars").first == "ar")
        #expect(chain("no-NO") == ["nb", "no"], "no_NO is nb_NO (appleAliasMap)")
        #expect(chain("nn").first == "no", "CLDR's parent locales elsewhere")
        #expect(chosen("yue", ["en", "yue-Hant", "zh-Hant"]) == "yue-Hant", "an app's own Cantonese first")
        #expect(chosen("yue-Hans", ["en", "yue-Hant", "zh-Hans"]) == "zh-Hans")
        #expect(chosen("ars-SA", ["en", "ar", "ars"]) == "ars")
        #expect(chosen("nb-NO", ["en", "nb", "no"]) == "nb", "nb-NO's own nb comes first")
        #expect(chosen("nb-NO", ["en", "no"]) == "no")
    }
}
