import Foundation
/// An app's strings for one table (`Localizable`, `Settings`, …) in every language it has, as
/// Xcode's string catalogs (`.xcstrings`) and the older `.strings` and `.stringsdict` files hold
/// them. Read by `StringCatalogReader`; nothing here knows about files or formats.
///
/// A later step asks one question of it: the text of key K in language L, for plural category C,
/// on device D. `localization(of:in:)` answers the first half with the fallback Xcode's runtime
/// uses (L, then L's base language, then the catalog's source language) and says which language
/// answered (which localization of the app L is, `StringTables.localization(for:)`, comes first); `CatalogValue.unit(plural:device:)` the second.
public struct StringCatalog: Hashable, Sendable {
    /// The table's name: the file's stem (`Localizable` for `Localizable.xcstrings`).
    public var table: String
    /// The language the strings were written in (`en`): the last fallback.
    public var sourceLanguage: String
    /// Every key, and what it says in each language.
    public var strings: [String: CatalogString]

    public init(table: String, sourceLanguage: String, strings: [String: CatalogString] = [:]) {
        self.table = table
        self.sourceLanguage = sourceLanguage
        self.strings = strings
    }

    /// Every language any key has, sorted.
    /// - Complexity: O(keys × languages).
    public var languages: [String] {
        Set(strings.values.flatMap { $0.localizations.keys }).sorted()
    }

    /// The languages to try, in order, for `language`: itself, then each shorter tag down to the
    /// base language (`zh-Hant-TW` → `zh-Hant` → `zh`; `pt-BR` → `pt`), then the source language.
    /// Tags compare as written but for `_` read as `-` (`pt_BR` is `pt-BR`, as in lproj names).
    ///
    /// A regional tag written without its script whose likely script is not its base language's
    /// has that script's tag before the base language, as CLDR's parent locales have it: `zh-HK`
    /// (Traditional, `zh-Hant-HK`) → `zh-Hant` → `zh`, `sr-ME` (Latin) → `sr-Latn` → `sr`, so that
    /// a key CotEditor's `zh-HK` lacks shows its `zh-Hant` string, not English.
    public func fallbacks(for language: String) -> [String] { Self.fallbacks(for: language, sourceLanguage: sourceLanguage) }

    /// `fallbacks(for:)` of a catalog whose source language is `sourceLanguage`.
    static func fallbacks(for language: String, sourceLanguage: String) -> [String] {
        var chain = Self.truncations(of: language)
        if let parent = Self.scriptParent(of: chain), !chain.contains(parent) { chain.insert(parent, at: chain.count - 1) }
        return chain.contains(sourceLanguage) ? chain : chain + [sourceLanguage]
    }

    /// `zh-Hant` for `zh-HK`'s truncations (`zh-HK`, `zh`): the base language with the tag's
    /// likely script, when the tag has a region, no script, and a likely script other than the
    /// base language's (CLDR's likely subtags through Foundation). Nil otherwise.
    static func scriptParent(of truncations: [String]) -> String? {
        guard truncations.count >= 2, let base = truncations.last,
              let second = truncations.first?.split(separator: "-").dropFirst().first, second.count != 4 else { return nil }
        func script(_ tag: String) -> Substring? {
            let parts = Locale.Language(identifier: tag).maximalIdentifier.split(separator: "-")
            return parts.count >= 2 && parts[1].count == 4 ? parts[1] : nil
        }
        guard let tagScript = script(truncations[0]), let baseScript = script(base), tagScript != baseScript else { return nil }
        return "\(base)-\(tagScript)"
    }

    /// `language` and each shorter tag down to its base language (`zh-Hant-TW`, `zh-Hant`, `zh`).
    static func truncations(of language: String) -> [String] {
        var chain: [String] = []
        var parts = language.replacingOccurrences(of: "_", with: "-").split(separator: "-").map(String.init)
        while !parts.isEmpty {
            chain.append(parts.joined(separator: "-"))
            parts.removeLast()
        }
        return chain
    }

    /// What key `key` says in `language`, or in the first language of `fallbacks(for:)` that has
    /// it, with the language that answered (not `language` when it fell back: an untranslated
    /// string). Nil when the key is in no catalog language of the chain.
    public func localization(of key: String, in language: String) -> (localization: Localization, language: String)? {
        guard let string = strings[key] else { return nil }
        for candidate in fallbacks(for: language) {
            if let localization = string.localizations[candidate] { return (localization, candidate) }
        }
        return nil
    }

    /// The text of `key` in `language` (with fallback), for plural category `plural` and device
    /// `device` (see `CatalogValue.unit(plural:device:)`), and the language that answered.
    /// Substitutions (`%#@name@`) are left in the text: `Localization.substitutions` holds theirs.
    public func text(of key: String, in language: String, plural: PluralCategory = .other,
                     device: DeviceCategory = .iphone) -> (text: String, language: String)? {
        guard let (localization, used) = localization(of: key, in: language),
              let unit = localization.value?.unit(plural: plural, device: device) else { return nil }
        return (unit.value, used)
    }

