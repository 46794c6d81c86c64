import Foundation
@testable import Readers
import Testing

/// Which of an app's localizations an iPhone set to a language shows, one row per rule of Apple's
/// ICU (`ualoc_localizationsToUse` in swiftlang/swift-foundation-icu's
/// `icuSources/common/ualoc.cpp`, which CFBundle picks an app's localization with) and of the
/// CLDR data it reads (its `parentLocales`, as `icuSources/common/localefallback_data.h` holds
/// them, and its language aliases). Each row: the app's localizations (the source language
/// `en` among them unless said), the language asked, the localization shown (nil: none matches,
/// and the development language is shown).
@Suite struct AppleLocalizationRuleTests {
    struct Row: CustomStringConvertible, Sendable {
        var available: [String]
        var asked: String
        var chosen: String?
        var description: String { "\(asked) of \(available) → \(chosen ?? "none")" }
        init(_ available: [String], _ asked: String, _ chosen: String?) {
            (self.available, self.asked, self.chosen) = (available, asked, chosen)
        }
    }

    static let rows: [Row] = [
        // appleParentMap: Commonwealth English reads British English ("en_AU" → "en_GB", "en_IN",
        // "en_IE", "en_ZA", "en_SG", "en_HK", "en_MY", "en_PK", "en_JM", "en_KE", "en_NG", "en_AG").
        Row(["en", "en-GB"], "en-AU", "en-GB"), Row(["en", "en-GB"], "en-IN", "en-GB"), Row(["en", "en-GB"], "en-IE", "en-GB"),
        Row(["en", "en-GB"], "en-ZA", "en-GB"), Row(["en", "en-GB"], "en-SG", "en-GB"), Row(["en", "en-GB"], "en-HK", "en-GB"),
        Row(["en", "en-GB"], "en-MY", "en-GB"), Row(["en", "en-GB"], "en-PK", "en-GB"), Row(["en", "en-GB"], "en-JM", "en-GB"),
        Row(["en", "en-GB"], "en-KE", "en-GB"), Row(["en", "en-GB"], "en-NG", "en-GB"),
        Row(["en", "en-GB"], "en-AG", "en-GB"), // appleParentMap en_AG → en_GB; CLDR's is en_001
        // appleParentMap: the Pacific reads Australian English ("en_NZ" → "en_AU", "en_CC", "en_WS"), then British.
        Row(["en", "en-AU", "en-GB"], "en-NZ", "en-AU"), Row(["en", "en-GB"], "en-NZ", "en-GB"),
        Row(["en", "en-AU"], "en-CC", "en-AU"), Row(["en", "en-AU"], "en-WS", "en-AU"),
        // appleParentMap "en_150" → "en_GB", "en_CY" → "en_150"; CLDR en_DE, en_NL, en_BE → en_150.
        Row(["en", "en-GB"], "en-CY", "en-GB"), Row(["en", "en-150", "en-GB"], "en-CY", "en-150"),
        Row(["en", "en-GB"], "en-DE", "en-GB"), Row(["en", "en-150", "en-GB"], "en-NL", "en-150"), Row(["en", "en-GB"], "en-BE", "en-GB"),
        // appleParentMap "en_GB" → "en_001" (CLDR's too): an app with en-001 and no en-GB.
        Row(["en", "en-001"], "en-AU", "en-001"), Row(["en", "en-001"], "en-GB", "en-001"), Row(["en", "en-001"], "en-NZ", "en-001"),
        // CLDR en_001's children Apple's map leaves alone (en_IL, en_RW, en_MG): en_001, then en.
        Row(["en", "en-GB"], "en-IL", "en"), Row(["en", "en-001", "en-GB"], "en-RW", "en-001"),
        // No parent but en (CLDR in Apple's ICU data has no en_CA, en_PH, en_PR, en_AS, en_GU, en_UM, en_VI).
        Row(["en", "en-GB"], "en-CA", "en"), Row(["en", "en-GB", "en-AU"], "en-PH", "en"), Row(["en", "en-GB"], "en-PR", "en"),
        Row(["en", "en-GB"], "en-AS", "en"), Row(["en", "en-GB"], "en-GU", "en"), Row(["en", "en-GB"], "en-VI", "en"),
        Row(["en", "en-GB"], "en-UM", "en"), Row(["en", "en-CA", "en-GB"], "en-CA", "en-CA"),
        // appleParentMap "es_MX" → "es_419"; CLDR es_419's children (es_US, es_AR, es_CO, es_CL, es_PE, es_VE, es_PR, …).
        Row(["en", "es", "es-419"], "es-MX", "es-419"), Row(["en", "es", "es-419"], "es-US", "es-419"),
        Row(["en", "es", "es-419"], "es-AR", "es-419"), Row(["en", "es", "es-419"], "es-CO", "es-419"),
        Row(["en", "es", "es-419"], "es-CL", "es-419"), Row(["en", "es", "es-419"], "es-PE", "es-419"),
        Row(["en", "es", "es-419"], "es-VE", "es-419"), Row(["en", "es", "es-419"], "es-PR", "es-419"),
        Row(["en", "es", "es-419"], "es-ES", "es"), Row(["en", "es", "es-419"], "es-GQ", "es"), // not es_419's children
        Row(["en", "es-419"], "es-ES", "es-419"), Row(["en", "es-419"], "es", "es-419"), // the one Spanish there is
        Row(["en", "es-ES", "es-MX"], "es-419", "es-MX"), // es_MX is not penalized as a non-likely region (ualoc.cpp)
        // CLDR pt_PT's children (pt_AO, pt_MZ, pt_CH, pt_LU, pt_CV, pt_GW, pt_ST, pt_TL, pt_MO, pt_GQ, pt_FR).
        Row(["en", "pt", "pt-PT"], "pt-AO", "pt-PT"), Row(["en", "pt-BR", "pt-PT"], "pt-MZ", "pt-PT"),
        Row(["en", "pt-BR", "pt-PT"], "pt-CH", "pt-PT"), Row(["en", "pt-BR", "pt-PT"], "pt-LU", "pt-PT"),
        Row(["en", "pt-BR", "pt-PT"], "pt-CV", "pt-PT"), Row(["en", "pt-BR", "pt-PT"], "pt-TL", "pt-PT"),
        // ualoc.cpp: a region not the language's likely one counts one deeper (pt_PT, it_CH, de_CH).
        Row(["en", "pt-BR", "pt-PT"], "pt", "pt-BR"), Row(["en", "it-CH", "it-IT"], "it", "it-IT"),
        Row(["en", "de-CH", "de-DE"], "de", "de-DE"), Row(["en", "de-CH"], "de-AT", "de-CH"), Row(["en", "pl-PL"], "pl", "pl-PL"),
        // ualoc.cpp: pt_PT reads pt_BR only when nothing else matches.
        Row(["en", "pt-BR"], "pt-PT", "pt-BR"), Row(["en", "pt", "pt-BR"], "pt-PT", "pt"),
        // French: CLDR gives fr_CA, fr_BE, fr_CH no parent but fr; ht's parent fr_HT is another language group.
        Row(["en", "fr", "fr-CA"], "fr-BE", "fr"), Row(["en", "fr", "fr-CA"], "fr-CH", "fr"), Row(["en", "fr-CA", "fr-FR"], "fr", "fr-FR"),
        Row(["en", "fr", "fr-CA"], "fr-CA", "fr-CA"), Row(["en", "fr"], "ht", nil),
        // CLDR hi_Latn → en_IN, and ualoc.cpp's likeLanguages "hi" with "en".
        Row(["en", "en-GB", "en-IN", "hi"], "hi-Latn", "en-IN"), Row(["en", "en-GB", "hi"], "hi-Latn", "en-GB"),
        Row(["en", "hi"], "hi-Latn", "en"), Row(["en", "hi"], "hi", "hi"),
        // CLDR: a script other than the language's likely one has root as its parent.
        Row(["en", "az"], "az-Arab", nil), Row(["en", "uz"], "uz-Arab", nil), Row(["en", "pa"], "pa-Arab", nil),
        Row(["en", "ks"], "ks-Deva", nil), Row(["en", "sr"], "sr-Latn", nil), Row(["en", "ms"], "ms-Arab", nil),
        Row(["en", "sr", "sr-Latn"], "sr-Latn-ME", "sr-Latn"), Row(["en", "sr-Latn"], "sr-Latn-RS", "sr-Latn"),
        // ualoc compares tags as written, not by likely subtags: sr_ME's parent is sr (no CLDR entry).
        Row(["en", "sr", "sr-Latn"], "sr-ME", "sr"), Row(["en", "sr-Latn"], "sr", nil),
        Row(["en", "ms"], "ms-SG", "ms"), Row(["en", "uz", "uz-Cyrl"], "uz-Cyrl-UZ", "uz-Cyrl"),
        // appleAliasMap zh_HK/zh_MO/zh_TW/zh_CN/zh_SG; appleParentMap zh_Hant_HK → zh_HK → zh_Hant → zh_TW;
        // CLDR zh_Hant_MO → zh_Hant_HK.
        Row(["en", "zh-Hans", "zh-Hant", "zh-HK"], "zh-MO", "zh-HK"), Row(["en", "zh-Hans", "zh-Hant"], "zh-MO", "zh-Hant"),
        Row(["en", "zh-Hans", "zh-Hant"], "zh-Hant-MO", "zh-Hant"), Row(["en", "zh-Hant", "zh-Hant-HK"], "zh-Hant-MO", "zh-Hant-HK"),
        Row(["en", "zh-Hans", "zh-Hant"], "zh-TW", "zh-Hant"), Row(["en", "zh-Hans", "zh-Hant"], "zh-HK", "zh-Hant"),
        Row(["en", "zh-Hans", "zh-Hant"], "zh-CN", "zh-Hans"), Row(["en", "zh-Hans", "zh-Hant"], "zh-SG", "zh-Hans"),
        Row(["en", "zh-Hans", "zh-Hant"], "zh", "zh-Hans"), Row(["en", "zh-CN", "zh-TW"], "zh-HK", "zh-TW"),
        Row(["en", "zh-CN", "zh-TW", "zh-HK"], "zh-Hant-HK", "zh-HK"), Row(["en", "zh-Hant"], "zh-Hans", nil),
        Row(["en", "zh-Hans"], "zh-Hant", nil),
        // appleParentMap yue → yue_Hant → yue_HK → zh_Hant_HK, yue_Hans → zh_Hans, wuu → wuu_Hans → zh_Hans,
        // wuu_Hant → zh_Hant, ars → ar; likeLanguages ars/ar, wuu/zh, yue/zh.
        Row(["en", "zh-Hans", "zh-Hant"], "yue", "zh-Hant"), Row(["en", "zh-Hans", "zh-Hant"], "yue-Hans", "zh-Hans"),
        Row(["en", "zh-Hant", "yue-Hant"], "yue", "yue-Hant"), Row(["en", "zh-Hans", "zh-Hant"], "wuu", "zh-Hans"),
        Row(["en", "zh-Hans", "zh-Hant"], "wuu-Hant", "zh-Hant"), Row(["en", "ar"], "ars", "ar"), Row(["en", "ar"], "ars-SA", "ar"),
        Row(["en", "ar", "ars"], "ars-SA", "ars"),
        // Norwegian: appleAliasMap no_NO → nb_NO; CLDR nb → no, nn → no; likeLanguages nb/no, nn/no.
        Row(["en", "nb"], "no", "nb"), Row(["en", "nb"], "nn", "nb"), Row(["en", "nb"], "no-NO", "nb"), Row(["en", "nb"], "nn-NO", "nb"),
        Row(["en", "no"], "nb", "no"), Row(["en", "no"], "nb-NO", "no"), Row(["en", "no"], "no-NO", "no"), Row(["en", "no"], "nn", "no"),
        Row(["en", "nb", "nn"], "nn", "nn"), Row(["en", "nb", "no"], "nn", "no"), Row(["en", "nb", "no"], "nb-NO", "nb"),
        // ICU's language aliases (CLDR): iw → he, in → id, tl → fil, mo → ro, sh → sr_Latn.
        Row(["en", "he"], "iw", "he"), Row(["en", "iw"], "he", "iw"), Row(["en", "id"], "in", "id"), Row(["en", "in"], "id-ID", "in"),
        Row(["en", "fil"], "tl", "fil"), Row(["en", "ro"], "mo", "ro"), Row(["en", "sr-Latn"], "sh", "sr-Latn"),
        // uloc_getBaseName: `_` and case are the tag's spelling, not another tag.
        Row(["en", "pt-BR"], "PT_br", "pt-BR"), Row(["en", "zh-Hans", "zh-Hant-TW"], "zh_hant_tw", "zh-Hant-TW"),
        Row(["en", "zh-Hant"], "zh_hant_tw", "zh-Hant"), Row(["en", "pt_BR", "pt_PT"], "pt-PT", "pt_PT"),
        // appleAliasMap's old English names of languages.
        Row(["English", "German", "French"], "de-AT", "German"), Row(["English", "German"], "en-GB", "English"),
        // Base.lproj is no language: nothing reads it as one.
        Row(["Base", "de"], "en", nil),
    ]

