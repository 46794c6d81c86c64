import CICUShim

/// A well-formed BCP 47 language tag (`ja`, `zh-Hant-TW`, `sr-Latn`), as ICU reads it whole.
public struct LanguageTag: Hashable, Sendable, CustomStringConvertible {
    /// The tag as given, with its subtags in their conventional case (`zh-Hant-TW`).
    public let tag: String

    /// Validates `string`: letters, digits and hyphens in subtags of 1–8 characters, a primary
    /// language subtag of 2–3 or 5–8 letters (or `x-` private use), read whole by ICU.
    public init(_ string: String) throws {
        func fail(_ reason: String) -> TextMetricsError { .invalidLanguageTag(tag: string, reason: reason) }
        let subtags = string.split(separator: "-", omittingEmptySubsequences: false)
        guard !string.isEmpty else { throw fail("it is empty") }
        for subtag in subtags {
            guard !subtag.isEmpty, subtag.count <= 8 else { throw fail("subtags are 1 to 8 characters, separated by single hyphens") }
            guard subtag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                throw fail("subtags hold only ASCII letters and digits")
            }
        }
        let primary = subtags[0]
        if primary.lowercased() != "x" {
            guard primary.allSatisfy(\.isLetter), [2, 3, 5, 6, 7, 8].contains(primary.count) else {
                throw fail("the language subtag '\(primary)' must be 2–3 (or 5–8) letters, like 'en' or 'ja'")
            }
        }
        var locale = [CChar](repeating: 0, count: 157)
        guard reflow_language_tag(string, &locale, Int32(locale.count)) >= 0 else {
            throw fail("ICU cannot read it as BCP 47")
        }
        // Conventional case: language lower, script title, region upper.
        tag = subtags.enumerated().map { (index: Int, subtag: Substring) -> String in
            if index > 0, subtag.count == 4, subtag.allSatisfy(\.isLetter) { return subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased() }
            if index > 0, subtag.count == 2, subtag.allSatisfy(\.isLetter) { return subtag.uppercased() }
            return subtag.lowercased()
        }.joined(separator: "-")
    }

    public var description: String { tag }

    /// Whether the language's script (its script subtag, else its likely one: `ar`, `he`, `fa`,
    /// `ur`, `yi`, …) is written right to left: what a layout direction follows when none is given,
    /// as an app's interface follows its language.
    public var isRightToLeft: Bool { reflow_language_is_right_to_left(tag) != 0 }

    /// The primary language subtag, lower case (`zh` of `zh-Hant-TW`).
    public var language: String { String(tag.prefix { $0 != "-" }) }

    /// The script subtag when there is one (`Hant`).
    public var script: String? {
        tag.split(separator: "-").dropFirst().first { $0.count == 4 && $0.allSatisfy(\.isLetter) }.map(String.init)
    }

    /// The region subtag when there is one (`TW`).
    public var region: String? {
        let subtags: [Substring] = tag.split(separator: "-")
        let region = subtags.dropFirst().first { (subtag: Substring) -> Bool in
            (subtag.count == 2 && subtag.allSatisfy(\.isLetter)) || (subtag.count == 3 && subtag.allSatisfy(\.isNumber))
        }
        return region.map(String.init)
    }
}