    /// This catalog with `other`'s keys added; for a key both have, `other`'s languages replace
    /// this one's language by language (a folder's later file wins, as a later lproj would).
    public func merging(_ other: StringCatalog) -> StringCatalog {
        var merged = self
        for (key, string) in other.strings {
            guard var existing = merged.strings[key] else {
                merged.strings[key] = string
                continue
            }
            existing.localizations.merge(string.localizations) { _, new in new }
            existing.comment = existing.comment ?? string.comment
            existing.shouldTranslate = existing.shouldTranslate && string.shouldTranslate
            merged.strings[key] = existing
        }
        return merged
    }
}

/// One key of a catalog: a note for translators, whether it is to be translated, and its text per
/// language.
public struct CatalogString: Hashable, Sendable {
    /// The developer's note to translators (`comment`), if any.
    public var comment: String?
    /// False for a string the catalog marks as not to be translated (`"shouldTranslate": false`):
    /// shown as written in every language, never reported as untranslated.
    public var shouldTranslate: Bool
    /// Language tag (`de`, `pt-BR`, `zh-Hans`) → what the key says in it.
    public var localizations: [String: Localization]

    public init(comment: String? = nil, shouldTranslate: Bool = true, localizations: [String: Localization] = [:]) {
        self.comment = comment
        self.shouldTranslate = shouldTranslate
        self.localizations = localizations
    }
}

/// What one key says in one language: its text (one string, or varying by plural or device) and
/// the substitutions its `%#@name@` placeholders name.
public struct Localization: Hashable, Sendable {
    /// The text. Nil only when a catalog gives substitutions and no text, which Xcode never writes.
    public var value: CatalogValue?
    /// Name → what `%#@name@` in the text stands for.
    public var substitutions: [String: Substitution]

    public init(value: CatalogValue?, substitutions: [String: Substitution] = [:]) {
        self.value = value
        self.substitutions = substitutions
    }
}

/// A string, or strings varying by plural category or by device; a device's string may itself
/// vary by plural category (`variations.device.iphone.variations.plural`).
public indirect enum CatalogValue: Hashable, Sendable {
    case unit(StringUnit)
    case plural([PluralCategory: CatalogValue])
    case device([DeviceCategory: CatalogValue])

    /// The string for `plural` on `device`: the device's own variation or else `other`'s, then
    /// the plural category's own form or else `other`'s (as Foundation falls back). Nil when the
    /// form needed is missing and there is no `other` either.
    public func unit(plural: PluralCategory = .other, device: DeviceCategory = .iphone) -> StringUnit? {
        switch self {
        case .unit(let unit): return unit
        case .plural(let forms): return (forms[plural] ?? forms[.other])?.unit(plural: plural, device: device)
        case .device(let forms): return (forms[device] ?? forms[.other])?.unit(plural: plural, device: device)
        }
    }

    /// Every string this value holds, in a stable order (plural and device categories in their
    /// declared order): what an audit measures to find the longest form.
    public var units: [StringUnit] {
        switch self {
        case .unit(let unit): return [unit]
        case .plural(let forms): return PluralCategory.allCases.compactMap { forms[$0] }.flatMap(\.units)
        case .device(let forms): return DeviceCategory.allCases.compactMap { forms[$0] }.flatMap(\.units)
        }
    }

    /// The plural categories given, at any depth, in declared order.
    public var pluralCategories: [PluralCategory] {
        switch self {
        case .unit: return []
        case .plural(let forms): return PluralCategory.allCases.filter { forms[$0] != nil }
        case .device(let forms):
            let nested = Set(forms.values.flatMap(\.pluralCategories))
            return PluralCategory.allCases.filter(nested.contains)
        }
    }
}

/// A string and how far its translation has come.
public struct StringUnit: Hashable, Sendable {
    public var value: String
    /// Nil when the file does not say (a `.strings` file never does; a catalog's source language
    /// may omit it).
    public var state: TranslationState?

    public init(_ value: String, state: TranslationState? = nil) {
        self.value = value
        self.state = state
    }
}

/// A catalog's translation states, spelled as in the file.
public enum TranslationState: String, CaseIterable, Hashable, Sendable {
    case new
    case needsReview = "needs_review"
    case translated
    case stale
}

/// CLDR's plural categories, spelled as in the files. Which of them a language uses is CLDR's
/// rule, asked of ICU elsewhere, never decided here.
public enum PluralCategory: String, CaseIterable, Hashable, Sendable {
    case zero, one, two, few, many, other
}

/// The devices a catalog's strings may vary by, spelled as in `.xcstrings` files (Xcode writes
/// `applewatch`, `appletv`, `applevision`).
public enum DeviceCategory: String, CaseIterable, Hashable, Sendable {
    case iphone, ipod, ipad, mac, applewatch, appletv, applevision, other
}

/// What `%#@name@` stands for: the argument it takes (`argNum`, 1-based; nil when the file does
/// not say) read with `formatSpecifier` (`lld`, `d`, `@`), and its forms by plural category.
public struct Substitution: Hashable, Sendable {
    public var argumentNumber: Int?
    public var formatSpecifier: String?
    public var value: CatalogValue

    public init(argumentNumber: Int?, formatSpecifier: String?, value: CatalogValue) {
        self.argumentNumber = argumentNumber
        self.formatSpecifier = formatSpecifier
        self.value = value
    }
}
