import Testing
@testable import TextMetrics

/// A line must end only after a line-ending character (UAX #14 classes BK, CR, LF, NL), in every
/// script. ICU reports the breaks its dictionaries find inside Thai, Lao, Khmer and Burmese words
/// with the status of the rule-based break that ends their run, so before a line feed every one
/// of them came back mandatory: a one-line Thai code block was laid out one word a line (issue 38,
/// row 5), and a Thai paragraph before a hard line break too.
@Suite struct MandatoryBreakTests {
    /// A sentence in each script that writes no spaces between words (ICU breaks them by
    /// dictionary), and Chinese and Japanese (broken between ideographs by rule).
    static let sentences: [(script: String, text: String)] = [
        ("Thai", "ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรคระหว่างคำ"),
        ("Lao", "ພາສາລາວເປັນພາສາທີ່ບໍ່ມີການຍະຫວ່າງລະຫວ່າງຄຳ"),
        ("Khmer", "ភាសាខ្មែរគឺជាភាសាផ្លូវការរបស់ប្រទេសកម្ពុជា"),
        ("Burmese", "မြန်မာဘာသာစကားသည်မြန်မာနိုင်ငံ၏ရုံးသုံးဘာသာစကားဖြစ်သည်"),
        ("Chinese", "中文的词与词之间没有空格"),
        ("Japanese", "日本語は単語の間に空白を入れない"),
    ]

    /// The line-ending characters of UAX #14 (BK, CR, LF, NL), each of which ends a line.
    static let lineEnds = ["\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]

    @Test(arguments: sentences.map(\.script))
    func onlyALineEndIsAMandatoryBreak(_ script: String) throws {
        let sentence = try #require(Self.sentences.first { $0.script == script }).text
        let breaks = try BreakOpportunities()
        for lineEnd in Self.lineEnds {
            let text = sentence + lineEnd + sentence + lineEnd
            let found = breaks.opportunities(in: text[...])
            let inside = found.filter { $0.offset < sentence.utf8.count }
            #expect(inside.count > 1, "\(script): no break found inside the sentence; the test would prove nothing")
            let mandatory = found.filter(\.isMandatory).map(\.offset)
            let expected = [(sentence + lineEnd).utf8.count, text.utf8.count]
            #expect(mandatory == expected, "\(script) before \(lineEnd.unicodeScalars.map { String($0.value, radix: 16) }): mandatory at \(mandatory)")
        }
    }

    /// Code is never wrapped (it is laid out for an unbounded width): it breaks at its own line
    /// ends and nowhere else.
    @Test(arguments: sentences.map(\.script))
    func unwrappedCodeBreaksOnlyAtItsLineEnds(_ script: String) throws {
        let sentence = try #require(Self.sentences.first { $0.script == script }).text
        let typesetter = try Support.typesetter()
        let code = "x = \"\(sentence)\"  # \(sentence)"
        for category: ContentSizeCategory in [.large, .accessibilityExtraExtraExtraLarge] {
            let one = try typesetter.layout(StyledText(code + "\n", emphasis: .code), style: .body, category: category, width: .infinity)
            #expect(one.lines.count == 1, "\(script) at \(category): \(one.lines.indices.map(one.text(ofLine:)))")
            let two = try typesetter.layout(StyledText(code + "\n" + sentence, emphasis: .code), style: .body, category: category,
                                            width: .infinity)
            #expect(two.lines.indices.map(two.text(ofLine:)) == [code, sentence], "\(script) at \(category)")
        }
    }

    /// Prose before a hard line break fills its lines as the same prose without one does.
    @Test(arguments: sentences.map(\.script))
    func proseBeforeALineEndFillsItsLines(_ script: String) throws {
        let sentence = try #require(Self.sentences.first { $0.script == script }).text
        let typesetter = try Support.typesetter()
        for width in [120.0, 200, 358] {
            let plain = try typesetter.layout(StyledText(sentence), style: .body, category: .large, width: width)
            let ended = try typesetter.layout(StyledText(sentence + "\u{2028}"), style: .body, category: .large, width: width)
            #expect(ended.lines.map(\.range.lowerBound) == plain.lines.map(\.range.lowerBound), "\(script) at \(width) pt: lines start at the same places")
        }
    }
}
