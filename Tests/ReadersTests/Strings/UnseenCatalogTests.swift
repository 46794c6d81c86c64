import Foundation
import Readers
import Reflow
import Testing
import TestSupport

/// Two apps' string files no earlier test had read (Tests/Corpus/strings/SOURCES.md): Mastodon
/// for iOS's `Localizable.strings` and `.stringsdict` (Base, en, de, ja, Arabic with its six
/// plural forms, Sorani Kurdish right to left, Scottish Gaelic with one/two/few/other) and Home
/// Assistant's `Localizable.strings` (en, de, ja, Hebrew, and two folders named with a region,
/// `ko-KR` and `pl-PL`), and Loop's `Localizable.xcstrings` (11 languages with Arabic, plural
/// variations, a Russian translation with a broken specifier and a unit that is a lone "%"), with
/// a screen of each app drawn after its views. What a user of those
/// screens depends on: every key resolves in every language the files have, and a count shows
/// its language's plural form. Every count and text expected here was read with Python
/// (`plistlib` for the `.stringsdict` files, check_screens.py's `.strings` reader, `json` for
/// the screens) and every plural form chosen by CLDR's rules, not by this reader.
@Suite struct UnseenCatalogTests {
    static let corpus = Fixtures.repository.appendingPathComponent("Tests/Corpus/strings")

    static func tables(_ folder: String) throws -> StringTables {
        StringTables(Array(try StringCatalogReader.catalogs(at: corpus.appendingPathComponent(folder).path, maximumBytes: 8 << 20).values))
    }

    static func text(_ tables: StringTables, _ language: String, _ key: String, _ arguments: [FormatArgument] = []) throws -> String {
        try StringResolver(tables: tables, language: language).resolve(TextReference(key: key, arguments: arguments)).text
    }

    @Test func mastodonHas656KeysIn6Languages() throws {
        let tables = try Self.tables("mastodon--mastodon-ios")
        #expect(tables.catalogs.keys.sorted() == ["Localizable"])
        #expect(tables.languages == ["en", "ar", "ckb", "de", "gd", "ja"], "Base.lproj is the source language, en")
        let catalog = try #require(tables.catalogs["Localizable"])
        #expect(catalog.strings.count == 656)
        // 626 .strings keys and 30 .stringsdict keys in en; 614 and 30 in each translation.
        for language in ["ar", "ckb", "de", "gd", "ja"] {
            #expect(catalog.strings.values.filter { $0.localizations[language] != nil }.count == 644, "\(language)")
        }
        #expect(catalog.strings.values.filter { $0.localizations["en"] != nil }.count == 656)
    }

    @Test func arabicShowsAllSixPluralForms() throws {
        let tables = try Self.tables("mastodon--mastodon-ios")
        // CLDR: 0 zero, 1 one, 2 two, 3…10 few, 11…99 many (by the last two digits), 100 other.
        let expected: [(Int, String)] = [(0, "لا مُتابِع"), (1, "مُتابِعٌ واحد"), (2, "مُتابِعانِ اثنان"),
                                         (3, "3 مُتابِعين"), (11, "11 مُتابِعًا"), (100, "100 مُتابِع"), (1234, "1,234 مُتابِعًا")]
        for (count, text) in expected {
            #expect(try Self.text(tables, "ar", "plural.count.follower", [.integer(count)]) == text, "\(count)")
        }
        #expect(try Self.text(tables, "de", "plural.count.follower", [1]) == "1 Folgender")
        #expect(try Self.text(tables, "de", "plural.count.follower", [1234]) == "1.234 Folgende")
        #expect(try Self.text(tables, "ja", "plural.count.follower", [1]) == "1 フォロワー", "Japanese has only 'other'")
    }

    @Test func scottishGaelicCountsOneTwoFewOther() throws {
        let tables = try Self.tables("mastodon--mastodon-ios")
        // CLDR gd: one 1, 11; two 2, 12; few 3…10, 13…19; other the rest.
        let expected: [(Int, String)] = [(1, "1 bhrosnachadh"), (11, "11 bhrosnachadh"), (2, "2 bhrosnachadh"),
                                         (3, "3 brosnachaidhean"), (19, "19 brosnachaidhean"), (20, "20 brosnachadh")]
        for (count, text) in expected {
            #expect(try Self.text(tables, "gd", "plural.count.reblog", [.integer(count)]) == text, "\(count)")
        }
    }

