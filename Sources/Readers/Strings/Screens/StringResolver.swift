import Foundation
import Reflow

/// Turns a screen's `TextReference` into the text one language shows, as an app's
/// `String(localized:)` would on an iPhone: the key looked up in its table with the catalog's
/// fallback (`pt-BR` → `pt` → the source language), the plural form chosen by the argument's count
/// under the shown language's CLDR rules (through ICU), `%#@name@` substitutions expanded with
/// their own forms, and the specifiers formatted with the screen's arguments in the language's
/// number style. A pseudolanguage (`pseudo-double`, …) transforms the source language's string.
///
/// What it finds wrong with the catalog is not an error but part of the answer (`TextOrigin`):
/// a key no catalog has shows the key itself, as iOS does; a translation whose specifiers differ
/// from the source's, or that lacks a plural form its language needs, is shown as it would be and
/// noted, for the audit's rules. Only what the screen itself gets wrong (arguments the source's
/// string cannot print) is an error.
public struct StringResolver: Sendable {
    /// The catalogs.
    public let tables: StringTables
    /// The language asked for: a catalog language's tag, or a pseudolanguage's.
    public let language: String
    /// Which form each plural variation shows: nil, the one the arguments' counts pick; `k`, the
    /// k-th of the forms the variation gives (the last when it gives fewer). The audit lays a
    /// screen out once per form (`formPasses`) so that every form is measured: the longest is the
    /// one that clips.
    public var formPass: Int?

    private let rules = PluralRulesCache()

    public init(tables: StringTables, language: String, formPass: Int? = nil) {
        self.tables = tables
        self.language = language
        self.formPass = formPass
        lookupLanguage = PseudoLanguage(tag: language) == nil ? tables.localization(for: language) : tables.sourceLanguage
    }

    /// The pseudolanguage asked for, if any.
    public var pseudo: PseudoLanguage? { PseudoLanguage(tag: language) }

    /// The language whose strings are looked up: the app's localization for the asked one
    /// (`StringTables.localization(for:)`: `pl-PL` for `pl` when the app has only that), or the
    /// source language for a pseudolanguage (which transforms the source's strings).
    public let lookupLanguage: String

    /// The text a language shows for a key, and where it came from.
    public struct Resolved: Sendable, Equatable {
        public var text: String
        public var origin: TextOrigin
    }

    /// Why a screen's text cannot be shown: its arguments do not fit the source language's
    /// format, or its catalog's string cannot be expanded. Worded for a `ScreenFileError`.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// The text `reference` shows in `language`. A translation whose specifiers differ from the
    /// source's is noted (`TextOrigin.formatMismatch`) with both strings quoted as the catalog
    /// writes them, so that the finding shows what to change.
    public func resolve(_ reference: TextReference) throws(Failure) -> Resolved {
        var resolved = try shown(reference)
        if let mismatch = resolved.origin.formatMismatch, let quote = quotedStrings(of: reference, shown: resolved.origin.shownLanguage) {
            resolved.origin.formatMismatch = quote + mismatch
        }
        return resolved
    }

    /// `"إصدار ٪@ (٪@)" against the source's "Version %@ (%@)": ` for a key's translation in
    /// `shown` and its source string: each plain string as written, a plural or device variation
    /// by its `other` form (the iPhone's), a string of substitutions by its format. Nil when
    /// either is not in the catalog.
    func quotedStrings(of reference: TextReference, shown: String?) -> String? {
        guard let shown, let catalog = tables.catalogs[reference.table], let string = catalog.strings[reference.key],
              let translation = string.localizations[shown]?.value?.unit(plural: .other)?.value else { return nil }
        let source = Self.writtenText(of: Self.sourceLocalization(of: reference, string, in: catalog), reference)
        return "\"\(translation)\" against the source's \"\(source)\": "
    }

    /// The source language's string of `reference`: the catalog's, else the reference's own
    /// (`TextReference.sourceLocalization`).
    static func sourceLocalization(of reference: TextReference, _ string: CatalogString, in catalog: StringCatalog) -> Localization {
        string.localizations[catalog.sourceLanguage] ?? reference.sourceLocalization
    }

