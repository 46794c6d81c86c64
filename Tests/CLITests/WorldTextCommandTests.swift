import Foundation
import TestSupport
import Testing

/// `lines` for world text (--visual, --direction, --lang, missing=N, --font as primary with the
/// chain after it) and `reflow-cli fonts`.
@Suite struct WorldTextCommandTests {
    static func summary(_ result: CLI.Result) -> [String: String] {
        var fields: [String: String] = [:]
        for token in (result.stderrLines.last ?? "").split(separator: " ") {
            let pair = token.split(separator: "=", maxSplits: 1)
            if pair.count == 2 { fields[String(pair[0])] = String(pair[1]) }
        }
        return fields
    }

    @Test func linesPrintsLogicalOrderByDefaultAndVisualOrderOnRequest() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try CLI.write("Hello שלום world\n\n\u{202B}abc\u{202C} שלום 123\n", to: "bidi.txt", in: folder)
        let logical = try CLI.run(["lines", file, "--width", "1000"])
        let visual = try CLI.run(["lines", file, "--width", "1000", "--visual"])
        #expect(logical.status == 0 && visual.status == 0, "\(logical) \(visual)")
        #expect(logical.output == "Hello שלום world\n\n\u{202B}abc\u{202C} שלום 123\n")
        // Bidi controls are left out of the visual order; the embedding puts "abc" at the right.
        #expect(visual.output == "Hello םולש world\n\n123 םולש abc\n", "\(visual.output.debugDescription)")
        let rtl = try CLI.run(["lines", file, "--width", "1000", "--visual", "--direction", "rtl"])
        #expect(rtl.output.hasPrefix("world םולש Hello\n"), "\(rtl.output.debugDescription)")
        #expect(Self.summary(visual)["lines"] == Self.summary(logical)["lines"])
    }

    /// The layout commands take the text environment too: `--lang ar` lays the screen out right to
    /// left (a flow of words mirrored: the first word at the right), `--direction ltr` keeps it
    /// left to right, and the JSON says which direction and language it was laid out in.
    @Test func layoutTakesTheLanguageAndDirectionAndRecordsThem() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try CLI.write("يولد جميع الناس أحرارًا متساوين في الكرامة والحقوق.\n\nHello, world.\n", to: "ar.txt", in: folder)
        func environment(_ arguments: [String]) throws -> (environment: [String: Any], firstX: Double, firstWidth: Double) {
            let result = try CLI.run(["layout", file, "--category", "l", "--cells", "words", "--layout", "flow", "--quiet"] + arguments)
            #expect(result.status == 0, "\(result)")
            let json = try JSONSerialization.jsonObject(with: result.stdout) as! [String: Any]
            let layout = (json["layouts"] as! [[String: Any]])[0]
            let first = (layout["elements"] as! [[String: Any]])[0]["frame"] as! [String: Double]
            return (layout["environment"] as! [String: Any], first["x"]!, first["width"]!)
        }
        let plain = try environment([])
        #expect(plain.environment["layoutDirection"] as? String == "leftToRight")
        #expect(plain.environment["language"] == nil && plain.environment["direction"] == nil)
        let arabic = try environment(["--lang", "ar"])
        #expect(arabic.environment["layoutDirection"] as? String == "rightToLeft")
        #expect(arabic.environment["language"] as? String == "ar")
        // Mirrored: the first word's right edge is as far from the right as the left-to-right one's left edge from the left.
        #expect(plain.firstX < 100)
        #expect(abs(390 - (arabic.firstX + arabic.firstWidth) - plain.firstX) < 0.01, "\(arabic) \(plain)")
        let forced = try environment(["--lang", "ar", "--direction", "ltr"])
        #expect(forced.environment["layoutDirection"] as? String == "leftToRight")
        #expect(forced.environment["direction"] as? String == "ltr")
    }

    /// A Markdown document's front matter sets its text environment; what the command line sets
    /// explicitly wins; a value reflow cannot use is one error naming the line.
    @Test func frontMatterSetsTheTextEnvironmentAndOptionsOverrideIt() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try CLI.write("---\ntitle: Erklärung\nlang: ar\ntext-spacing: wcag\n---\nيولد جميع الناس أحرارًا متساوين في الكرامة والحقوق.\n",
                                 to: "ar.md", in: folder)
        func environment(_ arguments: [String]) throws -> [String: Any] {
            let result = try CLI.run(["layout", file, "--category", "l", "--quiet"] + arguments)
            #expect(result.status == 0, "\(result)")
            let json = try JSONSerialization.jsonObject(with: result.stdout) as! [String: Any]
            return (json["layouts"] as! [[String: Any]])[0]["environment"] as! [String: Any]
        }
        let fromFrontMatter = try environment([])
        #expect(fromFrontMatter["language"] as? String == "ar")
        #expect(fromFrontMatter["layoutDirection"] as? String == "rightToLeft")
        let overridden = try environment(["--lang", "en", "--direction", "ltr"])
        #expect(overridden["language"] as? String == "en")
        #expect(overridden["layoutDirection"] as? String == "leftToRight")
        // text-spacing: wcag widens lines: the cell is taller than with --text-spacing normal.
        func height(_ arguments: [String]) throws -> Double {
            let result = try CLI.run(["layout", file, "--category", "l", "--quiet"] + arguments)
            let json = try JSONSerialization.jsonObject(with: result.stdout) as! [String: Any]
            return ((json["layouts"] as! [[String: Any]])[0]["contentSize"] as! [String: Double])["height"]!
        }
        #expect(try height([]) > (try height(["--text-spacing", "normal"])))

        let bad = try CLI.write("---\nlang: de\nhyphenate: sometimes\n---\nText\n", to: "bad.md", in: folder)
        let result = try CLI.run(["layout", bad, "--quiet"])
        #expect(result.status == 1)
        #expect(result.messageLines.first.map(String.init)
                == "reflow-cli: error: front matter, line 3: 'hyphenate' must be true or false, got 'sometimes'", "\(result)")
    }

    @Test func theSummaryCountsCharactersNoFontDraws() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try CLI.write("a\u{0378}b\n\nشكرا 😀 漢字 \u{10FFFD}\n", to: "missing.txt", in: folder)
        let result = try CLI.run(["lines", file, "--width", "300"])
        #expect(result.status == 0, "\(result)")
        #expect(Self.summary(result)["missing"] == "2", "\(result.stderr)")
    }

    @Test func invalidUTF8AndLoneMarksNeverCrash() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        // An unpaired surrogate as (invalid) UTF-8, a lone combining mark, bidi controls alone.
        let bytes: [UInt8] = [0xED, 0xA0, 0x80, 0x20, 0x61] + Array("\n\n\u{0301}\n\n\u{202E}\u{2066}\n".utf8)
        let file = try CLI.write(bytes, to: "bad.txt", in: folder)
        for arguments in [["--width", "50"], ["--width", "50", "--visual", "--direction", "rtl"]] {
            let result = try CLI.run(["lines", file] + arguments)
            #expect(!result.crashed && result.status == 0, "\(result)")
            #expect(result.stderr.contains("not valid UTF-8"))
        }
    }

    @Test func anInvalidLanguageIsOneClearUsageError() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try CLI.write("漢字", to: "t.txt", in: folder)
        let result = try CLI.run(["lines", file, "--width", "100", "--lang", "japanese_JP"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout.isEmpty)
        let first = result.messageLines.first ?? ""
        #expect(first.contains("--lang") && first.contains("japanese_JP") && first.contains("BCP 47"), "\(result.stderr)")
        #expect(first.contains("like 'en'"), "says what to give instead: \(first)")
        let good = try CLI.run(["lines", file, "--width", "100", "--lang", "ja"])
        #expect(good.status == 0, "\(good)")
    }

    @Test func anExplicitFontIsPrimaryAndTheChainStillFollows() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try CLI.write("Mono text שלום 漢字 😀", to: "t.txt", in: folder)
        let mono = "/usr/share/fonts/truetype/noto/NotoSansMono-Regular.ttf"
        let result = try CLI.run(["lines", file, "--width", "1000", "--font", mono])
        #expect(result.status == 0, "\(result)")
        #expect(Self.summary(result)["missing"] == "0", "\(result.stderr)")
        // At the style's size (body at L, 17/22) without --size.
        #expect(Self.summary(result)["height"] == "22.00")
    }

    @Test func fontsListsTheChainInOrderWithVersionsAndScripts() throws {
        let text = try CLI.run(["fonts"])
        #expect(text.status == 0, "\(text)")
        #expect(text.output.hasPrefix("1. Inter Regular [primary"), "\(text.output)")
        let json = try CLI.run(["fonts", "--format", "json", "--lang", "ja"])
        #expect(json.status == 0, "\(json)")
        struct Entry: Decodable { let role, family, file, version: String; let scripts: [String]; let installed: Bool }
        let entries = try JSONDecoder().decode([Entry].self, from: json.stdout)
        #expect(entries.first?.family == "Inter")
        #expect(entries.first?.scripts.contains("Greek") == true)
        let allInstalled = entries.allSatisfy { $0.installed }
        #expect(allInstalled, "every face of the chain is installed: \(entries.filter { !$0.installed }.map(\.file))")
        let families = entries.map(\.family)
        #expect(families.contains("Noto Sans CJK JP"))
        #expect(families.firstIndex(of: "Noto Color Emoji") == families.count - 2, "emoji last but one")
        #expect(entries.last?.role.contains("last resort") == true)
        #expect(entries.first { $0.family == "Noto Sans Arabic" }?.scripts == ["Arabic"])
        #expect(entries.allSatisfy { $0.version != "-" && !$0.version.isEmpty })
        // (Noto Naskh Arabic's name table says "2.004; ttfautohint ...", without the word.)
        #expect(entries.filter { $0.role != "fallback (by coverage)" }.allSatisfy { $0.version.contains("Version") })
        // The faces found by coverage follow the named ones, before the emoji face, each with its scripts.
        let byCoverage = entries.indices.filter { entries[$0].role == "fallback (by coverage)" }
        #expect(byCoverage.count > 100)
        #expect(byCoverage.last == families.count - 3 && byCoverage == Array(byCoverage.first!...byCoverage.last!))
        for script in ["Khmer", "Lao", "Myanmar", "Sinhala", "Gujarati", "Gurmukhi", "Kannada", "Telugu", "Malayalam", "Tibetan",
                       "Syriac", "Cherokee", "Mongolian"] {
            #expect(byCoverage.contains { entries[$0].scripts.contains(script) }, "no face lists \(script)")
        }
        #expect(entries.first { $0.family == "Noto Sans Khmer" }?.scripts == ["Khmer"])
    }

    /// Thirteen scripts that only the faces found by coverage draw: nothing missing.
    @Test func linesDrawsEveryScriptOfTheNotoFolders() throws {
        let text = CLI.repository.appendingPathComponent("Examples/udhr-more-scripts.txt").path
        let result = try CLI.run(["lines", text, "--width", "358"])
        #expect(result.status == 0, "\(result)")
        #expect(Self.summary(result)["missing"] == "0", "\(result.stderr)")
        #expect(Self.summary(result)["paragraphs"] == "13")
        let bold = try CLI.run(["lines", text, "--width", "358", "--style", "headline"])
        #expect(Self.summary(bold)["missing"] == "0", "\(bold.stderr)")
    }
}

