import CICUShim

/// The cardinal plural rules of a language: which category a count takes ("3 файла" is `few` in
/// Russian) and which categories the language has. The rules are CLDR's, as the ICU the project
/// links carries them (`uplrules_open`, through CICUShim); reflow holds no table of its own.
///
/// A language with no rules of its own uses its nearest parent's (de-CH → de); one with none
/// at all, or a tag ICU cannot read, uses the root locale's, where every number is `other`, and
/// says so in ``fallback``. ``PluralCategory`` is the catalog model's (StringCatalog.swift).
public final class PluralRules {
    /// The tag as given.
    public let language: String
    /// The locale of CLDR's plural data whose rules are used ("de" for de-CH), or "root".
    public let rulesLocale: String
    /// Why the root locale's rules are used, or `nil` when the language (or a parent) has rules.
    public let fallback: String?
    /// The categories the language uses, in CLDR's order: en one, other; ru one, few, many,
    /// other; ar all six; ja other.
    public let categories: [PluralCategory]
    /// The categories a whole number can take, in CLDR's order: ``categories`` without those CLDR
    /// keeps for decimals alone (Russian, Polish, Ukrainian and Belarusian `other`, "1,5 файла";
    /// Czech and Slovak `many`; Lithuanian `many`). A count printed by `%d` or `%lld` never shows
    /// those, so a plural variation for one needs no such form: Element X's Russian and Polish
    /// `.stringsdict` give one/few/many and no `other`, as an Apple engineer's Russian example
    /// does. Found by asking ICU for 0 through 1000 and a million (French `many`); CLDR's integer
    /// rules read at most the last three digits, or whether a number is a multiple of a million.
    public private(set) var integerCategories: [PluralCategory] = []

    private let rules: OpaquePointer

    /// Opens the rules of `language`, a BCP 47 tag ("ru", "pt-PT", "sr-Latn").
    ///
    /// - Throws: ``PluralRulesError`` only when ICU cannot open any rules (its data missing); an
    ///   unknown or unreadable tag is not an error but a ``fallback``.
    public init(language: String) throws(PluralRulesError) {
        self.language = language
        var locale = [CChar](repeating: 0, count: 157)
        let readable = reflow_language_tag(language, &locale, Int32(locale.count)) >= 0
        let id = readable ? Self.text(locale) : ""
        var found = [CChar](repeating: 0, count: 157)
        if readable, reflow_plural_rules_locale(id, &found, Int32(found.count)) >= 0 {
            rulesLocale = Self.text(found)
            fallback = nil
        } else {
            rulesLocale = "root"
            fallback = readable
                ? "CLDR has no plural rules for '\(language)' or a language it falls back to: using the root locale's, where every number is 'other'. Check the tag (ISO 639 language first, as 'pt-BR')."
                : "'\(language)' is not a language tag ICU reads: using the root locale's plural rules, where every number is 'other'. Write a BCP 47 tag, as 'pt-BR'."
        }
        var error = [CChar](repeating: 0, count: 64)
        guard let opened = reflow_plural_rules_open(readable ? id : "", &error, Int32(error.count)) else {
            throw PluralRulesError(message: "ICU could not open the plural rules of '\(language)' (\(Self.text(error))): its data may be missing; check that libicu is installed whole.")
        }
        rules = opened
        var keywords = [CChar](repeating: 0, count: 64)
        guard reflow_plural_rules_keywords(opened, &keywords, Int32(keywords.count), &error, Int32(error.count)) >= 0 else {
            reflow_plural_rules_close(opened)
            throw PluralRulesError(message: "ICU could not list the plural categories of '\(language)' (\(Self.text(error))).")
        }
        let names = Self.text(keywords).split(separator: " ")
        let known = names.compactMap { PluralCategory(rawValue: String($0)) }
        guard known.count == names.count else {
            reflow_plural_rules_close(opened)
            throw PluralRulesError(message: "ICU's plural rules for '\(language)' name a category that is not CLDR's six (\(names.joined(separator: ", "))).")
        }
        // CLDR's order (zero, one, two, few, many, other): `PluralCategory`'s, the catalogs'.
        categories = PluralCategory.allCases.filter(known.contains)
        let integers = Set((0...1000).map { category(for: $0) } + [category(for: 1_000_000)])
        integerCategories = categories.filter(integers.contains)
    }

    deinit { reflow_plural_rules_close(rules) }

    /// The NUL-terminated UTF-8 text ICU wrote into `buffer`.
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The category of an integer count: `category(for: 3)` is `.few` in Russian, `.other` in English.
    /// Exact for counts up to 2^53 in magnitude.
    public func category(for count: Int) -> PluralCategory {
        select { reflow_plural_rules_select_integer(rules, Int64(count), $0, $1, $2, $3) }
    }

    /// The category of a decimal number as ICU reads the double: 1.5 has a visible fraction
    /// (`other` in English and Russian), 1.0 does not (`one` in English).
    public func category(for number: Double) -> PluralCategory {
        select { reflow_plural_rules_select(rules, number, $0, $1, $2, $3) }
    }

    private func select(_ call: (UnsafeMutablePointer<CChar>, Int32, UnsafeMutablePointer<CChar>, Int32) -> Int32) -> PluralCategory {
        var keyword = [CChar](repeating: 0, count: 16)
        var error = [CChar](repeating: 0, count: 64)
        let length = keyword.withUnsafeMutableBufferPointer { k in
            error.withUnsafeMutableBufferPointer { e in call(k.baseAddress!, Int32(k.count), e.baseAddress!, Int32(e.count)) }
        }
        // ICU only fails here on a broken rule set; every language has 'other'.
        guard length >= 0 else { return .other }
        return PluralCategory(rawValue: Self.text(keyword)) ?? .other
    }
}

/// Plural rules that ICU cannot open at all.
public struct PluralRulesError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong and what to do.
    public let message: String
    public var description: String { message }
}
