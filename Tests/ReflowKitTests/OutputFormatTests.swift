import Foundation
import Preview
import ReflowKit
import TextMetrics
import Testing
import TestSupport

/// The one decision of what kind of file to write, and the renderers it names.
@Suite struct OutputFormatTests {
    @Test func theFormatComesFromTheChoiceElseThePathsExtension() throws {
        #expect(try OutputFormat.resolve(.svg, path: "page.png") == .svg, "an explicit format wins")
        #expect(try OutputFormat.resolve(nil, path: "out/Page.JSON") == .json, "an extension in any case")
        #expect(try OutputFormat.resolve(nil, path: "chart.png") == .png)
        #expect(try OutputFormat.resolve(nil, path: "out") == nil && OutputFormat.resolve(nil, path: nil) == nil, "nothing says")
        #expect(throws: OutputFormat.UnknownExtension(pathExtension: "gif")) { try OutputFormat.resolve(nil, path: "a.b/out.GIF") }
        #expect("\(OutputFormat.UnknownExtension(pathExtension: "gif"))"
            == "cannot tell the format from '.gif'; give the format: png, svg or json")
    }

    /// Each picture format has its renderer, and it writes what the backend writes; the layout
    /// JSON has none (it is written from the layouts).
    @Test func eachPictureFormatNamesItsRenderer() throws {
        let preview = DocumentPreview(input: try Fixtures.input("welcome.md"), fonts: try Fixtures.fonts(), width: 390)
        let list = try preview.page(category: .large).displayList()
        for format in OutputFormat.allCases {
            let renderer = try format.renderer(scale: 1, title: "welcome.md")
            #expect((renderer != nil) == format.isPicture, "\(format)")
        }
        let png = try #require(try OutputFormat.png.renderer(scale: 1, title: nil))
        #expect(try png.data(for: list, progress: { _ in }) == (try PNGRenderer(scale: 1).render(list)))
        let svg = try #require(try OutputFormat.svg.renderer(scale: 1, title: "welcome.md"))
        #expect(try svg.data(for: list, progress: { _ in }) == Data(SVGRenderer(title: "welcome.md").render(list).utf8))
        #expect(throws: PreviewError.invalidScale(5)) { try OutputFormat.png.renderer(scale: 5, title: nil) }
    }

    /// A renderer says before any drawing whether it can hold a picture: a bitmap has limits, SVG none.
    @Test func onlyTheBitmapHasSizeLimits() throws {
        let tall = Size(width: 390, height: 2_000_000)
        #expect(throws: PreviewError.self) { try OutputFormat.png.renderer(scale: 1, title: nil)?.checkSize(tall) }
        try OutputFormat.svg.renderer(scale: 1, title: nil)?.checkSize(tall)
    }
}
