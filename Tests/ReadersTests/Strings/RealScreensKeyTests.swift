import Foundation
import Readers
import Testing
import TestSupport

/// The real-app screens of Tests/Corpus/strings against their catalogs as `StringCatalogReader`
/// reads them: the keys each screen names are found (all but the one missing-key.json names on
/// purpose), and per language as many of them are translated as check_screens.py counts with
/// Python's `json` (its output is in SOURCES.md). The screens are read here as plain JSON, not
/// with the screen reader, so that only the catalog reader is under test.
@Suite struct RealScreensKeyTests {
    static let corpus = Fixtures.repository.appendingPathComponent("Tests/Corpus/strings")

    /// A screen's distinct keys, and per language how many are translated (every string unit
    /// `translated`) and how many are there but not translated, as check_screens.py prints them.
    struct Expected: Sendable, CustomTestStringConvertible {
        var screen: String
        var keys: Int
        var missing: [String] = []
        var counts: [String: (translated: Int, other: Int)]
        var testDescription: String { screen }
    }

    static let expected: [Expected] = [
        Expected(screen: "Dimillian--IceCubesApp/settings.json", keys: 36,
                 counts: ["en": (36, 0), "de": (33, 0), "ja": (31, 0), "pl": (31, 0), "uk": (30, 1), "be": (29, 2), "es": (36, 0)]),
        Expected(screen: "Dimillian--IceCubesApp/timeline.json", keys: 16,
                 counts: ["en": (16, 0), "de": (16, 0), "ja": (10, 5), "pl": (15, 0), "uk": (9, 6), "be": (8, 7)]),
        Expected(screen: "Dimillian--IceCubesApp/profile.json", keys: 17,
                 counts: ["en": (17, 0), "de": (17, 0), "ja": (15, 2), "pl": (17, 0), "uk": (15, 2), "be": (15, 2)]),
        Expected(screen: "Dimillian--IceCubesApp/notifications.json", keys: 17,
                 counts: ["en": (17, 0), "de": (17, 0), "ja": (15, 2), "pl": (17, 0), "uk": (15, 2), "be": (15, 2)]),
        Expected(screen: "Dimillian--IceCubesApp/missing-key.json", keys: 2, missing: ["quoted your post"],
                 counts: ["en": (2, 0), "de": (2, 0), "ja": (2, 0)]),
        Expected(screen: "Whisky-App--Whisky/bottle-configuration.json", keys: 24,
                 counts: ["en": (24, 0), "ar": (24, 0), "de": (24, 0), "ja": (24, 0), "cs": (20, 4), "ru": (22, 2)]),
        Expected(screen: "Whisky-App--Whisky/welcome.json", keys: 17,
                 counts: ["en": (17, 0), "ar": (17, 0), "de": (17, 0), "ja": (17, 0), "cs": (17, 0)]),
    ]

    @Test(arguments: expected)
    func screenKeysAreInItsCatalog(_ expected: Expected) throws {
        let file = Self.corpus.appendingPathComponent(expected.screen)
        let screen = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let names = try #require(screen["strings"] as? [String])
        var tables: [String: StringCatalog] = [:]
        for name in names {
            let path = file.deletingLastPathComponent().appendingPathComponent(name).path
            for (table, catalog) in try StringCatalogReader.catalogs(at: path, maximumBytes: 8 << 20) { tables[table] = catalog }
        }
        var keys = Set<String>(), missing = Set<String>()
        for reference in Self.references(in: screen) {
            let table = reference["table"] as? String ?? "Localizable"
            let key = try #require(reference["key"] as? String)
            if tables[table]?.strings[key] != nil { keys.insert(key) } else { missing.insert(key) }
        }
        #expect(keys.count == expected.keys)
        #expect(missing.sorted() == expected.missing)
        let catalog = try #require(tables["Localizable"])
        for (language, count) in expected.counts {
            var translated = 0, other = 0
            for key in keys {
                guard let localization = catalog.strings[key]?.localizations[language] else {
                    // No source-language string: the key is the text, as Xcode shows it.
                    if language == catalog.sourceLanguage { translated += 1 }
                    continue
                }
                let units = (localization.value?.units ?? []) + localization.substitutions.values.flatMap(\.value.units)
                if units.allSatisfy({ ($0.state ?? .translated) == .translated }) { translated += 1 } else { other += 1 }
            }
            #expect(translated == count.translated, "\(language): translated")
            #expect(other == count.other, "\(language): there but not translated")
        }
    }

    /// Every `{"key": …}` object a screen gives where it may give a text: a `text`, a `badge`,
    /// an image's `accessibilityLabel`.
    static func references(in node: Any) -> [[String: Any]] {
        if let object = node as? [String: Any] {
            return object.flatMap { name, value -> [[String: Any]] in
                if ["text", "badge", "accessibilityLabel"].contains(name), let reference = value as? [String: Any],
                   reference["key"] != nil {
                    return [reference]
                }
                return references(in: value)
            }
        }
        if let array = node as? [Any] { return array.flatMap(references(in:)) }
        return []
    }
}
