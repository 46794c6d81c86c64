import Foundation
import Readers
import Testing
import TestSupport

/// The catalogs behind the real-app screens of Tests/Corpus/strings (SOURCES.md says where each
/// is from, and which screen imitates which view): Ice Cubes' `Localizable.xcstrings`, with plural
/// variations, substitutions and device variations in 19 languages, and Whisky's, in 22 languages
/// with Arabic. Every count and value expected here was read independently, by
/// Tests/Corpus/strings/check_screens.py and Python's `json` (not this reader); a reader that
/// dropped a language, a plural form, a substitution's `argNum` or a state would fail them.
@Suite struct RealScreenCatalogTests {
    static let corpus = Fixtures.repository.appendingPathComponent("Tests/Corpus/strings")

    static func catalog(_ folder: String) throws -> StringCatalog {
        let tables = try StringCatalogReader.catalogs(at: corpus.appendingPathComponent(folder).path, maximumBytes: 8 << 20)
        #expect(tables.keys.sorted() == ["Localizable"])
        return try #require(tables["Localizable"])
    }

    /// Every string unit of a localization, its substitutions' included.
    static func units(_ localization: Localization) -> [StringUnit] {
        (localization.value?.units ?? []) + localization.substitutions.values.flatMap(\.value.units)
    }

