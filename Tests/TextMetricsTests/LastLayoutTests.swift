import Testing
@testable import TextMetrics

/// A sweep's typesetter keeps no layouts, but a screen's cells repeat a few short texts (titles,
/// badges) thousands of times per size: each shaped paragraph keeps its last layout
/// (`keepsLastLayouts`), so a repeated text is broken into lines once per size. Counted.
@Suite struct LastLayoutTests {
    /// 40 different titles, each shown by 25 cells (interleaved, as a screen's are), at all twelve
    /// sizes: 40 line-breaking passes per size (480), not 1,000 per size (12,000); the same
    /// layouts as a typesetter that keeps nothing; each title shaped once per cut.
    @Test func repeatedTextsAreBrokenOncePerSize() throws {
        let fonts = try FontLibrary(directory: Support.fontsDirectory)
        let typesetter = try Typesetter(fonts: fonts, layoutCacheLimit: 0, keepsLastLayouts: true)
        let plain = try Typesetter(fonts: fonts, layoutCacheLimit: 0)
        let titles = (0..<40).map { StyledText("Title number \($0) of the grid") }
        var differences = 0
        for category in ContentSizeCategory.allCases {
            for _ in 0..<25 {
                for title in titles {
                    let kept = try typesetter.layout(title, style: .headline, category: category, width: 82)
                    let computed = try plain.layout(title, style: .headline, category: category, width: 82)
                    if kept.lines != computed.lines || kept.height != computed.height { differences += 1 }
                }
            }
        }
        #expect(differences == 0, "the kept layouts are the computed ones")
        #expect(typesetter.layoutsComputed == 40 * 12, "\(typesetter.layoutsComputed) line-breaking passes")
        #expect(typesetter.lastLayoutHits == 40 * 24 * 12)
        #expect(plain.layoutsComputed == 1_000 * 12 && plain.lastLayoutHits == 0, "without, every ask breaks lines")
        #expect(typesetter.paragraphsShaped == 2 * 40, "each title shaped once per cut (Inter, Inter Display)")
        #expect(typesetter.shapeCalls == plain.shapeCalls)
    }

    /// Only the same paragraph at the same size, line height, width and hyphenation is answered:
    /// anything else is broken again (and becomes the last layout).
    @Test func aNewWidthSizeOrSettingIsBrokenAgain() throws {
        let typesetter = try Typesetter(fonts: try FontLibrary(directory: Support.fontsDirectory), layoutCacheLimit: 0,
                                        keepsLastLayouts: true)
        let title = StyledText("Lisbon Kyoto Oslo Hanoi")
        let asks: [(TextEnvironment, Double)] = [
            (TextEnvironment(category: .large), 82),
            (TextEnvironment(category: .large), 60),
            (TextEnvironment(category: .medium), 60),
            (TextEnvironment(category: .medium, hyphenation: true), 60),
            (TextEnvironment(category: .medium, spacing: .wcag), 60),
        ]
        for (environment, width) in asks {
            _ = try typesetter.layout(title, style: .body, environment: environment, width: width)
        }
        #expect(typesetter.lastLayoutHits == 0 && typesetter.layoutsComputed == asks.count)
        for _ in 0..<3 { _ = try typesetter.layout(title, style: .body, environment: asks[4].0, width: 60) }
        #expect(typesetter.lastLayoutHits == 3 && typesetter.layoutsComputed == asks.count)
        // Hyphenated at a width where it matters, then not: two layouts, each right.
        let word = StyledText("Internationalization")
        let narrow = try typesetter.layout(word, style: .body, environment: TextEnvironment(category: .large, hyphenation: true), width: 70)
        let unhyphenated = try typesetter.layout(word, style: .body, category: .large, width: 70)
        #expect(narrow.lines.contains { $0.endsWithHyphen } && !unhyphenated.lines.contains { $0.endsWithHyphen })
    }
}