    @Test func homeAssistantHas2766KeysIn6LanguagesWithRegions() throws {
        let tables = try Self.tables("home-assistant--iOS")
        #expect(tables.languages == ["en", "de", "he", "ja", "ko-KR", "pl-PL"])
        let catalog = try #require(tables.catalogs["Localizable"])
        #expect(catalog.strings.count == 2766)
        for language in ["de", "he", "ja", "ko-KR", "pl-PL"] {
            #expect(catalog.strings.values.filter { $0.localizations[language] != nil }.count == 2764, "\(language)")
        }
        #expect(try Self.text(tables, "he", "settings.connection_section.header") == "חיבור")
        #expect(try Self.text(tables, "he-IL", "settings.connection_section.header") == "חיבור", "he-IL falls back to he")
        #expect(try Self.text(tables, "pl-PL", "settings.connection_section.header") == "Połączenie")
        // Only regional folders: a reader who asks for Polish or Korean gets them, as iOS matches
        // a preferred language to an app's localizations by language (it showed English).
        #expect(try Self.text(tables, "pl", "settings.connection_section.header") == "Połączenie")
        #expect(try Self.text(tables, "ko", "settings.connection_section.header") == "연결")
        #expect(try Self.text(tables, "de", "settings.connection_section.cloudhook.check_reachability.reachable_status_code", [200])
                == "Erreichbar (HTTP 200)")
        #expect(try Self.text(tables, "ko-KR", "settings.connection_section.client_certificate.expires_at", ["Mar 1, 2027"])
                == "Mar 1, 2027 만료", "Korean puts the date first")
        #expect(try Self.text(tables, "he", "settings_details.notifications.local_push.status.available", ["7F3A"]) == "זמין (7F3A)")
    }

    /// Home Assistant's English "…is not 100% guaranteed, you can give it a try…" reads '% g' (a
    /// float with the space flag; SwiftGen made its accessor take a Float): a screen that names the
    /// key without an argument is an error, which must quote the catalog's own text and say what
    /// to write. Before, it quoted a string in no file ("100%1$ guaranteed", '%1$ g') and only
    /// said to add an argument.
    @Test func aPercentSignBeforeALetterIsAnErrorQuotingTheCatalog() throws {
        let tables = try Self.tables("home-assistant--iOS")
        let key = "widgets.custom.show_states.description"
        let english = "Displaying latest states is not 100% guaranteed, you can give it a try and check the companion App documentation for more information."
        let failure = #expect(throws: StringResolver.Failure.self) { try Self.text(tables, "en", key) }
        #expect(failure?.message == "key '\(key)' (Localizable) in en, \"\(english)\": "
                + "'% g' at byte 35 reads argument 1, but 0 were given: add the value to the screen's \"args\". "
                + "If '% g' is a percent sign followed by text, the catalog must write it '%%' (\"%% g\"): a device that formats the string prints a number there. "
                + "If the app shows the string without formatting it (NSLocalizedString alone), say so with \"formatted\": false.")
        // German's "100 % garantiert" reads '% g' too: a translation's fault, shown and noted, not an error.
        let german = try StringResolver(tables: tables, language: "de").resolve(TextReference(key: key))
        #expect(german.origin.formatMismatch != nil)
        #expect(german.text.hasPrefix("Die Anzeige der neuesten Zustände ist nicht zu 100 %"))
    }

    @Test func loopHas337KeysIn11LanguagesAndArabicPlurals() throws {
        let tables = try Self.tables("MrKai77--Loop")
        let catalog = try #require(tables.catalogs["Localizable"])
        #expect(catalog.strings.count == 337)
        #expect(tables.languages == ["en", "ar", "de", "es", "it", "ko", "nl-BE", "pt-BR", "ru", "zh-Hans", "zh-Hant"])
        #expect(catalog.strings.values.filter { $0.localizations["en"] != nil }.count == 333, "4 keys are their own English")
        #expect(catalog.strings.values.filter { $0.localizations["ar"] != nil }.count == 320)
        let key = "Loops left to unlock new icon"  // IconConfiguration: defaultValue "\(loopsLeft) Loops left"
        let arabic: [(Int, String)] = [(0, "بقي 0 تكرار"), (1, "بقي تكرار واحد"), (2, "بقي تكراران"), (3, "بقي 3 تكرار"),
                                       (11, "بقي 11 تكرار"), (100, "100 Loops left")]
        for (count, text) in arabic {
            #expect(try Self.text(tables, "ar", key, [.integer(count)]) == text, "\(count)")
        }
        #expect(try Self.text(tables, "ru", key, [2]) == "Осталось 2 Loop’ов")
        #expect(try Self.text(tables, "ru", key, [21]) == "Остался 21 Loop")
        // Spanish, Italian and Portuguese need `many` by CLDR (a million); the catalog gives one and other.
        let spanish = try StringResolver(tables: tables, language: "es").resolve(TextReference(key: key, arguments: [1_000_000]))
        #expect(spanish.origin.missingPluralForms == ["many"])
        #expect(spanish.text == "1.000.000 Loops restantes")
        // Russian's "Версия %1$@ (%$11d)" is a broken translation: shown as written and noted.
        let russian = try StringResolver(tables: tables, language: "ru").resolve(TextReference(key: "Version %@ (%lld)", arguments: ["1.1.1", 1498]))
        #expect(russian.text == "Версия %1$@ (%$11d)")
        #expect(russian.origin.formatMismatch?.contains("'%$'") == true)
    }

    /// Loop's padding unit is "%" (`.init(localized: "Measurement unit: percentage", defaultValue:
    /// "%")`), no format: named without arguments it shows as written in every language, as the
    /// app shows it, and is no fault of a translation that says "%" too. Before, the English
    /// string was a screen error ("ends with a lone '%'"), so Loop's settings could not be laid
    /// out in any language, and German's "%" was reported as a format mismatch.
    @Test func aLonePercentSignNamedWithoutArgumentsShowsAsWritten() throws {
        let tables = try Self.tables("MrKai77--Loop")
        let key = "Measurement unit: percentage"
        for (language, text) in [("en", "%"), ("ar", "٪"), ("de", "%"), ("ko", "퍼센트"), ("pseudo-double", "% %"), ("pseudo-bounded", "[# % #]")] {
            let resolved = try StringResolver(tables: tables, language: language).resolve(TextReference(key: key))
            #expect(resolved.text == text, "\(language)")
            #expect(resolved.origin.formatMismatch == nil, "\(language)")
        }
        // With an argument the string is a format again, and a lone '%' cannot be one.
        #expect(throws: StringResolver.Failure.self) { try Self.text(tables, "en", key, [1]) }
    }

    /// Each screen in each language its files have and in the four pseudolanguages: it reads
    /// without an error, no text shows a missing key, and in a catalog language every key is shown
    /// in that language (Python found every named key in every language of both apps). `keys` is
    /// how many distinct keys the screen's texts name (its images' labels not counted).
    @Test(arguments: [("mastodon--mastodon-ios", "profile.json", 15), ("home-assistant--iOS", "settings.json", 26),
                      ("MrKai77--Loop", "settings.json", 20)])
    func everyLanguageShowsEveryKeyOfTheScreen(folder: String, screen: String, keys: Int) throws {
        let tables = try Self.tables(folder)
        let json = try Array(Data(contentsOf: Self.corpus.appendingPathComponent("\(folder)/\(screen)")))
        for language in tables.languages + ["pseudo-double", "pseudo-accented", "pseudo-bounded", "pseudo-rtl"] {
            let file = try ScreenFile(json: json, strings: StringResolver(tables: tables, language: language))
            var origins: [TextOrigin] = []
            for (index, section) in file.content.sections.enumerated() {
                var cells = try (0..<section.cellCount).compactMap { try file.content.cell(at: IndexPath(item: $0, section: index)) }
                cells += section.supplementary.values
                for cell in cells { origins += cell.texts.compactMap(\.origin) }
            }
            #expect(Set(origins.map(\.key)).count == keys, "\(language)")
            #expect(origins.allSatisfy { !$0.isMissing }, "\(language)")
            if PseudoLanguage(tag: language) == nil {
                #expect(origins.allSatisfy { $0.shownLanguage == language }, "\(language): \(origins.filter { $0.shownLanguage != language }.map(\.key))")
            }
        }
    }
}
