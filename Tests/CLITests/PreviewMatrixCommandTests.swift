import Foundation
import Testing

/// `reflow-cli SCREEN.json --lang de,he --category all` draws one picture of languages × sizes,
/// named SCREEN-LANGS-CATEGORY.png; `layout --lang de,fr` writes one JSON document holding a
/// layout per language and size.
@Suite struct PreviewMatrixCommandTests {
    static let group = LanguageOptionTests.group

    /// A screen naming Maccy's keys, beside Maccy's catalog.
    static let screen = #"{"strings": ["Localizable.xcstrings"], "sections": [{"group": \#(group), "header": {"text": {"key": "preferences"}}, "cells": [{"text": {"key": "preferences_general"}}, {"text": {"key": "clear_alert_message"}}, {"text": {"key": "preferences_storage"}}]}]}"#

    /// A PNG's width and height in pixels, from its header.
    static func pixelSize(_ url: URL) throws -> (width: Int, height: Int) {
        let bytes = [UInt8](try Data(contentsOf: url))
        try #require(bytes.count > 24 && bytes[12..<16].elementsEqual("IHDR".utf8), "\(url.lastPathComponent) is a PNG")
        func number(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    /// The files in `folder`, sorted.
    static func names(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// Without -o a matrix is named after the screen, its languages and its size: the tag, the
    /// tags joined by +, or all; one language draws as it always did, its name holding the tag.
    /// The picture is the label column and a column per size wide, and a row per language tall:
    /// a row more adds a screen and a gap (24 pt). Without --viewport a cell is a 390x844 screen.
    @Test func aMatrixIsNamedAfterItsLanguagesAndSizedByThem() throws {
        let (folder, screen) = try LanguageOptionTests.folder(screen: Self.screen)
        defer { try? FileManager.default.removeItem(at: folder) }
        let common = ["--viewport", "200x240", "--scale", "1", "--quiet"]
        for arguments in [["--lang", "de,he", "--category", "l"], ["--lang", "de", "--category", "l"],
                          ["--lang", "de,he,ja", "--category", "all"], ["--category", "l"]] {
            let result = try CLI.run([screen] + arguments + common)
            #expect(result.status == 0, "\(arguments): \(result)")
        }
        #expect(try Self.names(folder) == ["Localizable.xcstrings", "settings-de+he+ja-all.png", "settings-de+he-l.png",
                                           "settings-de-l.png", "settings-l.png", "settings.json"])
        let two = try Self.pixelSize(folder.appendingPathComponent("settings-de+he-l.png"))
        #expect(two.width == 32 + 150 + 24 + 200 + 32, "the labels' column and one size: \(two)")
        let all = try Self.pixelSize(folder.appendingPathComponent("settings-de+he+ja-all.png"))
        #expect(all.width == 32 + 150 + 24 + 12 * 200 + 11 * 24 + 32, "twelve sizes: \(all)")
        // A row more: a screen and a gap taller (the same heading, on one line either way at twelve sizes).
        let three = try Self.pixelSize(folder.appendingPathComponent("settings-de+he+ja-all.png"))
        let twoAll = try CLI.run([screen, "--lang", "de,he", "--category", "all", "-o", "two-all.png"] + common, directory: folder)
        #expect(twoAll.status == 0, "\(twoAll)")
        #expect(three.height - (try Self.pixelSize(folder.appendingPathComponent("two-all.png"))).height == 240 + 24)

        // Without --viewport: 390x844 screens, the same picture as asked for.
        var pictures: [Data] = []
        for viewport in [[], ["--viewport", "390x844"]] {
            let result = try CLI.run([screen, "--lang", "de,he", "-o", "standard.png", "--scale", "1", "--quiet"] + viewport,
                                     directory: folder)
            #expect(result.status == 0, "\(result)")
            pictures.append(try Data(contentsOf: folder.appendingPathComponent("standard.png")))
        }
        #expect(pictures[0] == pictures[1])
        #expect(try Self.pixelSize(folder.appendingPathComponent("standard.png")).width == 32 + 150 + 24 + 390 + 32)
    }

    /// The languages are laid out on worker threads; the picture is the same, byte for byte, on
    /// one thread or two, and as an SVG.
    @Test func jobsGiveTheSamePicture() throws {
        let (folder, screen) = try LanguageOptionTests.folder(screen: Self.screen)
        defer { try? FileManager.default.removeItem(at: folder) }
        var pictures: [Data] = []
        for jobs in ["1", "2"] {
            let result = try CLI.run([screen, "--lang", "de,he,ja", "--category", "ax5", "--viewport", "200x240", "--scale", "1",
                                      "--jobs", jobs, "-o", "m\(jobs).png", "--quiet"], directory: folder)
            #expect(result.status == 0, "\(result)")
            pictures.append(try Data(contentsOf: folder.appendingPathComponent("m\(jobs).png")))
        }
        #expect(pictures[0] == pictures[1])
        let svg = try CLI.run([screen, "--lang", "de,he", "--viewport", "200x240", "-o", "m.svg", "--quiet"], directory: folder)
        #expect(svg.status == 0, "\(svg)")
        let text = String(decoding: try Data(contentsOf: folder.appendingPathComponent("m.svg")), as: UTF8.self)
        #expect(text.contains("<title>settings.json in de, he at L</title>"), "\(text.prefix(400))")
        let one = try CLI.run([screen, "--lang", "he", "--category", "ax5", "-o", "he.svg", "--quiet"], directory: folder)
        #expect(one.status == 0, "\(one)")
        #expect(String(decoding: try Data(contentsOf: folder.appendingPathComponent("he.svg")), as: UTF8.self)
            .contains("<title>settings.json in he at AX5</title>"), "one language's picture names it too")
    }

