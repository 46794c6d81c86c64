import Foundation

/// Which of an app's localizations an iPhone whose preferred language is L shows: Apple's ICU's
/// `ualoc_localizationsToUse` (swiftlang/swift-foundation-icu, `icuSources/common/ualoc.cpp`),
/// what CFBundle picks an app's `.lproj` with, ported step by step. Its data is Apple's where
/// Apple's differs from CLDR (`appleAliasMap`, `appleParentMap`, the language groups, the two
/// special cases) and CLDR's otherwise, read from Foundation (CLDR's `parentLocales` through
/// `Locale.Language.parent`, its language aliases through `Locale.identifier(.icu, from:)`,
/// its likely subtags through `minimalIdentifier`), which on Linux carries Apple's ICU data.
///
/// For each of the app's localizations (in the order given; the first of equal scores wins):
/// the same base name (`uloc_getBaseName`: `PT_br` is `pt_BR`) scores -1; the same tag once both
/// are normalized by the aliases (`zh-HK` is `zh_Hant_HK`, `iw` is `he`, `no-NO` is `nb_NO`)
/// scores 0; otherwise, for languages of one group, each tag's parent chain is walked (Apple's
/// parent map, then CLDR's parent locales, then the tag cut short: `en_NZ` → `en_AU` → `en_GB`
/// → `en_001` → `en`) and the first tag both chains share scores its depth in the one plus its
/// depth in the other, plus one when the two languages differ (`nb` reading `no`). A localization
/// with a region its language's likely subtags do not give (`pt_PT`, `en_GB`; not `pt_BR`,
/// `es_MX`, `zh_Hant_TW`) counts one deeper, so `pt` reads `pt-BR` before `pt-PT`. A reader of
/// `pt_PT` reads `pt_BR` only when nothing else matches. The lowest score wins.
///
/// What it leaves out: the other preferred languages of a device's list (one is asked here) and
/// the `zxx` sentinel (no app in reach has one). With no match, CFBundle shows the app's
/// development language: the caller's source language.
public enum AppleLocalizations {
    /// The app's localizations an iPhone set to `preferred` reads, best first, as
    /// `ualoc_localizationsToUse` returns them: the one chosen, then the others on its parent
    /// chain (`zh-HK`, `zh-Hant` for `zh-Hant-HK` of `zh-HK`, `zh-Hant`, `zh-Hans`). Empty when
    /// none matches (the development language is shown).
    public static func localizationsToUse(preferred: String, available: [String]) -> [String] {
        let key = ([preferred] + available).joined(separator: "\u{1F}")
        cache.lock()
        let known = chosen[key]
        cache.unlock()
        if let known { return known }
        let use = match(preferred: preferred, available: available)
        cache.lock()
        chosen[key] = use
        cache.unlock()
        return use
    }

    private static func match(preferred: String, available: [String]) -> [String] {
        let wanted = Info(preferred)
        let infos = available.map(Info.init)
        var result: Int?
        var portuguese: Int?
        var best = 999
        for (index, candidate) in infos.enumerated() {
            if best > -1, wanted.base == candidate.base {
                (result, best) = (index, -1)
            } else if best > 0, wanted.normalized == candidate.normalized {
                (result, best) = (index, 0)
            } else if best > 0, wanted.group == candidate.group {
                let mine = chain(of: wanted.normalized, penalized: false)
                let theirs = chain(of: candidate.normalized, penalized: true)
                for (depth, tag) in mine.enumerated() {
                    for (otherDepth, other) in theirs.enumerated() where tag == other {
                        // ualoc.cpp: "We don't want to match pt_BR with pt_PT unless there are no
                        // better matches anywhere".
                        if wanted.normalized == "pt_PT", candidate.normalized == "pt_BR" {
                            portuguese = index
                            continue
                        }
                        let score = depth + otherDepth + (wanted.language == candidate.language ? 0 : 1)
                        if score < best { (result, best) = (index, score) }
                    }
                }
            }
        }
        guard let chosen = result ?? portuguese else { return [] }
        var use = [available[chosen]]
        let walk = chain(of: infos[chosen].normalized, penalized: true)
        for (depth, tag) in walk.enumerated() where depth == 0 || walk[depth - 1] != tag {
            for (index, candidate) in infos.enumerated() where index != chosen && !use.contains(available[index]) {
                // ualoc.cpp's "HACK for Chinese": zh_Hant_HK on the chain brings zh_Hant_TW too.
                if tag == candidate.normalized || (tag == "zh_Hant_HK" && candidate.normalized == "zh_Hant_TW") {
                    use.append(available[index])
                }
            }
        }
        return use
    }

