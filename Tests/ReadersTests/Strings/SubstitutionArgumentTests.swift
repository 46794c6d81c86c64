import Readers
import Testing

/// A substitution's `argNum` counts from 1: a catalog giving 0 (or a number no format reads) is
/// an error naming its JSON path, where laying out a screen that named the key crashed (an
/// index out of range) or blamed the screen's specifier ("%99999999999$lld").
@Suite struct SubstitutionArgumentTests {
    static func catalog(argNum: String) -> String {
        """
        {"sourceLanguage": "en", "strings": {"%lld files": {"localizations": {"en": {
          "stringUnit": {"state": "translated", "value": "%#@files@"},
          "substitutions": {"files": {"argNum": \(argNum), "formatSpecifier": "lld", "variations": {"plural": {
            "one": {"stringUnit": {"state": "translated", "value": "%arg file"}},
            "other": {"stringUnit": {"state": "translated", "value": "%arg files"}}}}}}}}}}}
        """
    }

    @Test(arguments: ["0", "-1", "65", "99999999999"])
    func anArgumentNumberOutOfRangeIsAnErrorAtItsPath(_ argNum: String) throws {
        let error = try #require(throws: StringCatalogError.self) {
            try StringCatalogReader.catalog(bytes: Array(Self.catalog(argNum: argNum).utf8), file: "Localizable.xcstrings")
        }
        #expect(error.description.hasPrefix("Localizable.xcstrings: strings[\"%lld files\"].localizations.en.substitutions.files.argNum: is \(argNum); "
                                            + "arguments are numbered from 1"), "\(error)")
    }

    @Test func argumentOneCounts() throws {
        let catalog = try StringCatalogReader.catalog(bytes: Array(Self.catalog(argNum: "1").utf8), file: "Localizable.xcstrings")
        let resolver = StringResolver(tables: StringTables([catalog]), language: "en")
        #expect(try resolver.resolve(TextReference(key: "%lld files", arguments: [1])).text == "1 file")
        #expect(try resolver.resolve(TextReference(key: "%lld files", arguments: [3])).text == "3 files")
    }
}
