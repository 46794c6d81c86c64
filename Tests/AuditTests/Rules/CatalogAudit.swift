import Audit
import Foundation
import Reflow
import Readers
import TextMetrics
import TestSupport

/// The fixtures of the rules about a catalog's text (`untranslated`, `missing-key`,
/// `format-mismatch`, `plural-form-missing`) and of findings that name a key: a small catalog in
/// the shape Xcode writes, and a screen of cells naming its keys, audited in one language as
/// `reflow-cli audit --lang` audits each (every plural form laid out too).
enum CatalogAudit {
    /// `greeting` is translated in German only; `brand` is not to be translated; `welcome` has a
    /// German translation whose specifier is not the source's (`%d` for `%@`) and a French one
    /// that agrees; `items` is a plural whose Russian lacks `few` and `many` and whose Ukrainian
    /// has every form Ukrainian needs.
    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "greeting" : { "localizations" : {
              "en" : { "stringUnit" : { "state" : "translated", "value" : "Hello" } },
              "de" : { "stringUnit" : { "state" : "translated", "value" : "Hallo" } }
            } },
            "brand" : { "shouldTranslate" : false, "localizations" : {
              "en" : { "stringUnit" : { "state" : "translated", "value" : "Reflow" } }
            } },
            "welcome" : { "localizations" : {
              "en" : { "stringUnit" : { "state" : "translated", "value" : "Welcome, %@" } },
              "de" : { "stringUnit" : { "state" : "translated", "value" : "Willkommen, %d" } },
              "fr" : { "stringUnit" : { "state" : "translated", "value" : "Bienvenue, %@" } }
            } },
            "items" : { "localizations" : {
              "en" : { "variations" : { "plural" : {
                "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld item" } },
                "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld items" } } } } },
              "ru" : { "variations" : { "plural" : {
                "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld элемент" } },
                "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld элемента" } } } } },
              "uk" : { "variations" : { "plural" : {
                "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld елемент" } },
                "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld елементи" } },
                "many" : { "stringUnit" : { "state" : "translated", "value" : "%lld елементів" } },
                "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld елемента" } } } } }
            } }
          }
        }
        """

    /// A cell whose text is `{"key": key}` (with `args`), in a list of such cells.
    static func cell(_ key: String, args: String = "", style: String = "body") -> String {
        "{\"text\": {\"key\": \"\(key)\"\(args.isEmpty ? "" : ", \"args\": [\(args)]")}, \"style\": \"\(style)\"}"
    }

    /// A one-section screen of `cells`, each `height` tall (estimated: as tall as their text).
    static func screen(_ cells: [String], height: String = "{\"estimated\": 44}") -> String {
        AuditTests.screen(height: height, cells: cells.joined(separator: ", "))
    }

    /// The audit of `json` in `language` (the catalog's keys resolved in it) at `categories` and
    /// `widths`; `everyForm` lays every plural form out too (`Auditor.Options.formInput`).
    static func audit(_ json: String, in language: String, catalog: String = Self.catalog,
                      categories: [ContentSizeCategory] = ContentSizeCategory.allCases, widths: [Double] = [390, 320],
                      everyForm: Bool = true) throws -> AuditReport {
        let tables = StringTables([try StringCatalogReader.catalog(bytes: Array(catalog.utf8), file: "Localizable.xcstrings")])
        let bytes = Array(json.utf8)
        @Sendable func input(_ pass: Int?) throws -> LayoutInput {
            try LayoutInput(file: FileBytes(bytes), format: .screen, strings: StringResolver(tables: tables, language: language, formPass: pass))
        }
        var options = Auditor.Options()
        (options.categories, options.widths, options.language) = (categories, widths, language)
        if everyForm { options.formInput = { try input($0) } }
        return try Auditor(input: try input(nil), options: options, makeSizer: { try Fixtures.sizer() }).run()
    }
}