    /// `tag` as `uloc_getBaseName` writes it: `_` between subtags, the language in lower case, a
    /// script capitalized, a region and variants in upper case, keywords (`@…`) and BCP 47
    /// extensions (`-u-…`) dropped: `PT_br` → `pt_BR`, `zh-hant-tw` → `zh_Hant_TW`.
    static func baseName(_ tag: String) -> String {
        let head = tag.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        var parts = head.replacingOccurrences(of: "-", with: "_").split(separator: "_").map(String.init)
        if let singleton = parts.dropFirst().firstIndex(where: { $0.count == 1 }) { parts = Array(parts[..<singleton]) }
        guard let language = parts.first else { return "" }
        var out = [language.lowercased()]
        var rest = parts.dropFirst()
        if let script = rest.first, script.count == 4, script.allSatisfy(\.isLetter) {
            out.append(script.prefix(1).uppercased() + script.dropFirst().lowercased())
            rest = rest.dropFirst()
        }
        out += rest.map { $0.uppercased() }
        return out.joined(separator: "_")
    }

    /// `base` as `ualoc_normalize` reads it: Apple's `appleAliasMap` (`zh_HK` → `zh_Hant_HK`,
    /// `no_NO` → `nb_NO`, `english` → `en`), else ICU's language aliases (CLDR's: `iw` → `he`,
    /// `in` → `id`, `tl` → `fil`, `mo` → `ro`, `sh` → `sr_Latn`), the rest of the tag kept.
    static func normalized(_ base: String) -> String {
        if let apple = appleAliasMap[base] { return apple }
        let parts = base.split(separator: "_", maxSplits: 1).map(String.init)
        guard let language = parts.first, !language.isEmpty else { return base }
        let replacement = Locale.identifier(.icu, from: language)
        if replacement.isEmpty || replacement.lowercased() == language { return base }
        guard parts.count == 2 else { return replacement }
        // ualoc_normalize: a bare language replacement takes the tag's script and region; one
        // ending in a script (`sr_Latn`) takes the tag's region.
        if !replacement.contains("_") { return replacement + "_" + parts[1] }
        let last = replacement.split(separator: "_").last ?? ""
        if last.count == 4, let region = parts[1].split(separator: "_").last, region.count <= 3 { return replacement + "_" + region }
        return replacement
    }

    /// The tags `ualoc_localizationsToUse` walks from `normalized`: itself, itself again for an
    /// available localization (`penalized`) whose region is not its language's likely one, then
    /// each parent (`parent(of:)`), at most nine in all as ualoc.cpp's `kMaxParentChainLength`.
    static func chain(of normalized: String, penalized: Bool) -> [String] {
        var tags = [normalized]
        if penalized, region(of: normalized) != nil, normalized != "es_MX", normalized != "zh_Hant_TW",
           region(of: minimized(normalized)) != nil {
            tags.append(normalized)
        }
        while tags.count < 9, let next = parent(of: tags[tags.count - 1]) { tags.append(next) }
        return tags
    }

    /// `ualoc_getParent`: Apple's `appleParentMap`, else CLDR's parent locales (through
    /// Foundation), else the tag cut short; nil at the root.
    static func parent(of tag: String) -> String? {
        if let apple = appleParentMap[tag] { return apple == "root" ? nil : apple }
        cache.lock()
        defer { cache.unlock() }
        if let known = parents[tag] { return known.isEmpty ? nil : known }
        let found = cldrParent(of: tag)
        parents[tag] = found ?? ""
        return found
    }

    /// CLDR's parent locale of `tag` (`es_AR` → `es_419`, `pt_AO` → `pt_PT`, `en_DE` → `en_150`,
    /// `hi_Latn` → `en_IN`, `sr_Latn` → none), else the tag cut short, as Foundation's
    /// `Locale.Language.parent` finds it in Apple's ICU data. Where Foundation's answer is not a
    /// parent locale but an alias of the tag itself (`sr_ME` → `sr_Latn_ME`, whose likely
    /// subtags are the same), the tag is cut short, as `ualoc_getParent` does. Norwegian's tags
    /// are cut short without asking: Foundation on Linux never returns from `no_NO`'s parent, and
    /// CLDR gives `no_NO` no other parent than `no`.
    private static func cldrParent(of tag: String) -> String? {
        let truncated = tag.contains("_") ? String(tag[..<tag.lastIndex(of: "_")!]) : nil
        if tag == "no" || tag.hasPrefix("no_") { return truncated }
        let language = Locale.Language(identifier: tag)
        guard let parent = language.parent else { return truncated }
        guard let code = parent.languageCode?.identifier, code != "root", !code.isEmpty else { return nil }
        if parent.maximalIdentifier == language.maximalIdentifier { return truncated }
        // Foundation's parent carries its language's likely script (`es_Latn_419`): dropped when
        // it is the bare language's, as CLDR writes the parent (`es_419`; `zh_Hant_HK` kept).
        let likely = Locale.Language(identifier: code).maximalIdentifier.split(separator: "-").dropFirst().first.map(String.init)
        let script = parent.script?.identifier == likely ? nil : parent.script?.identifier
        return baseName([code, script, parent.region?.identifier].compactMap { $0 }.joined(separator: "_"))
    }

    private static let cache = NSLock()
    nonisolated(unsafe) private static var parents: [String: String] = [:]
    nonisolated(unsafe) private static var chosen: [String: [String]] = [:]

