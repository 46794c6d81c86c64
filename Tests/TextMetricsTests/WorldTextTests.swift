import Foundation
import Testing
@testable import TextMetrics

/// World text: a paragraph in each script the fallback chain promises (Article 1 of the
/// Universal Declaration of Human Rights in each language, Examples/udhr-article1.txt) lays out
/// with no `.notdef`; joining, conjuncts, Thai breaks, right-to-left order, emoji clusters, the
/// CJK face by language, and characters nothing covers.
@Suite struct WorldTextTests {
    /// The paragraphs of Examples/udhr-article1.txt, in order, named.
    static let scripts = ["Latin", "Vietnamese", "Greek", "Cyrillic", "Arabic", "Hebrew", "Devanagari", "Bengali", "Tamil", "Thai",
                          "Georgian", "Armenian", "Ethiopic", "Hangul", "Japanese", "Simplified Chinese", "Traditional Chinese",
                          "Symbols", "Emoji"]

    static func article1() throws -> [(script: String, text: String)] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/udhr-article1.txt")
        let paragraphs = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n\n")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        try #require(paragraphs.count == scripts.count, "one paragraph per script")
        return Array(zip(scripts, paragraphs))
    }

    static func layout(_ text: String, width: Double = 358, direction: BaseDirection = .auto, language: String? = nil,
                       typesetter: Typesetter? = nil) throws -> TextLayout {
        let environment = TextEnvironment(category: .large, direction: direction, language: try language.map(LanguageTag.init))
        return try (typesetter ?? Support.typesetter()).layout(StyledText(text), style: .body, environment: environment, width: width)
    }

    static func glyphs(_ layout: TextLayout) -> [(font: Font, glyph: PositionedGlyph)] {
        layout.lines.indices.flatMap { line in layout.glyphRuns(ofLine: line).flatMap { run in run.glyphs.map { (run.font, $0) } } }
    }

    @Test func everyScriptOfTheChainLaysOutWithoutNotdef() throws {
        let typesetter = try Support.typesetter()
        for (script, text) in try Self.article1() {
            let layout = try Self.layout(text, typesetter: typesetter)
            let glyphs = Self.glyphs(layout)
            #expect(!glyphs.isEmpty, "\(script)")
            #expect(!glyphs.contains { $0.glyph.glyph == 0 }, "\(script): a .notdef glyph")
            #expect(layout.missingCharacters == 0, "\(script): \(layout.missingCharacters) missing")
            #expect(layout.lines.count >= 1 && layout.lines.allSatisfy { $0.width <= 358 + 1e-6 }, "\(script)")
        }
    }

    @Test func eachScriptIsDrawnByTheFaceMeantForIt() throws {
        let expected: [String: String] = [
            "Latin": "Inter", "Vietnamese": "Inter", "Greek": "Inter", "Cyrillic": "Inter", "Arabic": "Noto Sans Arabic",
            "Hebrew": "Noto Sans Hebrew", "Devanagari": "Noto Sans Devanagari", "Bengali": "Noto Sans Bengali",
            "Tamil": "Noto Sans Tamil", "Thai": "Noto Sans Thai", "Georgian": "Noto Sans Georgian", "Armenian": "Noto Sans Armenian",
            "Ethiopic": "Noto Sans Ethiopic", "Hangul": "Noto Sans CJK KR", "Japanese": "Noto Sans CJK JP",
            "Simplified Chinese": "Noto Sans CJK SC", "Traditional Chinese": "Noto Sans CJK SC", "Emoji": "Noto Color Emoji",
        ]
        let typesetter = try Support.typesetter()
        for (script, text) in try Self.article1() {
            guard let family = expected[script] else { continue }
            let families = Set(Self.glyphs(try Self.layout(text, typesetter: typesetter)).map(\.font.familyName))
            #expect(families.contains(family), "\(script): drawn in \(families.sorted())")
        }
    }

    @Test func arabicLettersJoin() throws {
        let typesetter = try Support.typesetter()
        // كتب: kaf, teh, beh (no lam-alef ligature): initial, medial and final forms.
        let word = "كتب"
        let joined = Self.glyphs(try Self.layout(word, typesetter: typesetter)).map(\.glyph.glyph)
        let isolated = Set(word.map { Self.glyphs(try! Self.layout(String($0), typesetter: typesetter)).map(\.glyph.glyph) }.joined())
        #expect(joined.count == 3, "\(joined)")
        #expect(isolated.count == 3)
        // Contextual forms: none of the joined letters is its isolated glyph.
        #expect(joined.allSatisfy { !isolated.contains($0) }, "joined \(joined), isolated \(isolated)")
    }

    @Test func aDevanagariConjunctIsOneGlyph() throws {
        let typesetter = try Support.typesetter()
        // क + ् + ष: the conjunct kṣa.
        let conjunct = Self.glyphs(try Self.layout("क्ष", typesetter: typesetter)).map(\.glyph.glyph)
        let ka = Self.glyphs(try Self.layout("क", typesetter: typesetter)).map(\.glyph.glyph)
        let ssa = Self.glyphs(try Self.layout("ष", typesetter: typesetter)).map(\.glyph.glyph)
        #expect(conjunct.count == 1, "\(conjunct)")
        #expect(conjunct != ka && conjunct != ssa && !conjunct.contains(0))
    }

    @Test func thaiBreaksBetweenWordsWithoutSpaces() throws {
        // สวัสดี (hello) ชาว (people) โลก (world): no spaces, ICU's dictionary finds the words.
        let layout = try Self.layout("สวัสดีชาวโลก", width: 60)
        let lines = layout.lines.indices.map(layout.text(ofLine:))
        #expect(lines.count >= 2, "\(lines)")
        #expect(lines.first == "สวัสดี" || lines.first == "สวัสดีชาว", "\(lines)")
        #expect(lines.joined() == "สวัสดีชาวโลก")
        // No line starts with a combining vowel or tone mark (a cluster was never cut).
        for line in lines { #expect(line.unicodeScalars.first.map { $0.properties.generalCategory != .nonspacingMark } == true) }
    }

    @Test func aRightToLeftParagraphStartsAtTheRight() throws {
        let typesetter = try Support.typesetter()
        let layout = try Self.layout("שלום עולם", width: 300, typesetter: typesetter)
        #expect(layout.baseDirection == .rightToLeft)
        let line = try #require(layout.lines.first)
        #expect(line.direction == .rightToLeft)
        #expect(abs(line.x + line.width - 300) < 1e-9, "right-aligned: x \(line.x) + width \(line.width)")
        let glyphs = layout.glyphRuns(ofLine: 0).flatMap(\.glyphs)
        let shin = Self.glyphs(try Self.layout("ש", typesetter: typesetter)).map(\.glyph.glyph)
        let mem = Self.glyphs(try Self.layout("ם", typesetter: typesetter)).map(\.glyph.glyph)
        // The first letter in reading order is the rightmost glyph; the last one the leftmost.
        #expect(glyphs.max { $0.x < $1.x }?.glyph == shin.first)
        #expect(glyphs.min { $0.x < $1.x }?.glyph == mem.first)
        #expect(layout.visualText(ofLine: 0) == "םלוע םולש")
        #expect(layout.text(ofLine: 0) == "שלום עולם")
    }

    @Test func directionIsTheEnvironmentsOrTheFirstStrongCharacters() throws {
        #expect(try Self.layout("abc שלום").baseDirection == .leftToRight)
        #expect(try Self.layout("123 שלום abc").baseDirection == .rightToLeft)
        #expect(try Self.layout("abc", direction: .rightToLeft).baseDirection == .rightToLeft)
        #expect(try Self.layout("שלום", direction: .leftToRight).baseDirection == .leftToRight)
        let mixed = try Self.layout("Hello שלום world", width: 500)
        #expect(mixed.visualText(ofLine: 0) == "Hello םולש world")
        #expect(mixed.lines[0].x == 0)
        // Numbers keep their order inside right-to-left text.
        #expect(try Self.layout("שלום 123").visualText(ofLine: 0) == "123 םולש")
    }

    @Test func bracketsAreMirroredByShapingInRightToLeftText() throws {
        let typesetter = try Support.typesetter()
        let rtl = Self.glyphs(try Self.layout("א(ב)", typesetter: typesetter))
        let open = Self.glyphs(try Self.layout("(", typesetter: typesetter)).map(\.glyph.glyph).first
        let close = Self.glyphs(try Self.layout(")", typesetter: typesetter)).map(\.glyph.glyph).first
        let brackets = rtl.filter { $0.glyph.glyph == open || $0.glyph.glyph == close }
            .sorted { $0.glyph.x < $1.glyph.x }.map(\.glyph.glyph)
        // Logically "(" then ")" inside right-to-left text: shaping mirrors each, so visually, left
        // to right, the pair still reads "(" … ")".
        #expect(brackets == [open, close], "\(brackets)")
    }

    @Test func anEmojiFamilyIsOneColourGlyph() throws {
        let layout = try Self.layout("👨‍👩‍👧‍👦")
        let glyphs = Self.glyphs(layout)
        #expect(glyphs.count == 1, "\(glyphs.map(\.glyph.glyph))")
        #expect(glyphs.first?.font.isColorBitmap == true)
        #expect(glyphs.first?.glyph.glyph != 0)
        // Skin tones, flags and keycaps stay one cluster and one glyph each.
        for sequence in ["👍🏽", "🇯🇵", "1️⃣"] {
            let drawn = Self.glyphs(try Self.layout(sequence))
            #expect(drawn.count == 1 && drawn[0].font.isColorBitmap, "\(sequence): \(drawn.map(\.glyph.glyph))")
        }
    }

    @Test func hanTakesTheFaceOfTheLanguageOrOfTheKanaOrHangulAround() throws {
        func family(_ text: String, _ language: String? = nil) throws -> Set<String> {
            Set(Self.glyphs(try Self.layout(text, language: language)).map(\.font.familyName).filter { $0.contains("CJK") })
        }
        #expect(try family("漢字") == ["Noto Sans CJK SC"])
        #expect(try family("漢字", "ja") == ["Noto Sans CJK JP"])
        #expect(try family("漢字", "zh-Hant") == ["Noto Sans CJK TC"])
        #expect(try family("漢字", "zh-TW") == ["Noto Sans CJK TC"])
        #expect(try family("漢字", "ko") == ["Noto Sans CJK KR"])
        #expect(try family("漢字とかな") == ["Noto Sans CJK JP"])
        #expect(try family("漢字 한국어") == ["Noto Sans CJK KR"])
        // A language that has nothing to say about Han leaves the guess in place.
        #expect(try family("漢字とかな", "en") == ["Noto Sans CJK JP"])
    }

    @Test func aCharacterNoFontCoversIsTheLastResortsBoxAndCounted() throws {
        // U+0378 is unassigned; U+10FFFD private use (Inter draws a few private-use characters of
        // its own, such as U+E000, so those are not missing).
        let layout = try Self.layout("a\u{0378}b \u{10FFFD}")
        #expect(layout.missingCharacters == 2)
        let boxes = Self.glyphs(layout).filter { $0.glyph.glyph == 0 }
        #expect(boxes.count == 2)
        #expect(boxes.allSatisfy { $0.font.familyName == "Noto Sans" }, "\(boxes.map(\.font.description))")
        #expect(try Self.layout("abc").missingCharacters == 0)
    }

    @Test func loneCombiningMarksAndReplacementCharactersLayOut() throws {
        for text in ["\u{0301}", "\u{0301}\u{0308} a", "\u{FFFD}\u{FFFD}", "\u{200D}", "\u{202E}abc", "\u{05B4}"] {
            let layout = try Self.layout(text, width: 100)
            #expect(layout.lines.count == 1, "\(text.debugDescription)")
            _ = layout.visualText(ofLine: 0)
        }
    }

    @Test func scriptsOfSharedCharactersFollowTheirNeighboursAndBrackets() {
        func scripts(_ text: String) -> String {
            Itemizer.resolveScripts(Array(text.unicodeScalars)).map(\.isoCode).joined(separator: " ")
        }
        #expect(scripts("1 a") == "Latn Latn Latn")
        #expect(scripts("a (ש) b") == "Latn Latn Latn Hebr Latn Latn Latn")
        #expect(scripts("ש (a) ב") == "Hebr Hebr Hebr Latn Hebr Hebr Hebr")
        #expect(scripts("é\u{0301}") == "Latn Latn")
        #expect(scripts("123") == "Zyyy Zyyy Zyyy")
    }

    @Test func latinTakesTheFastPathAndEverythingElseIsItemized() throws {
        let typesetter = try Support.typesetter()
        _ = try Self.layout("Plain prose, with commas; “quotes” and café.", typesetter: typesetter)
        _ = try Self.layout("Zwei Wörter – ça va? 1 000 €", typesetter: typesetter)
        #expect(typesetter.fastPathParagraphs == 2 && typesetter.itemizedParagraphs == 0)
        _ = try Self.layout("Ελληνικά", typesetter: typesetter)
        _ = try Self.layout("abc שלום", typesetter: typesetter)
        _ = try Self.layout("emoji 😀", typesetter: typesetter)
        _ = try Self.layout("plain", direction: .rightToLeft, typesetter: typesetter)
        #expect(typesetter.fastPathParagraphs == 2 && typesetter.itemizedParagraphs == 4)
    }

    @Test func shapingIsCachedPerScriptDirectionAndLanguage() throws {
        let typesetter = try Support.typesetter()
        let text = StyledText("漢字")
        for language in [nil, "ja", "ja", "zh-Hant"] as [String?] {
            _ = try typesetter.layout(text, style: .body,
                                      environment: TextEnvironment(language: try language.map(LanguageTag.init)), width: 300)
        }
        // zh-Hans (guessed), ja, zh-Hant: three languages and three faces, each ideograph its own
        // segment (a break opportunity between them); ja twice is one layout.
        #expect(typesetter.shapeCalls == 3 * 2, "\(typesetter.shapeCalls)")
        #expect(typesetter.layoutsComputed == 3)
    }

    @Test func languageTagsAreValidated() throws {
        #expect(try LanguageTag("zh-hant-tw").tag == "zh-Hant-TW")
        #expect(try LanguageTag("JA").tag == "ja")
        #expect(try LanguageTag("sr-Latn").script == "Latn")
        for bad in ["", "e", "not a tag", "ja_JP", "toolonglanguage", "en--US", "x"] {
            #expect(throws: TextMetricsError.self, "\(bad)") { try LanguageTag(bad) }
        }
        let error = try #require(throws: TextMetricsError.self) { try LanguageTag("e") }
        #expect(error.description.contains("BCP 47") && error.description.contains("'e'"))
    }
}

