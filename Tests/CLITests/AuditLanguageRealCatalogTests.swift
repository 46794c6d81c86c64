import Foundation
import TestSupport
import Testing

/// `reflow-cli audit SCREEN --lang all` on real string catalogs (Tests/Corpus/strings, see
/// SOURCES.md), each copied beside a screen written here that names its keys: every language of
/// the catalog is audited and reported on its own, and the counts the rules give are those the
/// catalog's JSON says, counted apart from reflow (with python3, the commands in each test).
@Suite struct AuditLanguageRealCatalogTests {
    static let corpus = CLI.repository.appendingPathComponent("Tests/Corpus/strings")

    /// A screen of one body cell per key (each `{"key", "args"}`) naming `Localizable.xcstrings`.
    static func screen(_ texts: [[String: Any]]) throws -> String {
        let group: [String: Any] = ["axis": "vertical",
                                    "size": ["width": ["fractionalWidth": 1], "height": ["estimated": 44]],
                                    "subitems": [["size": ["width": ["fractionalWidth": 1], "height": ["estimated": 44]]]]]
        let screen: [String: Any] = ["strings": ["Localizable.xcstrings"],
                                     "sections": [["group": group, "cells": texts.map { ["text": $0, "style": "body"] }]]]
        return String(decoding: try JSONSerialization.data(withJSONObject: screen, options: [.sortedKeys]), as: UTF8.self)
    }

    /// A scratch folder holding `catalog` (a corpus folder's Localizable.xcstrings) and `screen` as settings.json.
    static func folder(catalog: String, screen: String) throws -> URL {
        let folder = try CLI.scratch()
        try FileManager.default.copyItem(at: corpus.appendingPathComponent(catalog).appendingPathComponent("Localizable.xcstrings"),
                                         to: folder.appendingPathComponent("Localizable.xcstrings"))
        _ = try CLI.write(screen, to: "settings.json", in: folder)
        return folder
    }