    /// `tag`'s region (`BR` of `pt_BR`, `419` of `es_419`), nil when it has none.
    static func region(of tag: String) -> String? {
        let parts: [Substring] = tag.split(separator: "_")
        let region = parts.dropFirst().first { (part: Substring) -> Bool in
            (part.count == 2 && part.allSatisfy(\.isLetter)) || (part.count == 3 && part.allSatisfy(\.isNumber))
        }
        return region.map(String.init)
    }

    /// `uloc_minimizeSubtags` through Foundation's likely subtags: `pt_BR` → `pt`, `pt_PT` →
    /// `pt_PT`, `zh_Hant_HK` → `zh_HK`.
    static func minimized(_ tag: String) -> String {
        Locale.Language(identifier: tag).minimalIdentifier.replacingOccurrences(of: "-", with: "_")
    }

    /// One tag as `ualoc_localizationsToUse` keeps it: its base name, normalized, its language,
    /// and the language group whose chains it compares (`likeLanguages` in ualoc.cpp: Najdi
    /// Arabic with Arabic, Hindi with English for `hi_Latn` → `en_IN`, Bokmål and Nynorsk with
    /// Norwegian, Wu and Cantonese with Chinese; any other language alone).
    struct Info {
        let base: String
        let normalized: String
        let language: String
        let group: String

        init(_ tag: String) {
            base = AppleLocalizations.baseName(tag)
            normalized = AppleLocalizations.normalized(base)
            language = String(normalized.split(separator: "_").first ?? "")
            group = Self.likeLanguages[language] ?? language
        }

        static let likeLanguages = ["ars": "ar", "hi": "en", "nb": "no", "nn": "no", "wuu": "zh", "yue": "zh"]
    }

    /// ualoc.cpp's `appleAliasMap`: Apple's aliases, looked up by base name before ICU's.
    static let appleAliasMap: [String: String] = [
        "arabic": "ar", "chinese": "zh_Hans", "danish": "da", "dutch": "nl", "english": "en", "finnish": "fi",
        "french": "fr", "german": "de", "italian": "it", "japanese": "ja", "korean": "ko", "no_NO": "nb_NO",
        "norwegian": "nb", "polish": "pl", "portuguese": "pt", "russian": "ru", "spanish": "es", "swedish": "sv",
        "thai": "th", "turkish": "tr",
        // "originally in ICU's metadata.txt as legacy mappings, but removed as of ICU 68"
        "yue_CN": "yue_Hans_CN", "yue_HK": "yue_Hant_HK", "zh_CN": "zh_Hans_CN", "zh_HK": "zh_Hant_HK",
        "zh_MO": "zh_Hant_MO", "zh_SG": "zh_Hans_SG", "zh_TW": "zh_Hant_TW",
    ]

    /// ualoc.cpp's `appleParentMap`, consulted before CLDR's parent locales: Commonwealth English
    /// reads British English (CLDR sends it to `en_001`), the Pacific's Australian, `en_CY`
    /// European; Najdi Arabic reads Arabic, Wu and Cantonese Chinese of their script; and
    /// Apple's Chinese chain (`zh_Hant_HK` → `zh_HK` → `zh_Hant` → `zh_TW` → root). Its two
    /// entries "from parentLocales, added here for efficiency" (`en_GB` → `en_001`, `es_MX` →
    /// `es_419`) are CLDR's and come from Foundation.
    static let appleParentMap: [String: String] = {
        var map = [
            "ars": "ar", "en_150": "en_GB", "en_CY": "en_150",
            "wuu": "wuu_Hans", "wuu_Hans": "zh_Hans", "wuu_Hant": "zh_Hant",
            "yue": "yue_Hant", "yue_HK": "zh_Hant_HK", "yue_Hans": "zh_Hans", "yue_Hant": "yue_HK",
            "zh_HK": "zh_Hant", "zh_Hant": "zh_TW", "zh_Hant_HK": "zh_HK", "zh_TW": "root",
        ]
        for region in ["AG", "AI", "AU", "BB", "BD", "BM", "BN", "BS", "BW", "BZ", "DG", "DM", "FJ", "FK", "GD", "GG",
                       "GH", "GI", "GM", "GY", "HK", "IE", "IM", "IN", "IO", "JE", "JM", "KE", "KI", "KN", "KY", "LC",
                       "LK", "LS", "MO", "MS", "MT", "MU", "MV", "MW", "MY", "NA", "NG", "PK", "PN", "SB", "SC", "SD",
                       "SG", "SH", "SL", "SS", "SZ", "TC", "TO", "TT", "TV", "TZ", "UG", "VC", "VG", "VU", "ZA", "ZM", "ZW"] {
            map["en_" + region] = "en_GB"
        }
        for region in ["CC", "CK", "CX", "NF", "NR", "NU", "NZ", "PG", "WS"] { map["en_" + region] = "en_AU" }
        return map
    }()
}