    /// Several documents: each gets its matrix in the -o folder, named after its path, the same
    /// bytes as drawn alone. The layout JSON of several languages is layout's, not preview's, and
    /// a matrix is never cut into parts.
    @Test func severalDocumentsEachGetTheirMatrix() throws {
        let (folder, screen) = try LanguageOptionTests.folder(screen: Self.screen)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: screen, toPath: folder.appendingPathComponent("docs/a.json").path)
        try FileManager.default.copyItem(atPath: screen, toPath: folder.appendingPathComponent("docs/b.json").path)
        try FileManager.default.copyItem(at: folder.appendingPathComponent("Localizable.xcstrings"),
                                         to: folder.appendingPathComponent("docs/Localizable.xcstrings"))
        let common = ["--lang", "de,he", "--viewport", "200x240", "--scale", "1", "--quiet"]
        let run = try CLI.run(["docs", "-o", "out", "--jobs", "2"] + common, directory: folder)
        #expect(run.status == 0, "\(run)")
        #expect(try Self.names(folder.appendingPathComponent("out/docs")) == ["a.json-de+he-l.png", "b.json-de+he-l.png"])
        let alone = try CLI.run(["docs/a.json", "-o", "alone.png"] + common, directory: folder)
        #expect(alone.status == 0, "\(alone)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("out/docs/a.json-de+he-l.png"))
            == Data(contentsOf: folder.appendingPathComponent("alone.png")))

        let json = try CLI.run([screen, "--lang", "de,he", "--format", "json"])
        #expect(json.status == 64, "\(json)")
        #expect(json.stderr.contains("reflow-cli layout FILE --lang de,he"), "\(json.stderr)")
        let parts = try CLI.run([screen, "--lang", "de,he", "--parts", "-o", "p.png"])
        #expect(parts.status == 64 && parts.stderr.contains("drop --parts, or give one language"), "\(parts)")
    }

    /// `layout --lang de,he,pseudo-rtl --category all`: one JSON document, its layouts the three
    /// languages' twelve sizes, each environment naming its language and direction (right to
    /// left for he and pseudo-rtl), each language's the layouts a run in it alone writes; with
    /// --viewport, a screen per language and size.
    @Test func layoutWritesALayoutPerLanguageAndSize() throws {
        let (folder, screen) = try LanguageOptionTests.folder(screen: Self.screen)
        defer { try? FileManager.default.removeItem(at: folder) }
        for viewport in [[], ["--viewport", "390x300"]] {
            let result = try CLI.run(["layout", screen, "--lang", "de,he,pseudo-rtl", "--category", "all", "--quiet"] + viewport)
            try #require(result.status == 0, "\(result)")
            let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], "one JSON document")
            let layouts = try #require(json["layouts"] as? [[String: Any]])
            #expect(layouts.count == 36, "\(viewport)")
            let environments = layouts.compactMap { $0["environment"] as? [String: Any] }
            #expect(environments.compactMap { $0["language"] as? String } == Array(repeating: "de", count: 12)
                + Array(repeating: "he", count: 12) + Array(repeating: "en", count: 12), "pseudo-rtl shapes as the source, en")
            #expect(environments.map { $0["layoutDirection"] as? String ?? "" }
                == Array(repeating: "leftToRight", count: 12) + Array(repeating: "rightToLeft", count: 24))
            #expect(layouts.allSatisfy { ($0["viewport"] != nil) == !viewport.isEmpty }, "a screen each with --viewport")
            // Each language's layouts are the ones a run in that language alone writes.
            let hebrew = try CLI.run(["layout", screen, "--lang", "he", "--category", "all", "--quiet"] + viewport)
            let alone = try #require(try JSONSerialization.jsonObject(with: hebrew.stdout) as? [String: Any])
            #expect(NSArray(array: Array(layouts[12..<24])).isEqual(to: try #require(alone["layouts"] as? [Any])), "\(viewport)")
        }
    }
}
