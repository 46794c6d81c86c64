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
}