    @Test func iceCubesHas733KeysIn19Languages() throws {
        let catalog = try Self.catalog("Dimillian--IceCubesApp")
        #expect(catalog.sourceLanguage == "en")
        #expect(catalog.strings.count == 733)
        #expect(catalog.languages == ["be", "ca", "de", "en", "en-GB", "es", "eu", "fr", "it", "ja", "ko", "nb", "nl", "pl",
                                     "pt-BR", "tr", "uk", "zh-Hans", "zh-Hant"])
        // Localizations with a plural variation of their own, a device variation, substitutions.
        let localizations = catalog.strings.values.flatMap(\.localizations.values)
        #expect(localizations.filter { if case .plural = $0.value { true } else { false } }.count == 213)
        #expect(localizations.filter { if case .device = $0.value { true } else { false } }.count == 19)
        #expect(localizations.filter { !$0.substitutions.isEmpty }.count == 91)
        // 13,052 units translated and 278 needing review, nothing else; 23 keys have a comment.
        let states = localizations.flatMap(Self.units).map(\.state)
        #expect(states.count == 13_330)
        #expect(states.filter { $0 == .translated }.count == 13_052)
        #expect(states.filter { $0 == .needsReview }.count == 278)
        #expect(catalog.strings.values.filter { $0.comment != nil }.count == 23)
    }

    @Test func iceCubesPluralFormsDifferByLanguage() throws {
        let catalog = try Self.catalog("Dimillian--IceCubesApp")
        let boosts = "status.summary.n-boosts %lld"
        let pl = try #require(catalog.localization(of: boosts, in: "pl")?.localization.value)
        #expect(pl.pluralCategories == [.one, .few, .other])
        #expect(pl.unit(plural: .few)?.value == "%lld podbicia")
        #expect(pl.unit(plural: .many)?.value == "%lld podbić")  // no `many`: `other` answers
        let en = try #require(catalog.localization(of: boosts, in: "en")?.localization.value)
        #expect(en.pluralCategories == [.one, .other])
        #expect(en.unit(plural: .one)?.value == "%lld boost")
        // Japanese has both forms, one of them still to be reviewed.
        let ja = try #require(catalog.localization(of: boosts, in: "ja")?.localization.value)
        #expect(ja.unit(plural: .one) == StringUnit("%lld ブースト", state: .needsReview))
        #expect(ja.unit(plural: .other) == StringUnit("%lld ブースト", state: .translated))
        // Ukrainian needs one/few/many/other and gives one/other, both in English.
        let unread = try #require(catalog.localization(of: "accessibility.tabs.timeline.unread-posts.label-%lld", in: "uk")?.localization.value)
        #expect(unread.pluralCategories == [.one, .other])
        #expect(unread.unit(plural: .few)?.value == "%lld new posts")
    }

    @Test func iceCubesSubstitutionsWithAndWithoutArgNum() throws {
        let catalog = try Self.catalog("Dimillian--IceCubesApp")
        let poll = "status.poll.n-votes-voters %lld %lld"
        let en = try #require(catalog.localization(of: poll, in: "en")?.localization)
        #expect(en.value?.unit()?.value == "%#@count_votes@ votes from %#@count_voters@ voters")
        #expect(en.substitutions.keys.sorted() == ["count_voters", "count_votes"])
        #expect(en.substitutions["count_votes"]?.argumentNumber == 1)
        #expect(en.substitutions["count_voters"]?.argumentNumber == 2)
        #expect(en.substitutions["count_votes"]?.formatSpecifier == "lld")
        #expect(en.substitutions["count_votes"]?.value.unit(plural: .one)?.value == "%arg")
        let uk = try #require(catalog.localization(of: poll, in: "uk")?.localization)
        #expect(uk.substitutions["count_voters"]?.value.pluralCategories == [.one, .few, .many, .other])
        #expect(uk.substitutions["count_votes"]?.value.unit(plural: .many)?.value == "%arg голосів від ")
        // Polish names no argNum: the arguments go by the tokens' order.
        let pl = try #require(catalog.localization(of: poll, in: "pl")?.localization)
        #expect(pl.value?.unit()?.value == "%#@count_votes@ %#@count_voters@")
        #expect(pl.substitutions["count_votes"]?.argumentNumber == nil)
        #expect(pl.substitutions["count_votes"]?.value.pluralCategories == [.one, .few, .other])
        #expect(pl.substitutions["count_voters"]?.value.pluralCategories == [.one, .other])
        #expect(pl.substitutions["count_voters"]?.value.unit(plural: .other)?.value == "od %arg głosujących")
        // One substitution, no argNum, reading the key's second argument (`%2$@`) in its forms.
        let followers = try #require(catalog.localization(of: "account.label.followers %lld %@", in: "pl")?.localization)
        #expect(followers.value?.unit()?.value == "%#@followers@")
        #expect(followers.substitutions["followers"]?.argumentNumber == nil)
        #expect(followers.substitutions["followers"]?.formatSpecifier == "lld")
        #expect(followers.substitutions["followers"]?.value.unit(plural: .one)?.value == "%2$@ obserwujący")
        // Korean drops the substitution for a plain string.
        let ko = try #require(catalog.localization(of: "account.label.followers %lld %@", in: "ko")?.localization)
        #expect(ko.substitutions.isEmpty)
        #expect(ko.value?.unit()?.value == "팔로워 %2$@명")
    }

    @Test func iceCubesTranslationsTakeArgumentsTheSourceDoesNot() throws {
        // English says "starred" for any count; German and French vary by the count.
        let catalog = try Self.catalog("Dimillian--IceCubesApp")
        let favorite = "notifications.label.favorite %lld"
        let en = try #require(catalog.localization(of: favorite, in: "en")?.localization)
        #expect(en.value == .unit(StringUnit("starred", state: .translated)))
        #expect(en.substitutions.isEmpty)
        let de = try #require(catalog.localization(of: favorite, in: "de")?.localization)
        #expect(de.value?.unit()?.value == "%#@count@")
        #expect(de.substitutions["count"]?.value.unit(plural: .one)?.value == "hat favorisiert")
        #expect(de.substitutions["count"]?.value.unit(plural: .other)?.value == "haben favorisiert")
        #expect(catalog.text(of: favorite, in: "ja")! == ("お気に入り", "ja"))
    }

    @Test func iceCubesDeviceVariationAndEnglishKeys() throws {
        let catalog = try Self.catalog("Dimillian--IceCubesApp")
        let platform = try #require(catalog.localization(of: "settings.display.section.platform", in: "de")?.localization.value)
        guard case .device(let forms) = platform else { Issue.record("expected a device variation, got \(platform)"); return }
        #expect(Set(forms.keys) == [.applevision, .ipad, .iphone, .mac])
        #expect(platform.unit(device: .iphone)?.value == "iPhone")
        #expect(platform.unit(device: .applevision)?.value == "Apple Vision")
        #expect(platform.unit(device: .applewatch) == nil)  // neither its own form nor `other`
        // 91 keys have no English localization: the key is the English text. Two of them, named
        // by settings.json, are translated into Spanish and Italian only.
        #expect(catalog.strings.values.filter { $0.localizations["en"] == nil }.count == 91)
        let fetch = try #require(catalog.strings["Full timeline fetch"])
        #expect(fetch.localizations.keys.sorted() == ["es", "it"])
        #expect(catalog.text(of: "Full timeline fetch", in: "it")! == ("Caricamento completo timeline", "it"))
        // The key missing-key.json names is in no language.
        #expect(catalog.strings["quoted your post"] == nil)
    }

    @Test func whiskyHas152KeysIn22LanguagesWithArabic() throws {
        let catalog = try Self.catalog("Whisky-App--Whisky")
        #expect(catalog.sourceLanguage == "en")
        #expect(catalog.strings.count == 152)
        #expect(catalog.languages == ["ar", "cs", "da", "de", "en", "es", "fi", "fr", "it", "ja", "ko", "nl", "pl", "pt-BR",
                                     "pt-PT", "ro", "ru", "tr", "uk", "vi", "zh-Hans", "zh-Hant"])
        // Every key in every language (3,344 = 152 × 22), no variations; 65 units still `new`.
        let localizations = catalog.strings.values.flatMap(\.localizations.values)
        #expect(localizations.count == 3_344)
        #expect(localizations.allSatisfy { if case .unit = $0.value { $0.substitutions.isEmpty } else { false } })
        let states = localizations.compactMap { $0.value?.unit()?.state }
        #expect(states.filter { $0 == .new }.count == 65)
        #expect(states.filter { $0 == .translated }.count == 3_279)
        #expect(catalog.strings.values.filter { $0.localizations["cs"]?.value?.unit()?.state == .new }.count == 7)
        #expect(catalog.text(of: "create.title", in: "ar")! == ("إنشاء قارورة جديدة", "ar"))
        #expect(catalog.text(of: "update.whiskywine.description", in: "ar")?.text
            == "أنت تقوم بتشغيل WhiskyWine %@، ولكن %@ متوفر. هل ترغب في التحديث؟")
        #expect(catalog.text(of: "setup.install.installed", in: "ja")?.text == "%@ がインストールされました")
        #expect(catalog.text(of: "config.dxr", in: "cs")?.text == "DirectX Raytracing")
        #expect(catalog.localization(of: "config.dxr", in: "cs")?.localization.value?.unit()?.state == .new)
        // Arabic of Egypt is Arabic; Brazilian and European Portuguese are separate.
        #expect(catalog.text(of: "create.title", in: "ar-EG")! == ("إنشاء قارورة جديدة", "ar"))
        #expect(catalog.text(of: "create.create", in: "pt-PT")?.language == "pt-PT")
    }
}
