import Foundation
import Readers
import Reflow
import Testing
import TestSupport

/// A count printed as a whole number never takes a plural category CLDR keeps for decimals:
/// Russian, Polish, Ukrainian and Belarusian `other` ("1,5 файла"), Czech and Lithuanian `many`.
/// Element X's `.stringsdict` files (Tests/Corpus/strings/SOURCES.md) give their Russian and
/// Polish variables of type `d` one/few/many and no `other`, as an Apple engineer's Russian
/// example does; the audit reported `plural-form-missing` 'COUNT: other' for each of them (38
/// keys in ru, 42 in pl), forms no device can show. Expected texts read with Python's
/// `plistlib`; categories are CLDR's (ru `other` has only decimal samples).
@Suite struct WholeNumberPluralTests {
    static func resolve(_ tables: StringTables, _ language: String, _ key: String,
                        _ arguments: [FormatArgument]) throws -> StringResolver.Resolved {
        try StringResolver(tables: tables, language: language).resolve(TextReference(key: key, arguments: arguments))
    }

    @Test func integerCategoriesLeaveOutTheDecimalOnes() throws {
        #expect(try PluralRules(language: "ru").integerCategories == [.one, .few, .many])
        #expect(try PluralRules(language: "pl").integerCategories == [.one, .few, .many])
        #expect(try PluralRules(language: "uk").integerCategories == [.one, .few, .many])
        #expect(try PluralRules(language: "cs").integerCategories == [.one, .few, .other])
        #expect(try PluralRules(language: "lt").integerCategories == [.one, .few, .other])
        #expect(try PluralRules(language: "fr").integerCategories == [.one, .many, .other], "1,000,000 is many")
        #expect(try PluralRules(language: "cy").integerCategories == PluralCategory.allCases)
        #expect(try PluralRules(language: "en").integerCategories == [.one, .other])
        #expect(try PluralRules(language: "ja").integerCategories == [.other])
    }

    @Test func elementXsRussianAndPolishNeedNoOtherForm() throws {
        let tables = try UnseenCatalogTests2.tables("element-hq--element-x-ios")
        for (count, text) in [(3, "3 участников"), (21, "21 участник"), (5, "5 участников")] {
            let russian = try Self.resolve(tables, "ru", "common_member_count", [.integer(count)])
            #expect(russian.text == text)
            #expect(russian.origin.missingPluralForms == [], "ru one/few/many is whole for %d")
        }
        let polish = try Self.resolve(tables, "pl", "common_selected_count", [0])
        #expect(polish.origin.forms == ["COUNT: many"] && polish.origin.missingPluralForms == [])
        let czech = try Self.resolve(tables, "cs", "common_member_count", [3])
        #expect(czech.text == "3 členové" && czech.origin.missingPluralForms == [], "Czech many is for decimals")
        let welsh = try Self.resolve(tables, "cy", "common_member_count", [0])
        #expect(welsh.text == "0 Aelodau" && welsh.origin.missingPluralForms == [])
    }

    /// What whole numbers do take is still needed: Element X's Russian for removed messages is
    /// its English one/other.
    @Test func formsWholeNumbersTakeAreStillNeeded() throws {
        let tables = try UnseenCatalogTests2.tables("element-hq--element-x-ios")
        let russian = try Self.resolve(tables, "ru", "screen.room.timeline_redacted_messages", [3])
        #expect(russian.text == "3 removed messages")
        #expect(russian.origin.missingPluralForms == ["COUNT: few", "COUNT: many"])
    }

    /// A string's own plural variation counts whole numbers when its forms print `%lld`; one
    /// printed with `%@` may be given 1.5, so Russian's `other` is needed there.
    @Test func aCatalogsPluralVariationByItsSpecifier() throws {
        func catalog(_ specifier: String) throws -> StringTables {
            let json = """
            {"sourceLanguage": "en", "strings": {"files": {"localizations": {
              "en": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%\(specifier) file"}},
                                               "other": {"stringUnit": {"state": "translated", "value": "%\(specifier) files"}}}}},
              "ru": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%\(specifier) файл"}},
                                               "few": {"stringUnit": {"state": "translated", "value": "%\(specifier) файла"}},
                                               "many": {"stringUnit": {"state": "translated", "value": "%\(specifier) файлов"}}}}}}}}}
            """
            return StringTables([try StringCatalogReader.catalog(bytes: Array(json.utf8), file: "Localizable.xcstrings")])
        }
        #expect(try Self.resolve(try catalog("lld"), "ru", "files", [3]).origin.missingPluralForms == [])
        #expect(try Self.resolve(try catalog("@"), "ru", "files", ["3"]).origin.missingPluralForms == ["other"])
    }

    /// A substitution's `formatSpecifier` counts whole numbers when it is one integer conversion
    /// as the format parser reads it: every length and each of `d i u o x X` and Foundation's
    /// `D U O` (`%D` is `%ld`). A decimal, a character, an object, a pointer, two specifiers or
    /// a conversion followed by more letters may be given 1.5, so Russian's `other` is asked for.
    @Test(arguments: [("lld", true), ("d", true), ("ld", true), ("hhu", true), ("x", true), ("X", true), ("o", true),
                      ("D", true), ("U", true), ("O", true), ("i", true), ("@", false), ("f", false), ("lf", false),
                      ("c", false), ("p", false), ("s", false), ("dd", false)])
    func aSubstitutionsSpecifierAsTheFormatParserReadsIt(specifier: String, countsIntegers: Bool) throws {
        let json = """
        {"sourceLanguage": "en", "strings": {"files": {"localizations": {
          "ru": {"stringUnit": {"state": "translated", "value": "%#@files@"},
                 "substitutions": {"files": {"argNum": 1, "formatSpecifier": "\(specifier)", "variations": {"plural": {
                   "one": {"stringUnit": {"state": "translated", "value": "%arg файл"}},
                   "few": {"stringUnit": {"state": "translated", "value": "%arg файла"}},
                   "many": {"stringUnit": {"state": "translated", "value": "%arg файлов"}}}}}}}}}}}
        """
        let tables = StringTables([try StringCatalogReader.catalog(bytes: Array(json.utf8), file: "Localizable.xcstrings")])
        let missing = try Self.resolve(tables, "ru", "files", [3]).origin.missingPluralForms
        #expect(missing == (countsIntegers ? [] : ["files: other"]), "formatSpecifier '\(specifier)'")
    }
}
