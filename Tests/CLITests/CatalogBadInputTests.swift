import Foundation
import Testing

/// Bad string catalogs through every command that reads a screen's catalogs (issue 37's list):
/// each is refused at once with exit status 1, no crash and nothing written, and a message that
/// names the screen, the catalog file and the place in it (a JSON or property list path, or a
/// line) and says what to do. Every case runs in a fresh folder as the working directory, so the
/// paths in the messages read as typed.
@Suite struct CatalogBadInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        /// The screen, relative to the folder.
        var screen: String { name + "/screen.json" }
        /// Options after the screen (besides `--lang de`).
        var options: [String] = []
        /// What stderr must hold, each.
        let messages: [String]
        var testDescription: String { name }
    }

    static let group = #"{"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}, "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}}]}"#

    /// A screen of one cell showing `greeting` of `table` with `args`, reading `strings`.
    static func screen(strings: [String], args: String = "[]", table: String = "Localizable") -> String {
        let names = strings.map { "\"\($0)\"" }.joined(separator: ", ")
        return #"{"strings": [\#(names)], "sections": [{"group": \#(group), "cells": [{"text": {"key": "greeting", "table": "\#(table)", "args": \#(args)}}]}]}"#
    }

    static func unit(_ value: String) -> String { #"{"stringUnit": {"state": "translated", "value": "\#(value)"}}"# }

    /// Writes every case's screen and catalogs under `folder`.
    static func fixtures(in folder: URL) throws {
        func write(_ text: String, _ path: String) throws { try write(Array(text.utf8), path) }
        func write(_ bytes: [UInt8], _ path: String) throws {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        let catalog = ["Localizable.xcstrings"]
        // A comma missing between two members, on line 3.
        try write(screen(strings: catalog), "json/screen.json")
        try write("""
            {"sourceLanguage": "en",
             "strings": {
              "greeting": {"localizations": {"de": {"stringUnit": {"state": "translated" "value": "Hallo"}}}}
             }
            }

            """, "json/Localizable.xcstrings")
        // A <string> never closed, found at line 8.
        try write(screen(strings: ["de.lproj"]), "plist/screen.json")
        try write("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            <key>greeting</key>
            <dict>
            <key>NSStringLocalizedFormatKey</key>
            <string>%#@n@
            </dict>
            </plist>

            """, "plist/de.lproj/Localizable.stringsdict")
        // The substitution 'a' names itself in its own forms.
        try write(screen(strings: catalog, args: "[2]"), "selfsub/screen.json")
        let loop = #"{"stringUnit": {"state": "translated", "value": "%#@a@"}, "substitutions": {"a": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {"one": \#(unit("%#@a@ eins")), "other": \#(unit("%#@a@ viele"))}}}}}"#
        try write(#"{"sourceLanguage": "en", "version": "1.0", "strings": {"greeting": {"localizations": {"de": \#(loop)}}}}"#,
                  "selfsub/Localizable.xcstrings")
        // 10,000 specifiers in one string.
        try write(screen(strings: catalog, args: #"["x"]"#), "specifiers/screen.json")
        let many = String(repeating: "%@ ", count: 10_000)
        try write(#"{"sourceLanguage": "en", "version": "1.0", "strings": {"greeting": {"localizations": {"en": \#(unit("Hello")), "de": \#(unit(many))}}}}"#,
                  "specifiers/Localizable.xcstrings")
        // 100 MB (a sparse file: refused by its size before a byte is read).
        try write(screen(strings: catalog), "huge/screen.json")
        try write([], "huge/Localizable.xcstrings")
        let huge = try FileHandle(forWritingTo: folder.appendingPathComponent("huge/Localizable.xcstrings"))
        try huge.truncate(atOffset: 100_000_000)
        try huge.close()
        // A plural category CLDR does not have.
        try write(screen(strings: catalog, args: "[2]"), "plural/screen.json")
        let plural = #"{"variations": {"plural": {"one": \#(unit("%lld Hallo")), "several": \#(unit("%lld Hallos")), "other": \#(unit("%lld Hallos"))}}}"#
        try write(#"{"sourceLanguage": "en", "version": "1.0", "strings": {"greeting": {"localizations": {"en": \#(unit("Hello")), "de": \#(plural)}}}}"#,
                  "plural/Localizable.xcstrings")
        // A .strings value whose quote is never closed (line 3).
        try write(screen(strings: ["de.lproj"]), "quote/screen.json")
        try write("/* greeting */\n\"greeting\" = \"Hallo\";\n\"farewell\" = \"Tschüss;\n", "quote/de.lproj/Localizable.strings")
        // UTF-16 (little-endian, with its byte order mark) holding an unpaired surrogate.
        try write(screen(strings: ["de.lproj"]), "utf16/screen.json")
        let text = Array("\"greeting\" = \"Hallo".utf16) + [0xD800] + Array("\";\n".utf16)
        try write([0xFF, 0xFE] + text.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, "utf16/de.lproj/Localizable.strings")
        // A catalog the screen names outside its folder.
        try write(screen(strings: ["../x.xcstrings"], table: "x"), "outside/inner/screen.json")
        try write(#"{"sourceLanguage": "en", "version": "1.0", "strings": {"greeting": {"localizations": {"de": \#(unit("Hallo"))}}}}"#,
                  "outside/x.xcstrings")
    }

    static let cases: [Case] = [
        Case(name: "json", messages: ["'json/screen.json'", "json/Localizable.xcstrings: line 3, column 78: is not valid JSON", "fix the JSON there"]),
        Case(name: "plist", messages: ["'plist/screen.json'", "plist/de.lproj/Localizable.stringsdict: is not a property list", "line 8"]),
        Case(name: "selfsub", messages: ["'selfsub/screen.json'",
                                         #"selfsub/Localizable.xcstrings: strings["greeting"].localizations.de.substitutions.a: "#,
                                         "the substitution 'a' names itself"]),
        Case(name: "specifiers", messages: ["'specifiers/screen.json'",
                                            #"specifiers/Localizable.xcstrings: strings["greeting"].localizations.de.stringUnit.value: "#,
                                            "holds more than 1000 format specifiers"]),
        Case(name: "huge", options: ["--max-input", "10M"],
             messages: ["'huge/screen.json'", "huge/Localizable.xcstrings: is 100000000 bytes", "--max-input"]),
        Case(name: "plural", messages: ["'plural/screen.json'",
                                        #"plural/Localizable.xcstrings: strings["greeting"].localizations.de.variations.plural: "#,
                                        "'several' is not a plural category"]),
        Case(name: "quote", messages: ["'quote/screen.json'",
                                       "quote/de.lproj/Localizable.strings: line 3: the string opened here has no closing quote"]),
        Case(name: "utf16", messages: ["'utf16/screen.json'", "utf16/de.lproj/Localizable.strings: line 1: is not valid UTF-16"]),
        Case(name: "outside/inner", messages: ["'outside/inner/screen.json'", "strings[0] '../x.xcstrings' is outside the screen's folder",
                                               "--allow-strings-outside"]),
    ]

    /// The commands that read a screen's catalogs, each with the screen and `--lang de` (serve
    /// takes the language per request, and reads the catalogs at its start).
    static func commands(_ screen: String) -> [[String]] {
        [[screen, "--lang", "de", "-o", "out.png"], ["layout", screen, "--lang", "de"], ["audit", screen, "--lang", "de"],
         ["serve", screen, "--port", "0"]]
    }

    @Test(arguments: cases)
    func eachIsRefusedNamingTheFileAndThePlace(_ bad: Case) throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.fixtures(in: folder)
        for arguments in Self.commands(bad.screen) {
            let command = arguments[0] == bad.screen ? "preview" : arguments[0]
            let result = try CLI.run(arguments + bad.options, timeout: 10, directory: folder)
            #expect(!result.crashed, "\(command): \(result)")
            #expect(result.status == 1, "\(command): \(result)")
            #expect(result.stdout.isEmpty, "\(command) printed: \(result.output)")
            let message = result.messageLines.joined(separator: "\n")
            #expect(message.hasPrefix("reflow-cli: error: "), "\(command): \(message)")
            for part in bad.messages {
                #expect(message.contains(part), "\(command): \(message) lacks \(part)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.png").path), "nothing drawn")
    }

    /// The catalog outside is read when allowed: the case fails for where it is, nothing else.
    @Test func theOutsideCatalogIsReadWhenAllowed() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.fixtures(in: folder)
        let result = try CLI.run(["layout", "outside/inner/screen.json", "--lang", "de", "--allow-strings-outside"], timeout: 10,
                                 directory: folder)
        #expect(result.status == 0, "\(result)")
        #expect(result.output.contains(#""text": "Hallo""#))
    }
}
