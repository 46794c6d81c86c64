import Foundation

/// One string of a catalog made into one format string: its plural and device variations chosen,
/// its `%#@name@` substitutions replaced by their chosen forms, every argument's specifier written
/// with its position (`%@ has %#@count@` with `count` reading argument 2 as `lld` becomes
/// `%1$@ has %2$lld posts`), so that the result formats with the screen's arguments as Foundation
/// would format the original. Records the forms it chose and the plural forms the language needs
/// that a variation lacks.
struct Expansion {
    let arguments: [FormatArgument]
    let rules: PluralRulesCache
    /// The language whose plural rules choose the forms: the language of the string shown.
    let rulesLanguage: String
    /// `StringResolver.formPass`.
    let pass: Int?
    /// Every variation shows `other` (as the translation's specifiers are compared).
    var onlyOther = false

    /// The forms chosen: `few`, `count: few`, `device: iphone`.
    private(set) var forms: [String] = []
    /// The plural forms the language needs by CLDR that a variation lacks: `few`, `count: many`.
    private(set) var missingForms: [String] = []
    /// The string as the catalog writes it, when it has no substitutions (it then reads its
    /// arguments as written): what an error about one of its specifiers quotes, not the expanded
    /// string's positional rewrite ('% g' in "100% guaranteed", not '%1$ g' in "100%1$ guaranteed").
    private(set) var writtenFormat: String?

    /// Substitutions inside substitutions are followed this deep (a catalog's reader refuses one
    /// that names itself; this bounds a longer cycle).
    static let maximumDepth = 4

    /// What cannot be expanded, worded for the screen's error.
    struct Problem: Error, Sendable {
        var message: String
    }

    init(arguments: [FormatArgument], rules: PluralRulesCache, rulesLanguage: String, pass: Int?, onlyOther: Bool = false) {
        self.arguments = arguments
        self.rules = rules
        self.rulesLanguage = rulesLanguage
        self.pass = pass
        self.onlyOther = onlyOther
    }

    /// `localization` as one format string.
    mutating func expand(_ localization: Localization) throws(Problem) -> String {
        guard let value = localization.value else {
            throw Problem(message: "the catalog gives the key no text in this language (no \"stringUnit\", \"variations\" or \"stringSet\"); give it a \"stringUnit\"")
        }
        let count = arguments.first { if case .string = $0 { false } else { true } }
        guard let unit = choose(value, variable: nil, count: count, countsIntegers: Self.countsIntegers(value)) else {
            throw Problem(message: "the string has no form for this count and no 'other' form; give it an 'other' form")
        }
        return try expand(unit.value, localization.substitutions, depth: 0)
    }

    /// The unit `value` shows on an iPhone for `count`, recording the choice. `countsIntegers`:
    /// the count is printed as a whole number (`%d`, `%lld`), so a form CLDR keeps for decimals
    /// (Russian `other`) is not one the language needs here.
    private mutating func choose(_ value: CatalogValue, variable: String?, count: FormatArgument?, countsIntegers: Bool) -> StringUnit? {
        switch value {
        case .unit(let unit):
            return unit
        case .device(let variations):
            // The iPhone's, else `other`, else (a .stringsdict device rule need not give either)
            // the first in DeviceCategory's order, so that a run never depends on a dictionary's.
            guard let device = ([.iphone, .other] + DeviceCategory.allCases).first(where: { variations[$0] != nil }),
                  let chosen = variations[device] else { return nil }
            forms.append("device: \(device.rawValue)")
            return choose(chosen, variable: variable, count: count, countsIntegers: countsIntegers)
        case .plural(let variations):
            let given = PluralCategory.allCases.filter { variations[$0] != nil }
            guard !given.isEmpty else { return nil }
            let needs = countsIntegers ? rules.integerCategories(of: rulesLanguage) : rules.categories(of: rulesLanguage)
            for needed in needs where variations[needed] == nil {
                let name = variable.map { "\($0): \(needed.rawValue)" } ?? needed.rawValue
                if !missingForms.contains(name) { missingForms.append(name) }
            }
            var category: PluralCategory
            if onlyOther {
                category = variations[.other] != nil ? .other : given[given.count - 1]
            } else if let pass {
                category = given[min(pass, given.count - 1)]
            } else if let count {
                // A `zero` form shows for 0 in every language, whatever CLDR's rules say (Foundation
                // Release Notes for OS X 10.9: "If 'zero' is present, the value is used for mapping
                // the argument value zero regardless of what CLDR rule specifies"): CotEditor's
                // English "Not found" for 0 matches, not "0 matches".
                category = Self.isZero(count) && variations[.zero] != nil ? .zero : rules.category(of: count, in: rulesLanguage)
            } else {
                category = .other
            }
            if variations[category] == nil { category = variations[.other] != nil ? .other : given[given.count - 1] }
            forms.append(variable.map { "\($0): \(category.rawValue)" } ?? category.rawValue)
            return choose(variations[category]!, variable: variable, count: count, countsIntegers: countsIntegers)
        }
    }

