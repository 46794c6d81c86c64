import Foundation
import Readers
import Reflow
import ReflowKit
import TestSupport
import Testing

/// The corpus's screens, written after real apps' views and naming their catalogs' real keys, in
/// every language their catalogs have and in the four pseudolanguages: every text resolves (no
/// screen error), only `missing-key.json`'s deliberately missing key shows a key, and what is
/// shown is the catalog's string in that language or a fallback the origin names.
@Suite struct RealScreenLanguagesTests {
    static let corpus = Fixtures.repository.appendingPathComponent("Tests/Corpus/strings")

    static let screens: [String] = ["Dimillian--IceCubesApp", "Whisky-App--Whisky"].flatMap { app in
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus.appendingPathComponent(app).path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted().map { "\(app)/\($0)" }
    }

    /// Every text of every cell, header, footer and badge of `input`, with its origin.
    static func texts(_ input: LayoutInput) throws -> [(text: String, origin: TextOrigin?)] {
        var found: [(text: String, origin: TextOrigin?)] = []
        for (index, section) in input.content.sections.enumerated() {
            var cells = try (0..<section.cellCount).compactMap { try input.content.cell(at: IndexPath(item: $0, section: index)) }
            cells += section.supplementary.keys.sorted().compactMap { section.supplementary[$0] }
            for cell in cells + cells.flatMap({ $0.supplementary.values }) {
                found += cell.texts.map { (text: $0.text.string, origin: $0.origin) }
            }
        }
        return found
    }

    @Test func theCorpusHasScreensOfBothApps() {
        #expect(Self.screens.count >= 7, "\(Self.screens)")
    }

    @Test(arguments: screens)
    func everyLanguageAndPseudolanguageResolvesEveryKey(screen: String) throws {
        let path = Self.corpus.appendingPathComponent(screen).path
        let localized = try DocumentReader().localized(at: path)
        let languages = localized.tables.languages
        #expect(languages.count >= 19, "\(screen): \(languages.count) languages")
        let catalog = try #require(localized.tables.catalogs["Localizable"])
        for language in languages + PseudoLanguage.allCases.map(\.rawValue) {
            let texts = try Self.texts(try localized.input(in: language))
            let origins: [TextOrigin] = texts.compactMap { $0.origin }
            #expect(!origins.isEmpty)
            let missing = origins.filter { $0.isMissing }.map { $0.key }
            if screen.hasSuffix("missing-key.json") {
                #expect(missing == ["quoted your post"], "\(language): \(missing)")
            } else {
                #expect(missing.isEmpty, "\(screen) in \(language): \(missing)")
            }
            for origin in origins where !origin.isMissing {
                #expect(origin.language == language)
                let shown = try #require(origin.shownLanguage)
                // The shown language is the asked one, a parent of it, or the source.
                #expect(shown == language || language.hasPrefix(shown + "-") || shown == catalog.sourceLanguage,
                        "\(origin.key): \(language) shown as \(shown)")
            }
        }
    }

    /// A German string the catalog has is what the German layout shows (checked against the file
    /// as JSON, without the reader).
    @Test func theGermanSettingsShowTheCatalogsGermanStrings() throws {
        let folder = Self.corpus.appendingPathComponent("Dimillian--IceCubesApp")
        let raw = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("Localizable.xcstrings")))
            as? [String: Any])
        let strings = try #require(raw["strings"] as? [String: [String: Any]])
        let input = try DocumentReader().localized(at: folder.appendingPathComponent("settings.json").path).input(in: "de")
        var compared = 0
        for (text, origin) in try Self.texts(input) {
            guard let origin, origin.shownLanguage == "de", origin.forms.isEmpty,
                  let localizations = strings[origin.key]?["localizations"] as? [String: Any],
                  let german = localizations["de"] as? [String: Any], let unit = german["stringUnit"] as? [String: Any],
                  let value = unit["value"] as? String, !value.contains("%") else { continue }
            #expect(text == value, "\(origin.key)")
            compared += 1
        }
        #expect(compared >= 20, "only \(compared) plain German strings compared")
    }

    /// DuckDuckGo iOS's `.lproj` folders (`.strings` and `.stringsdict`): Russian and Polish plural
    /// forms chosen by CLDR's rules, the `%1#@count@` token (a position without its '$', as the
    /// app ships it), and English forms that print the variable with `%d` beside `%2$@`.
    @Test func duckDuckGosStringsdictPluralsResolveInEveryLanguage() throws {
        let folder = try FileManager.default.url(for: .itemReplacementDirectory, in: .userDomainMask,
                                                 appropriateFor: URL(fileURLWithPath: NSTemporaryDirectory()), create: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = Self.corpus.appendingPathComponent("duckduckgo--iOS")
        for language in try FileManager.default.contentsOfDirectory(atPath: source.path) where language.hasSuffix(".lproj") {
            try FileManager.default.copyItem(at: source.appendingPathComponent(language), to: folder.appendingPathComponent(language))
        }
        let group = #"{"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}, "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}}]}"#
        let screen = #"{"strings": ["."], "sections": [{"group": \#(group), "cells": ["#
            + #"{"text": {"key": "dax.onboarding.browsing.multiple.trackers", "args": [5, "Google", "Facebook"]}},"#
            + #"{"text": {"key": "privacy.protection.major.trackers.found", "args": [21]}}]}]}"#
        let path = folder.appendingPathComponent("screen.json").path
        try Data(screen.utf8).write(to: URL(fileURLWithPath: path))
        let localized = try DocumentReader().localized(at: path)
        #expect(localized.tables.languages == ["en", "de", "pl", "ru"])
        func texts(_ language: String) throws -> [String] { try Self.texts(try localized.input(in: language)).map(\.text) }
        let russian = try texts("ru")
        #expect(russian[0].hasPrefix("*Google, Facebook* и еще *5 сервисов*"), "5 is many in Russian: \(russian[0])")
        #expect(russian[1] == "Обнаружен 21 крупный трекер", "21 is one in Russian")
        let english = try texts("en")
        #expect(english[0].hasPrefix("*Google, Facebook* and *5 others*"), "\(english[0])")
        #expect(english[1] == "21 Major Trackers Found")
        #expect(try texts("pl")[1] == "Znaleziono 21 głównych skryptów śledzących", "21 is many in Polish")
    }
}

