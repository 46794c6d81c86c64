import Testing
@testable import Readers

/// A format string filled with a screen's arguments in a language (numbers as Foundation's
/// `String(format:locale:)` prints them on Linux), and Xcode's pseudolanguages as transforms that
/// keep every specifier.
@Suite struct FormattingAndPseudoLanguageTests {
    @Test func numbersAreFormattedInTheLanguage() throws {
        let count = try FormatString("%d files, %.2f MB")
        #expect(try count.formatted([1_234_567, 0.5], language: "en") == "1,234,567 files, 0.50 MB")
        #expect(try count.formatted([1_234_567, 0.5], language: "de") == "1.234.567 files, 0,50 MB")
        #expect(try FormatString("%ld").formatted([42], language: "ar-EG") == "٤٢", "Egyptian Arabic's digits")
        #expect(try FormatString("%lld").formatted([-7], language: "en") == "-7")
        #expect(try FormatString("%f").formatted([2], language: "en") == "2.000000", "an integer argument prints as a double under %f")
    }

    @Test func objectsPositionsPercentAndSubstitutions() throws {
        #expect(try FormatString("%1$@ sent %2$ld photos").formatted(["Ada", 3], language: "en") == "Ada sent 3 photos")
        #expect(try FormatString("%2$@, %1$@").formatted(["Ada", "Lovelace"], language: "en") == "Lovelace, Ada")
        #expect(try FormatString("100%% of %@").formatted([2.5], language: "de") == "100% of 2.5", "%@ prints NSNumber's description")
        #expect(try FormatString("%#@files@ in %@").formatted(["Downloads"], language: "en", substitutions: ["files": "3 files"])
                == "3 files in Downloads")
    }

    @Test func aWrongOrMissingArgumentIsAnErrorNotGarbage() throws {
        #expect(throws: FormatStringError(offset: 0, message: "'%d' at byte 0 prints an integer (%d), but argument 1 is the string \"Ada\": give a value of that kind in the screen's \"args\".")) {
            try FormatString("%d photos").formatted(["Ada"], language: "en")
        }
        #expect(throws: FormatStringError(offset: 5, message: "'%2$ld' at byte 5 reads argument 2, but 1 was given: add the value to the screen's \"args\".")) {
            try FormatString("%1$@ %2$ld").formatted(["Ada"], language: "en")
        }
        #expect(throws: FormatStringError(offset: 0, message: "'%#@files@' at byte 0 names the substitution 'files', and none was given: the catalog's entry needs a 'substitutions' entry named 'files'.")) {
            try FormatString("%#@files@").formatted([], language: "en")
        }
    }

    // MARK: Pseudolanguages

    @Test func doubleLengthRepeatsTheStringAndReadsTheSameArguments() throws {
        let source = try FormatString("%@ sent %d photos (100%%)")
        let doubled = PseudoLanguage.double.transform(source)
        #expect(doubled == "%1$@ sent %2$d photos (100%%) %1$@ sent %2$d photos (100%%)")
        let parsed = try FormatString(doubled)
        #expect(source.matches(parsed), "the doubled string takes the source's arguments")
        #expect(try parsed.formatted(["Ada", 3], language: "en") == "Ada sent 3 photos (100%) Ada sent 3 photos (100%)")
        #expect(PseudoLanguage.double.transform(try FormatString("Select Time")) == "Select Time Select Time")
    }

    @Test func accentedChangesLettersOnlyOutsideSpecifiers() throws {
        let source = try FormatString("Settings for %1$@: %#@items@ at %2$.2f")
        let accented = PseudoLanguage.accented.transform(source)
        #expect(accented == "Šééŧŧííñĝš ƒóóŕ %1$@: %#@items@ ááŧ %2$.2f")
        #expect(accented.count > source.text.count, "longer: vowels are written twice")
        let parsed = try FormatString(accented)
        #expect(source.matches(parsed) && parsed.substitutionNames == ["items"])
        #expect(!accented.contains("S") && !accented.contains("g") && !accented.contains("o"), "no plain Latin letter is left outside the specifiers")
    }

    @Test func boundedAndRightToLeft() throws {
        let source = try FormatString("Hello %@")
        #expect(PseudoLanguage.bounded.transform(source) == "[# Hello %@ #]")
        let rtl = PseudoLanguage.rightToLeft.transform(source)
        #expect(rtl == "\u{202E}Hello %@\u{202C}")
        #expect(try FormatString(rtl).formatted(["Ada"], language: "en") == "\u{202E}Hello Ada\u{202C}")
        #expect(PseudoLanguage.rightToLeft.isRightToLeft && !PseudoLanguage.double.isRightToLeft)
        #expect(PseudoLanguage(tag: "pseudo-rtl") == .rightToLeft && PseudoLanguage(tag: "de") == nil)
        #expect(PseudoLanguage.allCases.map(\.rawValue) == ["pseudo-double", "pseudo-accented", "pseudo-bounded", "pseudo-rtl"])
    }
}
