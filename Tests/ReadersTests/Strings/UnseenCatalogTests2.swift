import Foundation
import Readers
import Reflow
import Testing
import TestSupport

/// String files of apps no earlier test had read (Tests/Corpus/strings/SOURCES.md): CotEditor's
/// `TextFind.xcstrings` (18 languages with zh-HK beside zh-Hant, plural variations with a `zero`
/// form in every language, `needs_review` and `new` states), DuckDuckGo's English
/// `.stringsdict` (a `zero` form English's CLDR rules never choose), and Sparkle's `.strings` of
/// 2021 (lproj folders named `zh_CN`, `zh_TW`, `pt_BR`, `pt_PT` as older projects name them;
/// UTF-16 files with a byte order mark; Persian and Hebrew). What a user of those catalogs
/// depends on: a count shows what an iPhone shows for it, and every localization the app has is
/// read as its language. Every text expected here was read with Python's `json` and `plistlib`
/// and check_screens.py's `.strings` reader, not by this reader.
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

    /// Foundation reads `zh_CN.lproj` as `zh-CN` and an iPhone in Simplified Chinese shows it;
    /// before, such folders were languages no tag could ask for (`--lang zh_TW` is no BCP 47
    /// tag) and `--lang all` showed their keys in English.
    @Test func lprojNamesWithAnUnderscoreAreTheirLanguages() throws {
        let tables = try Self.tables("sparkle-project--Sparkle")
        #expect(tables.languages == ["en", "ar", "de", "fa", "he", "pt-BR", "pt-PT", "ru", "zh-CN", "zh-TW"])
        let expected: [(String, String, String)] = [
            ("zh-Hans", "172.title", "跳过这个版本"), ("zh-CN", "172.title", "跳过这个版本"), ("zh-Hant", "172.title", "跳過此版本"),
            ("zh-TW", "172.title", "跳過此版本"), ("pt", "172.title", "Ignorar Esta Versão"), ("pt-PT", "172.title", "Saltar esta versão"),
            ("de", "172.title", "Diese Version überspringen"), ("he", "172.title", "דלג על גרסה זו"),
        ]
        for (language, key, text) in expected {
            let resolved = try StringResolver(tables: tables, language: language).resolve(TextReference(key: key, table: "SUUpdateAlert"))
            #expect(resolved.text == text, "\(language)")
            #expect(!resolved.origin.isUntranslated, "\(language): the app's own localization, not a fallback")
        }
        #expect(try Self.text(tables, "zh-Hans", "A new version of %@ is available!", ["Reflow"], table: "Sparkle") == "新版本的 Reflow 已经发布")
        #expect(try Self.text(tables, "fa", "A new version of %@ is available!", ["Reflow"], table: "Sparkle") == "نسخه\u{200C}ای جدید از Reflow در دسترس است")
        // Persian has no SUUpdateAlert.strings: English, and untranslated.
        let persian = try StringResolver(tables: tables, language: "fa").resolve(TextReference(key: "172.title", table: "SUUpdateAlert"))
        #expect(persian.text == "Skip This Version" && persian.origin.isUntranslated)
    }

    /// Home Assistant has `pl-PL.lproj` and no `pl.lproj`: a Polish reader sees its strings,
    /// which are translations (the audit counted every key of the screen untranslated).
    @Test func aRegionalLocalizationIsNoFallback() throws {
        let tables = try Self.tables("home-assistant--iOS")
        let resolved = try StringResolver(tables: tables, language: "pl").resolve(TextReference(key: "settings.connection_section.details"))
        #expect(resolved.text == "Szczegóły")
        #expect(!resolved.origin.isUntranslated)
        let korean = try StringResolver(tables: tables, language: "ko").resolve(TextReference(key: "settings.connection_section.details"))
        #expect(korean.text == "세부 정보" && !korean.origin.isUntranslated)
    }

    /// Mac OS X's first localizations were folders named in English (`English.lproj`), which
    /// CFBundle still reads as their codes; and folder names are matched whatever their case.
    @Test func anLprojNamedInEnglishIsItsLanguage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("legacy-lproj-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (lproj, value) in [("English", "Skip This Version"), ("German", "Diese Version überspringen")] {
            let directory = folder.appendingPathComponent("\(lproj).lproj")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data("\"172.title\" = \"\(value)\";\n".utf8).write(to: directory.appendingPathComponent("SUUpdateAlert.strings"))
        }
        // Wikipedia's app names its folders in lower case (zh-hans.lproj, pt-br.lproj).
        for (lproj, value) in [("zh-hans", "跳过这个版本"), ("pt-br", "Ignorar Esta Versão")] {
            let directory = folder.appendingPathComponent("\(lproj).lproj")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data("\"172.title\" = \"\(value)\";\n".utf8).write(to: directory.appendingPathComponent("SUUpdateAlert.strings"))
        }
        let tables = StringTables(Array(try StringCatalogReader.catalogs(at: folder.path, maximumBytes: 1 << 20).values))
        #expect(tables.languages == ["en", "de", "pt-BR", "zh-Hans"])
        let german = try StringResolver(tables: tables, language: "de").resolve(TextReference(key: "172.title", table: "SUUpdateAlert"))
        #expect(german.text == "Diese Version überspringen" && !german.origin.isUntranslated)
    }

    /// A string where CotEditor's source reads `%lld` is the screen's error in every language,
    /// naming the source's string: with `--lang de` it was reported as the German translation's
    /// format mismatch, telling the user to change a translation that is right.
    @Test func argumentsTheSourceCannotPrintAreTheScreensErrorInEveryLanguage() throws {
        let tables = try Self.tables("coteditor--CotEditor")
        for language in ["en", "de", "ja", "ru"] {
            let resolver = StringResolver(tables: tables, language: language)
            let error = try #require(throws: StringResolver.Failure.self, "\(language)") {
                try resolver.resolve(TextReference(key: "FindResult.find.message", table: "TextFind", arguments: ["21"]))
            }
            #expect(error.message.contains("'FindResult.find.message' (TextFind) in en"), "\(language): \(error.message)")
            #expect(error.message.contains("\"%lld matches\": '%lld' at byte 0 prints an integer (%d), but argument 1 is the string \"21\""),
                    "\(language): \(error.message)")
        }
    }

    /// A catalog cut short (a partial copy) is placed at its end: the decoder says only
    /// "Unexpected end of file", and the error gave no place at all.
    @Test func aCatalogCutShortIsPlacedAtItsEnd() throws {
        let whole = try Data(contentsOf: Self.corpus.appendingPathComponent("coteditor--CotEditor/TextFind.xcstrings"))
        let error = try #require(throws: StringCatalogError.self) {
            try StringCatalogReader.catalog(bytes: Array(whole.prefix(100_000)), file: "TextFind.xcstrings")
        }
        // Python: the first 100,000 bytes hold 3,856 line feeds.
        #expect(error.description.hasPrefix("TextFind.xcstrings: line 3857, the end of the file: ends before its JSON does"), "\(error)")
        #expect(error.description.contains("copy or export the whole catalog again"))
    }

    /// CotEditor's AppShortcuts.xcstrings holds its phrases as `stringSet`s (a list per
    /// language, as Xcode writes App Shortcuts' catalogs): each language shows its first phrase.
    /// Before, German showed the English key and the audit called it a format mismatch of "a
    /// string that gives substitutions but no text".
    @Test func aStringSetShowsItsFirstPhrase() throws {
        let tables = try Self.tables("coteditor--CotEditor")
        let key = "Create a document in ${applicationName}"
        let german = try StringResolver(tables: tables, language: "de").resolve(TextReference(key: key, table: "AppShortcuts"))
        #expect(german.text == "Ein Dokument in ${applicationName} erstellen")
        #expect(german.origin.formatMismatch == nil && !german.origin.isUntranslated)
        #expect(try Self.text(tables, "en-GB", key, table: "AppShortcuts") == "Create a document in ${applicationName}", "the first of two")
        #expect(try Self.text(tables, "ja", key, table: "AppShortcuts") == "${applicationName}で書類を作成")
    }

    /// A screen written on a Mac may name `Textfind.xcstrings` for CotEditor's `TextFind.xcstrings`
    /// (the Mac's file names ignore case): the error names the file that is there.
    @Test func aCatalogNamedInAnotherCaseIsPointedTo() throws {
        let path = Self.corpus.appendingPathComponent("coteditor--CotEditor/Textfind.xcstrings").path
        let error = try #require(throws: StringCatalogError.self) { try StringCatalogReader.catalogs(at: path, maximumBytes: 1 << 20) }
        #expect(error.description.contains("does not exist; 'TextFind.xcstrings' beside it differs only in case"), "\(error)")
    }

    /// Xcode writes `.strings` into a built app as binary property lists, and repositories that
    /// commit built frameworks (Carthage/Build/…/de.lproj/Localizable.strings) hold them:
    /// Foundation reads them, and so does the reader (it refused them as "not UTF-8"). Sparkle's
    /// German strings, written as a binary and an XML property list, read as the text file does.
    @Test func aStringsFileThatIsAPropertyListReadsAsTheTextOne() throws {
        let text = try Self.tables("sparkle-project--Sparkle").catalogs["SUUpdateAlert"]!
        var entries: [String: String] = [:]
        for (key, string) in text.strings { if case .unit(let unit)? = string.localizations["de"]?.value { entries[key] = unit.value } }
        #expect(entries["172.title"] == "Diese Version überspringen" && entries.count == 6)
        for format in [PropertyListSerialization.PropertyListFormat.binary, .xml] {
            let bytes = try PropertyListSerialization.data(fromPropertyList: entries, format: format, options: 0)
            let catalog = try StringCatalogReader.catalog(bytes: Array(bytes), file: "/app/de.lproj/SUUpdateAlert.strings")
            #expect(catalog.strings.count == 6, "\(format)")
            #expect(catalog.text(of: "172.title", in: "de")! == ("Diese Version überspringen", "de"), "\(format)")
        }
    }
}