    /// `localization` as written: a plain string, or a variation's `other` form (the iPhone's);
    /// the reference's source text when it has neither.
    static func writtenText(of localization: Localization, _ reference: TextReference) -> String {
        localization.value?.unit(plural: .other)?.value ?? reference.sourceText
    }

    /// The text `reference` shows in `language`, its format mismatch unquoted.
    private func shown(_ reference: TextReference) throws(Failure) -> Resolved {
        let asked = language
        guard let catalog = tables.catalogs[reference.table], let string = catalog.strings[reference.key] else {
            // iOS shows the key of a string no table has.
            var origin = TextOrigin(key: reference.key, table: reference.table, language: asked, shownLanguage: nil)
            origin.otherTables = tables.catalogs.filter { $0.value.strings[reference.key] != nil }.map(\.key).sorted()
            return Resolved(text: reference.key, origin: origin)
        }
        // A key with no string in the language's chain: a catalog whose source language has no
        // entry for a key uses the key as the source string (Xcode writes such keys: the key is
        // the English text), shown in the source language; or the default value the app's code
        // gives with the key (`"value"`), as `Bundle.localizedString(forKey:value:table:)` returns it.
        let (localization, shown) = catalog.localization(of: reference.key, in: lookupLanguage)
            ?? (reference.sourceLocalization, catalog.sourceLanguage)
        // The layout reads the app's localization for the asked language (`pl-PL` for `pl`,
        // `zh-CN` for `zh-Hans`): its strings are translations, not a fallback the audit counts.
        var origin = TextOrigin(key: reference.key, table: reference.table, language: pseudo == nil ? lookupLanguage : asked,
                                shownLanguage: shown, isTranslatable: string.shouldTranslate)
        let isSource = shown == catalog.sourceLanguage
        // A string the app shows unformatted (`NSLocalizedString` alone) is shown as written,
        // whatever its specifiers: its plain value, or a variation's `other` form.
        guard reference.isFormatted else {
            return Resolved(text: asWritten(Self.writtenText(of: localization, reference)), origin: origin)
        }
        var expansion = Expansion(arguments: reference.arguments, rules: rules, rulesLanguage: shown, pass: formPass)
        let format: String
        do {
            format = try expansion.expand(localization)
        } catch {
            // A string that is no format at all (Loop's percentage unit, "%"), named without
            // arguments, shows as written: String(localized:), Text and NSLocalizedString format
            // nothing then, and formatting it could only print garbage. A translation's such
            // string is a fault only when the source's reads arguments.
            if let literal = Self.literal(localization, arguments: reference.arguments) {
                let text = asWritten(literal)
                if !isSource, pseudo == nil, readsArguments(string.localizations[catalog.sourceLanguage], sourceLanguage: catalog.sourceLanguage) {
                    origin.formatMismatch = "the translation cannot be read as a format: \(error.message)"
                }
                return Resolved(text: text, origin: origin)
            }
            // The source's string is the screen's to get right; a translation's broken specifier
            // (Maccy's Japanese "• %を押しながら…") is what a device shows, noted for the audit.
            guard !isSource, pseudo == nil else {
                throw Failure(message: "key '\(reference.key)' (\(reference.table)) in \(shown): \(error.message)")
            }
            origin.formatMismatch = "the translation cannot be read as a format: \(error.message)"
            origin.forms = expansion.forms
            origin.formCount = Self.formCount(of: localization)
            return Resolved(text: Self.writtenText(of: localization, reference), origin: origin)
        }
        origin.forms = expansion.forms
        origin.formCount = Self.formCount(of: localization)
        origin.missingPluralForms = expansion.missingForms
        if !isSource, pseudo == nil {
            let sourceLocalization = Self.sourceLocalization(of: reference, string, in: catalog)
            origin.formatMismatch = Self.mismatch(source: sourceLocalization, translation: localization,
                                                  arguments: reference.arguments, rules: rules, sourceLanguage: catalog.sourceLanguage,
                                                  language: shown)
        }
        var text = format
        do throws(FormatStringError) {
            var parsed = try FormatString(format, asWritten: false)
            if let pseudo { parsed = try FormatString(pseudo.transform(parsed), asWritten: false) }
            text = try parsed.formatted(reference.arguments, language: lookupLanguage)
        } catch {
            // The screen's arguments must fit the source's string; a translation that cannot take
            // them is what a device shows garbled, noted for `format-mismatch`.
            guard !isSource, pseudo == nil else {
                // Quote the catalog's string as written when it has no substitutions.
                var (quoted, failure) = (format, error)
                if pseudo == nil, let written = expansion.writtenFormat {
                    do throws(FormatStringError) {
                        _ = try FormatString(written, asWritten: false).formatted(reference.arguments, language: lookupLanguage)
                    } catch {
                        (quoted, failure) = (written, error)
                    }
                }
                throw Failure(message: "key '\(reference.key)' (\(reference.table)) in \(shown), \"\(quoted)\": \(failure.message)"
                              + Self.percentSignHint(quoted, at: failure.offset))
            }
            // Arguments the source's string cannot print either are the screen's fault, whatever
            // language is asked for: a string for `%lld` is no German translation's mismatch. (A
            // screen that gives none names a plain text; a translation that cannot show it alone,
            // as Home Assistant's German "100 % garantiert", is the translation's fault, noted.)
            if !reference.arguments.isEmpty, let problem = sourceFormatProblem(of: reference, string, in: catalog) {
                throw Failure(message: problem)
            }
            origin.formatMismatch = origin.formatMismatch ?? error.message
            // Shown as the catalog writes it ("Bonjour, %d"), not as its positional rewrite.
            text = expansion.writtenFormat ?? format
        }
        return Resolved(text: text, origin: origin)
    }

