import Readers
import Testing

/// A `.strings` file's line breaks as CoreFoundation's old-style property list reader takes them
/// (CFOldStylePList.c): a `//` comment ends at a line feed, a carriage return, U+2028 or U+2029,
/// and each of those (CR LF once) is a line for the line an error names. A file saved with old
/// Mac line endings (CR alone) and `//` comments lost every entry after its first comment: the
/// comment ran to the end of the file, silently.
@Suite struct StringsLineEndingsTests {
    static func catalog(_ text: String) throws -> StringCatalog {
        try StringCatalogReader.catalog(bytes: Array(text.utf8), file: "en.lproj/Localizable.strings")
    }

    @Test(arguments: ["\r", "\r\n", "\n", "\u{2028}", "\u{2029}"])
    func aLineCommentEndsAtEveryLineBreak(_ newline: String) throws {
        let text = ["// Settings", "\"a\" = \"One\";", "// Profile", "\"b\" = \"Two\"; // trailing", "\"c\" = \"Three\";"]
            .joined(separator: newline)
        let catalog = try Self.catalog(text)
        #expect(catalog.text(of: "a", in: "en")?.text == "One")
        #expect(catalog.text(of: "b", in: "en")?.text == "Two")
        #expect(catalog.text(of: "c", in: "en")?.text == "Three", "the entry after the second comment")
    }

    @Test(arguments: ["\r", "\r\n", "\n"])
    func anErrorNamesTheLineWhateverTheLineBreaks(_ newline: String) throws {
        let text = ["/* one */", "\"a\" = \"One\";", "\"b\" = \"Two", "and more\";", "\"c\" = ;"].joined(separator: newline)
        do {
            _ = try Self.catalog(text)
            Issue.record("a value that is missing was read")
        } catch let error as StringCatalogError {
            #expect(error.description.contains("line 5"), "\(error)")
        }
    }
}
