import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Preview
import TextMetrics
import Testing
import TestSupport

/// A font's file name goes into an XML comment of the SVG: a name with "--" in it (or ending in
/// "-") must not make the SVG ill-formed (issue 24, row 11).
@Suite struct SVGFontNameTests {
    @Test(arguments: ["My--Font.otf", "Trailing-.otf", "A---B.otf"])
    func aFontFileNameNeverBreaksTheSVG(_ fileName: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reflow-svg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent(fileName)
        try FileManager.default.copyItem(at: Fixtures.repository.appendingPathComponent("Fonts/Inter-Regular.otf"), to: copy)
        let font = try Fixtures.fonts().font(atPath: copy.path)
        let glyph = try #require(font.glyph(for: "A"))
        let run = DisplayList.GlyphRun(font: font, pointSize: 17, origin: Point(x: 10, y: 20), color: .black,
                                       glyphs: [PositionedGlyph(glyph: glyph, x: 0, y: 0)])
        let svg = SVGRenderer(title: "font names").render(DisplayList(size: Size(width: 100, height: 40), items: [.glyphs(run)]))
        #expect(svg.contains("<!-- f1: "), "the font is named in a comment")
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "\(fileName): \(String(describing: parser.parserError)) in \(svg.prefix(400))")
    }
}