/// BidiCharacterTest.txt end to end: every case that survives plain-text reading unchanged (no
/// line or paragraph separators, tabs, or runs of spaces; not one of ICU's known exceptions,
/// listed in UnicodeConformanceTests) goes through `reflow-cli lines --visual`, one paragraph
/// each, in three runs (ltr, rtl, auto); each printed line must be the file's visual order with
/// default-ignorable characters left out.
@Suite(.runsOutsideTools, .tags(.outsideTools)) struct BidiConformanceCommandTests {
    static let file = "/usr/share/unicode/BidiCharacterTest.txt"
    static let icuExceptions: Set<Int> = [59, 60, 61, 62, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80,
                                          83, 84, 85, 86, 87, 88, 102, 108, 113, 120, 164]

    @Test func everyReadableCaseThroughLinesVisual() throws {
        guard let dataLines = try UnicodeDataFile.dataLines(Self.file) else { return }
        let excluded: Set<UInt32> = [0x00, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1C, 0x1D, 0x1E, 0x1F, 0x85, 0x2028, 0x2029]
        // Per paragraph direction of the file (0 ltr, 1 rtl, 2 auto): the cases' text, a blank line
        // apart, as UTF-8, and each case's expected visual order.
        let directions = ["ltr", "rtl", "auto"]
        var inputs: [[UInt8]] = [[], [], []]
        var expectations: [[[UInt8]]] = [[], [], []]
        for (number, line) in dataLines where !Self.icuExceptions.contains(number) {
            let fields = UnicodeDataFile.split(line, at: UInt8(ascii: ";"), omittingEmpty: false)
            let values = UnicodeDataFile.numbers(fields[0], radix: 16)
            guard !values.contains(where: excluded.contains), values.first != 0x20, values.last != 0x20,
                  !zip(values, values.dropFirst()).contains(where: { $0 == 0x20 && $1 == 0x20 }) else { continue }
            let scalars = values.compactMap(Unicode.Scalar.init)
            var expected: [UInt8] = []
            for position in UnicodeDataFile.numbers(fields[4], radix: 10) where !scalars[Int(position)].properties.isDefaultIgnorableCodePoint {
                UTF8.encode(scalars[Int(position)]) { expected.append($0) }
            }
            let direction = Int(UnicodeDataFile.number(fields[1], radix: 10)!)
            if !expectations[direction].isEmpty { inputs[direction] += [0x0A, 0x0A] }
            for scalar in scalars { UTF8.encode(scalar) { inputs[direction].append($0) } }
            expectations[direction].append(expected)
        }
        let total = dataLines.count
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        var checked = 0, passed = 0
        var examples: [String] = []
        for (index, direction) in directions.enumerated() where !expectations[index].isEmpty {
            let expected = expectations[index]
            let path = try CLI.write(inputs[index], to: "bidi-\(direction).txt", in: folder)
            let result = try CLI.run(["lines", path, "--width", "1000000", "--visual", "--direction", direction, "--jobs", "2"])
            #expect(result.status == 0, "\(result)")
            let lines = UnicodeDataFile.split([UInt8](result.stdout)[...], at: 0x0A, omittingEmpty: false).dropLast()
            try #require(lines.count == 2 * expected.count - 1,
                         "\(direction): one line per case, got \(lines.count) for \(expected.count)")
            for (number, wanted) in expected.enumerated() {
                checked += 1
                let line = lines[lines.startIndex + 2 * number]
                if line.elementsEqual(wanted) {
                    passed += 1
                } else if examples.count < 5 {
                    let got = String(decoding: line, as: UTF8.self)
                    examples.append("\(direction) case \(number + 1): \(got.debugDescription) vs \(String(decoding: wanted, as: UTF8.self).debugDescription)")
                }
            }
        }
        print("BidiCharacterTest.txt through lines --visual: \(passed) of \(checked) readable cases pass (\(total) in the file)")
        for example in examples { print("  e.g. \(example)") }
        #expect(checked > 50_000)
        #expect(passed == checked)
    }
}