    /// Why the source language's string of `reference` cannot print its arguments, worded as a
    /// screen's error (key, table, source language, the string as written); nil when it can.
    func sourceFormatProblem(of reference: TextReference, _ string: CatalogString, in catalog: StringCatalog) -> String? {
        let source = Self.sourceLocalization(of: reference, string, in: catalog)
        var expansion = Expansion(arguments: reference.arguments, rules: rules, rulesLanguage: catalog.sourceLanguage, pass: formPass)
        guard let format = try? expansion.expand(source) else { return nil }
        do throws(FormatStringError) {
            _ = try FormatString(format, asWritten: false).formatted(reference.arguments, language: catalog.sourceLanguage)
            return nil
        } catch {
            // Quote the string as written, and its specifier, when it has no substitutions.
            var (quoted, failure) = (format, error)
            if let written = expansion.writtenFormat {
                do throws(FormatStringError) {
                    _ = try FormatString(written, asWritten: false).formatted(reference.arguments, language: catalog.sourceLanguage)
                } catch {
                    (quoted, failure) = (written, error)
                }
            }
            return "key '\(reference.key)' (\(reference.table)) in \(catalog.sourceLanguage), \"\(quoted)\": \(failure.message)"
        }
    }

    /// `text` shown as written: as it is, or transformed by the pseudolanguage asked for.
    private func asWritten(_ text: String) -> String {
        guard let pseudo, let parsed = try? FormatString(text.replacingOccurrences(of: "%", with: "%%"), asWritten: false) else {
            return text
        }
        return (try? FormatString(pseudo.transform(parsed), asWritten: false).formatted([], language: lookupLanguage)) ?? text
    }

    /// The text of a plain string (no variations, no substitutions) named with no arguments.
    static func literal(_ localization: Localization, arguments: [FormatArgument]) -> String? {
        guard arguments.isEmpty, localization.substitutions.isEmpty, case .unit(let unit)? = localization.value else { return nil }
        return unit.value
    }

    /// Whether the source's string (every plural form `other`) reads an argument; false when it
    /// cannot be read as a format or is missing (the key is the source string then).
    func readsArguments(_ source: Localization?, sourceLanguage: String) -> Bool {
        guard let source else { return false }
        var expansion = Expansion(arguments: [], rules: rules, rulesLanguage: sourceLanguage, pass: nil, onlyOther: true)
        guard let text = try? expansion.expand(source), let format = try? FormatString(text, asWritten: false) else { return false }
        return !format.argumentKinds.isEmpty
    }

