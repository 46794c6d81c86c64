import Foundation
import Readers
import Testing

/// Bad input: each a clean error naming the file and where in it (a JSON or property list path,
/// or a line), saying what was wrong and what to do. The messages are what a person reads.
@Suite struct StringCatalogErrorTests {
    static func error(_ text: String, file: String, maximumBytes: Int = .max) throws -> String {
        try error(Array(text.utf8), file: file, maximumBytes: maximumBytes)
    }

    static func error(_ bytes: [UInt8], file: String, maximumBytes: Int = .max) throws -> String {
        let error = try #require(throws: StringCatalogError.self) {
            try StringCatalogReader.catalog(bytes: bytes, file: file, maximumBytes: maximumBytes)
        }
        return error.description
    }

    @Test func malformedJSONNamesItsLine() throws {
        let message = try Self.error("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"Done\" : { , }\n  }\n}", file: "Localizable.xcstrings")
        #expect(message == "Localizable.xcstrings: line 4, column 16: is not valid JSON (Invalid value around character 60.); "
            + "fix the JSON there, or export the catalog again from Xcode")
    }

    @Test func aValueOfTheWrongTypeNamesItsJSONPath() throws {
        let message = try Self.error("""
            {"sourceLanguage": "en", "strings": {"Done": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": 3}}}}}}
            """, file: "Localizable.xcstrings")
        #expect(message.hasPrefix("Localizable.xcstrings: strings[\"Done\"].localizations.de.stringUnit.value: expected a string here; "))
        let missing = try Self.error("{\"strings\": {}}", file: "Localizable.xcstrings")
        #expect(missing == "Localizable.xcstrings: 'sourceLanguage' is missing; a string catalog gives it here")
    }

    @Test func anUnknownPluralCategoryNamesItsPath() throws {
        let message = try Self.error("""
            {"sourceLanguage": "en", "strings": {"%lld items": {"localizations": {"ru": {"variations": {"plural": {
              "several": {"stringUnit": {"state": "translated", "value": "%lld штук"}}}}}}}}}
            """, file: "Localizable.xcstrings")
        #expect(message == "Localizable.xcstrings: strings[\"%lld items\"].localizations.ru.variations.plural: 'several' is not a plural category; "
            + "use one of zero, one, two, few, many, other (CLDR's names, in lower case)")
        let stringsdict = try Self.error("""
            <plist version="1.0"><dict><key>items</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
            <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>d</string><key>One</key><string>%d item</string></dict>
            </dict></dict></plist>
            """, file: "en.lproj/Localizable.stringsdict")
        #expect(stringsdict == "en.lproj/Localizable.stringsdict: \"items\".n.One: 'One' is not a plural category; "
            + "use one of zero, one, two, few, many, other (CLDR's names, in lower case)")
    }

    @Test func anUnknownDeviceAndStateNameTheirPaths() throws {
        let device = try Self.error("""
            {"sourceLanguage": "en", "strings": {"Tap": {"localizations": {"en": {"variations": {"device": {
              "car": {"stringUnit": {"state": "translated", "value": "Press"}}}}}}}}}
            """, file: "Localizable.xcstrings")
        #expect(device == "Localizable.xcstrings: strings[\"Tap\"].localizations.en.variations.device: 'car' is not a device variation; "
            + "use one of iphone, ipod, ipad, mac, applewatch, appletv, applevision, other")
        let state = try Self.error("""
            {"sourceLanguage": "en", "strings": {"Tap": {"localizations": {"en": {"stringUnit": {"state": "done", "value": "Tap"}}}}}}
            """, file: "Localizable.xcstrings")
        #expect(state == "Localizable.xcstrings: strings[\"Tap\"].localizations.en.stringUnit.state: 'done' is not a translation state; "
            + "use one of new, needs_review, translated, stale")
    }

    @Test func aSubstitutionThatNamesItselfIsRefused() throws {
        let message = try Self.error("""
            {"sourceLanguage": "en", "strings": {"loop": {"localizations": {"en": {
              "stringUnit": {"state": "translated", "value": "%#@a@"},
              "substitutions": {"a": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
                "other": {"stringUnit": {"state": "translated", "value": "%arg and %#@a@"}}}}}}}}}}}
            """, file: "Localizable.xcstrings")
        #expect(message == "Localizable.xcstrings: strings[\"loop\"].localizations.en.substitutions.a: the substitution 'a' names itself "
            + "('%#@a@' in its form \"%arg and %#@a@\"), which never ends; write the count with %arg (or %d) in its forms instead")
        let stringsdict = try Self.error("""
            <plist version="1.0"><dict><key>loop</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@a@</string>
            <key>a</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>%1$#@a@</string></dict>
            </dict></dict></plist>
            """, file: "en.lproj/Localizable.stringsdict")
        #expect(stringsdict.hasPrefix("en.lproj/Localizable.stringsdict: \"loop\".substitutions.a: the substitution 'a' names itself"))
    }

    @Test func anUnterminatedQuoteNamesTheLineItOpenedOn() throws {
        let message = try Self.error("/* header */\n\"ok\" = \"fine\";\n\"broken\" = \"no end;\n\"next\" = \"value\";\n", file: "de.lproj/Localizable.strings")
        // The quote opened on line 3 closes at `"next` on line 4; the string after it then never
        // closes, from line 4 on. Either way the line named is where a quote opened.
        #expect(message == "de.lproj/Localizable.strings: line 4: expected ';' after the entry for \"broken\" (line 3); end each entry with ';'")
        let atEnd = try Self.error("\"ok\" = \"fine\";\n\"broken\" = \"no end;\n", file: "de.lproj/Localizable.strings")
        #expect(atEnd == "de.lproj/Localizable.strings: line 2: the string opened here has no closing quote; "
            + "end it with '\"' (and a quote inside a string with '\\\"')")
        let comment = try Self.error("\"ok\" = \"fine\";\n/* never closed\n", file: "de.lproj/Localizable.strings")
        #expect(comment == "de.lproj/Localizable.strings: line 2: the comment opened here ('/*') is never closed; close it with '*/'")
    }

    @Test func invalidUTF16AndUTF8NameTheByte() throws {
        // "a" = "…"; with a high surrogate (D83D) that no low surrogate follows, on line 2.
        let units: [UInt16] = Array("\"x\" = \"y\";\n\"a\" = \"".utf16) + [0xD83D] + Array("\";".utf16)
        let bytes: [UInt8] = [0xFF, 0xFE] + units.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let message = try Self.error(bytes, file: "ja.lproj/Localizable.strings")
        #expect(message == "ja.lproj/Localizable.strings: line 2: is not valid UTF-16: an unpaired surrogate at byte 38; save the file again as UTF-16 or UTF-8")
        let odd = try Self.error([0xFE, 0xFF, 0x00, 0x41, 0x00], file: "ja.lproj/Localizable.strings")
        #expect(odd == "ja.lproj/Localizable.strings: is not valid UTF-16: it has an odd number of bytes (5) after its byte order mark; save it again as UTF-16 or UTF-8")
        let latin1 = try Self.error(Array("\"a\" = \"".utf8) + [0xE9] + Array("\";".utf8), file: "fr.lproj/Localizable.strings")
        #expect(latin1 == "fr.lproj/Localizable.strings: line 1: is not UTF-8 (byte 7) and has no UTF-16 byte order mark; "
            + "save the file as UTF-8, or as UTF-16 with a byte order mark")
    }

    @Test func overTheByteLimitIsRefusedBeforeReading() throws {
        let message = try Self.error(FormatTestsText.small, file: "Localizable.xcstrings", maximumBytes: 10)
        #expect(message == "Localizable.xcstrings: is \(FormatTestsText.small.utf8.count) bytes, more than the 10 bytes left of the input limit; "
            + "raise the limit (--max-input) or give fewer catalogs")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strings-limit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("de.lproj"), withIntermediateDirectories: true)
        try Data(repeating: 0x20, count: 600).write(to: folder.appendingPathComponent("de.lproj/A.strings"))
        try Data(repeating: 0x20, count: 600).write(to: folder.appendingPathComponent("de.lproj/B.strings"))
        // Each file is within the limit; the two together are not.
        let error = try #require(throws: StringCatalogError.self) { try StringCatalogReader.catalogs(at: folder.path, maximumBytes: 1000) }
        #expect(error.description == "\(folder.path)/de.lproj/B.strings: is 600 bytes, more than the 400 bytes left of the input limit; "
            + "raise the limit (--max-input) or give fewer catalogs")
        #expect(try StringCatalogReader.catalogs(at: folder.path, maximumBytes: 1200)["A"]?.strings.isEmpty == true)
    }

    @Test func aFIFOIsRefusedNotWaitedOn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strings-fifo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("Localizable.xcstrings").path
        #expect(mkfifo(path, 0o600) == 0)
        let error = try #require(throws: StringCatalogError.self) { try StringCatalogReader.catalogs(at: path, maximumBytes: 1 << 20) }
        #expect(error.description == "\(path): is not a regular file; give a catalog file or a folder")
    }

    @Test func aMissingPathOrAFolderWithoutCatalogs() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strings-empty-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("de.lproj"), withIntermediateDirectories: true)
        try Data("\"a\" = \"b\";".utf8).write(to: folder.appendingPathComponent("Loose.strings"))
        let empty = try #require(throws: StringCatalogError.self) { try StringCatalogReader.catalogs(at: folder.path, maximumBytes: 1 << 20) }
        #expect(empty.description == "\(folder.path): holds no .xcstrings file and no .strings or .stringsdict file in a *.lproj folder; "
            + "give the folder that holds them")
        let missing = folder.appendingPathComponent("Nope.xcstrings").path
        let error = try #require(throws: StringCatalogError.self) { try StringCatalogReader.catalogs(at: missing, maximumBytes: 1 << 20) }
        #expect(error.description == "\(missing): does not exist; give a .xcstrings, .strings or .stringsdict file or a folder holding them")
    }

    @Test func aStringsFileOutsideAnLprojOrAnUnknownExtension() throws {
        #expect(try Self.error("\"a\" = \"b\";", file: "Localizable.strings")
            == "Localizable.strings: is not in a *.lproj folder, so its language is unknown; put it in one (de.lproj/Localizable.strings)")
        #expect(try Self.error("{}", file: "strings.json") == "strings.json: is not a .xcstrings, .strings or .stringsdict file; give one of those")
        #expect(try Self.error("<plist><array/></plist>", file: "en.lproj/A.stringsdict")
            == "en.lproj/A.stringsdict: holds an array at the top, not a dictionary of keys; a .stringsdict file is a <dict> of keys")
    }
}

enum FormatTestsText {
    static let small = "{\"sourceLanguage\": \"en\", \"strings\": {}}"
}
