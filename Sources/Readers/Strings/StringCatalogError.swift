/// What is wrong with a string catalog file, and where: the file, then a JSON path
/// (`strings["Done"].localizations.de.stringUnit`), a property list path, or a line
/// (`line 12`), then what was wrong and what to do.
public struct StringCatalogError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file as the caller named it.
    public let file: String
    /// Where in the file: a JSON or property list path, or `line N`; empty for the whole file.
    public let location: String
    public let message: String

    public init(file: String, location: String = "", message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    public var description: String { location.isEmpty ? "\(file): \(message)" : "\(file): \(location): \(message)" }
}

/// Checks shared by the readers of every format.
enum CatalogChecks {
    /// The plural category spelled `name`, or an error at `location` saying which are known.
    static func pluralCategory(_ name: String, file: String, location: String) throws -> PluralCategory {
        guard let category = PluralCategory(rawValue: name) else {
            throw StringCatalogError(file: file, location: location, message: "'\(name)' is not a plural category; "
                + "use one of zero, one, two, few, many, other (CLDR's names, in lower case)")
        }
        return category
    }

    /// The device spelled `name`, or an error at `location` saying which are known.
    static func deviceCategory(_ name: String, file: String, location: String) throws -> DeviceCategory {
        guard let device = DeviceCategory(rawValue: name) else {
            throw StringCatalogError(file: file, location: location, message: "'\(name)' is not a device variation; "
                + "use one of \(DeviceCategory.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return device
    }

    /// The state spelled `name`, or an error at `location` saying which are known.
    static func state(_ name: String?, file: String, location: String) throws -> TranslationState? {
        guard let name else { return nil }
        guard let state = TranslationState(rawValue: name) else {
            throw StringCatalogError(file: file, location: location, message: "'\(name)' is not a translation state; "
                + "use one of \(TranslationState.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return state
    }

    /// The substitutions `%#@name@` placeholders in `text` name, in order, each with the argument
    /// number written before it (`%2$#@name@` → 2), if any.
    static func substitutionNames(in text: String) -> [(name: String, argumentNumber: Int?)] {
        var found: [(String, Int?)] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "%" else { index += 1; continue }
            var cursor = index + 1
            var digits = ""
            while cursor < scalars.count, ("0"..."9").contains(scalars[cursor]) { digits.unicodeScalars.append(scalars[cursor]); cursor += 1 }
            var number: Int?
            // `%2$#@name@`, and `%1#@name@` as some files write it without the `$`.
            if !digits.isEmpty, cursor < scalars.count, scalars[cursor] == "$" { number = Int(digits); cursor += 1 }
            else if !digits.isEmpty, cursor < scalars.count, scalars[cursor] == "#" { number = Int(digits) }
            if cursor + 1 < scalars.count, scalars[cursor] == "#", scalars[cursor + 1] == "@",
               let end = scalars[(cursor + 2)...].firstIndex(of: "@") {
                found.append((String(String.UnicodeScalarView(scalars[(cursor + 2)..<end])), number))
                index = end + 1
            } else if cursor < scalars.count, scalars[cursor] == "%", cursor == index + 1 {
                index = cursor + 1  // "%%" is a literal percent sign
            } else {
                index = cursor
            }
        }
        return found
    }

    /// An error when a substitution's forms name the substitution itself (`%#@a@` inside `a`),
    /// which would expand without end.
    static func checkSelfReference(_ localization: Localization, file: String, location: String) throws {
        for (name, substitution) in localization.substitutions.sorted(by: { $0.key < $1.key }) {
            for unit in substitution.value.units where substitutionNames(in: unit.value).contains(where: { $0.name == name }) {
                throw StringCatalogError(file: file, location: "\(location).substitutions.\(name)", message:
                    "the substitution '\(name)' names itself ('%#@\(name)@' in its form \"\(unit.value)\"), which never ends; "
                    + "write the count with %arg (or %d) in its forms instead")
            }
        }
    }
}
