import Foundation
import Readers
import Testing
import TestSupport

/// A `%#@name@` token without a position takes the next argument, as Foundation reads a
/// `.stringsdict` format and the `.xcstrings` Xcode compiles into one: the count that chooses its
/// form, and the arguments of the specifiers after it, follow from the token's place in the
/// string. Before, every such token without an `argNum` chose its form by argument 1, and a `%@`
/// after a token read argument 1 too: Mastodon's Arabic profile showed 1,234 posts in the `other`
/// form (CLDR's `many`), Ice Cubes' German timeline header "42 aktuelle Beiträge von 42
/// Teilnehmenden" for 7 participants. Expected texts were read from the catalogs with Python's
/// `plistlib` and `json` and the forms chosen by CLDR's rules (Arabic 1,234 → `many`, since 34 is
/// in 11…99; Scottish Gaelic 3 → `few`; Polish 1 → `one`).
@Suite struct OrderedSubstitutionTests {
    static let corpus = Fixtures.repository.appendingPathComponent("Tests/Corpus/strings")

    static func resolver(_ folder: String, _ language: String) throws -> StringResolver {
        let tables = try StringCatalogReader.catalogs(at: corpus.appendingPathComponent(folder).path, maximumBytes: 8 << 20)
        return StringResolver(tables: StringTables(Array(tables.values)), language: language)
    }

    static func text(_ folder: String, _ language: String, _ key: String, _ arguments: [FormatArgument]) throws -> String {
        try resolver(folder, language).resolve(TextReference(key: key, arguments: arguments)).text
    }

    @Test func aStringsdictTokenAfterAnObjectCountsByTheSecondArgument() throws {
        // ProfileViewController: L10n.Plural.Count.MetricFormatted.post(formattedStatusCount, statusesCount),
        // format "%@ %#@post_count@".
        let key = "plural.count.metric_formatted.post", folder = "mastodon--mastodon-ios"
        #expect(try Self.text(folder, "en", key, ["1", 1]) == "1 post")
        #expect(try Self.text(folder, "en", key, ["1,234", 1234]) == "1,234 posts")
        #expect(try Self.text(folder, "de", key, ["1", 1]) == "1 Beitrag")
        #expect(try Self.text(folder, "ar", key, ["0", 0]) == "0 لا منشور")
        #expect(try Self.text(folder, "ar", key, ["2", 2]) == "2 منشوران")
        #expect(try Self.text(folder, "ar", key, ["1,234", 1234]) == "1,234 منشورًا")
        #expect(try Self.text(folder, "gd", key, ["3", 3]) == "3 postaichean")
        let origin = try Self.resolver(folder, "ar").resolve(TextReference(key: key, arguments: ["1,234", 1234])).origin
        #expect(origin.forms == ["post_count: many"])
    }

    @Test func xcstringsTokensWithoutArgNumReadTheArgumentsInOrder() throws {
        let folder = "Dimillian--IceCubesApp"
        let header = "timeline.n-recent-from-n-participants %lld %lld"
        #expect(try Self.text(folder, "en", header, [42, 7]) == "42 recent posts from 7 participants", "English names argNum")
        #expect(try Self.text(folder, "de", header, [42, 7]) == "42 aktuelle Beiträge von 7 Teilnehmenden")
        #expect(try Self.text(folder, "de", header, [5, 1]) == "5 aktuelle Beiträge von 1 Teilnehmendem")
        #expect(try Self.text(folder, "pl", "status.poll.n-votes-voters %lld %lld", [3, 1]) == "3 głosy od 1 głosującego")
    }

    @Test func anObjectAfterATokenReadsTheNextArgument() throws {
        // Apple's own example of a .stringsdict ("Localizing strings that contain plurals").
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
              <key>people in room</key><dict>
                <key>NSStringLocalizedFormatKey</key><string>%#@num_people_in_room@ in %@</string>
                <key>num_people_in_room</key><dict>
                  <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                  <key>NSStringFormatValueTypeKey</key><string>d</string>
                  <key>zero</key><string>No people</string>
                  <key>one</key><string>A person</string>
                  <key>other</key><string>%d people</string>
                </dict>
              </dict>
            </dict></plist>
            """
        let catalog = try StringCatalogReader.catalog(bytes: Array(text.utf8), file: "App/en.lproj/Localizable.stringsdict")
        let resolver = StringResolver(tables: StringTables([catalog]), language: "en")
        #expect(try resolver.resolve(TextReference(key: "people in room", arguments: [3, "the kitchen"])).text == "3 people in the kitchen")
        #expect(try resolver.resolve(TextReference(key: "people in room", arguments: [1, "the hall"])).text == "A person in the hall")
    }
}
