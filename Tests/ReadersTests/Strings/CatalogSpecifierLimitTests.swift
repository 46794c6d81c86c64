import Readers
import Testing

/// A text with more format specifiers than `FormatString` reads (10,000 `%@`) is refused when
/// its catalog is read, in each format, naming the file and the key's place; a text with a few
/// stray `%` is not (that is the audit's format check).
@Suite struct CatalogSpecifierLimitTests {
    static let many = String(repeating: "%@ ", count: 10_000)

    func error(_ text: String, file: String) -> StringCatalogError? {
        do {
            _ = try StringCatalogReader.catalog(bytes: Array(text.utf8), file: file)
            return nil
        } catch {
            return error as? StringCatalogError
        }
    }

    @Test func xcstrings() {
        let json = #"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "\#(Self.many)"}}}}}}"#
        let refused = error(json, file: "L.xcstrings")
        #expect(refused?.location == #"strings["k"].localizations.de.stringUnit.value"#)
        #expect(refused?.message.hasPrefix("holds more than 1000 format specifiers (10000 '%')") == true, "\(String(describing: refused))")
    }

    @Test func strings() {
        let refused = error("\"a\" = \"b\";\n\"k\" = \"\(Self.many)\";\n", file: "de.lproj/L.strings")
        #expect(refused?.location == #"line 2, "k""#, "\(String(describing: refused))")
    }

    @Test func stringsdict() {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>k</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
            <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>d</string>
            <key>other</key><string>\(Self.many)</string></dict>
            </dict></dict></plist>
            """
        let refused = error(plist, file: "de.lproj/L.stringsdict")
        #expect(refused?.location == #""k".n.other"#, "\(String(describing: refused))")
    }

    @Test func strayPercentsAreLeftToTheAudit() {
        #expect(error("\"k\" = \"100% sure, 50%% off, %\";\n", file: "de.lproj/L.strings") == nil)
        #expect(error("\"k\" = \"\(String(repeating: "%%", count: 5_000))\";\n", file: "de.lproj/L.strings") == nil)
    }
}
