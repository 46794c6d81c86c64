import Foundation
import Testing

/// `--lang` has one meaning on every command that lays out: a screen's keys in that language
/// (fallback reported), its shaping and direction; a list or `all` where a command takes one
/// language is a usage error that says so; `--strings` adds catalogs; a screen's catalog outside
/// its folder is refused unless allowed.
@Suite struct LanguageOptionTests {
    static let maccy = CLI.repository.appendingPathComponent("Tests/Corpus/strings/p0deje--Maccy/Localizable.xcstrings").path

    static let group = #"{"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}, "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}}]}"#

    static func screen(strings: String = #""strings": ["Localizable.xcstrings"], "#) -> String {
        #"{\#(strings)"sections": [{"group": \#(group), "header": {"text": {"key": "preferences"}}, "cells": [{"text": {"key": "preferences_general"}}, {"text": {"key": "clear_alert_message"}}]}]}"#
    }

    /// A folder holding Maccy's catalog and a screen naming its keys.
    static func folder(screen: String = screen()) throws -> (folder: URL, screen: String) {
        let folder = try CLI.scratch()
        try FileManager.default.copyItem(atPath: maccy, toPath: folder.appendingPathComponent("Localizable.xcstrings").path)
        return (folder, try CLI.write(screen, to: "settings.json", in: folder))
    }

    static func texts(_ result: CLI.Result) throws -> [String] {
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let layouts = try #require(json["layouts"] as? [[String: Any]])
        return (layouts[0]["elements"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    }

    @Test func theLanguageChoosesTheStringsAndTheDirection() throws {
        let (folder, screen) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let german = try CLI.run(["layout", screen, "--lang", "de"])
        try #require(german.status == 0, "\(german)")
        #expect(try Self.texts(german) == ["Einstellungen...", "Allgemein", "Möchtest du den Verlauf wirklich leeren?"])
        let english = try CLI.run(["layout", screen])
        #expect(try Self.texts(english).first == "Preferences...", "without --lang: the catalog's source language")
        let hebrew = try CLI.run(["layout", screen, "--lang", "he"])
        #expect(hebrew.output.contains("\"layoutDirection\": \"rightToLeft\""), "\(hebrew.output.prefix(300))")
        let pseudo = try CLI.run(["layout", screen, "--lang", "pseudo-rtl"])
        #expect(pseudo.output.contains("\"layoutDirection\": \"rightToLeft\""))
        #expect(try Self.texts(try CLI.run(["layout", screen, "--lang", "pseudo-double"])).first == "Preferences... Preferences...")
    }

    @Test func aWrongLanguageIsAUsageErrorSayingWhatToGive() throws {
        let (folder, screen) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (value, words) in [("pseudo-long", "not one of Xcode's pseudolanguages"), ("de,,fr", "empty language"),
                               ("all,de", "give it alone"), ("12", "--lang")] {
            let result = try CLI.run(["layout", screen, "--lang", value])
            #expect(result.status == 64, "\(value): \(result)")
            #expect(result.stderr.contains(words), "\(value): \(result.stderr)")
        }
        let list = try CLI.run(["scroll", screen, "--lang", "de,fr"])
        #expect(list.status == 64, "\(list)")
        #expect(list.stderr.contains("takes one language"), "\(list.stderr)")
    }

    @Test func stringsAddsACatalogAndACatalogOutsideTheFolderIsRefusedUnlessAllowed() throws {
        let (folder, _) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inner = folder.appendingPathComponent("screens")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        let bare = try CLI.write(Self.screen(strings: ""), to: "bare.json", in: inner)
        let added = try CLI.run(["layout", bare, "--lang", "de", "--strings", folder.appendingPathComponent("Localizable.xcstrings").path])
        #expect(try Self.texts(added).first == "Einstellungen...", "\(added)")
        let withoutCatalog = try CLI.run(["layout", bare, "--lang", "de"])
        #expect(try Self.texts(withoutCatalog).first == "preferences", "no catalog: the key itself")
        let outside = try CLI.write(Self.screen(strings: #""strings": ["../Localizable.xcstrings"], "#), to: "outside.json", in: inner)
        let refused = try CLI.run(["layout", outside, "--lang", "de"])
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("strings[0]") && refused.stderr.contains("--allow-strings-outside"), "\(refused.stderr)")
        let allowed = try CLI.run(["layout", outside, "--lang", "de", "--allow-strings-outside"])
        #expect(try Self.texts(allowed).first == "Einstellungen...", "\(allowed)")
    }
}