    /// Whether a substitution's `formatSpecifier` (a `.stringsdict` variable's
    /// `NSStringFormatValueTypeKey`: `d`, `ld`, `lld`, `u`) prints a whole number, as
    /// `FormatSpecifier` reads the specifier it makes (`%` and it). `@`, one that is not a single
    /// specifier, and a missing one may be given a decimal.
    static func isIntegerSpecifier(_ specifier: String?) -> Bool {
        guard let specifier, let parsed = try? FormatString("%" + specifier, asWritten: false),
              parsed.specifiers.count == 1, parsed.pieces.count == 1 else { return false }
        return parsed.specifiers[0].kind == .integer
    }

    /// Whether a string's own plural variation counts whole numbers: every specifier its forms
    /// print is an integer's (`%lld`, as Xcode writes a one-argument plural), and there is one.
    /// A plain string has no variation to ask about (and is not parsed twice).
    static func countsIntegers(_ value: CatalogValue) -> Bool {
        if case .unit = value { return false }
        var kinds: [FormatSpecifier.Kind] = []
        for unit in value.units {
            guard let parsed = try? FormatString(unit.value, asWritten: false) else { return false }
            kinds += parsed.specifiers.map(\.kind).filter { $0 != .percentSign }
        }
        return !kinds.isEmpty && kinds.allSatisfy { $0 == .integer }
    }

    /// Whether `count` is the number 0 (an integer or a decimal; a string never is).
    static func isZero(_ count: FormatArgument) -> Bool {
        switch count {
        case .integer(let n): n == 0
        case .double(let x): x == 0
        case .string: false
        }
    }

    /// `format` with its substitutions replaced and every argument's specifier positional. A
    /// substitution's form is expanded `reading` its variable's argument: `%arg` (an `.xcstrings`
    /// form's placeholder) read as `specifier` (`lld`; `@` when the catalog gives none), and
    /// every specifier without a position (a `.stringsdict` form's `%d`) reading that argument.
    ///
    /// In the string itself a token without a position (`%#@name@`) takes the next argument as
    /// an ordered specifier does, as Foundation reads it: in Mastodon's `%@ %#@post_count@` the
    /// count is argument 2, in Apple's `%#@num_people_in_room@ in %@` the room is argument 2,
    /// and in Ice Cubes' German `%#@count_posts@ von %#@count_participants@` (no `argNum`) the
    /// participants are argument 2. A catalog's `argNum` still says which argument chooses the form.
    private mutating func expand(_ format: String, _ substitutions: [String: Substitution], depth: Int,
                                 reading argument: Int? = nil, specifier: String? = nil) throws(Problem) -> String {
        let text = argument == nil ? format : format.replacingOccurrences(of: "%arg", with: "%" + (specifier ?? "@"))
        let parsed: FormatString
        do { parsed = try FormatString(text, asWritten: false) } catch { throw Problem(message: error.message) }
        if argument == nil, parsed.substitutionNames.isEmpty { writtenFormat = text }
        var out = ""
        // The argument the next specifier or token without a position reads, in the string itself.
        var ordinal = 1
        for piece in parsed.pieces {
            switch piece {
            case .literal(let text):
                out += text
            case .specifier(let s):
                if case .substitution(let name) = s.kind {
                    let slot = s.position == nil ? ordinal : nil
                    if slot != nil { ordinal += 1 }
                    guard depth < Self.maximumDepth else {
                        throw Problem(message: "its substitutions name each other more than \(Self.maximumDepth) deep ('\(s.text)'); a substitution's forms should hold its count, not more substitutions")
                    }
                    guard let substitution = substitutions[name] else {
                        throw Problem(message: "'\(s.text)' names the substitution '\(name)', which the string does not give; add it to the string's "
                                      + "\"substitutions\" (in a .stringsdict, a <key>\(name)</key> variable beside NSStringLocalizedFormatKey)")
                    }
                    let variable = substitution.argumentNumber ?? s.argument ?? argument ?? slot ?? 1
                    let count = variable >= 1 && variable <= arguments.count ? arguments[variable - 1] : nil
                    guard let unit = choose(substitution.value, variable: name, count: count,
                                            countsIntegers: Self.isIntegerSpecifier(substitution.formatSpecifier)) else {
                        throw Problem(message: "the substitution '\(name)' has no form for this count and no 'other' form; give it an 'other' form")
                    }
                    out += try expand(unit.value, substitutions, depth: depth + 1, reading: variable, specifier: substitution.formatSpecifier)
                } else if s.argument != nil, s.position == nil {
                    out += "%\(argument ?? ordinal)$" + s.text.dropFirst()
                    ordinal += 1
                } else {
                    out += s.text
                }
            }
        }
        return out
    }
}
