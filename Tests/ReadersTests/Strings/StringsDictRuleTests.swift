import Foundation
import Readers
import Testing

/// A `.stringsdict` key may hold a device rule or a width rule instead of a format, as Apple's
/// "Creating width and device variants of strings" describes (its two examples are read here as
/// it writes them). Before, both were refused as a key without NSStringLocalizedFormatKey, so a
/// screen naming any key of such a file could not be laid out.
@Suite struct StringsDictRuleTests {
    static func catalog(_ body: String, file: String = "/app/en.lproj/Localizable.stringsdict") throws -> StringCatalog {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>\(body)</dict></plist>
            """
        return try StringCatalogReader.catalog(bytes: Array(plist.utf8), file: file)
    }

    static func text(_ catalog: StringCatalog, _ key: String, _ arguments: [FormatArgument] = []) throws -> String {
        try StringResolver(tables: StringTables([catalog]), language: "en").resolve(TextReference(key: key, arguments: arguments)).text
    }

    @Test func aDeviceRuleShowsTheIPhonesString() throws {
        let catalog = try Self.catalog("""
            <key>UserInstructions</key>
            <dict>
                <key>NSStringDeviceSpecificRuleType</key>
                <dict>
                    <key>iphone</key>
                    <string>Tap here</string>
                    <key>mac</key>
                    <string>Click here</string>
                    <key>appletv</key>
                    <string>Press here</string>
                </dict>
            </dict>
            """)
        #expect(try Self.text(catalog, "UserInstructions") == "Tap here")
        #expect(catalog.text(of: "UserInstructions", in: "en", device: .mac)?.text == "Click here")
        #expect(catalog.text(of: "UserInstructions", in: "en", device: .appletv)?.text == "Press here")
    }

    /// Without a width to fit, `NSLocalizedString` gives the widest variant.
    @Test func aWidthRuleShowsItsWidestString() throws {
        let catalog = try Self.catalog("""
            <key>hello</key>
            <dict>
                <key>NSStringVariableWidthRuleType</key>
                <dict>
                    <key>1</key>
                    <string>Hi</string>
                    <key>22</key>
                    <string>Hello</string>
                    <key>53</key>
                    <string>Greetings and Salutations</string>
                </dict>
            </dict>
            """)
        #expect(try Self.text(catalog, "hello") == "Greetings and Salutations")
    }

    /// A device's variant may be a plural format of its own ("can be combined with plural rules").
    @Test func aDevicesVariantMayBeAPluralFormat() throws {
        let catalog = try Self.catalog("""
            <key>photos</key>
            <dict>
                <key>NSStringDeviceSpecificRuleType</key>
                <dict>
                    <key>iphone</key>
                    <dict>
                        <key>NSStringLocalizedFormatKey</key><string>%#@count@ on this iPhone</string>
                        <key>count</key>
                        <dict>
                            <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                            <key>NSStringFormatValueTypeKey</key><string>d</string>
                            <key>one</key><string>%d photo</string>
                            <key>other</key><string>%d photos</string>
                        </dict>
                    </dict>
                    <key>mac</key><string>Photos</string>
                </dict>
            </dict>
            """)
        #expect(try Self.text(catalog, "photos", [1]) == "1 photo on this iPhone")
        #expect(try Self.text(catalog, "photos", [3]) == "3 photos on this iPhone")
    }

    @Test func aWidthThatIsNoNumberIsAnErrorNamingItsPlace() throws {
        let error = try #require(throws: StringCatalogError.self) {
            try Self.catalog("""
                <key>hello</key>
                <dict><key>NSStringVariableWidthRuleType</key><dict><key>wide</key><string>Hello</string></dict></dict>
                """)
        }
        #expect(error.description.contains("/app/en.lproj/Localizable.stringsdict"))
        #expect(error.description.contains("\"hello\".NSStringVariableWidthRuleType.wide"))
        #expect(error.description.contains("whole numbers"))
    }

    /// A token naming no variable of its key says what a .stringsdict adds, not only the
    /// catalog's "substitutions".
    @Test func aTokenWithoutItsVariableSaysWhatToAdd() throws {
        let catalog = try Self.catalog("<key>a</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@missing@ x</string></dict>")
        let failure = try #require(throws: StringResolver.Failure.self) {
            try StringResolver(tables: StringTables([catalog]), language: "en").resolve(TextReference(key: "a", arguments: [5]))
        }
        #expect(failure.message.contains("'%#@missing@' names the substitution 'missing'"), "\(failure)")
        #expect(failure.message.contains("in a .stringsdict, a <key>missing</key> variable beside NSStringLocalizedFormatKey"), "\(failure)")
    }
}
