import Foundation
import Readers
import Reflow
import Testing
import TestSupport

/// A screen's text whose app shows the catalog's string as `NSLocalizedString` returns it, never
/// formatting it (`"formatted": false`). DuckDuckGo's "100% anonymous" and Home Assistant's
/// "…is not 100% guaranteed…" read `% a` and `% g` as numbers when formatted: a screen naming
/// them without arguments was an error, which was right for Home Assistant (SwiftGen's accessor
/// formats it with a Float) and wrong for an app that shows the string as written. The screen now
/// says which; the strings here are Home Assistant's real ones (Tests/Corpus/strings/SOURCES.md).
@Suite struct UnformattedTextTests {
    static let key = "widgets.custom.show_states.description"
    static let english = "Displaying latest states is not 100% guaranteed, you can give it a try and check the companion App documentation for more information."

    static func resolve(_ language: String, _ reference: TextReference) throws -> StringResolver.Resolved {
        try StringResolver(tables: try UnseenCatalogTests.tables("home-assistant--iOS"), language: language).resolve(reference)
    }

    @Test func aStringShownUnformattedIsItsTextAsWritten() throws {
        let english = try Self.resolve("en", TextReference(key: Self.key, isFormatted: false))
        #expect(english.text == Self.english, "the percent sign and what follows it, as written")
        #expect(english.origin.formatMismatch == nil)
        let german = try Self.resolve("de", TextReference(key: Self.key, isFormatted: false))
        #expect(german.text.hasPrefix("Die Anzeige der neuesten Zustände ist nicht zu 100 % garantiert"))
        #expect(german.origin.formatMismatch == nil, "a string nobody formats is garbled in no language")
        #expect(german.origin.shownLanguage == "de")
    }

    @Test func formattedIsStillTheDefaultAndAnErrorWithoutArguments() throws {
        #expect(throws: StringResolver.Failure.self) { try Self.resolve("en", TextReference(key: Self.key)) }
    }

    @Test func aPseudolanguageTransformsTheTextAsWritten() throws {
        let doubled = try Self.resolve("pseudo-double", TextReference(key: Self.key, isFormatted: false))
        #expect(doubled.text.contains("100%"), "the percent sign is kept, not read as a specifier")
        #expect(doubled.text.count > Self.english.count, "pseudo-double lengthens the text")
    }

    @Test func aScreenSaysFormattedFalseAndMayNotGiveArguments() throws {
        let tables = try UnseenCatalogTests.tables("home-assistant--iOS")
        let resolver = StringResolver(tables: tables, language: "en")
        func screen(_ text: String) -> [UInt8] {
            Array("{\"sections\": [{\"group\": \(ScreenFileTests.minimalGroup), \"cells\": [{\"text\": \(text)}]}]}".utf8)
        }
        let file = try ScreenFile(json: screen(#"{"key": "\#(Self.key)", "formatted": false}"#), strings: resolver)
        let cell = try #require(try file.content.cell(at: IndexPath(item: 0, section: 0)))
        #expect(cell.texts.first?.text.string == Self.english)

        let withArguments = screen(#"{"key": "\#(Self.key)", "formatted": false, "args": [3]}"#)
        let error = #expect(throws: ScreenFileError.self) { try ScreenFile(json: withArguments, strings: resolver) }
        #expect(error?.description.contains("takes no \"args\"") == true, "\(String(describing: error))")

        let notBool = screen(#"{"key": "\#(Self.key)", "formatted": "no"}"#)
        let wrongType = #expect(throws: ScreenFileError.self) { try ScreenFile(json: notBool, strings: resolver) }
        #expect(wrongType?.description.contains("expected true or false") == true, "\(String(describing: wrongType))")
    }
}