    @Test(arguments: rows)
    func theLocalizationAnIPhoneShows(_ row: Row) {
        #expect(AppleLocalizations.localizationsToUse(preferred: row.asked, available: row.available.sorted()).first == row.chosen, "\(row)")
    }

    /// The same rows through a screen's strings: the key shows the chosen localization's string
    /// (its source language `en` where none is chosen).
    @Test(arguments: rows.filter { $0.available.contains("en") && !$0.available.contains { $0.contains("_") } })
    func aScreenShowsThatLocalizationsString(_ row: Row) throws {
        var string = CatalogString()
        for language in row.available { string.localizations[language] = Localization(value: .unit(StringUnit("in \(language)"))) }
        let tables = StringTables([StringCatalog(table: "Localizable", sourceLanguage: "en", strings: ["k": string])])
        let shown = try StringResolver(tables: tables, language: row.asked).resolve(TextReference(key: "k")).text
        let shorter = StringCatalog.truncations(of: row.asked).dropFirst().first(where: row.available.contains)
        // Not yet as ualoc: a language none matches still reads a shorter tag the app has
        // (`sr-Latn` reads `sr`), where an iPhone shows the development language.
        guard row.chosen != nil || shorter == nil else { return }
        #expect(shown == "in \(row.chosen ?? "en")", "\(row)")
    }

