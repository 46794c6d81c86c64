import Foundation
import Readers
import Reflow
import Testing
import TestSupport

/// The shapes of `.xcstrings` Xcode writes that no real catalog of the corpus has, each shown
/// as an iPhone shows it: a device variation that nests a plural one (and a plural that nests a
/// device one: iPhone's form, else `other`), a substitution whose own variations are by device,
/// a substitution read with `%d` where the source reads `%lld`, `"shouldTranslate": false` with
/// and without localizations (the key is the text), a key with no localizations at all, and a
/// `stale` key (still built, still shown). Russian's plural forms by CLDR: 1 one, 3 few, 5 many,
/// 21 one. And `plural-form-missing` sees a plural variation inside a device one and inside a
/// substitution's device variation (Russian and Polish lack `few` and `many` there).
@Suite struct VariationShapesTests {
    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Tap %lld photos" : {
              "extractionState" : "manual",
              "localizations" : {
                "en" : { "variations" : { "device" : {
                  "iphone" : { "variations" : { "plural" : {
                    "one" : { "stringUnit" : { "state" : "translated", "value" : "Tap %lld photo" } },
                    "other" : { "stringUnit" : { "state" : "translated", "value" : "Tap %lld photos" } } } } },
                  "mac" : { "variations" : { "plural" : {
                    "one" : { "stringUnit" : { "state" : "translated", "value" : "Click %lld photo" } },
                    "other" : { "stringUnit" : { "state" : "translated", "value" : "Click %lld photos" } } } } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "Choose %lld photos" } } } } },
                "ru" : { "variations" : { "device" : {
                  "iphone" : { "variations" : { "plural" : {
                    "one" : { "stringUnit" : { "state" : "translated", "value" : "Коснитесь %lld фото (one)" } },
                    "few" : { "stringUnit" : { "state" : "translated", "value" : "Коснитесь %lld фото (few)" } },
                    "many" : { "stringUnit" : { "state" : "translated", "value" : "Коснитесь %lld фото (many)" } },
                    "other" : { "stringUnit" : { "state" : "translated", "value" : "Коснитесь %lld фото (other)" } } } } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "Выберите %lld фото" } } } } }
              }
            },
            "%lld files" : {
              "localizations" : {
                "en" : { "variations" : { "plural" : {
                    "one" : { "variations" : { "device" : { "iphone" : { "stringUnit" : { "state" : "translated", "value" : "%lld file on iPhone" } }, "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld file" } } } } },
                    "other" : { "variations" : { "device" : { "iphone" : { "stringUnit" : { "state" : "translated", "value" : "%lld files on iPhone" } }, "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files" } } } } } } } },
                "de" : { "variations" : { "plural" : {
                    "one" : { "variations" : { "device" : { "iphone" : { "stringUnit" : { "state" : "translated", "value" : "%lld Datei auf dem iPhone" } }, "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Datei" } } } } },
                    "other" : { "variations" : { "device" : { "iphone" : { "stringUnit" : { "state" : "translated", "value" : "%lld Dateien auf dem iPhone" } }, "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Dateien" } } } } } } } }
              }
            },
            "Brand" : { "shouldTranslate" : false },
            "Untouched text" : { },
            "Old" : { "extractionState" : "stale", "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "Old text" } }, "de" : { "stringUnit" : { "state" : "translated", "value" : "Alter Text" } } } },
            "AppName" : { "shouldTranslate" : false, "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "Photon" } } } },
            "%@ liked %lld posts" : {
              "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "%1$@ liked %2$#@posts@" },
                  "substitutions" : { "posts" : { "argNum" : 2, "formatSpecifier" : "lld", "variations" : { "device" : {
                     "iphone" : { "stringUnit" : { "state" : "translated", "value" : "%arg posts (iPhone)" } },
                     "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg posts" } } } } } } },
                "de" : { "stringUnit" : { "state" : "translated", "value" : "%1$@ gefällt %2$#@posts@" },
                  "substitutions" : { "posts" : { "argNum" : 2, "formatSpecifier" : "d", "variations" : { "plural" : {
                     "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg Beitrag" } },
                     "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg Beiträge" } } } } } } }
              }
            }
          },
          "version" : "1.0"
        }
        """

    static let nested = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "%lld photos" : { "localizations" : {
                "en" : { "variations" : { "plural" : { "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld photo" } }, "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld photos" } } } } },
                "ru" : { "variations" : { "device" : {
                    "iphone" : { "variations" : { "plural" : { "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld фото (one)" } }, "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld фото (other)" } } } } },
                    "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld фото" } } } } },
                "pl" : { "stringUnit" : { "state" : "translated", "value" : "%#@p@" },
                  "substitutions" : { "p" : { "argNum" : 1, "formatSpecifier" : "lld", "variations" : { "device" : {
                     "iphone" : { "variations" : { "plural" : { "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg zdjęcie" } }, "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg zdjęć" } } } } },
                     "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg zdjęcia" } } } } } } },
                "ar" : { "variations" : { "plural" : {
                    "zero" : { "variations" : { "device" : { "other" : { "stringUnit" : { "state" : "translated", "value" : "لا صور" } } } } },
                    "one" : { "stringUnit" : { "state" : "translated", "value" : "صورة واحدة" } },
                    "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld صور" } } } } }
            } }
          },
          "version" : "1.0"
        }
        """

    static func resolve(_ key: String, _ language: String, _ arguments: [FormatArgument] = [],
                        catalog: String = Self.catalog) throws -> StringResolver.Resolved {
        let tables = StringTables([try StringCatalogReader.catalog(bytes: Array(catalog.utf8), file: "Localizable.xcstrings")])
        return try StringResolver(tables: tables, language: language).resolve(TextReference(key: key, arguments: arguments))
    }

    @Test func aDeviceVariationNestingAPluralShowsTheIPhonesForm() throws {
        #expect(try Self.resolve("Tap %lld photos", "en", [1]).text == "Tap 1 photo")
        #expect(try Self.resolve("Tap %lld photos", "en", [3]).text == "Tap 3 photos")
        let russian: [(Int, String)] = [(1, "Коснитесь 1 фото (one)"), (3, "Коснитесь 3 фото (few)"),
                                        (5, "Коснитесь 5 фото (many)"), (21, "Коснитесь 21 фото (one)")]
        for (count, text) in russian {
            let resolved = try Self.resolve("Tap %lld photos", "ru", [.integer(count)])
            #expect(resolved.text == text, "\(count)")
            #expect(resolved.origin.missingPluralForms.isEmpty)
        }
        // German has no translation: English's iPhone form, counted untranslated.
        let german = try Self.resolve("Tap %lld photos", "de", [3])
        #expect(german.text == "Tap 3 photos" && german.origin.isUntranslated)
    }

    @Test func aPluralNestingADeviceVariationShowsTheIPhonesForm() throws {
        #expect(try Self.resolve("%lld files", "de", [1]).text == "1 Datei auf dem iPhone")
        #expect(try Self.resolve("%lld files", "de", [2]).text == "2 Dateien auf dem iPhone")
        #expect(try Self.resolve("%lld files", "en", [2]).text == "2 files on iPhone")
    }

    /// The source's substitution varies by device; German's by plural, read with `%d`.
    @Test func aSubstitutionsVariationsMayBeByDevice() throws {
        #expect(try Self.resolve("%@ liked %lld posts", "en", ["Ada", 21]).text == "Ada liked 21 posts (iPhone)")
        let german = try Self.resolve("%@ liked %lld posts", "de", ["Ada", 1])
        #expect(german.text == "Ada gefällt 1 Beitrag" && german.origin.formatMismatch == nil)
        #expect(try Self.resolve("%@ liked %lld posts", "de", ["Ada", 21]).text == "Ada gefällt 21 Beiträge")
    }

    @Test func keysNotToTranslateAndKeysWithoutLocalizationsAreTheirOwnText() throws {
        for language in ["en", "de", "ru", "ar"] {
            let brand = try Self.resolve("Brand", language)
            #expect(brand.text == "Brand" && !brand.origin.isUntranslated && !brand.origin.isMissing, "\(language)")
            let app = try Self.resolve("AppName", language)
            #expect(app.text == "Photon" && !app.origin.isUntranslated, "\(language)")
            #expect(try Self.resolve("Untouched text", language).text == "Untouched text", "\(language)")
        }
        #expect(try Self.resolve("Untouched text", "de").origin.isUntranslated)
        #expect(try Self.resolve("Old", "de").text == "Alter Text", "a stale key is still built")
        #expect(try Self.resolve("Old", "ru").text == "Old text")
    }

    @Test func missingFormsAreFoundInsideDeviceVariations() throws {
        let russian = try Self.resolve("%lld photos", "ru", [3], catalog: Self.nested)
        #expect(russian.text == "3 фото (other)")
        #expect(russian.origin.missingPluralForms == ["few", "many"])
        let polish = try Self.resolve("%lld photos", "pl", [5], catalog: Self.nested)
        #expect(polish.text == "5 zdjęć")
        #expect(polish.origin.missingPluralForms == ["p: few", "p: many"])
        // Arabic's zero form nests a device variation with only `other`; 0 shows it.
        let arabic = try Self.resolve("%lld photos", "ar", [0], catalog: Self.nested)
        #expect(arabic.text == "لا صور")
        #expect(arabic.origin.missingPluralForms == ["two", "few", "many"])
    }
}
