import Foundation

/// Reads `.stringsdict` files: an XML property list, parsed by Foundation's
/// `PropertyListSerialization` (swift-corelibs-foundation's parser, the same format Xcode writes).
/// Each key holds `NSStringLocalizedFormatKey` (the text, with `%#@name@` placeholders) and, per
/// name, a dictionary with `NSStringFormatSpecTypeKey` = `NSStringPluralRuleType`,
/// `NSStringFormatValueTypeKey` (the specifier, `d`, `ld`) and the plural forms
/// (`zero` … `other`). They become the same model as a catalog's substitutions: the argument's
/// number is the one written in the placeholder (`%2$#@name@`), when it is.
enum StringsDictReader {
    /// Key → what it says in this file's language.
    static func localizations(bytes: [UInt8], file: String) throws -> [String: Localization] {
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
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
            guard let format = entry["NSStringLocalizedFormatKey"] as? String else {
                throw StringCatalogError(file: file, location: location, message: "has no NSStringLocalizedFormatKey string; give it the text, with %#@name@ for each variable")
            }
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
                        "is \(type.map { "'\($0)'" } ?? "missing"); only NSStringPluralRuleType is read (device and width rules are not yet)")
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
            let localization = Localization(value: .unit(StringUnit(format)), substitutions: substitutions)
            try CatalogChecks.checkSelfReference(localization, file: file, location: location)
            result[key] = localization
        }
        return result
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