    /// A hint for a specifier that is likely a percent sign followed by a word ("100% guaranteed"
    /// reads '% g', a float with the space flag, as Home Assistant's catalog has it): a device
    /// that formats the string prints garbage there, so the catalog should write `%%`.
    static func percentSignHint(_ format: String, at offset: Int) -> String {
        guard let parsed = try? FormatString(format, asWritten: false),
              let specifier = parsed.specifiers.first(where: { $0.offset == offset }),
              specifier.position == nil, specifier.flags.contains(" ") else { return "" }
        return " If '\(specifier.text)' is a percent sign followed by text, the catalog must write it '%%' (\"%%\(specifier.text.dropFirst())\"): a device that formats the string prints a number there."
            + " If the app shows the string without formatting it (NSLocalizedString alone), say so with \"formatted\": false."
    }

    /// How many layouts the audit needs for every plural form of `reference` to be shown once:
    /// the most forms one of its variations gives (1 without variations).
    public func formPasses(of reference: TextReference) -> Int {
        guard reference.isFormatted, let catalog = tables.catalogs[reference.table],
              let (localization, _) = catalog.localization(of: reference.key, in: lookupLanguage) else { return 1 }
        return Self.formCount(of: localization)
    }

    /// The most forms one of `localization`'s variations gives (1 without variations).
    static func formCount(of localization: Localization) -> Int {
        let values = [localization.value].compactMap { $0 } + localization.substitutions.values.map(\.value)
        return values.map { max(1, $0.pluralCategories.count) }.max() ?? 1
    }

    /// The translation's specifiers against the source's, each with every plural form `other`
    /// (the one that always shows the number), substitutions expanded; nil when they agree.
    static func mismatch(source: Localization, translation: Localization, arguments: [FormatArgument],
                         rules: PluralRulesCache, sourceLanguage: String, language: String) -> String? {
        var sourceExpansion = Expansion(arguments: arguments, rules: rules, rulesLanguage: sourceLanguage, pass: nil, onlyOther: true)
        var translationExpansion = Expansion(arguments: arguments, rules: rules, rulesLanguage: language, pass: nil, onlyOther: true)
        guard let sourceText = try? sourceExpansion.expand(source),
              let sourceFormat = try? FormatString(sourceText, asWritten: false) else { return nil }
        do throws(Expansion.Problem) {
            let translationText = try translationExpansion.expand(translation)
            do throws(FormatStringError) {
                return sourceFormat.mismatch(in: try FormatString(translationText, asWritten: false))?.message
            } catch {
                return error.message
            }
        } catch {
            return error.message
        }
    }
}

/// ICU's plural rules by language, opened once per run of a resolver and its copies.
final class PluralRulesCache: @unchecked Sendable {
    private let lock = NSLock()
    private var rules: [String: PluralRules] = [:]

    /// The category `count` takes in `language`, and the categories the language has.
    func category(of count: FormatArgument, in language: String) -> PluralCategory {
        lock.lock(); defer { lock.unlock() }
        guard let rules = opened(language) else { return .other }
        switch count {
        case .integer(let n): return rules.category(for: n)
        case .double(let x): return rules.category(for: x)
        case .string: return .other
        }
    }

    func categories(of language: String) -> [PluralCategory] {
        lock.lock(); defer { lock.unlock() }
        return opened(language)?.categories ?? [.other]
    }

    /// The categories a whole number takes in `language` (`PluralRules.integerCategories`).
    func integerCategories(of language: String) -> [PluralCategory] {
        lock.lock(); defer { lock.unlock() }
        return opened(language)?.integerCategories ?? [.other]
    }

    private func opened(_ language: String) -> PluralRules? {
        if let known = rules[language] { return known }
        guard let new = try? PluralRules(language: language) else { return nil }
        rules[language] = new
        return new
    }
}
