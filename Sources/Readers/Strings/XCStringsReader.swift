import Foundation

/// Reads Xcode's string catalogs (`.xcstrings`): JSON, decoded with Foundation's `JSONDecoder`
/// (a maintained parser; its errors give the coding path of a value of the wrong type, passed on
/// as a JSON path in `StringCatalogError`; for malformed JSON, where they give no place, the line
/// and column come from `JSONSerialization`). What the decoder accepts is then checked for what
/// JSON cannot say: plural and device names, states, and substitutions that name themselves.
///
/// The format, as Xcode writes it: `{"sourceLanguage": "en", "version": "1.0", "strings": {KEY:
/// {"comment", "shouldTranslate", "extractionState", "localizations": {LANG: {"stringUnit":
/// {"state", "value"}, "stringSet": {"state", "values"} (App Shortcuts' phrases), "variations":
/// {"plural" | "device": {NAME: {"stringUnit" | "variations"}}},
/// "substitutions": {NAME: {"argNum", "formatSpecifier", "variations": {"plural": …}}}}}}}}`.
enum XCStringsReader {
    static func catalog(json bytes: [UInt8], file: String, table: String) throws -> StringCatalog {
        let raw: RawCatalog
        do {
            raw = try JSONDecoder().decode(RawCatalog.self, from: Data(bytes))
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
                throw Self.syntaxError(bytes, file: file)
            }
            throw Self.error(error, file: file)
        }
        var catalog = StringCatalog(table: table, sourceLanguage: raw.sourceLanguage)
        for (key, rawString) in raw.strings {
            let path = "strings[\(quoted(key))]"
            var string = CatalogString(comment: rawString.comment, shouldTranslate: rawString.shouldTranslate ?? true)
            for (language, rawLocalization) in rawString.localizations ?? [:] {
                let location = "\(path).localizations.\(language)"
                let localization = try Self.localization(rawLocalization, file: file, location: location)
                try CatalogChecks.checkSelfReference(localization, file: file, location: location)
                string.localizations[language] = localization
            }
            Self.readBase(&string, sourceLanguage: raw.sourceLanguage)
            catalog.strings[key] = string
        }
        return catalog
    }

    /// A storyboard's or xib's catalog (`mul.lproj/Main.xcstrings`) gives each key a `"base"`
    /// localization: the text the storyboard holds, which the app shows where no localization has
    /// the key. It is no language: it is read as the source language's text where that has none
    /// (as `Base.lproj` is for `.strings`), and dropped otherwise.
    static func readBase(_ string: inout CatalogString, sourceLanguage: String) {
        guard let base = string.localizations.keys.first(where: { $0.lowercased() == "base" }),
              let localization = string.localizations.removeValue(forKey: base) else { return }
        if string.localizations[sourceLanguage] == nil { string.localizations[sourceLanguage] = localization }
    }

    private static func localization(_ raw: RawLocalization, file: String, location: String) throws -> Localization {
        var value: CatalogValue?
        if let variations = raw.variations {
            value = try Self.value(variations, file: file, location: "\(location).variations")
        } else if let unit = raw.stringUnit {
            value = .unit(try Self.unit(unit, file: file, location: "\(location).stringUnit"))
        } else if let set = raw.stringSet, let first = set.values.first {
            // An App Shortcuts phrase list (Xcode's AppShortcuts.xcstrings): its first phrase.
            value = .unit(try Self.unit(RawUnit(state: set.state, value: first), file: file, location: "\(location).stringSet.values[0]"))
        }
        var substitutions: [String: Substitution] = [:]
        for (name, rawSubstitution) in raw.substitutions ?? [:] {
            let subLocation = "\(location).substitutions.\(name)"
            guard let variations = rawSubstitution.variations else {
                throw StringCatalogError(file: file, location: subLocation, message:
                    "the substitution has no 'variations'; give it {\"plural\": {\"other\": {\"stringUnit\": …}}}")
            }
            if let number = rawSubstitution.argNum, !(1...FormatString.maximumPosition).contains(number) {
                throw StringCatalogError(file: file, location: "\(subLocation).argNum", message:
                    "is \(number); arguments are numbered from 1 (argNum 1 is the format's first) up to \(FormatString.maximumPosition): give the argument the substitution counts by")
            }
            substitutions[name] = Substitution(argumentNumber: rawSubstitution.argNum, formatSpecifier: rawSubstitution.formatSpecifier,
                                               value: try Self.value(variations, file: file, location: "\(subLocation).variations"))
        }
        return Localization(value: value, substitutions: substitutions)
    }

    private static func value(_ raw: RawVariations, file: String, location: String) throws -> CatalogValue {
        if let device = raw.device {
            var forms: [DeviceCategory: CatalogValue] = [:]
            for (name, variation) in device {
                let category = try CatalogChecks.deviceCategory(name, file: file, location: "\(location).device")
                forms[category] = try Self.value(variation, file: file, location: "\(location).device.\(name)")
            }
            return .device(forms)
        }
        if let plural = raw.plural {
            var forms: [PluralCategory: CatalogValue] = [:]
            for (name, variation) in plural {
                let category = try CatalogChecks.pluralCategory(name, file: file, location: "\(location).plural")
                forms[category] = try Self.value(variation, file: file, location: "\(location).plural.\(name)")
            }
            return .plural(forms)
        }
        throw StringCatalogError(file: file, location: location, message: "'variations' holds neither 'plural' nor 'device'; give one of them")
    }

    private static func value(_ raw: RawVariation, file: String, location: String) throws -> CatalogValue {
        if let variations = raw.variations { return try Self.value(variations, file: file, location: "\(location).variations") }
        if let unit = raw.stringUnit { return .unit(try Self.unit(unit, file: file, location: "\(location).stringUnit")) }
        throw StringCatalogError(file: file, location: location, message: "the variation has neither 'stringUnit' nor 'variations'; give one of them")
    }

    private static func unit(_ raw: RawUnit, file: String, location: String) throws -> StringUnit {
        try CatalogChecks.checkSpecifierCount(raw.value, file: file, location: "\(location).value")
        return StringUnit(raw.value, state: try CatalogChecks.state(raw.state, file: file, location: "\(location).state"))
    }

    /// A key as a JSON path writes it: in quotes, with `"` and `\` escaped.
    static func quoted(_ key: String) -> String {
        "\"" + key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Where malformed JSON goes wrong, as a line and column: swift-corelibs-foundation's
    /// `JSONDecoder` says only that the data is not valid JSON, so `JSONSerialization` (the same
    /// library's parser) is asked, and its "around character N" (a byte offset) turned into a line.
    private static func syntaxError(_ bytes: [UInt8], file: String) -> StringCatalogError {
        var detail = "it cannot be parsed"
        do {
            _ = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        }
        var location = ""
        if let range = detail.range(of: #"character (\d+)"#, options: .regularExpression),
           let offset = Int(detail[range].dropFirst("character ".count)), offset <= bytes.count {
            let line = bytes[..<offset].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            let column = offset - (bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
            location = "line \(line), column \(column)"
        } else if detail.localizedCaseInsensitiveContains("end of file") {
            // A file cut short (a partial copy or download): its end is the place to look.
            let line = bytes.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            return StringCatalogError(file: file, location: "line \(line), the end of the file", message:
                "ends before its JSON does (\(detail)): the file is cut short; copy or export the whole catalog again from Xcode")
        }
        return StringCatalogError(file: file, location: location, message:
            "is not valid JSON (\(detail)); fix the JSON there, or export the catalog again from Xcode")
    }

    /// A decoding error as a `StringCatalogError`: where (the coding path, as a JSON path) and what.
    private static func error(_ error: DecodingError, file: String) -> StringCatalogError {
        switch error {
        case .dataCorrupted(let context):
            let detail = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
                ?? context.underlyingError.map { "\($0)" } ?? context.debugDescription
            return StringCatalogError(file: file, location: path(context.codingPath), message:
                "is not valid JSON (\(detail)); fix the JSON there, or export the catalog again from Xcode")
        case .keyNotFound(let key, let context):
            return StringCatalogError(file: file, location: path(context.codingPath), message:
                "'\(key.stringValue)' is missing; a string catalog gives it here")
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return StringCatalogError(file: file, location: path(context.codingPath), message:
                "expected \(describe(type)) here; \(context.debugDescription)")
        @unknown default:
            return StringCatalogError(file: file, message: "is not a string catalog: \(error)")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type: return "a whole number"
        case is Bool.Type: return "true or false"
        default: return "an object"
        }
    }

    /// A coding path as a JSON path: `strings["Done"].localizations.de.stringUnit.value`.
    private static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for (index, key) in codingPath.enumerated() {
            if let position = key.intValue { text += "[\(position)]"; continue }
            if index == 1, codingPath[0].stringValue == "strings" { text += "[\(quoted(key.stringValue))]"; continue }
            text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
        }
        return text
    }
}

// The file's shape, as Decodable values; checked and turned into the model above.
private struct RawCatalog: Decodable {
    var sourceLanguage: String
    var strings: [String: RawString]
}

private struct RawString: Decodable {
    var comment: String?
    var shouldTranslate: Bool?
    var localizations: [String: RawLocalization]?
}

private struct RawLocalization: Decodable {
    var stringUnit: RawUnit?
    var stringSet: RawStringSet?
    var variations: RawVariations?
    var substitutions: [String: RawSubstitution]?
}

private struct RawUnit: Decodable {
    var state: String?
    var value: String
}

private struct RawStringSet: Decodable {
    var state: String?
    var values: [String]
}

private struct RawVariations: Decodable {
    var plural: [String: RawVariation]?
    var device: [String: RawVariation]?
}

private struct RawVariation: Decodable {
    var stringUnit: RawUnit?
    var variations: RawVariations?
}

private struct RawSubstitution: Decodable {
    var argNum: Int?
    var formatSpecifier: String?
    var variations: RawVariations?
}
