import Foundation
import Readers
import Reflow
import Testing

/// Every text of a screen file may name a catalog key: a cell's text, a stack's texts, a header,
/// a footer, a badge and an image's accessibility label; each shows its language's string and
/// keeps where it came from, and a wrong reference is an error at its JSON path.
@Suite struct ScreenKeysTests {
    static let group = #"{"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}, "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}}]}"#

    static let screen = """
        {"strings": ["Localizable.xcstrings"], "sections": [{"group": \(group),
          "header": {"text": {"key": "settings.title"}},
          "footer": {"text": {"key": "%lld new posts", "args": [3]}},
          "cells": [
            {"text": {"key": "followers", "args": ["Ada", 2], "comment": "profile"}, "badge": {"key": "settings.title"}},
            {"stack": [{"image": {"width": 40, "height": 40, "accessibilityLabel": {"key": "settings.title"}}},
                       {"text": {"key": "settings.title"}, "style": "headline"}, {"text": "Literal"}]},
            {"text": {"key": "nowhere"}}
          ]}]}
        """

    func screen(_ language: String, json: String = Self.screen) throws -> ScreenFile {
        try ScreenFile(json: Array(json.utf8), strings: StringResolver(tables: StringResolverTests.tables, language: language))
    }

    @Test func everyKindOfTextShowsItsLanguagesString() throws {
        let german = try screen("de")
        let section = german.content.sections[0]
        #expect(section.supplementary["header"]?.text.string == "Einstellungen")
        #expect(section.supplementary["footer"]?.text.string == "3 new posts")
        let first = try german.content.cell(at: IndexPath(item: 0, section: 0))!
        #expect(first.text.string == "Ada hat 2 Follower:innen")
        #expect(first.supplementary["badge"]?.text.string == "Einstellungen")
        let second = try german.content.cell(at: IndexPath(item: 1, section: 0))!
        #expect(second.texts.map(\.text.string) == ["Einstellungen", "Literal"])
        guard case .image(let icon) = second.elements[0] else { Issue.record("expected the image first"); return }
        #expect(icon.accessibilityLabel == "Einstellungen")
        #expect(second.texts[0].origin?.key == "settings.title")
        #expect(second.texts[1].origin == nil, "a literal text has no origin")
        let missing = try german.content.cell(at: IndexPath(item: 2, section: 0))!
        #expect(missing.text.string == "nowhere")
        #expect(missing.texts[0].origin?.isMissing == true)
        let footer = section.supplementary["footer"]?.texts[0].origin
        #expect(footer?.shownLanguage == "en" && footer?.forms == ["other"], "no German string: the English one, its form by English rules")
    }

    @Test func withoutCatalogsEveryKeyShowsItselfAndIsMissing() throws {
        let bare = try ScreenFile(json: Array(Self.screen.utf8))
        let first = try bare.content.cell(at: IndexPath(item: 0, section: 0))!
        #expect(first.text.string == "followers")
        #expect(first.texts[0].origin?.isMissing == true)
    }

    @Test func theCatalogsAScreenNamesAreListedWithTheirPaths() throws {
        let paths = try ScreenFile.catalogPaths(json: FileBytes(Array(Self.screen.utf8)))
        #expect(paths.map(\.path) == ["Localizable.xcstrings"])
        #expect(paths.map(\.jsonPath) == ["strings[0]"])
        #expect(throws: ScreenFileError.self) {
            try ScreenFile.catalogPaths(json: FileBytes(Array(#"{"strings": [3], "sections": []}"#.utf8)))
        }
    }

    /// A screen laid out in many languages is parsed once (`ScreenFile.Parsed`): each language's
    /// screen made from that one parse shows its own strings, as one read from the bytes does,
    /// and the catalogs it names are read from the same parse.
    @Test func oneParseServesEveryLanguage() throws {
        let parsed = try ScreenFile.Parsed(json: FileBytes(Array(Self.screen.utf8)))
        #expect(try parsed.catalogPaths().map(\.path) == ["Localizable.xcstrings"])
        #expect(try parsed.catalogPaths().map(\.jsonPath) == ["strings[0]"])
        for language in ["en", "de", "en", "de"] {
            let shared = try ScreenFile(parsed: parsed, strings: StringResolver(tables: StringResolverTests.tables, language: language))
            let own = try screen(language)
            for item in 0..<3 {
                let index = IndexPath(item: item, section: 0)
                #expect(try shared.content.cell(at: index)?.texts.map(\.text.string) == own.content.cell(at: index)?.texts.map(\.text.string))
                #expect(shared.location(of: index) == own.location(of: index))
            }
            #expect(shared.content.sections[0].supplementary["header"]?.text.string == (language == "de" ? "Einstellungen" : "Settings"))
        }
        #expect(throws: ScreenFileError.self) {
            try ScreenFile.Parsed(json: FileBytes(Array(#"{"strings": [3], "sections": []}"#.utf8))).catalogPaths()
        }
    }

    /// Only the root is parsed: the sections are skipped whole (a 1,000,000-cell screen's first
    /// screen took 4 s parsing every cell here). A cell the screen's reader refuses later, a
    /// number with a leading zero, does not stop the catalogs from being found.
    @Test func theCatalogsAreFoundWithoutParsingTheSections() throws {
        let json = #"{"sections": [{"cells": [{"text": "a", "lines": 01}]}], "strings": ["Localizable.xcstrings"]}"#
        #expect(try ScreenFile.catalogPaths(json: FileBytes(Array(json.utf8))).map(\.path) == ["Localizable.xcstrings"])
    }

    /// Each wrong reference is an error naming its JSON path and what to write.
    @Test(arguments: [
        (#"{"key": 3}"#, "sections[0].cells[0].text.key", "a string catalog key"),
        (#"{"key": ""}"#, "sections[0].cells[0].text.key", "empty"),
        (#"{"table": "Localizable"}"#, "sections[0].cells[0].text", "missing \"key\""),
        (#"{"key": "a", "args": [true]}"#, "sections[0].cells[0].text.args[0]", "a string or a number"),
        (#"{"key": "a", "colour": "red"}"#, "sections[0].cells[0].text.colour", "expected one of key, table, args, comment"),
        (#"{"key": "%lld new posts", "args": ["three"]}"#, "sections[0].cells[0].text", "key '%lld new posts'"),
    ])
    func aWrongReferenceIsAnErrorAtItsPath(reference: String, path: String, words: String) throws {
        let json = #"{"sections": [{"group": \#(Self.group), "cells": [{"text": \#(reference)}]}]}"#
        do {
            _ = try screen("en", json: json)
            Issue.record("expected an error for \(reference)")
        } catch let error as ScreenFileError {
            #expect(error.path == path)
            #expect(error.message.contains(words), "\(error.message)")
        }
    }
}
