import Foundation
import Readers
import Reflow
import Testing
import TestSupport

/// Norwegian has three tags: `nb` (Bokmål, what nearly every app's folder is named), `nn`
/// (Nynorsk) and `no`, the macrolanguage both belong to (CLDR 44's parent of `nb` and `nn`; the
/// tag Apple's older bundles used for Bokmål). Apple's ICU treats `no` as an alias of `nb`, so an
/// iPhone whose language is `no` or `nn` shows an app's `nb.lproj` when the app has no
/// localization of its own tag; `nb` shows an app's `no.lproj` (ParentLocaleTests). Stats
/// (exelban/stats, 41 localizations) has `nb` only: `--lang no` and `--lang nn` showed its English
/// and the audit counted every string untranslated. The Bokmål texts here were read with
/// check_screens.py's `.strings` reader, not this reader.
@Suite struct NorwegianLocalizationTests {
    static func stats() throws -> StringTables {
        StringTables(Array(try StringCatalogReader.catalogs(
            at: UnseenCatalogTests2.corpus.appendingPathComponent("exelban--stats").path, maximumBytes: 8 << 20).values))
    }

    @Test func norwegianAndNynorskReadAnAppsBokmal() throws {
        let tables = try Self.stats()
        #expect(!tables.languages.contains("no") && !tables.languages.contains("nn"))
        for language in ["no", "nn", "no-NO", "nn-NO", "nb", "nb-NO"] {
            let resolved = try StringResolver(tables: tables, language: language).resolve(TextReference(key: "Low battery"))
            #expect(resolved.text == "Lavt batterinivå", "\(language)")
            #expect(resolved.origin.shownLanguage?.hasPrefix("nb") == true, "\(language) reads nb")
            // A regional tag shown in its language's localization is a fallback the audit counts
            // (StringResolverTests: pt-BR in pt), for Norwegian as for any other.
            if !language.contains("-") { #expect(!resolved.origin.isUntranslated, "\(language): the app's Bokmål is its Norwegian") }
        }
        #expect(tables.localization(for: "no") == "nb")
        #expect(tables.localization(for: "nn-NO") == "nb", "the app's nb, as ualoc_localizationsToUse returns it")
    }

    /// An app that has `nn` or `no` keeps it: Nynorsk reads Nynorsk, and `nn` reads `no` before
    /// `nb` (CLDR's parent), as before.
    @Test func anAppsOwnNynorskOrNorwegianComesFirst() {
        func catalog(_ languages: [String]) -> StringTables {
            var string = CatalogString()
            for language in languages { string.localizations[language] = Localization(value: .unit(StringUnit("text \(language)"))) }
            return StringTables([StringCatalog(table: "Localizable", sourceLanguage: "en", strings: ["k": string])])
        }
        #expect(catalog(["en", "nb", "nn"]).localization(for: "nn") == "nn")
        #expect(catalog(["en", "nb", "no"]).localization(for: "nn") == "no")
        #expect(catalog(["en", "nb", "no"]).localization(for: "no") == "no")
        #expect(catalog(["en", "no"]).localization(for: "nb") == "no")
        #expect(catalog(["en", "de"]).localization(for: "no") == "no", "no Norwegian at all: the source language's strings")
    }
}
