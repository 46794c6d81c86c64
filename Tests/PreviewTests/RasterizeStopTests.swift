import Preview
import Reflow
import Testing
import TextMetrics

/// A picture whose client went away stops being drawn at the next item (the server's
/// `DocumentRenderer` asks whether the connection is open), not at the end of the list.
struct RasterizeStopTests {
    static let red = Color(red: 255, green: 0, blue: 0)

    /// A thousand squares in a row, and one inside a clip.
    static func list() -> DisplayList {
        var list = DisplayList(size: Size(width: 1000, height: 20))
        for x in 0..<1000 { list.fill(Rect(x: Double(x), y: 0, width: 1, height: 10), red) }
        list.items.append(.clip(Rect(x: 0, y: 10, width: 1000, height: 10), [.fill(Rect(x: 0, y: 10, width: 1000, height: 10), red, cornerRadius: 0)]))
        return list
    }

    @Test func drawingStopsAtTheNextItemOnceAsked() throws {
        var asked = 0
        let image = try PNGRenderer(scale: 1).rasterize(Self.list(), shouldStop: {
            asked += 1
            return asked > 10
        })
        #expect(asked == 11, "asked \(asked) times: drawing went on after it was told to stop")
        #expect(image.pixel(x: 9, y: 0) == Self.red)
        #expect(image.pixel(x: 10, y: 0) == .white, "the items after the stop are not drawn")
        #expect(image.pixel(x: 500, y: 15) == .white)
    }

    @Test func aListDrawnToTheEndAsksBeforeEveryItemIncludingThoseInAClip() throws {
        var asked = 0
        let image = try PNGRenderer(scale: 1).rasterize(Self.list(), shouldStop: {
            asked += 1
            return false
        })
        #expect(asked == 1002)
        #expect(image.pixel(x: 999, y: 0) == Self.red && image.pixel(x: 500, y: 15) == Self.red)
    }
}