/// Code (`TextEmphasis.code`) is set in the monospace face, scaled with the text style.
@Suite struct MonospaceCodeTests {
    @Test func codeIsMonospacedAndScalesWithTheStyle() throws {
        let typesetter = try Support.typesetter()
        var text = StyledText("width of ")
        text.append("iiiii", emphasis: .code)
        text.append(" and ")
        text.append("MMMMM", emphasis: .code)
        var widths: [ContentSizeCategory: (i: Double, m: Double)] = [:]
        for category in [ContentSizeCategory.large, .accessibilityExtraExtraExtraLarge] {
            let layout = try typesetter.layout(text, style: .body, category: category, width: 2000)
            let runs = layout.glyphRuns(ofLine: 0)
            let mono = try #require(runs.first { $0.font.familyName == "Noto Sans Mono" }, "\(runs.map(\.font.description))")
            #expect(runs.filter { $0.font.familyName == "Noto Sans Mono" }.count == 2)
            let glyphs = runs.filter { $0.font === mono.font }.flatMap(\.glyphs)
            // Monospaced: every glyph one advance apart, i and M alike.
            let steps = zip(glyphs, glyphs.dropFirst()).map { $1.x - $0.x }
            let iStep = steps[0], mStep = steps.last!
            #expect(abs(iStep - mStep) < 1e-9, "i \(iStep) vs M \(mStep)")
            widths[category] = (iStep, mStep)
        }
        // Scaled with body: 17 pt at L, 53 pt at AX5.
        #expect(abs(widths[.accessibilityExtraExtraExtraLarge]!.i / widths[.large]!.i - 53.0 / 17.0) < 1e-9)
    }

