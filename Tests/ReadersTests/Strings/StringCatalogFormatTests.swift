import Foundation
import Readers
import Testing

/// Each format read into the catalog model, and the questions a later step asks of it: the
/// string for a key in a language (with fallback, and which language answered), a plural form, a
/// device's form, and what a substitution stands for.
@Suite struct StringCatalogFormatTests {
    /// A catalog as Xcode writes one: plural variations, device variations holding plural ones,
    /// substitutions with their own plurals, states, a comment, a key not to translate.
    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Done" : {
              "comment" : "The button that closes the sheet",
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Fertig" } },
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Done" } },
                "pt" : { "stringUnit" : { "state" : "needs_review", "value" : "Concluído" } }
              }
            },
            "%lld photos" : {
              "localizations" : {
                "ru" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld фотография" } },
                  "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld фотографии" } },
                  "many" : { "stringUnit" : { "state" : "translated", "value" : "%lld фотографий" } },
                  "other" : { "stringUnit" : { "state" : "stale", "value" : "%lld фотографии" } }
                } } }
              }
            },
            "Tap to open" : {
              "localizations" : {
                "en" : { "variations" : { "device" : {
                  "mac" : { "stringUnit" : { "state" : "new", "value" : "Click to open" } },
                  "iphone" : { "variations" : { "plural" : {
                    "one" : { "stringUnit" : { "state" : "translated", "value" : "Tap it" } },
                    "other" : { "stringUnit" : { "state" : "translated", "value" : "Tap them" } }
                  } } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "Open" } }
                } } }
              }
            },
            "files.in.folders" : {
              "localizations" : {
                "de" : {
                  "stringUnit" : { "state" : "translated", "value" : "%#@files@ in %#@folders@" },
                  "substitutions" : {
                    "files" : { "argNum" : 1, "formatSpecifier" : "lld", "variations" : { "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg Datei" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg Dateien" } } } } },
                    "folders" : { "argNum" : 2, "formatSpecifier" : "lld", "variations" : { "plural" : {
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg Ordnern" } } } } }
                  }
                }
              }
            },
            "Maccy" : { "shouldTranslate" : false }
          },
          "version" : "1.0"
        }
        """

    static func read(_ text: String, file: String = "Localizable.xcstrings") throws -> StringCatalog {
        try StringCatalogReader.catalog(bytes: Array(text.utf8), file: file)
    }

    @Test func xcstringsKeysLanguagesStatesAndComments() throws {
        let catalog = try Self.read(Self.catalog)
        #expect(catalog.table == "Localizable")
        #expect(catalog.sourceLanguage == "en")
        #expect(catalog.strings.count == 5)
        #expect(catalog.languages == ["de", "en", "pt", "ru"])
        #expect(catalog.strings["Done"]?.comment == "The button that closes the sheet")
        #expect(catalog.strings["Maccy"]?.shouldTranslate == false)
        #expect(catalog.strings["Done"]?.shouldTranslate == true)
        #expect(catalog.strings["Done"]?.localizations["pt"]?.value == .unit(StringUnit("Concluído", state: .needsReview)))
    }

    @Test func fallbackGoesToTheBaseLanguageThenTheSourceAndSaysWhich() throws {
        let catalog = try Self.read(Self.catalog)
        #expect(catalog.fallbacks(for: "pt-BR") == ["pt-BR", "pt", "en"])
        #expect(catalog.fallbacks(for: "zh_Hant_TW") == ["zh-Hant-TW", "zh-Hant", "zh", "en"])
        #expect(catalog.text(of: "Done", in: "de")! == ("Fertig", "de"))
        #expect(catalog.text(of: "Done", in: "pt-BR")! == ("Concluído", "pt"))
        #expect(catalog.text(of: "Done", in: "ja")! == ("Done", "en"))
        #expect(catalog.text(of: "Nowhere", in: "de") == nil)
        // A key with no source-language text and no text in the language asked for: nothing.
        #expect(catalog.text(of: "%lld photos", in: "de") == nil)
    }

    @Test func pluralFormsAndDeviceFormsAreChosenWithOtherAsTheirFallback() throws {
        let catalog = try Self.read(Self.catalog)
        #expect(catalog.text(of: "%lld photos", in: "ru", plural: .few)?.text == "%lld фотографии")
        #expect(catalog.text(of: "%lld photos", in: "ru", plural: .many)?.text == "%lld фотографий")
        // Russian has no `two`: `other`'s form, as Foundation would.
        #expect(catalog.text(of: "%lld photos", in: "ru", plural: .two)?.text == "%lld фотографии")
        let ru = try #require(catalog.strings["%lld photos"]?.localizations["ru"]?.value)
        #expect(ru.pluralCategories == [.one, .few, .many, .other])
        #expect(ru.unit(plural: .other)?.state == .stale)
        #expect(catalog.text(of: "Tap to open", in: "en", plural: .one, device: .mac)?.text == "Click to open")
        #expect(catalog.text(of: "Tap to open", in: "en", plural: .one, device: .iphone)?.text == "Tap it")
        #expect(catalog.text(of: "Tap to open", in: "en", plural: .few, device: .iphone)?.text == "Tap them")
        #expect(catalog.text(of: "Tap to open", in: "en", device: .applewatch)?.text == "Open")
        let tap = try #require(catalog.strings["Tap to open"]?.localizations["en"]?.value)
        #expect(tap.units.map(\.value) == ["Tap it", "Tap them", "Click to open", "Open"])
        #expect(tap.pluralCategories == [.one, .other])
    }

    @Test func substitutionsKeepTheirArgumentSpecifierAndPlurals() throws {
        let catalog = try Self.read(Self.catalog)
        let de = try #require(catalog.localization(of: "files.in.folders", in: "de-CH"))
        #expect(de.language == "de")
        #expect(de.localization.value == .unit(StringUnit("%#@files@ in %#@folders@", state: .translated)))
        let files = try #require(de.localization.substitutions["files"])
        #expect(files.argumentNumber == 1)
        #expect(files.formatSpecifier == "lld")
        #expect(files.value.unit(plural: .one)?.value == "%arg Datei")
        #expect(files.value.unit(plural: .many)?.value == "%arg Dateien")
        #expect(de.localization.substitutions["folders"]?.argumentNumber == 2)
    }

    @Test func stringsFileCommentsEscapesAndUnquotedWords() throws {
        let text = """
            /* A block comment
               over two lines with "quotes" */
            "greeting" = "Hallo \\"Welt\\"\\n\\\\ \\U00E9 \\UD83D\\UDE00"; // a line comment
            "alone";
            unquoted_key = "value";
            "multi
            line" = 'ignored' = nope;
            """
        // The last entry is not valid: a value must be followed by ';'. Everything up to it reads.
        let error = try #require(throws: StringCatalogError.self) {
            try StringCatalogReader.catalog(bytes: Array(text.utf8), file: "de.lproj/Localizable.strings")
        }
        #expect(error.description == "de.lproj/Localizable.strings: line 7: expected a value after '=' (the key on line 6), found '''; write each entry as \"key\" = \"value\";")
        let valid = text.components(separatedBy: "\"multi")[0]
        let catalog = try StringCatalogReader.catalog(bytes: Array(valid.utf8), file: "x/de.lproj/Localizable.strings")
        #expect(catalog.table == "Localizable")
        #expect(catalog.text(of: "greeting", in: "de")?.text == "Hallo \"Welt\"\n\\ é 😀")
        #expect(catalog.text(of: "alone", in: "de")?.text == "alone")
        #expect(catalog.text(of: "unquoted_key", in: "de")?.text == "value")
        #expect(catalog.strings.count == 3)
    }

    @Test func stringsFileInUTF16WithEitherByteOrderMark() throws {
        let text = "/* Ü */\n\"Done\" = \"Fertig ✓\";\n"
        let little: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let big: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { unit -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        for bytes in [little, big] {
            let catalog = try StringCatalogReader.catalog(bytes: bytes, file: "de.lproj/Main.strings")
            #expect(catalog.text(of: "Done", in: "de")?.text == "Fertig ✓")
        }
        let bom = try StringCatalogReader.catalog(bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8), file: "de.lproj/Main.strings")
        #expect(bom.text(of: "Done", in: "de")?.text == "Fertig ✓")
    }

    @Test func stringsdictPluralRulesBecomeSubstitutions() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
              <key>%d files in %d folders</key>
              <dict>
                <key>NSStringLocalizedFormatKey</key><string>%1$#@files@ in %2$#@folders@</string>
                <key>files</key>
                <dict>
                  <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                  <key>NSStringFormatValueTypeKey</key><string>d</string>
                  <key>one</key><string>%d файл</string>
                  <key>few</key><string>%d файла</string>
                  <key>other</key><string>%d файлов</string>
                </dict>
                <key>folders</key>
                <dict>
                  <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                  <key>NSStringFormatValueTypeKey</key><string>ld</string>
                  <key>other</key><string>%ld папках</string>
                </dict>
              </dict>
            </dict></plist>
            """
        let catalog = try StringCatalogReader.catalog(bytes: Array(text.utf8), file: "App/ru.lproj/Localizable.stringsdict")
        let (localization, language) = try #require(catalog.localization(of: "%d files in %d folders", in: "ru"))
        #expect(language == "ru")
        #expect(localization.value == .unit(StringUnit("%1$#@files@ in %2$#@folders@")))
        let files = try #require(localization.substitutions["files"])
        #expect(files.argumentNumber == 1 && files.formatSpecifier == "d")
        #expect(files.value.pluralCategories == [.one, .few, .other])
        #expect(files.value.unit(plural: .few)?.value == "%d файла")
        #expect(localization.substitutions["folders"]?.argumentNumber == 2)
        #expect(localization.substitutions["folders"]?.formatSpecifier == "ld")
    }

    @Test func aFolderMergesCatalogsAndLprojFilesByTableAndLanguage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strings-folder-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ path: String, _ text: String) throws {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try write("App/Localizable.xcstrings", Self.catalog)
        try write("App/fr.lproj/Localizable.strings", "\"Done\" = \"OK\";\n\"Only French\" = \"Seulement\";")
        try write("App/Base.lproj/Settings.strings", "\"title\" = \"Settings\";")
        try write("App/de.lproj/Settings.strings", "\"title\" = \"Einstellungen\";")
        try write("App/de.lproj/Settings.stringsdict", """
            <plist version="1.0"><dict><key>count</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
            <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>%d Dinge</string></dict>
            </dict></dict></plist>
            """)
        try write("App/notes.strings", "not read: not in an lproj folder")
        try write(".hidden/Localizable.xcstrings", "not read: in a hidden folder")
        let tables = try StringCatalogReader.catalogs(at: folder.path, maximumBytes: 1 << 20)
        #expect(tables.keys.sorted() == ["Localizable", "Settings"])
        let localizable = try #require(tables["Localizable"])
        #expect(localizable.text(of: "Done", in: "fr")! == ("OK", "fr"))
        #expect(localizable.text(of: "Done", in: "de")! == ("Fertig", "de"))
        #expect(localizable.text(of: "Only French", in: "fr")?.text == "Seulement")
        #expect(localizable.strings["Done"]?.comment == "The button that closes the sheet")
        let settings = try #require(tables["Settings"])
        #expect(settings.text(of: "title", in: "ja")! == ("Settings", "en"))
        #expect(settings.text(of: "title", in: "de")! == ("Einstellungen", "de"))
        #expect(settings.localization(of: "count", in: "de")?.localization.substitutions["n"]?.value.unit(plural: .one)?.value == "%d Dinge")
    }
}
