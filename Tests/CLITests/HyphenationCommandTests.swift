import Foundation
import Testing

/// `lines --hyphenate`, `lines --text-spacing wcag` and `hyphenate` from the command line.
@Suite struct HyphenationCommandTests {
    static let english = CLI.repository.appendingPathComponent("Examples/declaration-of-independence.en.txt").path
    static let german = CLI.repository.appendingPathComponent("Examples/grundgesetz-artikel-1-3.de.txt").path

    /// The output's paragraphs, each the words of its lines with the inserted hyphens taken out and
    /// the hyphenated words joined again.
    static func words(_ output: String) -> [[Substring]] {
        output.components(separatedBy: "\n\n").map { paragraph in
            var text = ""
            for line in paragraph.split(separator: "\n") {
                if line.hasSuffix("\u{2010}") {
                    text += line.dropLast()
                } else {
                    text += line + " "
                }
            }
            return text.split(separator: " ")
        }
    }

    @Test(arguments: [(english, "en-US"), (german, "de")])
    func linesHyphenatesWithTheFlagAndOnlyThen(_ fixture: (String, String)) throws {
        let arguments = ["lines", fixture.0, "--category", "ax5", "--width", "320", "--lang", fixture.1, "--overflow-wrap", "break-word"]
        let plain = try CLI.run(arguments)
        let hyphenated = try CLI.run(arguments + ["--hyphenate"])
        #expect(plain.status == 0 && hyphenated.status == 0, "\(plain) \(hyphenated)")
        #expect(!plain.output.contains("\u{2010}"))
        let hyphenLines = hyphenated.output.split(separator: "\n").filter { $0.hasSuffix("\u{2010}") }
        #expect(hyphenLines.count > 5, "\(hyphenLines)")
        // The same words, once the hyphens are taken out.
        let source = try String(contentsOfFile: fixture.0, encoding: .utf8).components(separatedBy: "\n\n")
            .map { $0.split(whereSeparator: \.isWhitespace) }
        #expect(Self.words(hyphenated.output) == source)
        let count = { (result: CLI.Result) in Int(result.stderr.split(separator: " ")[0].dropFirst("lines=".count)) ?? 0 }
        #expect(count(hyphenated) < count(plain), "hyphenated lines hold more: \(hyphenated.stderr) \(plain.stderr)")
    }

    @Test func linesHyphenatesInAnExplicitFontToo() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try CLI.write("Accessibility internationalization", to: "words.txt", in: folder)
        let font = CLI.repository.appendingPathComponent("Fonts/Inter-Regular.otf").path
        let result = try CLI.run(["lines", file, "--font", font, "--size", "17", "--width", "150", "--hyphenate"])
        #expect(result.status == 0, "\(result)")
        #expect(result.output.split(separator: "\n").first?.hasSuffix("\u{2010}") == true, "\(result.output)")
    }

    @Test func wcagTextSpacingSpreadsTheTextAndItsLines() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try CLI.write(String(repeating: "Reflow keeps text readable at every size. ", count: 6), to: "text.txt", in: folder)
        let normal = try CLI.run(["lines", file, "--width", "300"])
        let wcag = try CLI.run(["lines", file, "--width", "300", "--text-spacing", "wcag"])
        #expect(normal.status == 0 && wcag.status == 0, "\(normal) \(wcag)")
        let lines = wcag.output.split(separator: "\n").count
        #expect(lines > normal.output.split(separator: "\n").count)
        // Body at L is 17 pt on a 22-pt leading: WCAG's 1.5 × 17 = 25.5 pt apart.
        #expect(wcag.stderr == "lines=\(lines) paragraphs=1 height=\(String(format: "%.2f", Double(lines) * 25.5)) missing=0\n")
        let bad = try CLI.run(["lines", file, "--width", "300", "--text-spacing", "loose"])
        #expect(bad.status != 0 && bad.stderr.contains("normal") && bad.stderr.contains("wcag"), "\(bad)")
    }

    @Test func aLanguageWithoutPatternsFailsBeforeAnyOutput() throws {
        let result = try CLI.run(["lines", Self.english, "--width", "320", "--hyphenate", "--lang", "ja"])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.stderr.contains("no hyphenation patterns for 'ja'") && result.stderr.contains("apt-get install hyphen-ja"),
                "\(result.stderr)")
        let fine = try CLI.run(["lines", Self.english, "--width", "320", "--lang", "ja"])
        #expect(fine.status == 0, "without --hyphenate no dictionary is needed")
    }

    @Test func hyphenatePrintsThePointsOfEachWord() throws {
        let english = try CLI.run(["hyphenate", "hyphenation", "example", "(accessibility),"])
        #expect(english.status == 0, "\(english)")
        #expect(english.output == "hy-phen-ation\nex-am-ple\n(ac-ces-si-bil-ity),\n")
        #expect(english.stderr.contains("/usr/share/hyphen/hyph_en_US.dic"))
        let german = try CLI.run(["hyphenate", "--lang", "de", "--hyphen", "·", "Silbentrennung"])
        #expect(german.output == "Sil·ben·tren·nung\n")
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try CLI.write("hyphenation\n\nexample\n", to: "words.txt", in: folder)
        let piped = try CLI.run(["hyphenate"], input: URL(fileURLWithPath: input))
        #expect(piped.output == "hy-phen-ation\n\nex-am-ple\n", "one output line per input line")
        // Windows (CR LF) and old Mac (CR) lines are lines too, and no line end is kept in a word.
        for ending in ["\r\n", "\r"] {
            let file = try CLI.write(["hyphenation", "", "example"].joined(separator: ending) + ending, to: "words.txt", in: folder)
            #expect(try CLI.run(["hyphenate"], input: URL(fileURLWithPath: file)).output == "hy-phen-ation\n\nex-am-ple\n",
                    "\(ending.debugDescription)")
        }
        let missing = try CLI.run(["hyphenate", "--lang", "ja", "word"])
        #expect(missing.status == 1 && missing.stderr.contains("hyphen-ja"))
    }

    @Test func theHelpSaysWhatTheOptionsDo() throws {
        let help = try CLI.run(["lines", "--help"])
        let text = help.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("--hyphenate") && text.contains("/usr/share/hyphen") && text.contains("libhyphen"))
        #expect(text.contains("--text-spacing") && text.contains("1.4.12") && text.contains("0.12 em") && text.contains("0.16 em"))
    }
}
