import Foundation

/// Reads `.stringsdict` files: an XML property list, parsed by Foundation's
/// `PropertyListSerialization` (swift-corelibs-foundation's parser, the same format Xcode writes).
/// Each key holds `NSStringLocalizedFormatKey` (the text, with `%#@name@` placeholders) and, per
/// name, a dictionary with `NSStringFormatSpecTypeKey` = `NSStringPluralRuleType`,
/// `NSStringFormatValueTypeKey` (the specifier, `d`, `ld`) and the plural forms
/// (`zero` … `other`). They become the same model as a catalog's substitutions: the argument's
/// number is the one written in the placeholder (`%2$#@name@`), when it is. A key may instead
/// hold a device rule or a width rule (`rule(_:file:location:)`).
enum StringsDictReader {
    /// Key → what it says in this file's language.
    static func localizations(bytes: [UInt8], file: String) throws -> [String: Localization] {
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            if detail.localizedCaseInsensitiveContains("unexpected EOF") {
                // A file cut short (a partial copy or download): Foundation names no line, so the
                // file's end is named, the place to look, as for a catalog's JSON.
                let line = bytes.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
                throw StringCatalogError(file: file, location: "line \(line), the end of the file", message:
                    "ends before its property list does (\(detail)): the file is cut short; copy it again whole, or save it again from Xcode")
            }
            throw StringCatalogError(file: file, message: "is not a property list (\(detail)); a .stringsdict file is an XML property list, as Xcode writes it")
        }
        guard let root = plist as? [String: Any] else {
            throw StringCatalogError(file: file, message: "holds \(kind(of: plist)) at the top, not a dictionary of keys; a .stringsdict file is a <dict> of keys")
        }
        var result: [String: Localization] = [:]
        for (key, entry) in root {
            let location = XCStringsReader.quoted(key)
            guard let entry = entry as? [String: Any] else {
                throw StringCatalogError(file: file, location: location, message: "holds \(kind(of: entry)), not a dictionary; give it NSStringLocalizedFormatKey and its variables")
            }
            let (value, substitutions) = try rule(entry, file: file, location: location)
            let localization = Localization(value: value, substitutions: substitutions)
            try CatalogChecks.checkSelfReference(localization, file: file, location: location)
            result[key] = localization
        }
        return result
    }

    /// One key's rule, as Apple's "Creating width and device variants of strings" and
    /// "Localizing strings that contain plurals" describe them: a device rule
    /// (`NSStringDeviceSpecificRuleType`: a string or a plural rule per device), a width rule
    /// (`NSStringVariableWidthRuleType`: strings by width, of which the widest is read, the string
    /// `NSLocalizedString` returns before `variantFittingPresentationWidth(_:)` picks a narrower
    /// one), or a format with plural variables. The variables of every device's format are the
    /// key's substitutions.
    private static func rule(_ entry: [String: Any], file: String, location: String) throws -> (CatalogValue, [String: Substitution]) {
        if let device = entry["NSStringDeviceSpecificRuleType"] {
            let ruleLocation = "\(location).NSStringDeviceSpecificRuleType"
            guard let forms = device as? [String: Any], !forms.isEmpty else {
                throw StringCatalogError(file: file, location: ruleLocation, message:
                    "holds \(kind(of: device)), not a dictionary of devices; give it <key>iphone</key><string>…</string> and the other devices' strings")
            }
            var values: [DeviceCategory: CatalogValue] = [:]
            var substitutions: [String: Substitution] = [:]
            for (name, form) in forms {
                let category = try CatalogChecks.deviceCategory(name, file: file, location: ruleLocation)
                let (value, more) = try variant(form, file: file, location: "\(ruleLocation).\(name)")
                values[category] = value
                substitutions.merge(more) { first, _ in first }
            }
            return (.device(values), substitutions)
        }
        if let width = entry["NSStringVariableWidthRuleType"] {
            let ruleLocation = "\(location).NSStringVariableWidthRuleType"
            guard let forms = width as? [String: Any], !forms.isEmpty else {
                throw StringCatalogError(file: file, location: ruleLocation, message:
                    "holds \(kind(of: width)), not a dictionary of widths; give it <key>20</key><string>…</string> for each width")
            }
            var widest: (width: Int, name: String)?
            for name in forms.keys {
                guard let number = Int(name), number >= 0 else {
                    throw StringCatalogError(file: file, location: "\(ruleLocation).\(name)", message:
                        "'\(name)' is not a width; a width rule's keys are whole numbers (1, 22, 53)")
                }
                if number > widest?.width ?? -1 { widest = (number, name) }
            }
            return try variant(forms[widest!.name]!, file: file, location: "\(ruleLocation).\(widest!.name)")
        }
        guard let format = entry["NSStringLocalizedFormatKey"] as? String else {
            throw StringCatalogError(file: file, location: location, message: "has no NSStringLocalizedFormatKey string (nor a device or width rule); "
                + "give it the text, with %#@name@ for each variable, or NSStringDeviceSpecificRuleType or NSStringVariableWidthRuleType")
        }
        try CatalogChecks.checkSpecifierCount(format, file: file, location: "\(location).NSStringLocalizedFormatKey")
        let numbers = Dictionary(CatalogChecks.substitutionNames(in: format).map { ($0.name, $0.argumentNumber) }, uniquingKeysWith: { a, _ in a })
        var substitutions: [String: Substitution] = [:]
        for (name, variable) in entry where name != "NSStringLocalizedFormatKey" {
            let variableLocation = "\(location).\(name)"
            guard let variable = variable as? [String: Any] else {
                throw StringCatalogError(file: file, location: variableLocation, message: "holds \(kind(of: variable)), not a dictionary; a variable is a <dict> with NSStringFormatSpecTypeKey")
            }
            let type = variable["NSStringFormatSpecTypeKey"] as? String
            guard type == "NSStringPluralRuleType" else {
                throw StringCatalogError(file: file, location: "\(variableLocation).NSStringFormatSpecTypeKey", message:
                    "is \(type.map { "'\($0)'" } ?? "missing"); a variable of a format is a plural rule: write NSStringPluralRuleType "
                    + "(a device or width rule stands for the whole key, in place of NSStringLocalizedFormatKey)")
            }
            var forms: [PluralCategory: CatalogValue] = [:]
            for (formName, form) in variable where formName != "NSStringFormatSpecTypeKey" && formName != "NSStringFormatValueTypeKey" {
                let category = try CatalogChecks.pluralCategory(formName, file: file, location: "\(variableLocation).\(formName)")
                guard let text = form as? String else {
                    throw StringCatalogError(file: file, location: "\(variableLocation).\(formName)", message: "holds \(kind(of: form)), not a string; give the form's text")
                }
                try CatalogChecks.checkSpecifierCount(text, file: file, location: "\(variableLocation).\(formName)")
                forms[category] = .unit(StringUnit(text))
            }
            substitutions[name] = Substitution(argumentNumber: numbers[name] ?? nil,
                                               formatSpecifier: variable["NSStringFormatValueTypeKey"] as? String, value: .plural(forms))
        }
        return (.unit(StringUnit(format)), substitutions)
    }

    /// A device's or width's variant: a string, or a rule of its own (a device's plural format).
    private static func variant(_ form: Any, file: String, location: String) throws -> (CatalogValue, [String: Substitution]) {
        if let text = form as? String {
            try CatalogChecks.checkSpecifierCount(text, file: file, location: location)
            return (.unit(StringUnit(text)), [:])
        }
        guard let nested = form as? [String: Any] else {
            throw StringCatalogError(file: file, location: location, message: "holds \(kind(of: form)), not a string or a dictionary; give the variant's text")
        }
        return try rule(nested, file: file, location: location)
    }

    private static func kind(of value: Any) -> String {
        switch value {
        case is String: return "a string"
        case is [Any]: return "an array"
        case is [String: Any]: return "a dictionary"
        default: return "a \(type(of: value))"
        }
    }
}
