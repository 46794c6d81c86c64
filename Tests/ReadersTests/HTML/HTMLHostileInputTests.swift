@testable import CommonMark
import PropertyBased
import Testing
import TestSupport

/// Broken and hostile HTML gives a tree, never a crash or a hang: its text is kept, its nesting
/// bounded, and what a browser never shows (scripts) stays out.
@Suite(.timeLimit(.hangGuard)) struct HTMLHostileInputTests {
    let parse = HTMLSupport.parse

    @Test func unclosedTagsCloseAtTheEndOfTheirBlocks() throws {
        let blocks = try parse("<div align=\"center\"><span><b><a href=\"x\">text\n\nafter")
        #expect(!HTMLSupport.hasRawHTML(blocks))
        #expect(blocks.count == 1, "the unclosed division holds what follows it")
        #expect(HTMLSupport.texts(blocks) == ["text", "after"])
    }

    @Test func tenThousandNestedDivisionsKeepTheirTextInABoundedTree() throws {
        let deep = String(repeating: "<div>", count: 10_000) + "deep text" + String(repeating: "</div>", count: 10_000)
        let blocks = try parse(deep + "\n\nafter")
        #expect(HTMLSupport.texts(blocks) == ["deep text", "after"])
        #expect(HTMLSupport.depth(blocks) <= MarkdownParser.maximumNesting)
    }

    /// Tables nested deeper than the tree keeps put their innermost content in a row (beyond the
    /// depth, elements get no node); it was dropped with the row's other non-cell content (12
    /// tables deep showed nothing at all). What a row holds besides its cells is kept, as a
    /// browser keeps text it sets before a table.
    @Test func tablesNestedDeeperThanTheTreeKeepTheirText() throws {
        for depth in [1, 12, 40, 3_000] {
            let deep = String(repeating: "<table><tr><td>", count: depth) + "deep cell" + String(repeating: "</td></tr></table>", count: depth)
            let texts = HTMLSupport.texts(try parse(deep + "\n\nafter"))
            #expect(texts.filter { $0.contains("deep cell") }.count == 1, "\(depth): \(texts)")
            #expect(texts.last == "after")
        }
        let stray = HTMLSupport.texts(try parse("<table><tr>stray<td>a</td></tr></table>\n\nafter"))
        #expect(stray.contains { $0.contains("stray") } && stray.contains { $0.contains("a") }, "\(stray)")
    }

    @Test func deepAlignedDivisionsAreFlattenedBelowTheLimit() throws {
        let deep = String(repeating: "<div align=\"center\">", count: 10_000) + "x" + String(repeating: "<p dir=\"rtl\">y", count: 300)
        let blocks = try parse(deep)
        #expect(HTMLSupport.depth(blocks) <= MarkdownParser.maximumNesting + 1)
        #expect(HTMLSupport.texts(blocks).joined().filter { !$0.isWhitespace } == "x" + String(repeating: "y", count: 300))
    }

    @Test func aScriptShowsNothingEvenWithAParagraphEndInside() throws {
        let blocks = try parse("<div>\n<script>document.write(\"</p><p>injected\")</script>\n<p>shown</p>\n</div>\n\nText <script>var x = \"</p>\";</script>end.")
        #expect(HTMLSupport.texts(blocks).joined(separator: "|") == "shown|Text end.")
    }

    @Test func aMegabyteOfBoldTagsParsesToABoundedTree() throws {
        let bold = String(repeating: "<b>", count: 350_000) + "bold"
        let inline = try parse("x " + bold)
        let block = try parse(bold)
        for blocks in [inline, block] {
            #expect(!HTMLSupport.hasRawHTML(blocks))
            #expect(HTMLSupport.texts(blocks).joined().hasSuffix("bold"))
        }
    }

    @Test func endTagsThatCloseNothingAtDepthStayLinear() throws {
        // libxml2 looks through its open elements for each end tag: without a limit on what it
        // holds open, this is quadratic (minutes).
        let blocks = try parse("<div>" + String(repeating: "<b>", count: 100_000) + String(repeating: "</i>", count: 100_000) + "end</div>")
        #expect(HTMLSupport.texts(blocks).joined().hasSuffix("end"))
    }

    @Test func aTagWithTooManyAttributesIsTakenAsText() throws {
        // libxml2 compares each attribute with those before it: 100,000 take minutes in one tag.
        let attributes = (0..<100_000).map { "a\($0)" }.joined(separator: " ")
        let blocks = try parse("<p " + attributes + ">kept</p>")
        let text = HTMLSupport.texts(blocks).joined()
        #expect(text.hasSuffix("kept"))
        #expect(!text.contains("<"))
    }

    @Test func invalidUTF8InAttributesIsRepairedNotFatal() throws {
        var bytes = Array("<p align=\"".utf8) + [0xFF, 0xC3] + Array("\"><img alt=\"".utf8) + [0xE2, 0x82] + Array("\" src=\"x\">ok</p>".utf8)
        bytes += Array("\n\nText <img alt=\"".utf8) + [0xF0, 0x9F] + Array("\" src=y>.".utf8)
        let blocks = try parse(String(decoding: bytes, as: UTF8.self))
        #expect(HTMLSupport.images(blocks).map(\.alt) == ["\u{FFFD}", "\u{FFFD}"])
        #expect(HTMLSupport.texts(blocks).joined(separator: "|") == "ok|Text |.")
    }

    @Test func hugeAndStrangeSizesAreNumbersOrNothing() throws {
        let digits = String(repeating: "9", count: 400)
        let blocks = try parse("<img src=a width=\"1e308\" height=\"\(digits)\"><img src=b width=\"-5\" height=\"0\">")
        #expect(HTMLSupport.images(blocks) == [
            MarkdownImage(source: "a", alt: "", width: 1, height: nil),
            MarkdownImage(source: "b", alt: "", width: nil, height: 0),
        ])
        #expect(HTMLBlockMapping.dimension("12.5.3") == 12.5)
        #expect(HTMLBlockMapping.listStart("-9223372036854775808") == 1)
    }

    @Test func aCommentLeftOpenLosesNoMarkdown() throws {
        let blocks = try parse("<div>\n<!-- never closed\n\nMarkdown *text*.\n\n- item")
        #expect(!HTMLSupport.hasRawHTML(blocks))
        #expect(HTMLSupport.texts(blocks).joined(separator: "|") == "Markdown |text|.|item")
    }

    @Test func declarationsShowNothingAndNoTagAfterThem() throws {
        // libxml2 2.9 takes an end tag after a misplaced <!DOCTYPE> for text.
        let blocks = try parse("<!DOCTYPE html>\n\n<div>a<!DOCTYPE html></center>b</div>\n\nText c<!DOCTYPE html></center>d <![CDATA[x]]>e")
        #expect(blocks.map(HTMLSupport.plainText) == ["ab", "Text cd e"])
    }

    /// Pieces of READMEs' HTML and Markdown, broken and misnested at random.
    static let pieces = [
        "<div>", "</div>", "<div align=center>", "<div dir=\"rtl\">", "<p>", "</p>", "<details>", "<summary>", "</summary>",
        "</details>", "<b>", "</b>", "<i>", "</i>", "<a href=x>", "</a>", "<img src=y width=3>", "<br>", "<table>", "<tr>",
        "<td>", "<th>", "</table>", "<ul>", "<li>", "</ul>", "<ol start=2>", "<pre>", "</pre>", "<!--", "-->", "<script>",
        "</script>", "<style>", "<kbd>", "</kbd>", "<h2>", "</h2>", "<picture>", "<source srcset=z>", "</picture>", "<center>",
        "</center>", "<hr>", "<!DOCTYPE html>", "<?php x ?>", "<![CDATA[c]]>", "<textarea>", "<plaintext>", "<xmp>", "<title>",
        "<head>", "<body>", "</body>", "<html>", "</html>", "<frameset>", "<noscript>", "<svg><text>s</text></svg>", "<math>",
        "<select><option>o", "<meta charset=latin1>", "<p data-reflow-markdown=\"0\">",
        "text", "é", " ", "\t", "    ", "\n", "\n\n", "# h", "- item", "> q", "*em*", "`code`", "```\n", "|a|b|\n|-|-|\n",
        "&amp;", ">", "\"", "'", "x[^1]", "\n[^1]: n\n", "\u{0000}", "\u{FEFF}",
    ]

    @Test func randomMixesOfHTMLAndMarkdownLeaveNoRawHTMLAndShowNoTag() async {
        await propertyCheck(count: 2_000, input: Gen.int(in: 0...Int.max)) { seed in
            var random = SeededGenerator(seed: UInt64(seed))
            let document = (0..<Int.random(in: 1...60, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
            do {
                let blocks = try parse(document)
                #expect(!HTMLSupport.hasRawHTML(blocks), "\(document.debugDescription)")
                for text in HTMLSupport.texts(blocks) {
                    #expect(text.firstMatch(of: /<\/?[A-Za-z]/) == nil, "\(document.debugDescription) shows \(text.debugDescription)")
                }
            } catch {
                Issue.record("\(error) for \(document.debugDescription)")
            }
        }
    }

    @Test func noTextShowsATagFromTheInput() throws {
        let inputs = [
            "<p>a <b>b</p> c</b>", "<table><tr><td>x</table></td>", "<a href='x'><p>y</a></p>",
            "<img src=x alt=\"<b>bold</b>\">", "<<p>>", "<div <p>x</p>", "<details><summary><details><summary>x",
            "x <b y=\"</b>\">z", "<select><option>o</select>", "<textarea><p>t</textarea>",
            String(repeating: "<ul><li>", count: 500) + "deep",
        ]
        for input in inputs {
            let blocks = try parse(input)
            #expect(!HTMLSupport.hasRawHTML(blocks), "\(input)")
            for text in HTMLSupport.texts(blocks) {
                #expect(text.firstMatch(of: /<\/?[A-Za-z]/) == nil, "\(input) shows \(text)")
            }
        }
    }
}
