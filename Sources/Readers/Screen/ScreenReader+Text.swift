import Reflow

extension ScreenReader {
    /// The members a text that names a key may have.
    static let referenceKeys = ["key", "table", "args", "comment", "formatted", "value"]

    /// A screen's text: a string, or `{"key": …, "table": …, "args": […], "comment": …, "formatted": …, "value": …}` naming a
    /// catalog's key, which `strings` resolves in its language (without catalogs: the key itself,
    /// noted as missing). A reference the catalog's string cannot take (an argument its source
    /// cannot print) is an error at the reference's path, naming the key.
    static func text(_ cursor: JSONCursor, expected: String, strings: StringResolver?) throws -> (text: String, origin: TextOrigin?) {
        guard case .object = cursor.value else { return (try cursor.string(expected: "\(expected), or {\"key\": …} naming a string catalog's key"), nil) }
        let reference = try Self.reference(cursor)
        let resolver = strings ?? StringResolver(tables: StringTables(), language: "en")
        do {
            let resolved = try resolver.resolve(reference)
            return (resolved.text, resolved.origin)
        } catch {
            throw cursor.fail(error.message)
        }
    }

    /// `{"key": …}` read and checked.
    static func reference(_ cursor: JSONCursor) throws -> TextReference {
        let members = try cursor.object(allowed: referenceKeys,
                                        expected: "a text, or a key such as {\"key\": \"settings.title\", \"args\": [3]}")
        guard let keyCursor = members["key"] else {
            throw cursor.fail("missing \"key\": the string catalog key whose text is shown, such as {\"key\": \"settings.title\"}")
        }
        let key = try keyCursor.string(expected: "a string catalog key")
        guard !key.isEmpty else { throw keyCursor.fail("expected a string catalog key, got an empty string") }
        let table = try members["table"]?.string(expected: "a table: a catalog's file name without its extension, such as \"Localizable\"")
            ?? TextReference.defaultTable
        guard !table.isEmpty else { throw members["table"]!.fail("expected a table name, got an empty string; leave \"table\" out for Localizable") }
        let arguments = try members["args"].map { list in
            try list.array(expected: "an array of the format's values, such as [\"Ada\", 3]").map(argument)
        } ?? []
        let comment = try members["comment"]?.string(expected: "a comment")
        let isFormatted = try members["formatted"]?.bool() ?? true
        // The text the app's code passes with the key (NSLocalizedString's `value:`,
        // String(localized:defaultValue:)): the source language's string where the catalog has none.
        let defaultValue = try members["value"]?.string(
            expected: "the text the app's code gives with the key, as NSLocalizedString(_:value:comment:)'s value or String(localized:defaultValue:)'s default")
        if !isFormatted, !arguments.isEmpty {
            throw members["args"]!.fail("a text shown as written (\"formatted\": false) takes no \"args\": leave them out, "
                                        + "or leave out \"formatted\" if the app formats the string with them")
        }
        return TextReference(key: key, table: table, arguments: arguments, comment: comment, isFormatted: isFormatted,
                             defaultValue: defaultValue)
    }

    /// One format argument: a string, or a number (an integer when it has no fraction).
    static func argument(_ cursor: JSONCursor) throws -> FormatArgument {
        switch cursor.value {
        case .string(let text): return .string(text)
        case .number(let number) where number.isFinite:
            if number == number.rounded(), abs(number) < 9_007_199_254_740_992 { return .integer(Int(number)) }
            return .double(number)
        default:
            throw cursor.fail("expected a string or a number for a format argument, got \(cursor.value.kindName)")
        }
    }
}
