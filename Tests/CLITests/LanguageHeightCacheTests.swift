import Foundation
import Testing

/// A screen's heights kept between runs (the height cache) belong to the language they were
/// measured in: a screen file's bytes are the same in every language, and the pseudolanguages
/// shape in the source language's environment, so without the language in the key a screen in
/// pseudo-accented would be placed by pseudo-double's heights.
@Suite struct LanguageHeightCacheTests {
    /// A long screen of Maccy's keys: long texts that wrap more when doubled.
    static var screen: String {
        let cells = (0..<24).map { index in
            #"{"text": {"key": "\#(["clear_alert_message", "accessibility_alert_message", "preferences_general"][index % 3])"}}"#
        }
        return #"{"strings": ["Localizable.xcstrings"], "sections": [{"group": \#(LanguageOptionTests.group), "cells": [\#(cells.joined(separator: ", "))]}]}"#
    }

    @Test func aScreenInOneLanguageIsNeverPlacedByAnothersHeights() throws {
        let (folder, screen) = try LanguageOptionTests.folder(screen: Self.screen)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = ["REFLOW_CACHE_DIR": folder.appendingPathComponent("cache").path]
        let common = [screen, "--viewport", "390x300", "--offset", "900", "--scale", "1", "--quiet"]
        for (language, file) in [("pseudo-double", "double.png"), ("pseudo-accented", "accented.png"),
                                 ("pseudo-bounded", "bounded.png")] {
            let result = try CLI.run(common + ["--lang", language, "-o", file], directory: folder, environment: cache)
            #expect(result.status == 0, "\(result)")
        }
        for (language, file) in [("pseudo-accented", "accented.png"), ("pseudo-bounded", "bounded.png")] {
            let fresh = try CLI.run(common + ["--lang", language, "-o", "fresh.png", "--no-height-cache"], directory: folder)
            #expect(fresh.status == 0, "\(fresh)")
            #expect(try Data(contentsOf: folder.appendingPathComponent(file)) == Data(contentsOf: folder.appendingPathComponent("fresh.png")),
                    "\(language) after pseudo-double is drawn as with no cache")
        }
        // layout --viewport keeps heights the same way.
        let screenOnly = [screen, "--viewport", "390x300", "--offset", "900", "--quiet"]
        _ = try CLI.run(["layout"] + screenOnly + ["--lang", "pseudo-double"], directory: folder, environment: cache)
        let cached = try CLI.run(["layout"] + screenOnly + ["--lang", "pseudo-accented"], directory: folder, environment: cache)
        let fresh = try CLI.run(["layout"] + screenOnly + ["--lang", "pseudo-accented", "--no-height-cache"], directory: folder)
        #expect(cached.status == 0 && cached.output == fresh.output, "\(cached)")
    }

    /// A translation edited in the catalog changes the screen though the screen file's bytes do
    /// not: the heights kept from before the edit are not used.
    @Test func aScreenIsNeverPlacedByHeightsOfTheCatalogBeforeAnEdit() throws {
        let (folder, screen) = try LanguageOptionTests.folder(screen: Self.screen)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = ["REFLOW_CACHE_DIR": folder.appendingPathComponent("cache").path]
        let common = [screen, "--viewport", "390x300", "--offset", "900", "--scale", "1", "--quiet", "--lang", "de"]
        let before = try CLI.run(common + ["-o", "before.png"], directory: folder, environment: cache)
        #expect(before.status == 0, "\(before)")
        // German's question, three times as long.
        let catalog = folder.appendingPathComponent("Localizable.xcstrings")
        let text = String(decoding: try Data(contentsOf: catalog), as: UTF8.self)
        let question = "Möchtest du den Verlauf wirklich leeren?"
        try #require(text.contains(question))
        try Data(text.replacingOccurrences(of: question, with: String(repeating: question + " ", count: 3)).utf8).write(to: catalog)
        let after = try CLI.run(common + ["-o", "after.png"], directory: folder, environment: cache)
        let fresh = try CLI.run(common + ["-o", "fresh.png", "--no-height-cache"], directory: folder)
        #expect(after.status == 0 && fresh.status == 0, "\(after) \(fresh)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("after.png")) == Data(contentsOf: folder.appendingPathComponent("fresh.png")),
                "drawn as with no cache after the catalog's edit")
        #expect(try Data(contentsOf: folder.appendingPathComponent("after.png")) != Data(contentsOf: folder.appendingPathComponent("before.png")))
        let layout = try CLI.run(["layout", screen, "--viewport", "390x300", "--offset", "900", "--quiet", "--lang", "de"],
                                 directory: folder, environment: cache)
        _ = try Data(text.utf8).write(to: catalog)
        let edited = try CLI.run(["layout", screen, "--viewport", "390x300", "--offset", "900", "--quiet", "--lang", "de"],
                                 directory: folder, environment: cache)
        let unkept = try CLI.run(["layout", screen, "--viewport", "390x300", "--offset", "900", "--quiet", "--lang", "de",
                                  "--no-height-cache"], directory: folder)
        #expect(layout.status == 0 && edited.output == unkept.output, "layout too, back to the catalog as it was")
    }
}
