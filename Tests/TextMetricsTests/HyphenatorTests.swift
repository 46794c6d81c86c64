import Dispatch
import Foundation
import Synchronization
import Testing
@testable import TextMetrics

/// The hyphenator: libhyphen with Debian's pattern dictionaries, chosen by language, minimums
/// from the dictionary's header, words under five letters left whole, only the letters of a word
/// looked up, never a point inside a grapheme cluster. (Agreement with Pyphen, an independent
/// implementation, over 10,000 words: CLITests/PyphenAgreementTests.)
@Suite struct HyphenatorTests {
    static func english() throws -> Hyphenator { try Hyphenator.forLanguage(nil) }

    @Test func englishIsTheDefaultWithTheMinimumsOfItsHeader() throws {
        let english = try Self.english()
        #expect(english.path == "/usr/share/hyphen/hyph_en_US.dic")
        #expect((english.leftMinimum, english.rightMinimum) == (2, 3), "LEFTHYPHENMIN 2, RIGHTHYPHENMIN 3")
        #expect(english.hyphenated("hyphenation") == "hy-phen-ation")
        #expect(english.hyphenated("accessibility") == "ac-ces-si-bil-ity")
        // Three letters at least after the last point: "ex-am-ple", never "exam-pl-e".
        #expect(english.hyphenated("example") == "ex-am-ple")
        #expect(try Hyphenator.forLanguage(LanguageTag("en")) === english, "en and en-US share one loaded dictionary")
    }

    @Test func dictionariesAreChosenByLanguageAndRegion() throws {
        #expect(try Hyphenator.forLanguage(LanguageTag("de-CH")).path == "/usr/share/hyphen/hyph_de_DE.dic")
        #expect(try Hyphenator.forLanguage(LanguageTag("en-GB")).path == "/usr/share/hyphen/hyph_en_GB.dic")
        #expect(try Hyphenator.forLanguage(LanguageTag("pt-BR")).path == "/usr/share/hyphen/hyph_pt_BR.dic")
        #expect(try Hyphenator.forLanguage(LanguageTag("pl")).path == "/usr/share/hyphen/hyph_pl_PL.dic", "the language's own country")
        #expect(try Hyphenator.forLanguage(LanguageTag("no")).path == "/usr/share/hyphen/hyph_nb_NO.dic")
    }

    @Test func eightBitDictionariesAreReadInTheirOwnCharacterSet() throws {
        // hyph_de_DE.dic is ISO 8859-1, hyph_ru_RU.dic KOI8-R: the word is converted, the
        // points come back as offsets into its UTF-8.
        let german = try Hyphenator.forLanguage(LanguageTag("de"))
        #expect(german.hyphenated("Übersetzungsfehler") == "Über-set-zungs-feh-ler")
        #expect(german.hyphenated("Donaudampfschifffahrtsgesellschaft") == "Do-nau-dampf-schiff-fahrts-ge-sell-schaft")
        #expect((german.leftMinimum, german.rightMinimum) == (2, 2), "no minimums in the header: libhyphen's 2 and 2")
        let russian = try Hyphenator.forLanguage(LanguageTag("ru"))
        #expect(russian.hyphenated("интернационализация") == "ин-тер-на-ци-о-на-ли-за-ция")
        // A letter the character set lacks leaves its word whole rather than guessed at.
        #expect(german.hyphenationPoints(in: "Übersetzungsfehlerα").isEmpty)
    }

    @Test func wordsUnderFiveLettersStayWhole() throws {
        let german = try Hyphenator.forLanguage(LanguageTag("de"))
        // The German patterns (minimums 2 and 2) would split this four-letter word: Na-me.
        let name = Array("Name".utf8)
        #expect(name.withUnsafeBufferPointer { german.hyphenationPoints(utf8: $0, minimumLength: 1) } == [2])
        #expect(german.hyphenationPoints(in: "Name").isEmpty)
        #expect(german.hyphenationPoints(in: "Namen") == [2])
    }

    @Test func onlyTheLettersOfAWordAreHyphenated() throws {
        let english = try Self.english()
        #expect(english.hyphenated("(hyphenation),") == "(hy-phen-ation),")
        #expect(english.hyphenated("aardvark's") == "aard-vark's", "the letters before the apostrophe, with their own minimums")
        #expect(english.hyphenated("HYPHENATION") == "HY-PHEN-ATION", "patterns are lower case; the text keeps its case")
        #expect(english.hyphenated("2hyphenation3") == "2hy-phen-ation3")
        #expect(english.hyphenated("hyphenation example") == "hy-phen-ation ex-am-ple")
        #expect(english.hyphenated("a-b-c-d-e-f").contains("--") == false)
    }

    @Test func pointsFallBetweenGraphemeClustersOnly() throws {
        let french = try Hyphenator.forLanguage(LanguageTag("fr"))
        let composed = "développement", decomposed = "de\u{301}veloppement"
        #expect(french.hyphenated(composed) == "dé-ve-lop-pe-ment")
        // The same word with a combining accent: the same points, each before a whole cluster.
        #expect(french.hyphenated(decomposed) == "de\u{301}-ve-lop-pe-ment")
        for point in french.hyphenationPoints(in: decomposed) {
            let index = decomposed.utf8.index(decomposed.utf8.startIndex, offsetBy: point)
            #expect(index.samePosition(in: decomposed) != nil, "point \(point) is a character boundary")
        }
    }

    @Test func aLanguageWithoutPatternsIsAnErrorThatSaysWhatToInstall() throws {
        #expect {
            _ = try Hyphenator.forLanguage(LanguageTag("ja"))
        } throws: { error in
            guard case .hyphenationUnavailable(let language, let searched, let package) = error as? TextMetricsError else { return false }
            let message = "\(error)"
            return language == "ja" && package == "hyphen-ja" && searched.contains("/usr/share/hyphen/hyph_ja.dic")
                && message.contains("apt-get install hyphen-ja") && message.contains("/usr/share/hyphen/hyph_ja.dic")
        }
        #expect(Hyphenator.debianPackage(for: try LanguageTag("en-AU")) == "hyphen-en-gb")
        #expect(Hyphenator.debianPackage(for: try LanguageTag("pt")) == "hyphen-pt-pt")
    }

    @Test func oneDictionaryServesManyThreadsAtOnce() throws {
        let english = try Self.english()
        let words = ["hyphenation", "accessibility", "internationalization", "representation", "extraordinary",
                     "establishment", "consideration", "responsibility"]
        let expected = words.map { english.hyphenated($0) }
        let results = Mutex([Bool](repeating: false, count: 64))
        DispatchQueue.concurrentPerform(iterations: 64) { thread in
            var same = true
            for round in 0..<500 {
                let index = (thread + round) % words.count
                same = same && english.hyphenated(words[index]) == expected[index]
            }
            results.withLock { $0[thread] = same }
        }
        #expect(results.withLock { $0.allSatisfy { $0 } }, "every thread got the single-threaded answer")
    }
}