    /// The JSON report's `languages` summary: each language's counts by name.
    static func languages(_ result: CLI.Result) throws -> [String: [String: Any]] {
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], "\(result)")
        let entries = try #require(json["languages"] as? [[String: Any]], "\(result.output)")
        return Dictionary(uniqueKeysWithValues: entries.map { ($0["language"] as! String, $0) })
    }

    static func findings(_ result: CLI.Result) throws -> [[String: Any]] {
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        return try #require(json["findings"] as? [[String: Any]])
    }

    /// Maccy's catalog: 18 languages (Hebrew right to left among them), every key translated in
    /// every one (python3, as for Ice Cubes below: the keys whose "localizations" lack each
    /// language number 0 in all 18). The screen names 33 of its 34 keys (`copy_modifiers_config`'s Japanese, "%を", is
    /// left out: the resolver refuses it, see the report) and one key the catalog lacks.
    @Test func maccysEighteenLanguagesEachReportTheMissingKeyAndNothingUntranslated() throws {
        let catalog = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: Self.corpus.appendingPathComponent("p0deje--Maccy/Localizable.xcstrings"))) as? [String: Any])
        let strings = try #require(catalog["strings"] as? [String: Any])
        var texts: [[String: Any]] = strings.keys.sorted().filter { $0 != "copy_modifiers_config" }.map { key in
            let source = "\((strings[key] as? [String: Any])?["localizations"] ?? "")"
            return source.contains("%@") ? ["key": key, "args": ["⌘"]] : ["key": key]
        }
        #expect(texts.count == 33)
        let complete = try Self.folder(catalog: "p0deje--Maccy", screen: try Self.screen(texts))
        defer { try? FileManager.default.removeItem(at: complete) }
        let options = ["--lang", "all", "--category", "l", "--width", "390", "--format", "json", "--quiet"]
        let clean = try CLI.run(["audit", "settings.json"] + options, directory: complete)
        #expect(clean.status == 0, "no error at L in any language: \(clean.output)")
        let languages = try Self.languages(clean)
        #expect(Set(languages.keys) == ["bs", "de", "en", "es", "fr", "he", "hr", "it", "ja", "ko", "nb", "nl", "ru", "th", "tr",
                                        "uk", "zh-Hans", "zh-Hant"])
        #expect(languages.values.allSatisfy { $0["untranslated"] as? Int == 0 }, "\(languages)")

        texts.append(["key": "maccy.no.such.key"])
        let missing = try Self.folder(catalog: "p0deje--Maccy", screen: try Self.screen(texts))
        defer { try? FileManager.default.removeItem(at: missing) }
        let failing = try CLI.run(["audit", "settings.json"] + options, directory: missing)
        #expect(failing.status == 1, "a missing key is an error: exit 1")
        let found = try Self.findings(failing).filter { $0["rule"] as? String == "missing-key" }
        #expect(found.count == 18, "once per language, not per size or width")
        #expect(Set(found.compactMap { $0["language"] as? String }) == Set(languages.keys))
        #expect(found.allSatisfy { $0["key"] as? String == "maccy.no.such.key" && $0["severity"] as? String == "error" })
        // The text report: a part per language, Hebrew's among them, and the run's line.
        let text = try CLI.run(["audit", "settings.json", "--lang", "all", "--category", "l", "--width", "390", "--quiet"],
                               directory: missing)
        #expect(text.status == 1)
        #expect(text.output.contains("\nhe:\nmissing-key: 1 finding"), "\(text.output)")
        #expect(text.output.contains("he: 1 error, 0 warnings, 0 info\n"))
        #expect(text.output.contains("settings.json: 18 errors, 0 warnings, 0 info at 1 size × 1 width (390 pt) in 18 languages"))
    }

    /// Ice Cubes' catalog (19 languages, many keys untranslated). The screen names 56 of its
    /// keys: every 12th, in code point order, of the non-empty keys with no `%` and no variation.
    /// The expected counts are each language's keys among them whose "localizations" lack it
    /// (pt-BR falls back to pt, which the catalog lacks, then to en), counted from the JSON alone:
    ///
    ///     python3 -c 'import json; d = json.load(open("Localizable.xcstrings")); s = d["strings"]
    ///     keys = [k for k, v in sorted(s.items()) if k and "%" not in json.dumps(v) + k and "variations" not in json.dumps(v)][::12]
    ///     langs = sorted({l for v in s.values() for l in v.get("localizations", {})})
    ///     print({l: sum(l != "en" and l not in s[k].get("localizations", {}) for k in keys) for l in langs})'
    ///
    /// (no key among them is marked `shouldTranslate: false`).
    static let iceCubesKeys = [
        "  ⸱  ",
        "Compose a post",
        "Followed Tags",
        "It can however still be used as a fallback for your instance's translation service.",
        "Open on a tab",
        "Remove all cached images and videos",
        "Telemetry by TelemetryDeck",
        "accessibility.app-account.selector.accounts",
        "accessibility.general.toggle.off",
        "accessibility.status.spoiler-full-content",
        "accessibility.tabs.profile.picker.favorites",
        "accessibility.tabs.profile.user.account-blocked.label",
        "account.action.edit-filters",
        "account.action.share",
        "account.edit.account-settings.private",
        "account.edit.metadata-value-placeholder",
        "account.follow.following",
        "account.posts",
        "action.view.error",
        "app-account.button.add",
        "design.theme.navigation-title",
        "enum.durations.sixHours",
        "enum.status-display-style.medium",
        "explore.search.prompt",
        "filter.contexts.home",
        "filter.expired",
        "instance.suggestions",
        "lists.edit.users-search",
        "notifications.content-filter.newAccounts",
        "notifications.content-filter.title-inline",
        "notifications.label.status",
        "notifications.navigation-title",
        "settings.account.add",
        "settings.content.default-sensitive",
        "settings.content.sharing.share-behavior.link-and-text",
        "settings.display.full-username",
        "settings.display.show-tab-label",
        "settings.general.browser.in-app.readerview",
        "settings.general.translate",
        "settings.push.duplicate.footer",
        "settings.section.app",
        "settings.support.one.subtitle",
        "settings.support.three.title",
        "settings.swipeactions.status.action.none",
        "settings.tabs.second-tab",
        "status.action.boost-to-followers",
        "status.action.quote",
        "status.action.unfavorite",
        "status.editor.browse-file",
        "status.editor.media.image-description",
        "status.error.title",
        "status.poll.hide-results",
        "status.visibility.direct",
        "tab.timeline",
        "timeline.filter.hide-posts-with-media",
        "timeline.resume",
    ]

    @Test func iceCubesUntranslatedKeysAreCountedPerLanguageAsTheCatalogSays() throws {
        let expected = ["be": 6, "ca": 6, "de": 0, "en": 0, "en-GB": 6, "es": 0, "eu": 2, "fr": 0, "it": 0, "ja": 6, "ko": 0,
                        "nb": 6, "nl": 4, "pl": 6, "pt-BR": 0, "tr": 0, "uk": 6, "zh-Hans": 0, "zh-Hant": 0]
        let folder = try Self.folder(catalog: "Dimillian--IceCubesApp", screen: try Self.screen(Self.iceCubesKeys.map { ["key": $0] }))
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["audit", "settings.json", "--lang", "all", "--category", "l", "--width", "390", "--format", "json",
                                  "--quiet"], directory: folder)
        let languages = try Self.languages(result)
        #expect(languages.mapValues { $0["untranslated"] as? Int ?? -1 } == expected)
        let untranslated = try Self.findings(result).filter { $0["rule"] as? String == "untranslated" }
        #expect(untranslated.count == expected.values.reduce(0, +))
        #expect(untranslated.allSatisfy { $0["severity"] as? String == "info" })
        // Information never fails the run: it exits as its errors say.
        let errors = try Self.findings(result).filter { $0["severity"] as? String == "error" }.count
        #expect(result.status == (errors > 0 ? 1 : 0), "\(result.stderr)")
    }
}
