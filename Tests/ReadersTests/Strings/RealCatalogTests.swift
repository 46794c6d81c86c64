import Foundation
import Readers
import Testing
import TestSupport

/// Real string files of public apps (Tests/Corpus/strings, SOURCES.md says where each is from).
/// Every count and value expected here was read independently: the catalogs with Python's `json`,
/// the `.stringsdict` files with Python's `plistlib`, the `.strings` files with
/// swift-corelibs-foundation's `PropertyListSerialization`.
@Suite struct RealCatalogTests {
    static let corpus = Fixtures.repository.appendingPathComponent("Tests/Corpus/strings")

    static func path(_ relative: String) -> String { corpus.appendingPathComponent(relative).path }

    @Test func maccyCatalogHas34KeysIn18Languages() throws {
        let tables = try StringCatalogReader.catalogs(at: Self.path("p0deje--Maccy/Localizable.xcstrings"), maximumBytes: 1 << 20)
        let catalog = try #require(tables["Localizable"])
        #expect(catalog.sourceLanguage == "en")
        #expect(catalog.strings.count == 34)
        #expect(catalog.languages == ["bs", "de", "en", "es", "fr", "he", "hr", "it", "ja", "ko", "nb", "nl", "ru", "th", "tr", "uk", "zh-Hans", "zh-Hant"])
        // Every key in every language, every one translated: 612 = 34 × 18.
        let units = catalog.strings.values.flatMap { $0.localizations.values.compactMap { $0.value?.unit() } }
        #expect(units.count == 612)
        #expect(units.allSatisfy { $0.state == .translated })
        #expect(catalog.text(of: "about", in: "de")! == ("Über", "de"))
        #expect(catalog.text(of: "about", in: "ja")! == ("Maccyについて", "ja"))
        #expect(catalog.text(of: "clear_alert_message", in: "de")?.text == "Möchtest du den Verlauf wirklich leeren?")
        #expect(catalog.text(of: "clear_tooltip", in: "de")?.text
            == "Lösche nur die nicht angehefteten Einträge.\nHalte zusätzlich ⇧ gedrückt, um alle Einträge zu löschen.")
        // No Portuguese: the source language answers, and says so; Austrian German is German.
        #expect(catalog.text(of: "quit", in: "pt-BR")! == ("Quit", "en"))
        #expect(catalog.text(of: "quit", in: "de-AT")! == ("Beenden", "de"))
    }

    @Test func maccyStringsIn43LprojFoldersFallBackWhereAKeyIsMissing() throws {
        let tables = try StringCatalogReader.catalogs(at: Self.path("p0deje--Maccy/Views"), maximumBytes: 1 << 20)
        #expect(tables.keys.sorted() == ["PreviewItemView"])
        let catalog = try #require(tables["PreviewItemView"])
        #expect(catalog.languages.count == 43)
        #expect(catalog.languages.contains("pt-BR") && catalog.languages.contains("zh-Hant"))
        #expect(catalog.strings.count == 12)
        #expect(catalog.strings.values.reduce(0) { $0 + $1.localizations.count } == 471)
        #expect(catalog.text(of: "PinKey", in: "ru")?.text == "Нажмите {pinKey}, чтобы прикрепить.")
        #expect(catalog.text(of: "PinKey", in: "ar")?.text == "اضغط على {pinKey} للتثبيت.")
        #expect(catalog.text(of: "Dimensions", in: "pt-BR")! == ("Dimensões:", "pt-BR"))
        // Finnish has 8 of the 11 keys: the others come from English, and say so.
        #expect(catalog.strings.values.filter { $0.localizations["fi"] != nil }.count == 8)
        #expect(catalog.text(of: "CopyExtractedText", in: "fi")! == ("Copy extracted text.", "en"))
        // Khmer alone has PreviewKey; in German it is in no language of the chain.
        #expect(catalog.text(of: "PreviewKey", in: "km")?.text == "ចុច {previewKey} ដើម្បី បើក/បិទ ការមើលមុន។")
        #expect(catalog.text(of: "PreviewKey", in: "de") == nil)
    }

    @Test func duckDuckGoPluralRulesInFourLanguages() throws {
        let tables = try StringCatalogReader.catalogs(at: Self.path("duckduckgo--iOS"), maximumBytes: 1 << 20)
        let catalog = try #require(tables["Localizable"])
        #expect(catalog.languages == ["de", "en", "pl", "ru"])
        // The .strings entries (en 1,032, de 1,031) and the .stringsdict keys (en 27) share keys.
        let en = catalog.strings.values.filter { $0.localizations["en"] != nil }.count
        let de = catalog.strings.values.filter { $0.localizations["de"] != nil }.count
        #expect(en == 1032 + 27 - Self.shared("en"))
        #expect(de == 1031 + 13 - Self.shared("de"))
        #expect(catalog.strings.values.filter { $0.localizations["ru"] != nil }.count == 13)
        let (ru, language) = try #require(catalog.localization(of: "bookmark.deleteFolderAlert.message", in: "ru"))
        #expect(language == "ru")
        #expect(ru.value?.unit()?.value == "%#@items@")
        let items = try #require(ru.substitutions["items"])
        #expect(items.formatSpecifier == "d")
        #expect(items.value.pluralCategories == [.one, .few, .many, .other])
        #expect(items.value.unit(plural: .one)?.value == "Вы точно хотите удалить эту папку с %1$d объектом?")
        #expect(items.value.unit(plural: .other)?.value == "Вы точно хотите удалить эту папку с объектами (%1$d)?")
        // `%1#@count@`: the argument's number written without `$`.
        let trackers = try #require(catalog.localization(of: "dax.onboarding.browsing.multiple.trackers", in: "ru")?.localization)
        #expect(trackers.value?.unit()?.value == "%1#@count@")
        #expect(trackers.substitutions["count"]?.argumentNumber == 1)
        #expect(trackers.substitutions["count"]?.value.pluralCategories == [.one, .few, .many, .other])
        #expect(catalog.text(of: "action.ok", in: "de")! == ("OK", "de"))
        // Keys only the English stringsdict has fall back from Russian to English.
        #expect(catalog.localization(of: "tab.close", in: "ru")?.language == "en")
    }

    /// How many keys of `language`'s `.stringsdict` its `.strings` file has too (counted by
    /// Python: `len(set(plistlib.load(…)) & set(keys of the .strings))`, below as figures).
    static func shared(_ language: String) -> Int { ["en": 9, "de": 0][language]! }

    @Test func netNewsWireDeviceVariationsUseXcodesEightNames() throws {
        let tables = try StringCatalogReader.catalogs(at: Self.path("Ranchero-Software--NetNewsWire/DefaultAccountNames.xcstrings"), maximumBytes: 1 << 20)
        let catalog = try #require(tables["DefaultAccountNames"])
        let string = try #require(catalog.strings["account.name.on-my-device"])
        #expect(string.comment == "Device specific default account name, e.g: On My iPhone")
        guard case .device(let forms)? = string.localizations["en"]?.value else { Issue.record("device variations"); return }
        #expect(Set(forms.keys) == Set(DeviceCategory.allCases))
        #expect(catalog.text(of: "account.name.on-my-device", in: "en", device: .ipad)?.text == "On My iPad")
        #expect(catalog.text(of: "account.name.on-my-device", in: "fr", device: .applevision)! == ("On My Apple Vision", "en"))
        #expect(catalog.text(of: "account.name.on-my-device", in: "en", device: .other)?.text == "On My Device")
    }

    @Test func theWholeCorpusReadsAsOneFolderWithinItsSize() throws {
        let tables = try StringCatalogReader.catalogs(at: Self.corpus.path, maximumBytes: 8 << 20)
        #expect(tables.keys.sorted() == ["AppShortcuts", "DefaultAccountNames", "Localizable", "PreviewItemView", "SUUpdateAlert", "Sparkle", "TextFind"])
        // Maccy's catalog and DuckDuckGo's files share the table name Localizable, merged.
        #expect(tables["Localizable"]?.strings["about"] != nil)
        #expect(tables["Localizable"]?.strings["action.ok"] != nil)
        let error = try #require(throws: StringCatalogError.self) { try StringCatalogReader.catalogs(at: Self.corpus.path, maximumBytes: 100_000) }
        #expect(error.description.contains("more than the"))
    }
}
