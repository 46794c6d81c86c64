import Foundation
import ReflowKit
import Testing

@Suite struct HTMLPageTests {
    @Test func textFromADocumentCannotBecomeMarkup() {
        let hostile = "<script>alert(1)</script> & \"quoted\" <img src=x onerror=alert(2)>\u{1B}[31m"
        let escaped = HTMLPage.escaped(hostile)
        #expect(!escaped.contains("<"))
        #expect(!escaped.contains("\""))
        #expect(!escaped.contains("\u{1B}"))
        #expect(escaped.contains("&lt;script&gt;") && escaped.contains("&amp;") && escaped.contains("&quot;quoted&quot;"))
        #expect(HTMLPage.escaped("one\ntwo") == "one\ntwo")
    }

    @Test func aPageForbidsScriptsAndRequestsAndCarriesItsImagesInline() {
        var page = HTMLPage(title: "a <b> title")
        page.append("<img src=\"\(HTMLPage.dataURI(png: [0x89, 0x50, 0x4E, 0x47]))\">")
        let html = page.rendered()
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<title>a &lt;b&gt; title</title>"))
        #expect(html.contains("default-src 'none'; img-src data:"))
        #expect(html.contains("src=\"data:image/png;base64,iVBORw==\""))
    }
}
