import Foundation
import Testing
import TestSupport

/// `reflow-cli serve` with string catalogs, through the command line's own reading of a query:
/// `--strings` adds a catalog, `/info.json` lists its languages for the page's menu, `lang` takes
/// a tag or a pseudolanguage, and a list or `all` is 400 saying that a picture shows one language.
@Suite(.serialized) struct ServeLanguageCommandTests {
    @Test func langIsOneLanguageAndStringsGivesTheMenu() throws {
        let catalogs = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: catalogs) }
        let catalog = try CLI.write(#"""
            {"sourceLanguage": "en", "version": "1.0", "strings": {"Account": {"localizations": {
              "en": {"stringUnit": {"state": "translated", "value": "Account"}},
              "de": {"stringUnit": {"state": "translated", "value": "Konto"}}}}}}
            """#, to: "Localizable.xcstrings", in: catalogs)
        let served = try Served("settings.json", arguments: ["--strings", catalog])
        defer { served.stop() }

        let info = try served.get("/info.json").text
        #expect(info.contains(#""languages": [{"tag": "en", "name": "English", "kind": "source"}, {"tag": "de", "name": "German", "kind": "translation"}, {"tag": "pseudo-double""#),
                "\(info)")
        for lang in ["de", "pt-BR", "pseudo-double", "pseudo-rtl"] {
            let response = try served.get("/layout.json?lang=" + lang)
            #expect(response.status == 200, "\(lang): \(response.text)")
            #expect(response.text.contains(#""language": "\#(lang == "pseudo-double" || lang == "pseudo-rtl" ? "en" : lang)""#),
                    "\(lang): the layout's environment names the language it shaped in")
        }
        for lang in ["de,fr", "all"] {
            let response = try served.get("/render.png?lang=" + lang)
            #expect(response.status == 400)
            #expect(response.text.contains("lang=\(lang)") && response.text.contains("a preview picture shows one language"),
                    "\(response.text)")
        }
        let unknown = try served.get("/render.png?lang=pseudo-long")
        #expect(unknown.status == 400)
        #expect(unknown.text.contains("not one of Xcode's pseudolanguages"), "\(unknown.text)")
    }
}
