import Foundation
import Testing
@testable import TextMetrics

/// Hardening row 15: one screen of a megabyte-long unbreakable word took 26 s, because drawing
/// each line walked every glyph of the word. Drawing now costs each line its own glyphs (and a
/// binary search into the word), counted here, not timed.
@Suite struct LongWordTests {
    /// Glyphs examined to draw every line of a `length`-letter word broken at 100 pt.
    static func drawingWork(_ length: Int, word: String = "abcdefghij") throws -> (visited: Int, glyphs: Int, lines: Int) {
        let typesetter = try Support.typesetter()
        let text = String(repeating: word, count: length / word.count)
        let layout = try typesetter.layout(StyledText(text), style: .body, category: .large, width: 100)
        var visited = 0, glyphs = 0
        for line in layout.lines.indices {
            glyphs += layout.glyphRuns(ofLine: line, visited: &visited).reduce(0) { $0 + $1.glyphs.count }
        }
        return (visited, glyphs, layout.lines.count)
    }

    @Test(arguments: ["abcdefghij", "אבגדהוזחטי", "日本語のテキスト"])
    func drawingTheLinesOfAHugeWordIsLinear(_ word: String) throws {
        let small = try Self.drawingWork(20_000, word: word), large = try Self.drawingWork(80_000, word: word)
        #expect(small.lines > 100 && large.lines > 4 * small.lines - 4, "\(small) \(large)")
        // Each glyph once, plus two binary searches (log2 of the word's glyphs) per line. Walking the
        // whole word per line, as before, is lines × glyphs: 80,000 × 1,000+ here.
        for work in [small, large] {
            #expect(work.visited <= work.glyphs + work.lines * 2 * 20, "\(work)")
        }
        #expect(Double(large.visited) / Double(small.visited) < 4.5, "four times the word, about four times the work")
    }

    /// What the line breaker did to cut `text` into lines of 100 pt (body at L), hyphenated with
    /// the English dictionary when `hyphenate` is set, with the lines and the word's clusters.
    static func breakingWork(_ text: String, hyphenate: Bool = false) throws
        -> (work: LineBreaker.Work, clusters: Int, lines: [LineBreaker.Span], advances: [(offset: Int, advance: Double)], limit: Double) {
        let typesetter = try Support.typesetter()
        let spec = DynamicType.spec(.body, .large)
        let paragraph = typesetter.shapedParagraph(StyledText(text), faces: try typesetter.faces(pointSize: spec.pointSize, weight: spec.weight))
        let limit = 100 * paragraph.unitsPerEm / spec.pointSize
        var hyphenation: LineBreaker.Hyphenation?
        if hyphenate {
            let hyphenator = try typesetter.hyphenator(for: nil)
            let hyphen = LineBreaker.Hyphen(scalar: "-", font: 0, glyph: 0, xOffset: 0, yOffset: 0, width: 300)
            hyphenation = LineBreaker.Hyphenation(points: { hyphenator.hyphenationPoints(utf8: $0) }, hyphen: { _ in hyphen })
        }
        var work = LineBreaker.Work()
        let lines = LineBreaker.lines(of: paragraph, maxWidth: limit, overflowWrap: .breakWord, hyphenation: hyphenation, work: &work)
        #expect(paragraph.segments.count == 1, "one word")
        return (work, text.count, lines, paragraph.graphemeAdvances(of: paragraph.segments[0]), limit)
    }

    /// Hardening II row 6: one screen of a megabyte-long word took 9.6 s (2 MB: 41.5 s), because
    /// every emergency break scanned the word's clusters from its start. Each cut now starts at
    /// its line's first cluster: the work is the word's clusters once, plus a binary search per
    /// line. Counted, not timed.
    @Test(arguments: ["abcdefghij", "אבגדהוזחטי", "नमस्तेदुनिया"])
    func cuttingAHugeWordIntoLinesIsLinear(_ word: String) throws {
        let small = try Self.breakingWork(String(repeating: word, count: 2_000))
        let large = try Self.breakingWork(String(repeating: word, count: 8_000))
        #expect(small.lines.count > 100 && large.lines.count > 4 * small.lines.count - 4, "\(small.lines.count) \(large.lines.count)")
        for result in [small, large] {
            // The clusters of each line and the one that did not fit it, plus two binary searches
            // (log2 of the clusters each) per line. Scanning from the word's start for every line,
            // as before, is about lines × clusters / 2: 400 × 40,000 for the larger word.
            let searches = 2 * Int(log2(Double(result.clusters)).rounded(.up))
            #expect(result.work.boundariesVisited <= result.clusters + result.lines.count * (searches + 1),
                    "\(result.work.boundariesVisited) for \(result.clusters) clusters")
        }
        #expect(Double(large.work.boundariesVisited) / Double(small.work.boundariesVisited) < 4.5,
                "four times the word, about four times the work")
        // The lines are the greedy ones: every cut line is as full as it can be.
        let advances = small.advances
        let index = Dictionary(uniqueKeysWithValues: advances.enumerated().map { ($1.offset, $0) })
        for line in small.lines.dropLast() {
            let consumed = line.start == 0 ? 0 : advances[index[line.start]!].advance
            let end = index[line.end]!
            #expect(line.isEmergencyBreak && line.width <= small.limit && advances[end + 1].advance - consumed > small.limit)
        }
    }

    /// The same for a long segment with many hyphenation points (words joined by full stops, which
    /// UAX #14 does not break after before a letter): each line's hyphen is found by binary search,
    /// where trying every point from the segment's end, per line, was quadratic.
    @Test func hyphenatingAHugeSegmentIsLinear() throws {
        let words = "hyphenation.representative.international.extraordinary."
        let small = try Self.breakingWork(String(repeating: words, count: 200), hyphenate: true)
        let large = try Self.breakingWork(String(repeating: words, count: 800), hyphenate: true)
        #expect(small.lines.count > 100 && large.lines.count > 4 * small.lines.count - 4, "\(small.lines.count) \(large.lines.count)")
        let hyphenated = small.lines.dropLast().filter { $0.endsWithHyphen }.count
        #expect(hyphenated == small.lines.count - 1, "every line ends at a hyphenation point")
        #expect(small.work.hyphenationLookups == 1 && large.work.hyphenationLookups == 1)
        for result in [small, large] {
            // Per line: a binary search over the points whose every probe is a binary search over
            // the clusters (log2 of the clusters, squared), and a few points stepped back over.
            let log = Int(log2(Double(result.clusters)).rounded(.up)) + 1
            #expect(result.work.boundariesVisited <= result.lines.count * (log * log + 8),
                    "\(result.work.boundariesVisited) for \(result.lines.count) lines")
        }
        // Four times the segment, four times the lines, each a little dearer (the searches'
        // logarithms grow too); trying every point per line, as before, was 18 times the work.
        #expect(Double(large.work.boundariesVisited) / Double(small.work.boundariesVisited) < 6)
    }
}
