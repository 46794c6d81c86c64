import Foundation
import Testing

/// With no translation at all, the pseudolanguages show where a layout breaks: a one-line label
/// that fits in English is cut when every string is doubled, and the audit names the key and the
/// pseudolanguage; untranslated is never reported for a pseudolanguage.
@Suite struct PseudoLanguageAuditTests {
    static let catalog = """
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "settings.sync.title": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Sync bookmarks across devices"}}}}
        }}
        """

    static let screen = #"{"strings": ["Localizable.xcstrings"], "sections": [{"group": {"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}, "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}}]}, "cells": [{"text": {"key": "settings.sync.title"}, "lines": 1}]}]}"#

    @Test func doublingEveryStringCutsALineLimitedLabelThatFitsInEnglish() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try CLI.write(Self.catalog, to: "Localizable.xcstrings", in: folder)
        let screen = try CLI.write(Self.screen, to: "settings.json", in: folder)
        let english = try CLI.run(["audit", screen, "--lang", "en", "--category", "l"])
        #expect(english.status == 0, "\(english)")
        #expect(!english.output.contains("text-clipped"), "\(english.output)")
        let doubled = try CLI.run(["audit", screen, "--lang", "pseudo-double", "--category", "l"])
        #expect(doubled.status == 1, "\(doubled)")
        #expect(doubled.output.contains("text-clipped"), "\(doubled.output)")
        #expect(doubled.output.contains("key 'settings.sync.title'") && doubled.output.contains("pseudo-double"), "\(doubled.output)")
        #expect(!doubled.output.contains("untranslated:"), "a pseudolanguage shows the source's strings by design")
        let preview = folder.appendingPathComponent("p.png").path
        for pseudo in ["pseudo-accented", "pseudo-bounded", "pseudo-rtl"] {
            let drawn = try CLI.run([screen, "--lang", pseudo, "-o", preview, "--quiet"])
            #expect(drawn.status == 0, "\(pseudo): \(drawn)")
        }
    }
}