    /// The chains themselves, as ualoc.cpp's `ualoc_getParent` walks them.
    @Test func theParentChains() {
        #expect(AppleLocalizations.chain(of: "en_NZ", penalized: false) == ["en_NZ", "en_AU", "en_GB", "en_001", "en"])
        #expect(AppleLocalizations.chain(of: "en_DE", penalized: false) == ["en_DE", "en_150", "en_GB", "en_001", "en"])
        #expect(AppleLocalizations.chain(of: "es_AR", penalized: false) == ["es_AR", "es_419", "es"])
        #expect(AppleLocalizations.chain(of: "yue", penalized: false) == ["yue", "yue_Hant", "yue_HK", "zh_Hant_HK", "zh_HK", "zh_Hant", "zh_TW"])
        #expect(AppleLocalizations.chain(of: "zh_Hant_MO", penalized: false) == ["zh_Hant_MO", "zh_Hant_HK", "zh_HK", "zh_Hant", "zh_TW"])
        #expect(AppleLocalizations.chain(of: "sr_ME", penalized: false) == ["sr_ME", "sr"])
        #expect(AppleLocalizations.chain(of: "hi_Latn", penalized: false) == ["hi_Latn", "en_IN", "en_GB", "en_001", "en"])
        #expect(AppleLocalizations.chain(of: "nb_NO", penalized: false) == ["nb_NO", "nb", "no"])
        #expect(AppleLocalizations.chain(of: "pt_PT", penalized: true) == ["pt_PT", "pt_PT", "pt"])
        #expect(AppleLocalizations.chain(of: "pt_BR", penalized: true) == ["pt_BR", "pt"])
        #expect(AppleLocalizations.normalized(AppleLocalizations.baseName("no-NO")) == "nb_NO")
        #expect(AppleLocalizations.normalized(AppleLocalizations.baseName("zh_hk")) == "zh_Hant_HK")
        #expect(AppleLocalizations.normalized(AppleLocalizations.baseName("sh-BA")) == "sr_Latn_BA")
    }
}
