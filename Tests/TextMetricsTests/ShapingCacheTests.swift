import Foundation
import Testing
@testable import TextMetrics

/// The caches behind measuring, counted: shape once per word and face, break many times.
@Suite struct ShapingCacheTests {
    static let paragraph = """
        Dynamic Type lets people choose the size of text, and every screen must reflow: the same words, \
        the same words again, shaped once per face and broken into lines at every width and size. \
        Words repeat, words repeat, and repeated words cost nothing.
        """

    /// The distinct words of a text made of ASCII words separated by single spaces (each one a
    /// break segment).
    static func distinctWords(_ text: String) -> Set<Substring> { Set(text.split(separator: " ")) }

    static func faces(of style: TextStyle) -> Set<Typeface> {
        Set(ContentSizeCategory.allCases.map { DynamicType.spec(style, $0).typeface() })
    }

    @Test func allTwelveCategoriesShapeEachWordOncePerFace() throws {
        let typesetter = try Support.typesetter()
        let text = StyledText(Self.paragraph)
        for category in ContentSizeCategory.allCases {
            _ = try typesetter.layout(text, style: .body, category: category, width: 320)
        }
        // Body is 14…19 pt (Inter) from xS to xL and 21…53 pt (Inter Display) from xxL.
        let faces = Self.faces(of: .body)
        #expect(faces.map(\.fileName).sorted() == ["Inter-Regular.otf", "InterDisplay-Regular.otf"])
        let words = Self.distinctWords(Self.paragraph).count
        // Each distinct word once per face, and the space once per face; not twelve times.
        #expect(typesetter.shapeCalls == (words + 1) * faces.count,
                "\(typesetter.shapeCalls) shape calls for \(words) words in \(faces.count) faces")
        #expect(typesetter.paragraphsShaped == faces.count, "one shaped paragraph per face set")
        #expect(typesetter.layoutsComputed == 12)
    }

    @Test(arguments: TextStyle.allCases)
    func everyStyleShapesEachWordAtMostOncePerFace(_ style: TextStyle) throws {
        let typesetter = try Support.typesetter()
        let text = StyledText(Self.paragraph)
        for category in ContentSizeCategory.allCases {
            _ = try typesetter.layout(text, style: style, category: category, width: 250)
        }
        let faces = Self.faces(of: style)
        #expect(typesetter.shapeCalls <= (Self.distinctWords(Self.paragraph).count + 1) * faces.count)
        #expect(typesetter.paragraphsShaped == faces.count)
    }

    @Test func emphasisedRunsUseTheirOwnFacesAndStillShapeOnce() throws {
        let typesetter = try Support.typesetter()
        var text = StyledText("plain words then ")
        text.append("strong words", emphasis: .strong)
        text.append(" and ")
        text.append("italic words", emphasis: .italic)
        for category in ContentSizeCategory.allCases {
            _ = try typesetter.layout(text, style: .body, category: category, width: 90)
        }
        // Segments: "plain ", "words ", "then ", "strong ", "words ", "and ", "italic ", "words".
        // Per cut (Text below 20 pt, Display from 20 pt), each face shapes its words and its space:
        // regular {plain, words, then, and, " "}, semibold {strong, words, " "}, italic {italic, words, " "}.
        #expect(typesetter.shapeCalls == 2 * (5 + 3 + 3), "\(typesetter.shapeCalls) shape calls")
        #expect(typesetter.paragraphsShaped == 2)
    }

    @Test func reLayoutAtANewWidthDoesNoShaping() throws {
        let typesetter = try Support.typesetter()
        let text = StyledText(Self.paragraph)
        let first = try typesetter.layout(text, style: .body, category: .large, width: 320)
        let shaped = typesetter.shapeCalls
        #expect(shaped > 0)
        var heights: [Double] = []
        for width in stride(from: 40.0, through: 900, by: 37) {
            heights.append(try typesetter.layout(text, style: .body, category: .large, width: width).height)
        }
        #expect(typesetter.shapeCalls == shaped, "a new width only re-breaks lines")
        #expect(typesetter.paragraphsShaped == 1)
        #expect(heights.first! > heights.last!, "narrower is taller: the widths were really used")
        // The same key again is a layout-cache hit: no line breaking either.
        let computed = typesetter.layoutsComputed
        let again = try typesetter.layout(text, style: .body, category: .large, width: 320)
        #expect(typesetter.layoutsComputed == computed)
        #expect(again.lines == first.lines)
        #expect(typesetter.layoutCacheHits >= 1)
    }

    @Test func aNewCategoryOfTheSameFaceDoesNoShaping() throws {
        let typesetter = try Support.typesetter()
        let text = StyledText(Self.paragraph)
        _ = try typesetter.layout(text, style: .body, category: .extraSmall, width: 300)
        let shaped = typesetter.shapeCalls
        for category in [ContentSizeCategory.small, .medium, .large, .extraLarge] {
            _ = try typesetter.layout(text, style: .body, category: category, width: 300)
        }
        #expect(typesetter.shapeCalls == shaped, "xS … xL all draw body in Inter Regular")
        _ = try typesetter.layout(text, style: .body, category: .extraExtraLarge, width: 300)
        #expect(typesetter.shapeCalls > shaped, "xxL switches to Inter Display, which must be shaped")
    }

    @Test func theShapersCacheAnswersRepeatsAndCountsOnlyMisses() throws {
        let font = try FontLibrary().font(Typeface(opticalSize: .text, weight: .regular))
        let shaper = Shaper()
        let first = shaper.shape("reflow", font: font)
        #expect(shaper.shapeCalls == 1)
        #expect(shaper.shape("reflow", font: font) == first)
        #expect(shaper.shapeCalls == 1)
        #expect(shaper.cacheHits == 1)
        _ = shaper.shape("Reflow", font: font)
        #expect(shaper.shapeCalls == 2, "different bytes, different entry")
        // Canonically equivalent spellings are different bytes and shape separately.
        _ = shaper.shape("caf\u{E9}", font: font)
        _ = shaper.shape("cafe\u{301}", font: font)
        #expect(shaper.shapeCalls == 4)
        // A long key (beyond the 16 inline bytes) is found again too, and one differing only at
        // its end is not confused with it.
        let long = String(repeating: "internationalization", count: 3)
        _ = shaper.shape(long, font: font)
        _ = shaper.shape(long, font: font)
        _ = shaper.shape(long + "s", font: font)
        _ = shaper.shape(String(long.dropLast()) + "N", font: font)
        #expect(shaper.shapeCalls == 7)
        #expect(shaper.shapeUncached("reflow", font: font) == first)
        #expect(shaper.shapeCalls == 8, "uncached shaping is counted")
        // The same bytes in another face are another entry, and give that face's glyphs.
        let display = try FontLibrary().font(Typeface(opticalSize: .display, weight: .regular))
        let inDisplay = shaper.shape("reflow", font: display)
        #expect(shaper.shapeCalls == 9)
        #expect(inDisplay != first)
        #expect(shaper.shape("reflow", font: display) == inDisplay)
        #expect(shaper.shapeCalls == 9)
    }

    @Test func theShapersCacheRespectsItsBound() throws {
        let font = try FontLibrary().font(Typeface(opticalSize: .text, weight: .regular))
        let shaper = Shaper(cacheLimit: 8)
        let words = (0..<100).map { "word\($0)" }
        for word in words { _ = shaper.shape(word, font: font) }
        #expect(shaper.cachedRuns <= 8)
        #expect(shaper.shapeCalls == 100)
        // The most recent word is still there; the first one was dropped and is shaped again.
        _ = shaper.shape(words[99], font: font)
        #expect(shaper.shapeCalls == 100)
        _ = shaper.shape(words[0], font: font)
        #expect(shaper.shapeCalls == 101)
        #expect(shaper.cachedRuns <= 8)
    }

    @Test func theParagraphCacheRespectsItsBound() throws {
        let typesetter = try Typesetter(fonts: try FontLibrary(), paragraphCacheLimit: 2, layoutCacheLimit: 2)
        let texts: [StyledText] = ["one paragraph", "another paragraph", "a third paragraph", "and a fourth"]
        for text in texts { _ = try typesetter.layout(text, style: .body, category: .large, width: 200) }
        #expect(typesetter.paragraphsShaped == 4)
        let shaped = typesetter.shapeCalls
        // The first paragraph fell out of both caches: shaped again as a paragraph, but its words
        // are still in the shaper's cache.
        _ = try typesetter.layout(texts[0], style: .body, category: .large, width: 200)
        #expect(typesetter.paragraphsShaped == 5)
        #expect(typesetter.shapeCalls == shaped)
    }

    @Test func boundedCacheHoldsAtMostItsLimitAndKeepsRecentEntries() {
        var cache = BoundedCache<Int, String>(limit: 10)
        for key in 0..<1_000 {
            cache.insert("\(key)", for: key)
            #expect(cache.count <= 10)
        }
        #expect(cache.limit == 10)
        #expect(cache.value(for: 999) == "999")
        #expect(cache.value(for: 995) == "995")
        #expect(cache.value(for: 0) == nil)
        #expect(cache.hits == 2)
        #expect(cache.misses == 1)
    }

    @Test func boundedCacheKeepsAnEntryThatIsUsedOftenEnough() {
        var cache = BoundedCache<Int, Int>(limit: 8)
        cache.insert(-1, for: -1)
        for key in 0..<1_000 {
            cache.insert(key, for: key)
            // Looked up at least once per generation, the entry is carried into the young one.
            #expect(cache.value(for: -1) == -1, "lost after \(key) inserts")
        }
        #expect(cache.count <= 8)
        cache.removeAll()
        #expect(cache.count == 0)
        #expect(cache.value(for: -1) == nil)
    }
}
