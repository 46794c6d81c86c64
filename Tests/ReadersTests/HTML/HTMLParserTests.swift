@testable import CommonMark
import Testing
import TestSupport

/// libxml2 decides what HTML's tags are and how they nest; `HTMLParser` keeps what it reports as
/// values, bounded in depth and in work.
@Suite(.timeLimit(.hangGuard)) struct HTMLParserTests {
    func parse(_ html: String, depth: Int = 32, placeholder: String? = nil) throws -> [HTMLNode] {
        try HTMLParser(maximumDepth: depth, placeholderAttribute: placeholder).parse(html)
    }

    /// The nodes as a compact string: `name[children]`, text quoted, placeholders `#index`.
    func shape(_ nodes: [HTMLNode]) -> String {
        nodes.map { node in
            switch node {
            case .text(let text, _): text.debugDescription
            case .placeholder(let index): "#\(index)"
            case .element(let element): element.name + (element.children.isEmpty ? "" : "[\(shape(element.children))]")
            }
        }.joined(separator: " ")
    }

    func text(_ nodes: [HTMLNode]) -> String {
        nodes.map { node in
            switch node {
            case .text(let text, _): text
            case .placeholder: ""
            case .element(let element): text(element.children)
            }
        }.joined()
    }

    func depth(_ nodes: [HTMLNode]) -> Int {
        nodes.map { if case .element(let element) = $0 { 1 + depth(element.children) } else { 0 } }.max() ?? 0
    }

    @Test func libxml2RepairsTheFragmentAndWeKeepWhatItReports() throws {
        #expect(shape(try parse("<p>a <b>b</p> c</b>")) == #"p["a " b["b"]] " c""#, "an end tag closes what it must")
        #expect(shape(try parse("<ul><li>one<li>two</ul>")) == #"ul[li["one"] li["two"]]"#, "an item ends the one before it")
        let entities = text(try parse("x &amp; &copy; &nbsp;&unknown;"))
        #expect(entities == "x & © \u{00A0}&unknown;")
        let image = try parse(#"<img SRC="a.png" Alt='A' width=20 hidden>"#)
        guard case .element(let element) = image.first else {
            Issue.record("expected an image")
            return
        }
        #expect(element.attributes == [HTMLAttribute(name: "src", value: "a.png"), HTMLAttribute(name: "alt", value: "A"),
                                       HTMLAttribute(name: "width", value: "20"), HTMLAttribute(name: "hidden", value: "")])
    }

    @Test func scriptsStylesTitlesAndCommentsGiveNoNodes() throws {
        let nodes = try parse("a<script>if (x</p>) {}</script><style>p{}</style><title>t</title><!-- c -->b")
        #expect(shape(nodes) == #""ab""#)
    }

    @Test func aCharsetTheFragmentDeclaresIsIgnored() throws {
        #expect(text(try parse("<meta charset=\"iso-8859-1\">é ☃")) == "é ☃")
    }

    @Test func placeholdersAreElementsWithExactlyTheMarkerAttribute() throws {
        let nodes = try parse(#"<p data-m="0"></p><p data-mx="1">x</p><hr data-m="2">"#, placeholder: "data-m")
        #expect(shape(nodes) == #"#0 p["x"] #2"#)
    }

    @Test func linesAreThoseOfStartTagsAndOfTheFirstVisibleCharacter() throws {
        let nodes = try parse("<div>\n\n  text\n  more\n<p\n  align=center>x</p></div>")
        guard case .element(let division) = nodes.first, division.children.count == 2,
              case .text(_, let textLine) = division.children[0], case .element(let paragraph) = division.children[1] else {
            Issue.record("unexpected shape \(shape(nodes))")
            return
        }
        #expect(division.line == 1)
        #expect(textLine == 3)
        #expect(paragraph.line == 6)
    }

    @Test func nestingBeyondTheDepthIsFlattenedWithItsText() throws {
        let nodes = try parse(String(repeating: "<span>", count: 50) + "deep" + "<p>para</p>" + "<img src=x>", depth: 5)
        #expect(depth(nodes) == 6, "five elements, and an image inside the fifth")
        #expect(text(nodes).split(whereSeparator: \.isNewline) == ["deep", "para"], "a flattened block keeps its words apart")
        #expect(shape(nodes).contains(#""\npara\n" img"#), "an image is kept however deep")
    }

    @Test func moreOpenElementsThanTheLimitGoOnInANewParser() throws {
        let count = HTMLParser.openElementLimit + 72
        let html = "<div>" + String(repeating: "<span>", count: count) + "x" + String(repeating: "</span>", count: count) + "</div>after"
        let nodes = try parse(html, depth: 500)
        #expect(text(nodes) == "xafter", "no tag shows as text and no text is lost")
        #expect(depth(nodes) >= HTMLParser.openElementLimit - 2)
    }

    @Test func aTagWithTooManyAttributesEndsAtTheLimitAndTheRestIsText() throws {
        let attributes = (0..<5_000).map { "a\($0)" }.joined(separator: " ")
        let nodes = try parse("<p " + attributes + ">kept</p>")
        let rest = text(nodes)
        #expect(rest.hasSuffix("a4998 a4999>kept"), "the tag's remaining attributes are text")
        #expect(!rest.contains("<"))
    }
}