/// A pseudolanguage changes the strings a screen reads from its catalogs, as on a device; asked of
/// a screen that names none, it changes no text, and the reader says so and what to do, where a
/// screen with catalogs, and a document (whose `--lang` is its language), hear nothing.
@Suite struct PseudolanguageWithoutCatalogTests {
    @Test func aScreenWithoutCatalogsIsToldItsTextsStayAsWritten() throws {
        let store = Fixtures.repository.appendingPathComponent("Examples/store.json").path
        let localized = try DocumentReader().localized(at: store)
        #expect(localized.tables.isEmpty)
        for tag in ["pseudo-double", "pseudo-rtl"] {
            let warnings = try localized.input(in: tag).warnings(path: store)
            #expect(warnings.count == 1, "\(warnings)")
            #expect(warnings.first?.contains("has no string catalog") == true)
            #expect(warnings.first?.contains("\(tag) changes only texts read from a catalog") == true)
            #expect(warnings.first?.contains("--strings PATH") == true)
            #expect(warnings.first?.contains("mirrored") == (tag == "pseudo-rtl"))
        }
        #expect(try localized.input(in: "de").warnings(path: store).isEmpty, "a real language still shapes and hyphenates")
        #expect(try localized.input(in: nil).warnings(path: store).isEmpty)

        let withCatalogs = RealScreenLanguagesTests.corpus.appendingPathComponent("Whisky-App--Whisky/welcome.json").path
        #expect(try DocumentReader().localized(at: withCatalogs).input(in: "pseudo-double").warnings(path: withCatalogs).isEmpty)
        let document = Fixtures.repository.appendingPathComponent("Examples/welcome.md").path
        #expect(try DocumentReader().localized(at: document).input(in: "pseudo-accented").warnings(path: document).isEmpty)
    }
}

/// A language none of a screen's catalogs has: every string falls back to the source language,
/// which the commands that lay out say once (the audit still counts each key as `untranslated`).
@Suite struct LanguageTheCatalogsLackTests {
    @Test func aLanguageWithNoStringsIsToldItShowsTheSourceLanguage() throws {
        let welcome = RealScreenLanguagesTests.corpus.appendingPathComponent("Whisky-App--Whisky/welcome.json").path
        let localized = try DocumentReader().localized(at: welcome)
        for tag in ["el", "gr"] {
            let warnings = try localized.input(in: tag).warnings(path: welcome)
            #expect(warnings.count == 1, "\(tag): \(warnings)")
            #expect(warnings.first?.hasPrefix("the string catalogs of '") == true, "\(warnings)")
            #expect(warnings.first?.contains("welcome.json' have no strings in \(tag): every text is shown in en, their source language") == true)
            #expect(warnings.first?.contains("they have en, ar, cs, da, de,") == true, "\(warnings)")
            #expect(warnings.first?.contains("(22 in all)") == true, "\(warnings)")
        }
        // Languages the app has, itself, by a parent or a shorter tag, or by the same language in
        // another region; the source language in a region; a pseudolanguage: no warning.
        for tag in ["de", "de-AT", "pt", "pt-BR", "zh-Hant-TW", "en-US", "en", "pseudo-accented"] {
            #expect(try localized.input(in: tag).warnings(path: welcome).isEmpty, "\(tag)")
        }
        #expect(try localized.input(in: nil).warnings(path: welcome).isEmpty)
        // A document's --lang is its text's language: never a catalog's.
        let document = Fixtures.repository.appendingPathComponent("Examples/welcome.md").path
        #expect(try DocumentReader().localized(at: document).input(in: "el").warnings(path: document).isEmpty)
    }
}
