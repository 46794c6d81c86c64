import Testing
@testable import Readers

/// Format strings as Foundation and Xcode read them: the specifiers found, the arguments they
/// read, whether a translation may stand in for its source (the `format-mismatch` rule), and the
/// strings that are refused with a message saying what to fix.
@Suite struct FormatStringTests {
    @Test func everySpecifierFoundationReadsHasItsKindAndArgument() throws {
        let format = try FormatString("%@ %d %i %ld %lld %lu %u %f %.2f %e %g %x %c %s %% done")
        let kinds = format.specifiers.map(\.kind)
        #expect(kinds == [.object, .integer, .integer, .integer, .integer, .integer, .integer, .float, .float,
                          .float, .float, .integer, .character, .cString, .percentSign])
        #expect(format.specifiers.map(\.argument) == Array(1...14).map(Optional.some) + [nil], "%% reads no argument")
        #expect(format.argumentKinds.count == 14)
        #expect(format.pieces.last == .literal(" done"))
        #expect(format.specifiers[3].length == "l" && format.specifiers[4].length == "ll")
    }

    @Test func flagsWidthPrecisionAndPositionsAreRead() throws {
        let positional = try FormatString("%2$-8.3f|%1$@|%3$+05ld")
        let s = positional.specifiers
        #expect(s[0].position == 2 && s[0].flags == "-" && s[0].width == 8 && s[0].precision == 3 && s[0].kind == .float)
        #expect(s[1].position == 1 && s[1].kind == .object)
        #expect(s[2].flags == "+0" && s[2].width == 5 && s[2].length == "l")
        #expect(positional.argumentKinds == [.object, .float, .integer])
        #expect(s.map(\.text) == ["%2$-8.3f", "%1$@", "%3$+05ld"])
        #expect(s.map(\.offset) == [0, 9, 14])
    }

    @Test func substitutionTokensAreKeptWithTheirNames() throws {
        let format = try FormatString("%#@photos@ and %#@videos@ in %@")
        #expect(format.substitutionNames == ["photos", "videos"])
        #expect(format.argumentKinds == [.object], "an ordered token's argument is the catalog's argNum")
        // .stringsdict files number their tokens: the token then reads that argument.
        let numbered = try FormatString("%2$@: %1$#@files@")
        #expect(numbered.argumentKinds == [.substitution("files"), .object])
    }

    @Test func theLiteralRunsAndSpecifiersJoinBackToTheText() throws {
        let text = "Grüße, %@! Du hast %ld neue Nachrichten (100%%) — %#@x@."
        let format = try FormatString(text)
        let joined = format.pieces.map { piece in
            switch piece {
            case .literal(let t): t
            case .specifier(let s): s.text
            }
        }.joined()
        #expect(joined == text)
    }

    // MARK: format-mismatch

    @Test func aTranslationMatchesWhenEachArgumentKeepsItsKind() throws {
        let source = try FormatString("%1$@ sent %2$d photos")
        #expect(source.matches(try FormatString("%2$d Fotos von %1$@")), "reordered by position: fine")
        #expect(source.matches(try FormatString("%1$@ hat %2$ld Fotos gesendet")), "%d and %ld both read an integer")
        let ordered = try FormatString("%@ sent %d photos")
        #expect(ordered.matches(try FormatString("%1$@ a envoyé %2$d photos")), "positional against ordered")
    }

    @Test func anObjectAgainstAnIntegerIsAMismatchSaidInASentence() throws {
        let source = try FormatString("%@ sent %d photos")
        let mismatch = try #require(source.mismatch(in: try FormatString("%d hat %@ Fotos gesendet")))
        #expect(mismatch.argument == 1)
        #expect(mismatch.message == "Argument 1 is an object (%@) in the source ('%@') but an integer (%d) in the translation ('%d'): on a device the translation reads the wrong type and prints garbage or crashes. Use '%@' for it in the translation.")
        let fewer = try #require(source.mismatch(in: try FormatString("%@ hat Fotos gesendet")))
        #expect(fewer.message == "The source takes 2 arguments and the translation 1: a value the source shows is missing from the translation. Give the translation the same specifiers as the source.")
        let swapped = try #require(try FormatString("%1$@ %2$d").mismatch(in: try FormatString("%1$d %2$@")))
        #expect(swapped.argument == 1)
        let tokens = try #require(try FormatString("%#@files@").mismatch(in: try FormatString("%#@dateien@")))
        #expect(tokens.message == "The translation lacks %#@files@ and has %#@dateien@ that the source does not: its substitutions must be the source's.")
    }

    // MARK: Bad input

    @Test func aLonePercentAtTheEndIsRefused() {
        #expect(throws: FormatStringError(offset: 4, message: "The string ends with a lone '%' (byte 4): write '%%' for a percent sign.")) {
            try FormatString("100 %")
        }
        #expect(throws: FormatStringError(offset: 0, message: "The string ends inside the specifier '%.2' at byte 0: finish it with a conversion (%@, %d, %f…), or write '%%' for a percent sign.")) {
            try FormatString("%.2")
        }
    }

    @Test func anUnknownConversionIsRefusedNamingIt() {
        #expect(throws: FormatStringError(offset: 2, message: "'% k' at byte 2 is not a format specifier Foundation reads ('k' is no conversion): write '%%' for a percent sign, or use %@, %d, %ld, %u, %f, %.2f, %e, %g, %x, %c, %s.")) {
            try FormatString("50% kostenlos")
        }
        #expect(throws: FormatStringError.self) { try FormatString("%n") }
    }

    @Test func aPositionWithoutTheOnesBeforeItIsRefused() {
        #expect(throws: FormatStringError(offset: 0, message: "'%5$@' at byte 0 reads argument 5, but no specifier reads arguments 1, 2, 3, 4: Foundation cannot know their types and would read the wrong value. Use every position from 1 to 5.")) {
            try FormatString("%5$@ items")
        }
        #expect(throws: FormatStringError(offset: 5, message: "'%3$d' at byte 5 reads argument 3, but no specifier reads argument 2: Foundation cannot know its type and would read the wrong value. Use every position from 1 to 3.")) {
            try FormatString("%1$@ %3$d")
        }
    }

    @Test func positionalAndOrderedMixedOrOneArgumentTwoKindsAreRefused() {
        #expect(throws: FormatStringError(offset: 3, message: "The string mixes positional '%2$d' (byte 3) with ordered '%@' (byte 0): Foundation does not define which argument the ordered one takes. Number every specifier (%1$@, %2$d) or none.")) {
            try FormatString("%@ %2$d")
        }
        #expect(throws: FormatStringError(offset: 5, message: "Argument 1 is read as an object (%@) by '%1$@' (byte 0) and as an integer (%d) by '%1$d' (byte 5): one argument has one type; use one kind of specifier for it.")) {
            try FormatString("%1$@ %1$d")
        }
        #expect(throws: FormatStringError(offset: 0, message: "'%99$@' at byte 0 names argument 99; at most 64 are read: check the number.")) {
            try FormatString("%99$@")
        }
        #expect(throws: FormatStringError(offset: 0, message: "The substitution token at byte 0 ('%#@files') has no name or no closing '@': write it as %#@name@.")) {
            try FormatString("%#@files")
        }
    }

    @Test func tenThousandSpecifiersAreAnErrorNotAHang() {
        let text = String(repeating: "%@", count: 10_000)
        let clock = ContinuousClock()
        let start = clock.now
        #expect(throws: FormatStringError(offset: 2_000, message: "The string holds more than 1000 format specifiers (specifier 1001 starts at byte 2000): no interface string needs so many; check that the catalog entry is not corrupt or generated by mistake.")) {
            try FormatString(text)
        }
        // The parse stops at the limit: far under a second even unoptimized under a sanitizer.
        #expect(clock.now - start < .seconds(2))
        // A thousand is still read, and a long string of literal text is one piece.
        #expect(((try? FormatString(String(repeating: "%@", count: 1_000)))?.specifiers.count) == 1_000)
        #expect(((try? FormatString(String(repeating: "word ", count: 100_000)))?.pieces.count) == 1)
    }
}