    @Test func strongCodeIsTheBoldMonospaceFace() throws {
        let typesetter = try Support.typesetter()
        let layout = try typesetter.layout(StyledText("x", emphasis: [.code, .strong]), style: .body, category: .large, width: 200)
        #expect(layout.glyphRuns(ofLine: 0).first?.font.styleName == "Bold")
    }
}

/// The chain: its order, what a missing file does, and adding a face at run time.
@Suite struct FontChainTests {
    @Test func emojiIsLastButOneAndTheLastResortLast() {
        let roles = FontChain.standard.entries.map(\.role)
        #expect(roles.first == .text)
        #expect(roles[roles.count - 2] == .emoji && roles.last == .lastResort)
        #expect(roles.filter { $0 == .cjk }.count == 1)
    }

    @Test func filesAddedToTheChainGoBeforeTheEmojiFace() throws {
        let extra = "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf"
        let chain = FontChain.standard.adding(files: ["/x/One.ttf", extra], origin: "added by a test")
        let names = chain.entries.map(\.name)
        let emoji = try #require(chain.entries.firstIndex { $0.role == .emoji })
        #expect(names[emoji - 2] == "One" && names[emoji - 1] == "NotoSansArabic-Regular")
        #expect(chain.entries[emoji - 1].scripts == ["added by a test"])
        #expect(FontChain.standard.adding(files: [], origin: "") == FontChain.standard)

        // Without Noto Sans Arabic (and the faces found by coverage, which include other Arabic
        // faces), Arabic is missing; added back through the environment, it draws.
        var withoutArabic = FontChain.standard
        withoutArabic.entries.removeAll { $0.name == "Noto Sans Arabic" }
        withoutArabic.coverageDirectories = []
        let missing = try Typesetter(fonts: try FontLibrary(chain: withoutArabic))
            .layout(StyledText("سلام"), style: .body, category: .large, width: 300)
        #expect(missing.missingCharacters == 4)
        var added = withoutArabic
        added.entries.insert(FontChain.Entry(name: "Arabic", scripts: ["Arabic"], regular: extra),
                             at: added.entries.firstIndex { $0.role == .emoji }!)
        let drawn = try Typesetter(fonts: try FontLibrary(chain: added))
            .layout(StyledText("سلام"), style: .body, category: .large, width: 300)
        #expect(drawn.missingCharacters == 0)
    }

