import Foundation
import Testing
import TestSupport
import TextMetrics
import Yams
import Reflow
@testable import Readers

/// YAML front matter of Markdown documents: the four keys reflow reads, the lines kept, the
/// errors that name the line, and a thematic break that is not front matter.
@Suite struct FrontMatterTests {
    @Test func theKeysSetTheTextEnvironmentAndTheBodyKeepsItsLines() throws {
        let text = "---\ntitle: \"Grundgesetz\"\nlang: de\nhyphenate: true\ntext-spacing: wcag\ndirection: ltr\n---\n# Artikel 1\n\nDie Würde des Menschen ist unantastbar.\n"
        let (frontMatter, body) = try FrontMatter.split(text)
        let found = try #require(frontMatter)
        #expect(found.settings.language == (try LanguageTag("de")))
        #expect(found.settings.hyphenation == true && found.settings.spacing == .wcag && found.settings.direction == .leftToRight)
        #expect(found.lineCount == 7)
        #expect(body.split(separator: "\n", omittingEmptySubsequences: false).count
                == text.split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(body.hasPrefix("\n\n\n\n\n\n\n# Artikel 1"))
        let environment = found.settings.applied(to: TextEnvironment(category: .accessibilityMedium))
        #expect(environment.category == .accessibilityMedium)
        #expect(environment.language?.tag == "de" && environment.hyphenation && environment.spacing == .wcag)
        // What a person set explicitly wins; what they left out comes from the front matter.
        let explicit = try TextSettings(language: try LanguageTag("en"), spacing: .normal)
            .environment(category: .large, documentSettings: found.settings)
        #expect(explicit.language?.tag == "en" && explicit.spacing == .normal && explicit.hyphenation && explicit.direction == .leftToRight)
        let none = try TextSettings().environment(documentSettings: nil)
        #expect(none == TextEnvironment(category: .default))
    }

    @Test func aDocumentWithFrontMatterIsLaidOutWithoutItAndCarriesIt() throws {
        let input = try LayoutInput(bytes: Array("---\nlang: ar\n...\nمرحبا بالعالم\n".utf8), format: .commonMark)
        #expect(input.documentSettings?.language?.tag == "ar")
        #expect(input.content.sections.reduce(0) { $0 + $1.cellCount } == 1, "the front matter is no cell")
        let plain = try LayoutInput(bytes: Array("---\nlang: ar\n---\ntext\n".utf8), format: .plainText)
        #expect(plain.documentSettings == nil, "plain text has no front matter")
    }

    /// Line endings as CommonMark counts them: LF, CR LF, and a CR alone (old Mac files).
    static func lineEndings(_ text: String) -> Int {
        let bytes = Array(text.utf8)
        return bytes.indices.filter { bytes[$0] == 0x0A || (bytes[$0] == 0x0D && ($0 + 1 == bytes.count || bytes[$0 + 1] != 0x0A)) }.count
    }

    /// Front matter is found and its lines blanked whatever the file's line endings (Windows CR LF,
    /// old Mac CR, mixed), and the body keeps every line ending, so Markdown line numbers stay the
    /// file's. (Swift's `"\r\n"` is one Character: splitting on `"\n"` saw a CR LF file as one line.)
    @Test(arguments: ["\r\n", "\r", "\n"])
    func frontMatterIsReadWithAnyLineEnding(_ end: String) throws {
        let text = ["---", "lang: de", "hyphenate: true", "---", "# Artikel 1", "", "Die Würde."].joined(separator: end) + end
        let (frontMatter, body) = try FrontMatter.split(text)
        let found = try #require(frontMatter, "\(end.debugDescription)")
        #expect(found.settings.language?.tag == "de" && found.settings.hyphenation == true)
        #expect(found.lineCount == 4)
        #expect(Self.lineEndings(body) == Self.lineEndings(text))
        #expect(body == String(repeating: "\n", count: 4) + ["# Artikel 1", "", "Die Würde."].joined(separator: end) + end)
        // A YAML error names the file's line with these endings too.
        let bad = ["---", "lang: de", "hyphenate: maybe", "---", "x"].joined(separator: end)
        #expect(throws: FrontMatterError.self) { try FrontMatter.split(bad) }
        do {
            _ = try FrontMatter.split(bad)
        } catch {
            #expect("\(error)".contains("line 3"), "\(error)")
        }
    }

