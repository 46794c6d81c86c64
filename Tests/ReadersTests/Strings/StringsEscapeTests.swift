import Foundation
import Readers
import Reflow
import Testing
import TestSupport

/// A `.strings` file's escapes as CoreFoundation's old-style property list parser reads them
/// (`getSlashedChar` in CFOldStylePList.c, which Xcode's build and the runtime use): `\U` and
/// one to four hexadecimal digits is a UTF-16 unit; a lowercase `\u` is no escape, the letter
/// `u` (a known trap: "strings-files use \Unnnn"); one to three octal digits are a byte of the
/// NeXTSTEP encoding; `\a \b \f \v` control characters. Home Assistant's own English and German
/// "Settings \u203A %@ \u203A Live Activities" show "u203A" on a device; the reader showed "›",
/// hiding the fault. Every expectation here was read, independently of this reader, with
/// swift-corelibs-foundation's `PropertyListSerialization` (CoreFoundation's parser, the same
/// source as Apple's) on the same bytes.
@Suite struct StringsEscapeTests {
    static func value(_ line: String) throws -> String? {
        let catalog = try StringCatalogReader.catalog(bytes: Array(line.utf8), file: "en.lproj/Localizable.strings")
        return catalog.text(of: "k", in: "en")?.text
    }

    @Test func escapesReadAsCoreFoundationReadsThem() throws {
        #expect(try Self.value(#""k" = "Settings \u203A %@ \u203A Live";"#) == "Settings u203A %@ u203A Live")
        #expect(try Self.value(#""k" = "a\101b\7c\0d";"#) == "aAb\u{7}c\u{0}d")
        #expect(try Self.value(#""k" = "\a\b\f\v|";"#) == "\u{7}\u{8}\u{C}\u{B}|")
        #expect(try Self.value(#""k" = "\351t\351";"#) == "\u{D8}t\u{D8}", "0xE9 is Ø in NeXTSTEP's encoding")
        #expect(try Self.value(#""k" = "x\U41y";"#) == "xAy", "fewer than four digits")
        #expect(try Self.value(#""k" = "Loading\U2026 \UD83D\UDE00";"#) == "Loading… 😀")
        #expect(try Self.value(#""k" = "\"q\" \\ \'";"#) == "\"q\" \\ '")
    }

    @Test func homeAssistantsLowercaseEscapeShowsAsADeviceShowsIt() throws {
        let tables = try UnseenCatalogTests.tables("home-assistant--iOS")
        let key = "live_activity.frequent_updates.footer"
        let english = try StringResolver(tables: tables, language: "en").resolve(TextReference(key: key, arguments: ["Companion App"])).text
        #expect(english == "Allows Home Assistant to update Live Activities up to once per second. "
                + "Enable in Settings u203A Companion App u203A Live Activities.")
        let german = try StringResolver(tables: tables, language: "de").resolve(TextReference(key: key, arguments: ["Companion App"])).text
        #expect(german.hasSuffix("In Einstellungen u203A Companion App u203A Live-Aktivitäten aktiveren."))
    }

    /// UTF-16 saved without a byte order mark (Xcode reads such a file by the encoding the project
    /// gives it): Sparkle's German SUUpdateAlert.strings (UTF-16 little-endian with a mark) reads
    /// the same without its mark, and as big-endian. Before, the reader took it for UTF-8 and said
    /// "expected ';' after the entry for "\0H\0e…"".
    @Test func utf16WithoutAByteOrderMarkIsRead() throws {
        let path = UnseenCatalogTests2.corpus.appendingPathComponent("sparkle-project--Sparkle/de.lproj/SUUpdateAlert.strings").path
        let marked = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        try #require(marked.starts(with: [0xFF, 0xFE]))
        let file = "de.lproj/SUUpdateAlert.strings"
        let expected = try StringCatalogReader.catalog(bytes: marked, file: file)
        let little = Array(marked.dropFirst(2))
        var big = little
        for index in stride(from: 0, to: big.count - 1, by: 2) { big.swapAt(index, index + 1) }
        for bytes in [little, big] {
            let catalog = try StringCatalogReader.catalog(bytes: bytes, file: file)
            #expect(catalog.strings == expected.strings)
            #expect(catalog.strings.count == 6)
        }
    }
}
