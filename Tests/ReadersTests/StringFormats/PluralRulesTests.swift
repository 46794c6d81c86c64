import Testing
@testable import Readers

/// Plural categories come from CLDR through ICU. The expected categories and the sample counts
/// below are CLDR's published cardinal rules, common/supplemental/plurals.xml in
/// https://github.com/unicode-org/cldr (read at commit 004469dc0e1842dac3ba0b302f7f53150f3c2d17):
/// "ast de en … sv" one (i = 1 and v = 0), other; fr one (i = 0,1), many (1000000, 1c6 …), other;
/// "ru uk" one (1, 21, 31 …), few (2~4, 22~24 …), many (0, 5~19, 100 …), other (decimals); pl one
/// (1), few (2~4, 22~24 …), many (0, 5~19 …), other (decimals); "ar ars" zero (0), one (1), two
/// (2), few (3~10, 103~110 …), many (11~26, 111 …), other (100~102 …); ja (with root) other only;
/// cy zero (0), one (1), two (2), few (3), many (6), other (4, 5, 7~20 …).
@Suite struct PluralRulesTests {
    @Test func eachLanguageHasCLDRsCategories() throws {
        let expected: [(String, [PluralCategory])] = [
            ("en", [.one, .other]), ("de", [.one, .other]), ("fr", [.one, .many, .other]),
            ("ru", [.one, .few, .many, .other]), ("pl", [.one, .few, .many, .other]),
            ("ar", [.zero, .one, .two, .few, .many, .other]), ("ja", [.other]),
            ("cy", [.zero, .one, .two, .few, .many, .other]),
        ]
        for (language, categories) in expected {
            let rules = try PluralRules(language: language)
            #expect(rules.categories == categories, "\(language)")
            #expect(rules.fallback == nil && rules.rulesLocale == language, "\(language)")
        }
    }

    @Test func countsTakeCLDRsCategory() throws {
        let samples: [(String, [(Int, PluralCategory)])] = [
            ("en", [(1, .one), (0, .other), (2, .other), (21, .other)]),
            ("de", [(1, .one), (2, .other), (0, .other)]),
            ("fr", [(0, .one), (1, .one), (2, .other), (1_000, .other), (1_000_000, .many)]),
            ("ru", [(1, .one), (21, .one), (3, .few), (22, .few), (5, .many), (11, .many), (12, .many), (0, .many), (101, .one)]),
            ("pl", [(1, .one), (2, .few), (24, .few), (5, .many), (12, .many), (21, .many), (0, .many)]),
            ("ar", [(0, .zero), (1, .one), (2, .two), (3, .few), (103, .few), (11, .many), (111, .many), (100, .other), (102, .other)]),
            ("ja", [(0, .other), (1, .other), (2, .other)]),
            ("cy", [(0, .zero), (1, .one), (2, .two), (3, .few), (6, .many), (4, .other), (5, .other), (7, .other)]),
        ]
        for (language, pairs) in samples {
            let rules = try PluralRules(language: language)
            for (count, category) in pairs {
                #expect(rules.category(for: count) == category, "\(language) \(count)")
            }
        }
    }

    @Test func decimalsFollowTheirVisibleFractionDigits() throws {
        let en = try PluralRules(language: "en"), ru = try PluralRules(language: "ru")
        #expect(en.category(for: 1.0) == .one, "1.0 as a double has no visible fraction (v = 0)")
        #expect(en.category(for: 1.5) == .other)
        #expect(ru.category(for: 1.5) == .other, "ru: other is for decimals")
        #expect(ru.category(for: 3.0) == .few)
    }

    @Test func aRegionalTagUsesItsLanguagesRulesWithoutAFallback() throws {
        let swiss = try PluralRules(language: "de-CH")
        #expect(swiss.rulesLocale == "de" && swiss.fallback == nil && swiss.categories == [.one, .other])
        let portugal = try PluralRules(language: "pt-PT")
        #expect(portugal.rulesLocale == "pt_PT", "CLDR gives pt_PT rules of its own (one is i = 1 and v = 0)")
        #expect(portugal.category(for: 0) == .other)
        #expect(try PluralRules(language: "pt-BR").category(for: 0) == .one, "pt: i = 0..1")
    }

    @Test func anUnknownLanguageFallsBackToRootsOtherAndSaysSo() throws {
        let unknown = try PluralRules(language: "xx")
        #expect(unknown.categories == [.other] && unknown.rulesLocale == "root")
        #expect(unknown.category(for: 1) == .other)
        #expect(unknown.fallback == "CLDR has no plural rules for 'xx' or a language it falls back to: using the root locale's, where every number is 'other'. Check the tag (ISO 639 language first, as 'pt-BR').")
        let unreadable = try PluralRules(language: "not a tag!")
        #expect(unreadable.categories == [.other])
        #expect(unreadable.fallback == "'not a tag!' is not a language tag ICU reads: using the root locale's plural rules, where every number is 'other'. Write a BCP 47 tag, as 'pt-BR'.")
        // Japanese has only 'other' too, by its own rules: no fallback.
        #expect(try PluralRules(language: "ja").fallback == nil)
    }
}
