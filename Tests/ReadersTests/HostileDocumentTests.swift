import Foundation
import Testing
import TextMetrics
@testable import Reflow
import Readers
import CommonMark
import TestSupport

/// Issue 22's bad input, through the whole path a reader's document takes (Markdown and its HTML
/// read into blocks, blocks into cells, cells laid out): a broken or hostile HTML fragment, or a
/// list or quote 10,000 deep, gives a correct layout, never a crash, a hang or a tag on screen.
///
/// A correct layout, checked at xS, L and AX5 in a 320 pt container: no cell's text shows a tag
/// (code aside, which may show markup on purpose), the text the HTML holds is there, every
/// element and everything it places lies inside the container, and every text has a positive
/// width. Depth: the parser keeps `MarkdownParser.maximumNesting` levels of containers as a tree
/// (deeper ones give their blocks to the nearest kept one), so a block's `Nesting.depth` is at
/// most `maximumDepth` below however deep the source nests; `Indentation` bounds what that depth
/// takes of the width. Bounded work: each layout measures each cell once, and the cells are
/// never more than the source's lines. Times are printed (a debug build's, to find hangs),
/// never asserted.
@Suite(.timeLimit(.hangGuard)) struct HostileDocumentTests {
    /// The deepest `Nesting` a block can get: cmark's tree keeps 32 frames (the document and 31
    /// containers), and a list is two of them (the list and its item).
    static let maximumDepth = MarkdownParser.maximumNesting

    static let width = 320.0
    static let categories: [ContentSizeCategory] = [.extraSmall, .large, .accessibilityExtraExtraExtraLarge]

    /// What a hostile document became: its blocks and, per category, its layout.
    struct Outcome {
        let blocks: [Block]
        let layouts: [LayoutSnapshot]

        /// Every cell's text, in document order (code included).
        var texts: [String] { blocks.map(\.text.string) }
        /// All visible text of the document, one string.
        var allText: String { texts.joined(separator: "\n") }
    }

    /// `count` lines, line `n` being `indent(n)` spaces and then `text(n)`, a line feed apart.
    /// Written into the string's own storage: the deepest documents here are 100 MB of indentation,
    /// and this test code is unoptimized (`String(repeating:count:)` and `joined` took 20 s of CPU).
    static func indentedLines(_ count: Int, indent: (Int) -> Int, text: (Int) -> String) -> String {
        let texts = (0..<count).map { Array(text($0).utf8) }
        let total = (0..<count).reduce(0) { $0 + indent($1) + texts[$1].count + 1 }
        return String(unsafeUninitializedCapacity: total) { buffer in
            var at = 0
            for line in 0..<count {
                let spaces = indent(line)
                memset(buffer.baseAddress! + at, 0x20, spaces)
                at += spaces
                texts[line].withUnsafeBufferPointer { (buffer.baseAddress! + at).update(from: $0.baseAddress!, count: $0.count) }
                at += texts[line].count
                if line < count - 1 {
                    buffer[at] = 0x0A
                    at += 1
                }
            }
            return at
        }
    }

    /// How many lines `text` has (line feeds + 1), found with `memchr`, not a closure per byte.
    static func lineCount(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            guard var at = bytes.baseAddress else { return 1 }
            let end = at + bytes.count
            var lines = 1
            while at < end, let found = memchr(at, 0x0A, end - at) {
                lines += 1
                at = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) + 1
            }
            return lines
        }
    }

    /// Reads and lays out `markdown`, checking what holds for any input (see the suite).
    @discardableResult
    static func read(_ name: String, _ markdown: String, tagsAllowed: Bool = false, categories: [ContentSizeCategory] = categories,
                     sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Outcome {
        let clock = ContinuousClock()
        let start = clock.now
        let document = try Document(markdown: markdown)
        let read = clock.now - start
        let blocks = document.blocks
        let content = CellMode.blocks.content(for: document)
        let cells = content.sections.reduce(0) { $0 + $1.cellCount }
        #expect(cells == blocks.count, "\(name): one cell per block", sourceLocation: sourceLocation)
        let lines = lineCount(markdown)
        #expect(cells <= 2 * lines + 16, "\(name): \(cells) cells from \(lines) lines", sourceLocation: sourceLocation)
        let tag = /<\/?[A-Za-z!?]/
        for block in blocks where block.kind != .code && !tagsAllowed && block.text.string.utf8.contains(UInt8(ascii: "<")) {
            #expect(block.text.string.firstMatch(of: tag) == nil,
                    "\(name): a tag on screen: \(block.text.string.prefix(200).debugDescription)", sourceLocation: sourceLocation)
        }
        #expect(blocks.allSatisfy { $0.nesting.depth <= maximumDepth },
                "\(name): depth \(blocks.map(\.nesting.depth).max() ?? 0)", sourceLocation: sourceLocation)
        var layouts: [LayoutSnapshot] = []
        for category in categories {
            let sizer = try Fixtures.sizer()
            let snapshot = try ListLayout().layout(content, in: LayoutEnvironment(containerWidth: width, category: category), sizer: sizer)
            #expect(sizer.measurementsComputed == cells, "\(name) at \(category): each cell measured once", sourceLocation: sourceLocation)
            checkInside(snapshot, name: "\(name) at \(category)", sourceLocation: sourceLocation)
            layouts.append(snapshot)
        }
        print("\(name): \(markdown.utf8.count) bytes, \(cells) cells, deepest \(blocks.map(\.nesting.depth).max() ?? 0); read in \(read), laid out x\(categories.count) in \(clock.now - start - read)")
        return Outcome(blocks: blocks, layouts: layouts)
    }

    /// Every element inside the container and every content inside its element; texts with a
    /// positive width.
    static func checkInside(_ snapshot: LayoutSnapshot, name: String, sourceLocation: Testing.SourceLocation) {
        let epsilon = 1e-6
        var outside = 0, narrow = 0
        for element in snapshot.elements {
            let frame = element.frame
            if frame.minX < -epsilon || frame.maxX > width + epsilon || !(frame.height > 0) { outside += 1 }
            for item in element.content {
                let inner = item.frame
                if inner.minX < frame.minX - epsilon || inner.maxX > frame.maxX + epsilon || inner.minY < frame.minY - epsilon
                    || !inner.minX.isFinite || !inner.maxY.isFinite { outside += 1 }
                if case .text = item, !(inner.width > 0) { narrow += 1 }
            }
        }
        #expect(outside == 0, "\(name): \(outside) frames outside the container or their cell", sourceLocation: sourceLocation)
        #expect(narrow == 0, "\(name): \(narrow) texts without width", sourceLocation: sourceLocation)
    }

    // MARK: Broken and hostile HTML

    @Test func anUnclosedCentredDivisionHoldsTheRestOfTheDocument() throws {
        let outcome = try Self.read("unclosed div", "<div align=center>\n\n# Title\n\nText *after* it.\n\n- item")
        #expect(outcome.texts == ["Title", "Text after it.", "item"])
    }

    @Test func detailsNeverClosedKeepTheirSummaryAndContent() throws {
        let outcome = try Self.read("unclosed details", "<details>\n<summary>Install <b>now</b></summary>\n\nStep one.\n\n```sh\nmake\n```\n\n> quoted")
        // The summary is a disclosure row ("▾ "); a code block's text keeps its last line end.
        #expect(outcome.texts == ["▾ Install now", "Step one.", "make\n", "quoted"])
    }

    @Test func strayEndTagsShowNothing() throws {
        let outcome = try Self.read("stray end tags", "</div>\n\nText</div> more </span></p></details>.\n\n</table></ul>\n\nLast")
        #expect(outcome.texts == ["Text more .", "Last"])
    }

    @Test func tableJunkKeepsItsCellsText() throws {
        let outcome = try Self.read("table junk", "<table><tr><td>a<td>b</tr><tr><td>c</table></td>junk</tr><th>d\n\n<table></table><tr>e")
        let text = outcome.allText
        for word in ["a", "b", "c", "junk", "d", "e"] {
            #expect(text.contains(word as String), "\(word) lost: \(outcome.texts)")
        }
    }

    @Test func unquotedAttributesAreAttributes() throws {
        let outcome = try Self.read("unquoted attributes", "<p align=center dir=rtl>مرحبا</p>\n<p align=center><img src=logo.png alt=Logo width=40 height=20></p>")
        #expect(outcome.allText.contains("مرحبا"))
        let pictures = outcome.layouts[1].elements.flatMap(\.content).compactMap { item -> Picture? in if case .picture(let p, _, _, _) = item { p } else { nil } }
        #expect(pictures.map(\.statedWidth) == [40] && pictures.map(\.alt) == ["Logo"])
    }

    /// Sizes that are not numbers are none; a huge one is fitted into the width, however huge.
    @Test func imageSizesThatAreNotSizesGiveAnImageInsideTheWidth() throws {
        let outcome = try Self.read("bad img sizes", """
            <img src=a.png alt=abc width="abc" height="x"> <img src=b.png alt=minus width="-5" height="-5">
            <img src=c.png alt=huge width="99999999999" height="99999999999"> <img src=d.png alt=wide width="100000">
            """)
        let pictures = outcome.layouts[1].elements.flatMap(\.content).compactMap { item -> (Picture, Rect)? in
            if case .picture(let p, let f, _, _) = item { (p, f) } else { nil }
        }
        #expect(pictures.map(\.0.alt) == ["abc", "minus", "huge", "wide"])
        #expect(pictures[0].0.statedWidth == nil && pictures[1].0.statedWidth == nil)
        #expect(pictures.allSatisfy { $0.1.width > 0 && $0.1.width <= Self.width && $0.1.height.isFinite })
    }

    @Test func scriptsStylesCommentsAndCDATAShowNothing() throws {
        let outcome = try Self.read("script style comment cdata", """
            <script>alert("<b>x</b>")</script>

            Before <style>p { color: red }</style>middle<!-- a comment <b> -->after <![CDATA[ <i>raw</i> ]]>end.

            <!-- a comment
            over lines -->

            <style>
            body { display: none }
            </style>
            """)
        #expect(outcome.texts == ["Before middleafter end."])
        for hidden in ["alert", "color", "comment", "raw", "display"] {
            #expect(!outcome.allText.contains(hidden))
        }
    }

    /// An escaped tag is text the author wrote, shown as a browser shows it; bad entities are
    /// kept as written or replaced, never fatal.
    @Test func entitiesAreTheirCharacters() throws {
        let outcome = try Self.read("entities", "Fish &amp; chips &lt;b&gt; &copy; &#x1F600; &#128512; &bogus; &#0; &#xD800; &#99999999;",
                                    tagsAllowed: true)
        let text = try #require(outcome.texts.first)
        #expect(text.hasPrefix("Fish & chips <b> © 😀 😀 &bogus; "))
        #expect(outcome.texts.count == 1)
    }

    @Test func tenThousandNestedDivisionsKeepTheirText() throws {
        let deep = String(repeating: "<div align=center>", count: 10_000) + "deep text" + String(repeating: "</div>", count: 10_000)
        let outcome = try Self.read("10,000 divs", deep + "\n\nafter\n\n" + String(repeating: "<div>", count: 10_000) + "\n\n- unclosed")
        #expect(outcome.texts == ["deep text", "after", "unclosed"])
    }

    @Test func aMegabyteAttributeIsNeitherShownNorSlow() throws {
        let big = String(repeating: "abcdefgh ", count: 120_000)
        let outcome = try Self.read("1 MB attribute", "<div title=\"\(big)\" data-x='\(big)'>kept</div>\n\nText <a href=\"\(big)\">link</a>.")
        #expect(outcome.texts == ["kept", "Text link."])
    }

    /// A 1 MB alt text is shown (it is the image's text), laid out like any long text (at L only:
    /// a megabyte of text takes seconds a size in a debug build).
    @Test func aMegabyteAltTextIsLaidOutInsideTheWidth() throws {
        let words = String(repeating: "alt words here ", count: 70_000)
        let outcome = try Self.read("1 MB alt", "<img src=x.png alt=\"\(words)\">", categories: [.large])
        #expect(outcome.blocks.count == 1 && outcome.blocks[0].kind == Cell.Kind.image)
    }

    @Test func nulBytesAreReplacedNotFatal() throws {
        let outcome = try Self.read("NUL", "a\u{0}b <b>\u{0}</b> <img src=\"\u{0}\" alt=\"x\u{0}y\">\n\n<div>\u{0}<p>c\u{0}</p></div>")
        #expect(!outcome.allText.contains("\u{0}"))
        #expect(outcome.allText.contains("a\u{FFFD}b"))
    }

    // MARK: 10,000 deep

    /// The depths a nested list gets: one level per item to the limit, then the rest in the
    /// deepest kept list, one item each.
    static func expectBoundedList(_ outcome: Outcome, items: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let depths = outcome.blocks.map(\.nesting.depth)
        #expect(outcome.blocks.count == items, sourceLocation: sourceLocation)
        #expect(depths == depths.sorted(), "depth never decreases down a nested list", sourceLocation: sourceLocation)
        // Every level's text is further in than its parent's, up to the deepest kept level.
        let snapshot = try #require(outcome.layouts.last, sourceLocation: sourceLocation)
        let cells = snapshot.elements.sorted { $0.indexPath < $1.indexPath }
        let category = snapshot.environment.category
        let inside = Self.width - Cell.defaultInsets.scaled(by: FontMetrics(forTextStyle: .body).scaleFactor(for: category)).horizontal
        for cell in cells {
            let text = try #require(cell.textFrame, sourceLocation: sourceLocation)
            #expect(text.width >= inside / 2 - 1e-6, "more than half the width is left to text", sourceLocation: sourceLocation)
        }
    }

    /// 10,000 levels by indentation: 100 MB of Markdown (level n is indented 2n spaces), read by
    /// cmark-gfm in time linear in its bytes; laid out at AX5 only (the widest indents), where
    /// the other tests lay out at three sizes, to keep a debug run of the suite short.
    @Test func aListTenThousandDeepByIndentation() throws {
        let markdown = Self.indentedLines(10_000, indent: { 2 * $0 }, text: { "- level \($0)" })
        let outcome = try Self.read("10,000-deep list by indentation", markdown, categories: [.accessibilityExtraExtraExtraLarge])
        try Self.expectBoundedList(outcome, items: 10_000)
        #expect(outcome.texts.first == "level 0" && outcome.texts.last == "level 9999")
        // The kept levels: 16 lists of one item each (a list and its item are two of the parser's
        // 32 frames, the document one more), the rest items of the deepest list.
        #expect(outcome.blocks.map(\.nesting.depth).max() == 16)
        #expect(outcome.blocks.filter { $0.nesting.depth == 16 }.count == 10_000 - 15)
    }

    @Test func aListTenThousandDeepOnOneLine() throws {
        let outcome = try Self.read("10,000-deep list on one line", String(repeating: "- ", count: 10_000) + "deep")
        #expect(outcome.texts == ["deep"])
        #expect(outcome.blocks[0].nesting.depth == 16)
    }

    /// Numbered items nested 10,000 deep, on one line (`1. 1. 1. … x`), and 2,000 deep by
    /// indentation (6 MB: 10,000 would be 150 MB, three columns a level).
    @Test func anOrderedListTenThousandDeep() throws {
        let oneLine = try Self.read("10,000-deep ordered list on one line", String(repeating: "1. ", count: 10_000) + "deep")
        #expect(oneLine.texts == ["deep"] && oneLine.blocks[0].nesting.marker == "1.")
        let markdown = Self.indentedLines(2_000, indent: { 3 * $0 }, text: { "1. n\($0)" })
        let outcome = try Self.read("2,000-deep ordered list", markdown)
        try Self.expectBoundedList(outcome, items: 2_000)
        // Past the kept levels every item is one of the deepest list, numbered in order.
        #expect(outcome.blocks.last?.nesting.marker == "\(2_000 - 15).")
    }

    @Test func tenThousandQuotes() throws {
        let outcome = try Self.read("10,000 quotes", String(repeating: ">", count: 10_000) + " deep\n\nafter")
        #expect(outcome.texts == ["deep", "after"])
        // One bar per kept level, inside the cell.
        let quote = try #require(outcome.layouts[1].elements.first)
        let bars = quote.content.filter { if case .bar = $0 { true } else { false } }
        #expect(bars.count == outcome.blocks[0].nesting.depth && bars.count > 1)
    }

    @Test func tenThousandMixedContainers() throws {
        let markdown = String(repeating: "- > 1. ", count: 3_334) + "deep\n\n" + (0..<3_000).map { String(repeating: "> ", count: $0) + "- q\($0)" }
            .joined(separator: "\n")
        let outcome = try Self.read("10,000 mixed", markdown)
        #expect(outcome.texts.first == "deep")
        #expect(outcome.texts.contains("q2999"))
    }

    /// HTML inside a list as deep as the parser keeps: what it may nest is what is left.
    @Test func htmlInsideTheDeepestListStaysBounded() throws {
        let markdown = String(repeating: "- ", count: 200) + "<div><details><summary>s</summary>\n" + String(repeating: "<blockquote>", count: 500) + "inner"
        let outcome = try Self.read("HTML at depth", markdown)
        #expect(outcome.allText.contains("inner"))
    }
}
