import Readers
import Testing

/// Specifiers C's printf grammar allows and catalogs may hold, printed as a device prints them:
/// the `'` (thousands) flag groups as every number here is grouped already, and `%D %U %O` are
/// `%ld %lu %lo`. Before, `%'d` printed "'ld" (and `%'.1f` "'.1f"), and `%O` its own text.
@Suite struct FormatFlagTests {
    static func text(_ format: String, _ arguments: [FormatArgument], _ language: String = "en") throws -> String {
        try FormatString(format).formatted(arguments, language: language)
    }

    @Test func theThousandsFlagGroupsInTheLanguagesStyle() throws {
        #expect(try Self.text("%'d files", [1_234_567]) == "1,234,567 files")
        #expect(try Self.text("%'d Dateien", [1_234_567], "de") == "1.234.567 Dateien")
        #expect(try Self.text("%'.1f MB", [.double(1234.5)], "de") == "1.234,5 MB")
    }

    @Test func oldCapitalConversionsAreLongIntegers() throws {
        #expect(try Self.text("%D items", [42]) == "42 items")
        #expect(try Self.text("%U left", [7]) == "7 left")
        #expect(try Self.text("%O", [8]) == "10")
    }
}
