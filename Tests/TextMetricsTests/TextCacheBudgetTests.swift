import Testing
@testable import TextMetrics

/// Issue 24, row 8: what the typesetter keeps of the text it measured is bounded in bytes, not
/// only in entries, so a document of long paragraphs is held to the memory of one of short ones.
@Suite struct TextCacheBudgetTests {
    /// A paragraph of `count` distinct-ish words (numbered, so no two paragraphs are equal).
    static func paragraph(_ index: Int, words count: Int) -> StyledText {
        StyledText((0..<count).map { "word\(index)x\($0 % 97)" }.joined(separator: " "))
    }

    /// 64 paragraphs of about 8 KB each (about 512 KB) against a budget of 64 KB: the shaped
    /// paragraphs and layouts kept stay within twice the budget for each cache (a generation
    /// is full at half of it, plus the one entry that goes over), where before they held all
    /// 512 KB.
    @Test func longParagraphsAreKeptWithinTheBudget() throws {
        let budget = 64 << 10
        let typesetter = try Typesetter(fonts: try FontLibrary(), textCacheBytes: budget)
        var largest = 0, total = 0
        for index in 0..<64 {
            let text = Self.paragraph(index, words: 700)
            largest = max(largest, text.string.utf8.count)
            total += text.string.utf8.count
            _ = try typesetter.layout(text, style: .body, category: .large, width: 358)
            #expect(typesetter.cachedTextBytes <= 2 * (budget + largest), "after \(index + 1) paragraphs")
        }
        #expect(total > 6 * budget)
        // Both caches still hold something: the budget bounds them, it does not empty them.
        #expect(typesetter.cachedTextBytes >= budget / 2)
    }

    /// Short paragraphs keep to the entry limit as before; a paragraph seen again is a hit.
    @Test func aParagraphWithinTheBudgetIsKept() throws {
        let typesetter = try Typesetter(fonts: try FontLibrary(), textCacheBytes: 64 << 10)
        let text = Self.paragraph(0, words: 100)
        _ = try typesetter.layout(text, style: .body, category: .large, width: 358)
        let shaped = typesetter.paragraphsShaped
        _ = try typesetter.layout(text, style: .body, category: .extraLarge, width: 358)
        #expect(typesetter.paragraphsShaped == shaped)
    }

    /// The cache's own accounting: costs add up, a replaced key's cost is taken back, a hit in
    /// the old generation moves its cost with it, and the total never passes the limit by more
    /// than the one entry over half of it.
    @Test func boundedCacheCountsCosts() {
        var cache = BoundedCache<Int, Int>(limit: 1_000, costLimit: 100)
        cache.insert(1, for: 1, cost: 20)
        cache.insert(2, for: 2, cost: 10)
        #expect(cache.cost == 30)
        cache.insert(3, for: 2, cost: 15)
        #expect(cache.cost == 35)
        cache.insert(4, for: 4, cost: 20)  // 35 + 20 > 50: the young generation becomes the old
        #expect(cache.cost == 55)
        #expect(cache.value(for: 1) == 1)  // its 20 move from the old generation to the young
        #expect(cache.cost == 55)
        for key in 10..<200 {
            cache.insert(key, for: key, cost: 7)
            #expect(cache.cost <= 100 + 7)
        }
        cache.removeAll()
        #expect(cache.cost == 0 && cache.count == 0)
    }
}
