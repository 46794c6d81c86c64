import Foundation
import Reflow
import ReflowKit
import Testing
import TestSupport
@testable import PreviewServer

/// `serve` on a screen that names string catalogs: `/info.json` lists the catalogs' languages
/// (the source first) and the pseudolanguages for the page's menu, `lang` lays the screen out in
/// one of them, a list or `all` is refused for a picture, and a save of the catalog is a new
/// version as a save of the screen is.
@Suite(.serialized) struct ServeLanguageTests {
    /// PreviewServerTests' parameters and `lang`, read as `--lang` reads it and held to one
    /// language as `reflow-cli serve` holds it.
    static let parameters: @Sendable (Query) throws -> ScreenParameters = { query in
        var parameters = try PreviewServerTests.parameters(query)
        if let lang = query.value("lang") {
            do {
                parameters.language = try ScreenParameters.language(of: try LanguageChoice(parsing: lang))
            } catch let error as InvalidLanguageChoice {
                throw BadRequest(error.message)
            }
        }
        return parameters
    }

    static let group = #"{"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}, "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}}]}"#

    static let screen = """
        {"strings": ["Localizable.xcstrings"], "sections": [{"group": \(group),
          "header": {"text": {"key": "settings.title"}},
          "cells": [{"text": {"key": "settings.sound"}}, {"text": "Literal"}]}]}
        """

    /// English (the source), German and French; French lacks one key.
    static func catalog(soundInGerman: String = "Ton") -> String {
        """
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "settings.title": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "Settings"}},
            "de": {"stringUnit": {"state": "translated", "value": "Einstellungen"}},
            "fr": {"stringUnit": {"state": "translated", "value": "Réglages"}}}},
          "settings.sound": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "Sound"}},
            "de": {"stringUnit": {"state": "translated", "value": "\(soundInGerman)"}}}}
        }}
        """
    }

    /// A server on `screen.json` beside `Localizable.xcstrings`.
    static func running() throws -> PreviewServerTests.Running {
        try PreviewServerTests.Running("screen.json", contents: Data(screen.utf8)) { configuration in
            // Before the server reads the screen: its catalog beside it.
            let folder = URL(fileURLWithPath: configuration.document).deletingLastPathComponent()
            try? Data(catalog().utf8).write(to: folder.appendingPathComponent("Localizable.xcstrings"))
            configuration.parameters = ServeLanguageTests.parameters
        }
    }

    /// The texts of `/layout.json` for `query`: the cells' in order, then the header's.
    static func texts(_ running: PreviewServerTests.Running, _ query: String) throws -> [String] {
        let response = try running.get("/layout.json?" + query)
        #expect(response.status == 200, "\(response.text)")
        let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        let layouts = object?["layouts"] as? [[String: Any]] ?? []
        return (layouts.first?["elements"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    }

    @Test func infoListsTheCatalogsLanguagesSourceFirstAndThePseudolanguages() throws {
        let running = try Self.running()
        defer { running.stop() }
        let info = try running.get("/info.json")
        #expect(info.status == 200)
        let object = try JSONSerialization.jsonObject(with: Data(info.body)) as? [String: Any]
        let languages = try #require(object?["languages"] as? [[String: String]])
        #expect(languages.map { $0["tag"] } == ["en", "de", "fr", "pseudo-double", "pseudo-accented", "pseudo-bounded", "pseudo-rtl"])
        #expect(languages.map { $0["kind"] } == ["source", "translation", "translation", "pseudo", "pseudo", "pseudo", "pseudo"])
        #expect(languages[1]["name"] == "German")
        #expect(languages[3]["name"] == "Double-Length Pseudolanguage")
    }

    @Test func aDocumentWithoutCatalogsOffersNoMenu() throws {
        let running = try PreviewServerTests.Running()
        defer { running.stop() }
        let info = try running.get("/info.json")
        #expect(info.status == 200)
        #expect(!info.text.contains("languages"), "\(info.text)")
    }

    @Test func langLaysTheScreenOutInThatLanguage() throws {
        let running = try Self.running()
        defer { running.stop() }
        #expect(try Self.texts(running, "") == ["Sound", "Literal", "Settings"])
        #expect(try Self.texts(running, "lang=de") == ["Ton", "Literal", "Einstellungen"])
        #expect(try Self.texts(running, "lang=fr") == ["Sound", "Literal", "Réglages"], "French has no 'settings.sound': English")
        // A pseudolanguage needs no translation: every string twice.
        #expect(try Self.texts(running, "lang=pseudo-double") == ["Sound Sound", "Literal", "Settings Settings"])
        // The pictures differ too, and German again is the same picture (kept per language).
        let german = try running.get("/render.png?lang=de")
        #expect(german.status == 200)
        #expect(german.body != (try running.get("/render.png")).body)
        #expect(german.body == (try running.get("/render.png?lang=de")).body)
        #expect(try running.get("/render.png?lang=fr").body != german.body)
        #expect(try running.get("/audit.json?lang=de").status == 200)
    }

    @Test(arguments: ["de,fr", "all", "de,pseudo-rtl"])
    func severalLanguagesAre400SayingWhy(_ lang: String) throws {
        let running = try Self.running()
        defer { running.stop() }
        for path in ["/render.png", "/layout.json", "/audit.json"] {
            let response = try running.get(path + "?lang=" + lang)
            #expect(response.status == 400, "\(path): \(response.status)")
            #expect(response.text.contains("lang=\(lang)") && response.text.contains("one language"), "\(response.text)")
        }
    }

    @Test func savingTheCatalogIsANewVersion() throws {
        let running = try Self.running()
        defer { running.stop() }
        #expect(try Self.texts(running, "lang=de").contains("Ton"))
        let stream = try LoopbackHTTP.EventStream("/events", port: running.port)
        defer { stream.close() }
        #expect(try stream.next(named: "hello")?.contains(#""version": 1"#) == true)

        let catalog = running.folder.appendingPathComponent("Localizable.xcstrings")
        try Data(Self.catalog(soundInGerman: "Klang").utf8).write(to: catalog, options: .atomic)
        #expect(try stream.next(named: "changed")?.contains(#""version": 2"#) == true)
        let after = try running.get("/layout.json?lang=de")
        #expect(after.headers["x-reflow-version"] == "2")
        #expect(try Self.texts(running, "lang=de") == ["Klang", "Literal", "Einstellungen"])

        // A catalog saved broken is a problem shown; the last good version stays on show.
        try Data("{\"sourceLanguage\": ".utf8).write(to: catalog)
        let failed = try stream.next(named: "changed")
        #expect(failed?.contains(#""version": 2, "problem": true"#) == true, "\(failed ?? "none")")
        let info = try running.get("/info.json").text
        #expect(info.contains("Localizable.xcstrings"), "the problem names the catalog: \(info)")
        #expect(try Self.texts(running, "lang=de").contains("Klang"))
    }
}
