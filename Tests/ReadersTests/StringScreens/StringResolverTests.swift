import Foundation
import Readers
import Reflow
import Testing

/// What a screen's `{"key": …}` shows in a language: fallback, plural forms by CLDR's rules,
/// substitutions, formatting in the language, pseudolanguages, and the catalog's faults noted
/// (not thrown) for the audit.
@Suite struct StringResolverTests {
    /// A catalog in the shape Xcode writes: a plain key, a plural key, a substitution with its
    /// own plural, a translation with the wrong specifier, a Russian plural lacking `many`.
    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "settings.title" : { "localizations" : {
              "en" : { "stringUnit" : { "state" : "translated", "value" : "Settings" } },
              "de" : { "stringUnit" : { "state" : "translated", "value" : "Einstellungen" } },
              "pt" : { "stringUnit" : { "state" : "translated", "value" : "Ajustes" } }
            } },
            "%lld new posts" : { "localizations" : {
              "en" : { "variations" : { "plural" : {
                "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld new post" } },
                "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld new posts" } } } } },
              "ru" : { "variations" : { "plural" : {
                "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld новая запись" } },
                "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld новые записи" } },
                "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld новых записей" } } } } }
            } },
            "followers" : { "localizations" : {
              "en" : { "stringUnit" : { "state" : "translated", "value" : "%@ has %#@count@" },
                       "substitutions" : { "count" : { "argNum" : 2, "formatSpecifier" : "lld", "variations" : { "plural" : {
                         "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg follower" } },
                         "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg followers" } } } } } } },
              "de" : { "stringUnit" : { "state" : "translated", "value" : "%@ hat %#@count@" },
                       "substitutions" : { "count" : { "argNum" : 2, "formatSpecifier" : "lld", "variations" : { "plural" : {
                         "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg Follower" } },
                         "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg Follower:innen" } } } } } } }
            } },
            "greeting" : { "localizations" : {
              "en" : { "stringUnit" : { "state" : "translated", "value" : "Hello, %@" } },
              "fr" : { "stringUnit" : { "state" : "translated", "value" : "Bonjour, %d" } },
              "ja" : { "stringUnit" : { "state" : "translated", "value" : "• %を押しながら %@" } }
            } },
            "followers.count %lld %@" : { "localizations" : {
              "en" : { "stringUnit" : { "state" : "translated", "value" : "%#@followers@" },
                       "substitutions" : { "followers" : { "argNum" : 1, "formatSpecifier" : "lld", "variations" : { "plural" : {
                         "one" : { "stringUnit" : { "state" : "translated", "value" : "%2$@ follower" } },
                         "other" : { "stringUnit" : { "state" : "translated", "value" : "%2$@ followers" } } } } } } },
              "ko" : { "stringUnit" : { "state" : "translated", "value" : "팔로워 %2$@명" } }
            } },
            "Full timeline fetch" : { "localizations" : {
              "de" : { "stringUnit" : { "state" : "translated", "value" : "Vollständige Timeline laden" } }
            } },
            "brand" : { "shouldTranslate" : false, "localizations" : {
              "en" : { "stringUnit" : { "state" : "translated", "value" : "Maccy" } }
            } }
          }
        }
        """

    static let tables = StringTables([try! StringCatalogReader.catalog(bytes: Array(catalog.utf8), file: "Localizable.xcstrings")])

    func resolve(_ key: String, _ language: String, _ arguments: [FormatArgument] = [], pass: Int? = nil) throws -> StringResolver.Resolved {
        try StringResolver(tables: Self.tables, language: language, formPass: pass).resolve(TextReference(key: key, arguments: arguments))
    }

    @Test func aTranslatedKeyShowsItsLanguageAndARegionFallsBackToItsLanguage() throws {
        let german = try resolve("settings.title", "de")
        #expect(german.text == "Einstellungen")
        #expect(german.origin.shownLanguage == "de")
        #expect(!german.origin.isUntranslated)
        let brazilian = try resolve("settings.title", "pt-BR")
        #expect(brazilian.text == "Ajustes")
        #expect(brazilian.origin.shownLanguage == "pt")
        #expect(brazilian.origin.isUntranslated, "pt-BR shown in pt is a fallback the audit counts")
        let japanese = try resolve("settings.title", "ja")
        #expect(japanese.text == "Settings")
        #expect(japanese.origin.shownLanguage == "en")
        #expect(japanese.origin.isUntranslated)
    }

    @Test func aKeyNoCatalogHasShowsTheKeyAsIOSDoes() throws {
        let missing = try resolve("settings.nope", "de")
        #expect(missing.text == "settings.nope")
        #expect(missing.origin.isMissing)
        let otherTable = try StringResolver(tables: Self.tables, language: "de")
            .resolve(TextReference(key: "settings.title", table: "InfoPlist"))
        #expect(otherTable.origin.isMissing, "a key is looked for in its own table only")
    }

    @Test func theCountChoosesThePluralFormByCLDRsRulesOfTheShownLanguage() throws {
        #expect(try resolve("%lld new posts", "en", [1]).text == "1 new post")
        #expect(try resolve("%lld new posts", "en", [3]).text == "3 new posts")
        let few = try resolve("%lld new posts", "ru", [3])
        #expect(few.text == "3 новые записи")
        #expect(few.origin.forms == ["few"])
        #expect(try resolve("%lld new posts", "ru", [21]).text == "21 новая запись", "21 is `one` in Russian")
        // Russian needs `many` (5 записей); the catalog lacks it: `other` is shown and the gap noted.
        let many = try resolve("%lld new posts", "ru", [5])
        #expect(many.text == "5 новых записей")
        #expect(many.origin.missingPluralForms == ["many"])
        #expect(try resolve("%lld new posts", "en", [3]).origin.missingPluralForms.isEmpty)
    }

    @Test func numbersAreFormattedInTheLanguageAsked() throws {
        #expect(try resolve("%lld new posts", "en", [1234]).text == "1,234 new posts")
        #expect(try resolve("%lld new posts", "de", [1234]).text == "1.234 new posts", "German digits, the English fallback's words")
    }

    @Test func substitutionsExpandWithTheirOwnPluralFormsAndArgument() throws {
        let english = try resolve("followers", "en", ["Ada", 1])
        #expect(english.text == "Ada has 1 follower")
        #expect(english.origin.forms == ["count: one"])
        #expect(try resolve("followers", "de", ["Ada", 2]).text == "Ada hat 2 Follower:innen")
    }

    @Test func everyPassShowsTheNextFormSoTheAuditMeasuresEach() throws {
        #expect(try resolve("%lld new posts", "ru", [3], pass: 0).origin.forms == ["one"])
        #expect(try resolve("%lld new posts", "ru", [3], pass: 1).origin.forms == ["few"])
        #expect(try resolve("%lld new posts", "ru", [3], pass: 2).origin.forms == ["other"])
        #expect(try resolve("%lld new posts", "ru", [3], pass: 9).origin.forms == ["other"], "past the last form: the last")
        #expect(try resolve("%lld new posts", "ru", [3]).origin.formCount == 3)
        #expect(try resolve("settings.title", "de").origin.formCount == 1)
    }

    @Test func aTranslationWhoseSpecifiersDifferIsShownAsTheDeviceWouldAndNoted() throws {
        let french = try resolve("greeting", "fr", ["Ada"])
        #expect(french.origin.formatMismatch?.contains("Argument 1") == true)
        #expect(french.text == "Bonjour, %d", "the string cannot take the argument: it shows as the catalog writes it")
        #expect(try resolve("greeting", "en", ["Ada"]).origin.formatMismatch == nil)
        // Maccy's Japanese copy_modifiers_config: a lone '%' before a letter is no specifier.
        let japanese = try resolve("greeting", "ja", ["Ada"])
        #expect(japanese.text == "• %を押しながら %@", "shown as written")
        #expect(japanese.origin.formatMismatch?.contains("cannot be read as a format") == true)
        #expect(try resolve("followers", "de", ["Ada", 2]).origin.formatMismatch == nil)
    }

    @Test func argumentsTheSourceCannotPrintAreTheScreensError() {
        #expect(throws: StringResolver.Failure.self) { try resolve("%lld new posts", "en", ["three"]) }
        #expect(throws: StringResolver.Failure.self) { try resolve("%lld new posts", "en", []) }
    }

    @Test func aKeyNotToTranslateIsNeverUntranslated() throws {
        let brand = try resolve("brand", "de")
        #expect(brand.text == "Maccy")
        #expect(!brand.origin.isUntranslated)
    }

    @Test func pseudolanguagesTransformTheSourceWithoutTranslations() throws {
        #expect(try resolve("followers", "pseudo-double", ["Ada", 2]).text == "Ada has 2 followers Ada has 2 followers")
        #expect(try resolve("settings.title", "pseudo-bounded").text == "[# Settings #]")
        let accented = try resolve("settings.title", "pseudo-accented").text
        #expect(accented != "Settings" && accented.count > "Settings".count)
        #expect(try resolve("settings.title", "pseudo-rtl").text == "\u{202E}Settings\u{202C}")
        #expect(try resolve("settings.title", "pseudo-double").origin.isUntranslated == false)
    }

    /// IceCubesApp's `account.label.followers %lld %@`: the plural variable reads argument 1 only
    /// to choose the form, which prints argument 2 (the count already formatted): valid on a
    /// device, though no specifier prints argument 1.
    @Test func aVariableThatOnlyChoosesTheFormNeedNotBePrinted() throws {
        #expect(try resolve("followers.count %lld %@", "en", [1, "1"]).text == "1 follower")
        #expect(try resolve("followers.count %lld %@", "en", [1200, "1.2K"]).text == "1.2K followers")
        let korean = try resolve("followers.count %lld %@", "ko", [3, "3"])
        #expect(korean.text == "팔로워 3명")
        #expect(korean.origin.formatMismatch == nil)
    }

    /// A key with no source-language string is its own source string (Xcode writes such keys).
    @Test func aKeyWithoutASourceStringIsItsOwnSourceString() throws {
        let english = try resolve("Full timeline fetch", "en")
        #expect(english.text == "Full timeline fetch")
        #expect(!english.origin.isMissing && !english.origin.isUntranslated)
        #expect(try resolve("Full timeline fetch", "de").text == "Vollständige Timeline laden")
        let french = try resolve("Full timeline fetch", "fr")
        #expect(french.text == "Full timeline fetch" && french.origin.isUntranslated)
    }

    @Test func tablesListTheSourceLanguageFirst() {
        #expect(Self.tables.languages == ["en", "de", "fr", "ja", "ko", "pt", "ru"])
        #expect(Self.tables.sourceLanguage == "en")
    }
}
