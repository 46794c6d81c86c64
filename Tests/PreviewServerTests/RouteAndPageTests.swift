import Testing
@testable import PreviewServer

/// Paths are matched exactly against the routes, never mapped to files; what the page shows from
/// the document is escaped.
struct RouteAndPageTests {
    @Test func theRoutesAreMatchedExactly() {
        #expect(Route.match("/")?.route == .page)
        #expect(Route.match("/render.png?category=ax5")?.route == .png)
        #expect(Route.match("/render.png?category=ax5")?.query == "category=ax5")
        #expect(Route.match("/render.svg")?.query == "")
        #expect(Route.match("/layout.json?")?.route == .layout)
        #expect(Route.match("/audit.json")?.route == .audit)
        #expect(Route.match("/info.json")?.route == .info)
        #expect(Route.match("/events")?.route == .events)
    }

    @Test(arguments: ["/../../etc/passwd", "/%2e%2e/etc/passwd", "/etc/passwd", "/render.png/", "//render.png", "/RENDER.PNG",
                      "/render%2Epng", "/render.png/../../etc/passwd", "/Examples/welcome.md", "", "*",
                      "http://127.0.0.1/render.png", "/index.html"])
    func anyOtherPathIsNoRoute(_ target: String) {
        #expect(Route.match(target) == nil)
    }

    @Test func aNameIsEscapedInTextAndAttributes() {
        let html = PreviewPage.html(document: "Grundgesetz — Artikel 1 & 2.md")
        #expect(html.contains("<title>Grundgesetz — Artikel 1 &amp; 2.md — reflow live preview</title>"))
        #expect(html.contains("<h1>Grundgesetz — Artikel 1 &amp; 2.md</h1>"))
    }

    @Test func aHostileDocumentNameStaysText() {
        let name = #"<script>alert(1)</script>" onload="x.md"#
        let html = PreviewPage.html(document: name)
        #expect(!html.contains("<script>alert(1)"))
        #expect(!html.contains(#"" onload=""#))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot; onload=&quot;x.md"))
    }

    @Test func thePageOffersTheTwelveSizesAndLoadsNothingFromElsewhere() {
        let html = PreviewPage.html(document: "welcome.md")
        for name in ["xs", "s", "m", "l", "xl", "xxl", "xxxl", "ax1", "ax2", "ax3", "ax4", "ax5"] {
            #expect(html.contains(#"data-name="\#(name)""#))
        }
        #expect(html.contains(#"type="range" min="0" max="11""#))
        #expect(html.contains(#"min="320" max="1024""#))
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("src=\"/"))
        #expect(PreviewPage.contentSecurityPolicy.hasPrefix("default-src 'none'"))
    }

    @Test func eventsAreFramedLineByLine() {
        #expect(EventStream.text(event: "changed", data: #"{"version": 2}"#) == "event: changed\ndata: {\"version\": 2}\n\n")
        #expect(EventStream.text(event: "x", data: "a\nb") == "event: x\ndata: a\ndata: b\n\n")
    }
}