    /// What the document fuzzer found: lone CRs, then a CR LF, inside the front matter (blanking
    /// it lost the LF that ended a line), and a line ended by a lone CR before one ended by an LF
    /// (blanked, the two ends ran together into one CR LF).
    @Test(arguments: ["---\n&-https-\n&-https:" + String(repeating: "\r", count: 80) + "\n-2:\n---\n",
                      "---\na: b\rc: d\n---\nText\n", "---\r\na: b\rc: d\n---\rText"])
    func mixedEndingsInsideFrontMatterKeepTheLineCount(_ text: String) throws {
        let (frontMatter, body) = try FrontMatter.split(text)
        #expect(frontMatter != nil)
        #expect(Self.lineEndings(body) == Self.lineEndings(text))
        let rest = text.utf8.split(omittingEmptySubsequences: false) { $0 == 0x0A || $0 == 0x0D }.last.map { String(decoding: $0, as: UTF8.self) }
        #expect(body.hasSuffix(rest ?? ""), "the text after the block is kept")
    }

    @Test func aThematicBreakIsNotFrontMatter() throws {
        for text in ["---\n\nA paragraph after a rule, and no closing fence.\n", "Text\n---\nlang: de\n---\n", "--- \nx\n---\n"] {
            let (frontMatter, body) = try FrontMatter.split(text)
            #expect(frontMatter == nil, "\(text.debugDescription)")
            #expect(body == text)
        }
    }

    @Test func badValuesAndBadYAMLNameTheLine() throws {
        #expect(throws: FrontMatterError.invalidValue(key: "hyphenate", value: "sometimes", expected: "true or false", line: 3)) {
            try FrontMatter.split("---\nlang: de\nhyphenate: sometimes\n---\nText\n")
        }
        #expect(throws: FrontMatterError.invalidValue(key: "text-spacing", value: "loose", expected: "normal or wcag", line: 2)) {
            try FrontMatter.split("---\ntext-spacing: loose\n---\n")
        }
        #expect(throws: FrontMatterError.invalidValue(key: "lang", value: "not a language!", expected: "a BCP 47 language tag such as de, ar or zh-Hant", line: 2)) {
            try FrontMatter.split("---\nlang: not a language!\n---\n")
        }
        do {
            _ = try FrontMatter.split("---\nlang: [de\n---\n")
            Issue.record("unclosed flow sequence parsed")
        } catch let error as FrontMatterError {
            guard case .yaml(let line, _) = error else { Issue.record("\(error)"); return }
            #expect(line != nil && line! >= 2, "\(error)")
            #expect(error.description.hasPrefix("front matter, line"))
        }
        // Not a mapping: no front matter, the text as Markdown (rules and text, as GitHub shows it).
        #expect(try FrontMatter.split("---\n- de\n- fr\n---\n").frontMatter == nil)
        let prose = "---\nA paragraph between two rules, not YAML keys.\n---\n\nText.\n"
        #expect(try FrontMatter.split(prose).frontMatter == nil && FrontMatter.split(prose).body == prose)
        // The library's own wording of these quotes the whole front matter, or has no line.
        #expect(throws: FrontMatterError.yaml(line: 2, problem: "the key 'lang' is given more than once")) {
            try FrontMatter.split("---\nlang: de\ntitle: A\nlang: fr\n---\n")
        }
        #expect(throws: FrontMatterError.yaml(line: 3, problem: "control characters are not allowed")) {
            try FrontMatter.split("---\nlang: de\n\u{1}\n---\n")
        }
        #expect(throws: FrontMatterError.yaml(line: 2, problem: "nested more than 1,000 levels deep")) {
            try FrontMatter.split("---\nx: " + String(repeating: "[", count: 2_000) + String(repeating: "]", count: 2_000) + "\n---\n")
        }
        // Keys reflow does not read are other tools' business.
        #expect(try FrontMatter.split("---\ntitle: A\nauthor: [B, C]\n---\n").frontMatter == FrontMatter(lineCount: 4))
    }
}

