import Foundation
import Testing

/// `--lang no-NO` on a screen whose catalogs have no `no-NO` asked Foundation for the tag's
/// parent, and on Linux `Locale.Language(identifier: "no-NO").parent` loops inside
/// swift-foundation-icu's `ualoc_getAppleParent` (a five-line program asking it hangs in every
/// fresh process; one that asked about `no` or `nb-NO` first does not). Apple's ICU reads
/// `no_NO` as `nb_NO`, and so does reflow now, never asking Foundation about `no-NO`. Found
/// laying out a screen of iina's `Localizable.strings` (en, no; GPL-3.0,
/// Tests/Corpus/strings/SOURCES.md) with `--lang no-NO`: the release binary of 31c3fb6 held a core
/// at 100 % for 10 minutes (a later build of the same code did not hang there, so this test
/// guards rather than reproduces). `nb-NO` and `nn-NO` showed English then, not the app's
/// Norwegian (AppleParentLocaleTests, which fails before).
@Suite struct NorwegianRegionCommandTests {
    @Test func regionalNorwegianEndsAndReadsTheAppsNorwegian() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let iina = CLI.repository.appendingPathComponent("Tests/Corpus/strings/iina--iina")
        for language in ["en", "no"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("\(language).lproj"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: iina.appendingPathComponent("\(language).lproj/Localizable.strings"),
                                             to: folder.appendingPathComponent("\(language).lproj/Localizable.strings"))
        }
        let screen = try CLI.write(#"{"strings": ["."], "sections": [{"group": \#(LanguageOptionTests.group), "cells": [{"text": {"key": "general.login"}}]}]}"#,
                                   to: "login.json", in: folder)
        for language in ["no-NO", "nb-NO", "nn-NO"] {
            let result = try CLI.run(["layout", screen, "--lang", language], timeout: 60)
            try #require(result.status == 0 && !result.crashed, "\(language): \(result)")
            #expect(try LanguageOptionTests.texts(result) == ["Logg på"], "\(language)")
            #expect(!result.stderr.contains("no strings in"), "\(language): \(result.stderr)")
        }
    }
}
