@testable import Preview
import Reflow
import Testing
import TestSupport
import TextMetrics

/// Issue 36, row 10: no coordinate traps the drawing. A golden edited to say a frame is 1e300 pt
/// wide reached `Raster` through `check --report` and stopped the process converting the double
/// to an `Int` (SIGILL), or dashed a 10^12 pt edge into billions of pieces. Coordinates are now
/// clamped to the picture (`PixelBox.whole`), segments cut to the clip before they are dashed or
/// stroked, and what is not a number is not drawn.
@Suite struct RasterClampTests {
    static let red = Color(hex: 0xFF0000)

    /// The colour of pixel (`x`, `y`).
    static func pixel(_ raster: Raster, _ x: Int, _ y: Int) -> [UInt8] {
        Array(raster.pixels[((y * raster.width + x) * 4)..<((y * raster.width + x) * 4 + 4)])
    }

    @Test func fillsWithEdgesFarOutsideThePictureCoverWhatTheyReach() {
        var raster = Raster(width: 20, height: 10, background: .white)
        raster.fill(x: -1e300, y: -1e300, width: 2e300, height: 2e300, color: Self.red, radius: 0, clip: raster.bounds)
        #expect(Self.pixel(raster, 0, 0) == [255, 0, 0, 255] && Self.pixel(raster, 19, 9) == [255, 0, 0, 255])

        var beside = Raster(width: 20, height: 10, background: .white)
        for (x, y, w, h) in [(1e300, 0.0, 10.0, 10.0), (-1e20, 0, 1e20 - 5, 10), (5, 5, 1e300, .infinity), (.nan, 0, 10, 10),
                             (0, 0, .nan, 10), (-.infinity, 0, .infinity, 10)] {
            beside.fill(x: x, y: y, width: w, height: h, color: Self.red, radius: 3, clip: beside.bounds)
        }
        #expect(Self.pixel(beside, 0, 0) == [255, 255, 255, 255], "nothing reaches (0, 0)")
        #expect(Self.pixel(beside, 10, 7) == [255, 0, 0, 255], "the fill from (5, 5) to 1e300 covers the rest")
    }

    @Test func strokesFarOutsideThePictureAreCutToIt() {
        var raster = Raster(width: 20, height: 10, background: .white)
        raster.stroke(segments: [(Point2(x: -1e300, y: 5.5), Point2(x: 1e300, y: 5.5))], lineWidth: 1, color: Self.red,
                      clip: raster.bounds)
        #expect((0..<20).allSatisfy { Self.pixel(raster, $0, 5) == [255, 0, 0, 255] }, "row 5 is drawn across")
        #expect(Self.pixel(raster, 10, 1) == [255, 255, 255, 255] && Self.pixel(raster, 10, 8) == [255, 255, 255, 255])
        var untouched = Raster(width: 20, height: 10, background: .white)
        untouched.stroke(segments: [(Point2(x: .nan, y: 5), Point2(x: 10, y: 5)), (Point2(x: 0, y: 1e300), Point2(x: 20, y: 1e300)),
                                    (Point2(x: -.infinity, y: 2), Point2(x: .infinity, y: 2))],
                         lineWidth: 2, color: Self.red, clip: untouched.bounds)
        #expect(untouched.pixels == Raster(width: 20, height: 10, background: .white).pixels)
    }

    /// A dashed edge 10^12 pixels long makes the dashes the picture shows, in their places along
    /// the whole edge.
    @Test func aDashedLineMakesOnlyTheDashesThePictureShows() {
        let clip = PixelBox(x0: 0, y0: 0, x1: 100, y1: 100)
        let pieces = PNGRenderer.dashed(from: Point2(x: 10, y: -1e12), to: Point2(x: 10, y: 1e12), dash: [6, 4], within: clip,
                                        margin: 3)
        #expect(pieces.count <= 12, "\(pieces.count) pieces")
        #expect(pieces.allSatisfy { $0.0.y >= -20 && $0.1.y <= 120 })
        // The same dashes as the whole line would have there: each starts a multiple of 10 from its
        // start (to within what a double holds of 10^12 + y).
        #expect(pieces.allSatisfy { ($0.0.y - $0.0.y.rounded(.down) < 0.01) && Int($0.0.y.rounded(.down)) % 10 == 0 },
                "\(pieces.map(\.0.y))")
        let short = PNGRenderer.dashed(from: Point2(x: 0, y: 5), to: Point2(x: 30, y: 5), dash: [6, 4], within: clip, margin: 3)
        #expect(short.map(\.0.x) == [0, 10, 20] && short.map(\.1.x) == [6, 16, 26], "a line inside the clip is dashed as before")
        #expect(PNGRenderer.dashed(from: Point2(x: 0, y: 500), to: Point2(x: 30, y: 500), dash: [6, 4], within: clip, margin: 3).isEmpty)
        let tiny = PNGRenderer.dashed(from: Point2(x: 0, y: 5), to: Point2(x: 1e300, y: 5), dash: [1e-9, 1e-9], within: clip, margin: 3)
        #expect(tiny.count == 1, "dashes too fine to tell apart are drawn solid")
    }

    /// A display list of frames a hand-edited golden could hold, drawn whole: no trap, and what
    /// reaches the picture is drawn.
    @Test func aListOfFarAwayItemsRendersWhatReachesThePicture() throws {
        let typesetter = try Typesetter(fonts: try Fixtures.fonts())
        var list = DisplayList(size: Size(width: 50, height: 40))
        list.stroke(Rect(x: 10, y: -1e12, width: 1e300, height: 2e12), Self.red, lineWidth: 2, dash: [6, 4])
        list.stroke(Rect(x: -1e300, y: -1e300, width: 1e300, height: 1e300), Self.red, lineWidth: 1)
        list.fill(Rect(x: 1e300, y: 1e300, width: 1, height: 1), Self.red)
        list.items.append(.clip(Rect(x: -1e300, y: -1e300, width: 2e300, height: 2e300), [.fill(Rect(x: 40, y: 30, width: 5, height: 5),
                                                                                             Self.red, cornerRadius: 0)]))
        let layout = try typesetter.layout(StyledText("Far away"), style: .body, category: .large, width: 1e300)
        list.draw(layout, at: Point(x: 1e300, y: 0), color: .black)
        list.draw(layout, at: Point(x: -1e300, y: 0), color: .black)
        list.tag("cell 0.0 height +1e+300 pt", above: Rect(x: 1e300, y: 1e300, width: 1e300, height: 1e300), color: Self.red,
                 typesetter: typesetter)
        let image = try PNGRenderer(scale: 2).rasterize(list)
        #expect(image.width == 100 && image.height == 80)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image.pixels[((y * 100 + x) * 4)..<((y * 100 + x) * 4 + 4)]) }
        #expect(pixel(85, 65) == [255, 0, 0, 255], "the fill inside the huge clip is drawn")
        #expect(pixel(20, 40) == [255, 0, 0, 255] || pixel(20, 41) == [255, 0, 0, 255], "the dashed left edge at x = 10 pt")
    }
}