/// Keys that are not text: refused before the YAML library, which takes time exponential in their
/// depth to compare them (the document fuzzer's hang: 7.7 KB of nested `? ` keys).
@Suite struct FrontMatterKeyTests {
    @Test(.timeLimit(.hangGuard)) func theFuzzersHangIsRefusedWithItsLine() throws {
        let path = Fixtures.repository.appendingPathComponent("Fuzz/Corpus/FuzzDocument/front-matter-nested-keys-hang").path
        // The fuzz target's first byte chooses Markdown; the rest is the document.
        let input = try Data(contentsOf: URL(fileURLWithPath: path)).dropFirst()
        #expect(throws: FrontMatterError.keyNotText(line: 19)) {
            try FrontMatter.split(String(decoding: input, as: UTF8.self))
        }
        // The smallest shape of it: two keys given twice, equal down to a list nested 40 deep,
        // which Yams compares in 2^40 steps (the test never ends if the scan lets them through).
        let deep = String(repeating: "[", count: 40) + "z" + String(repeating: "]", count: 40)
        let keys = "? [\(deep), x]\n: 1\n? [\(deep), y]\n: 2\n"
        #expect(throws: FrontMatterError.keyNotText(line: 3)) { try FrontMatter.split("---\nlang: de\n" + keys + keys + "---\nText\n") }
    }

    @Test(arguments: [
        ("? a\n: b", 1), ("lang: de\n? [a, b]\n: c", 2), ("[a, b]: c", 1), ("{a: b}: c", 1),
        ("x: {[a]: b}", 1), ("x: [? a : b]", 1), ("x: {[a]:b}", 1), ("x: &y [a]\n*y : b", 2),
        ("- ? a", 1), ("x:\n  - [a]  : b", 2), ("title: A\u{2028}? b", 1), ("x: !!map\n  ? a", 2),
        ("&k [a]: b", 1), ("x:\n  y: |\n    text\n  ? z", 4), ("x:\n  y: |2\n     text\n  ? z", 4),
        ("x: [a,\n  [b]: c]", 2), ("x: {[a], b}", 1), ("x: {b, &c *d}", 1), ("x: [a\n  'b, [c]: d]", 2),
        ("x: [a:'b, [c]: d']", 1), ("x: [ 'abc\n ', [c]: d]", 2), ("x: {? a}", 1), ("x: \"a\\\n  \" [b]: c", 2),
    ])
    func keysThatAreNotTextAreRefused(_ yaml: String, _ line: Int) throws {
        #expect(throws: FrontMatterError.keyNotText(line: line + 1)) {
            try FrontMatter.split("---\n" + yaml + "\n---\nText\n")
        }
    }

    /// Front matter as Jekyll, Hugo and Pandoc users write it, with question marks, brackets and
    /// colons in its text, is read as before.
    @Test(arguments: [
        "title: What? Why?\nlang: de", "title: \"a ? b\"\nlang: de", "tags: [a, b]\nlang: de",
        "menu:\n  main:\n    weight: 10\nlang: de", "summary: |\n  ? not a key\n  [1]: https://example.com\nlang: de",
        "defaults: &d {a: 1}\npage:\n  <<: *d\nlang: de", "# ? a comment\nlang: de  # [x]: y",
        "\"quoted key\": 'it''s [a]: b'\nlang: de", "url: http://x.org/[a]:8080\nlang: de",
        "note: >-\n    folded ? text\n    {a}: b\nlang: de", "list:\n- a\n- b: c\nlang: de",
        "title: it's\n  'tis continued\nlang: de", "description: \"one\n  two? [x]: y\"\nlang: de",
        "description: \"one\n  ? two\"\nlang: de", "title: Pourquoi ?\nlang: de", "title: 'Warum? [1]: Darum'\nlang: de",
        "list: [a, {b: c}, [d, e]]\nlang: de", "x: {a: [b], c: {d: e}}\nlang: de",
        // A block scalar indented one space under a key that follows another key's value.
        "a: b\nc: |\n ? [x]\nlang: de",
        // Hugo's and Jekyll's documentation, as written there.
        """
        title: "My First Post"
        date: 2024-01-01T10:00:00+01:00
        tags: ["a", "b"]
        categories:
          - x
        menu:
          main:
            parent: docs
            weight: 10
        params:
          description: >
            Long text
            continues: here? [1]
        draft: false
        lang: de
        """,
        "layout: post\ntitle:  \"Welcome to Jekyll!\"\ndate:   2015-11-17 16:16:01 -0600\ncategories: jekyll update\nlang: de",
    ])
    func ordinaryFrontMatterIsRead(_ yaml: String) throws {
        let frontMatter = try #require(try FrontMatter.split("---\n" + yaml + "\n---\nText\n").frontMatter)
        #expect(frontMatter.settings.language?.tag == "de")
    }

    /// The scan against the YAML library itself over random YAML-like text (quotes and plain
    /// scalars over lines, block scalars, flow collections, aliases, odd line breaks): whenever
    /// the library reads a key that is not a scalar, the scan refuses the text. (The line it names
    /// can differ: the library marks an alias at its anchor.)
    @Test func theScanFindsEveryKeyTheLibraryReadsAsACollection() throws {
        let tokens = ["? ", "- ", "[", "]", "{", "}", ": ", ":", ", ", ",", "*a ", "*a", "&a ", "'q'", "\"d\"", "'", "\"",
                      "| ", "|2", "> ", "\n", "\n  ", "\n    ", "\n ", " # c", "a", "b", "lang", " ", "\t", "!t ",
                      "\u{2028}", "\u{85}", "--- ", "x", "? [a]", "[a]: ", "{b: c}: ", "\\", "''", "x: &a [a]\n", "*a : ", "k: &a {b: c}\n",
                      "{[a], b}", "{", "[a]", "'a\n b'", "\"a\\\n b\"", "x: |\n  t\n", "k:\n", "  ", "?", "a:b", ":'", "# ? x\n", "\r\n", "\r"]
        var random = SeededGenerator(seed: 9)
        var libraryFound = 0
        var scanFound = 0
        for _ in 0..<20_000 {
            let count = Int.random(in: 1...30, using: &random)
            let yaml = (0..<count).map { _ in tokens.randomElement(using: &random)! }.joined()
            let scanned = FrontMatterKeys.firstNonScalarKey(in: yaml)
            if scanned != nil { scanFound += 1 }
            guard let root = try? Yams.compose(yaml: yaml), let line = Self.firstNonScalarKey(root) else { continue }
            libraryFound += 1
            #expect(scanned != nil, "\(yaml.debugDescription): the library reads a collection key on line \(line)")
        }
        #expect(libraryFound > 50, "the generator makes collection keys the library reads (\(libraryFound))")
        #expect(scanFound < 20_000, "the scan does not refuse everything")
    }

    /// The 1-based line of the first key in `node` that is not a scalar.
    static func firstNonScalarKey(_ node: Node) -> Int? {
        switch node {
        case .mapping(let mapping):
            for (key, value) in mapping {
                if key.scalar == nil { return (key.mark?.line ?? 0) }
                if let line = firstNonScalarKey(key) ?? firstNonScalarKey(value) { return line }
            }
            return nil
        case .sequence(let sequence):
            return sequence.lazy.compactMap(firstNonScalarKey).first
        default:
            return nil
        }
    }
}