    @Test func aChainFileThatIsNotThereIsSkipped() throws {
        var chain = FontChain.standard
        chain.entries.insert(FontChain.Entry(name: "Nowhere", scripts: [], regular: "/nonexistent/Nowhere.ttf"), at: 0)
        let library = try FontLibrary(chain: chain)
        #expect(library.fallbackFont(entry: 0, bold: false) == nil)
        let layout = try Typesetter(fonts: library).layout(StyledText("שלום"), style: .body, category: .large, width: 300)
        #expect(layout.missingCharacters == 0)
    }

    @Test func everyFontHasItsVersionAndFile() throws {
        let library = try FontLibrary()
        for index in library.chain.entries.indices {
            let font = try #require(library.fallbackFont(entry: index, bold: false), "\(library.chain.entries[index].name)")
            #expect(font.version.hasPrefix("Version "), "\(font.description): \(font.version)")
            #expect(font.path.hasPrefix("/usr/share/fonts/"))
        }
        #expect(try library.font(Typeface(opticalSize: .text, weight: .regular)).version.hasPrefix("Version "))
    }
}

@Suite struct UsedFontsTests {
    @Test func aLayoutNamesTheFontsItsGlyphsComeFrom() throws {
        let typesetter = try Support.typesetter()
        let latin = try typesetter.layout(StyledText("plain words"), style: .body, category: .large, width: 300)
        #expect(latin.usedFonts.map(\.familyName) == ["Inter"])
        let mixed = try typesetter.layout(StyledText("abc שלום 漢字 😀 abc"), style: .body, category: .large, width: 300)
        #expect(mixed.usedFonts.map(\.familyName) == ["Inter", "Noto Sans Hebrew", "Noto Sans CJK SC", "Noto Color Emoji"])
        #expect(mixed.usedFonts.allSatisfy { !$0.version.isEmpty && !$0.path.isEmpty })
    }
}
