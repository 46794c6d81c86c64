import Foundation
import Readers
import Reflow
import Testing
import TestSupport

/// String files of apps no earlier test had read (Tests/Corpus/strings/SOURCES.md): CotEditor's
/// `TextFind.xcstrings` (18 languages with zh-HK beside zh-Hant, plural variations with a `zero`
/// form in every language, `needs_review` and `new` states) and DuckDuckGo's English
/// `.stringsdict` (a `zero` form English's CLDR rules never choose). What a user of those
/// catalogs depends on: a count shows what an iPhone shows for it. Every text expected here was
/// read with Python's `json` and `plistlib`, not by this reader.
@Suite struct UnseenCatalogTests2 {
    static let corpus = Fixtures.repository.appendingPathComponent("Tests/Corpus/strings")

    static func tables(_ folder: String) throws -> StringTables {
        StringTables(Array(try StringCatalogReader.catalogs(at: corpus.appendingPathComponent(folder).path, maximumBytes: 8 << 20).values))
    }

    static func text(_ tables: StringTables, _ language: String, _ key: String, _ arguments: [FormatArgument] = [],
                     table: String = TextReference.defaultTable) throws -> String {
        try StringResolver(tables: tables, language: language).resolve(TextReference(key: key, table: table, arguments: arguments)).text
    }

    /// Foundation uses a `zero` form for the count 0 in every language, whatever CLDR says
    /// (Foundation Release Notes for OS X 10.9); English, Japanese and French have no `zero`
    /// category, so ICU alone would pick `other` ("0 matches") or `one` (French 0).
    @Test func aZeroFormShowsForZeroInEveryLanguage() throws {
        let tables = try Self.tables("coteditor--CotEditor")
        let find = "FindResult.find.message"
        let expected: [(String, String)] = [("en", "Not found"), ("ja", "見つかりません"), ("fr", "Introuvable"),
                                            ("ru", "Ничего не найдено"), ("pt", "Não encontrado")]
        for (language, text) in expected {
            #expect(try Self.text(tables, language, find, [0], table: "TextFind") == text, "\(language)")
        }
        // Other counts keep CLDR's categories: Russian 21 is one, 11 many; French 1 one.
        #expect(try Self.text(tables, "ru", find, [21], table: "TextFind") == "21 совпадение")
        #expect(try Self.text(tables, "ru", find, [11], table: "TextFind") == "11 совпадений")
        #expect(try Self.text(tables, "fr", find, [1], table: "TextFind") == "1 résultat")
        #expect(try Self.text(tables, "en", find, [2], table: "TextFind") == "2 matches")
        // A zero form reading only the second argument.
        #expect(try Self.text(tables, "en", "Found %lld matches in “%@.”", [0, "notes.txt"], table: "TextFind")
                == "Found no matches in “notes.txt.”")
        #expect(try Self.text(tables, "en", "Found %lld matches in “%@.”", [3, "notes.txt"], table: "TextFind")
                == "Found 3 matches in “notes.txt.”")
        // English has no 'one' here: 1 shows 'other'; 0 'zero'.
        #expect(try Self.text(tables, "en", "FindResult.replace.message", [1], table: "TextFind") == "1 replaced")
        #expect(try Self.text(tables, "en", "FindResult.replace.message", [0], table: "TextFind") == "Not replaced")
    }

    @Test func aStringsdictZeroFormShowsForZeroInEnglish() throws {
        let tables = try Self.tables("duckduckgo--iOS")
        #expect(try Self.text(tables, "en", "number.of.tabs", [0]) == "No Private Tabs")
        #expect(try Self.text(tables, "en", "number.of.tabs", [1]) == "1 Private Tab")
    }
}
