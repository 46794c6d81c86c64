import Preview
import Reflow
import ReflowKit
import TextMetrics
import Testing

@Suite struct PagedPreviewTests {
    /// Rows of `heights`, stacked with 8 pt between them.
    static func rows(_ heights: [Double]) -> (cells: [Rect], size: Size) {
        var y = 0.0
        var cells: [Rect] = []
        for height in heights {
            cells.append(Rect(x: 0, y: y, width: 390, height: height))
            y += height + 8
        }
        return (cells, Size(width: 390, height: y))
    }

    @Test func aShortPageIsOnePart() {
        let (cells, size) = Self.rows([100, 200, 300])
        let paged = PagedPreview(cellFrames: cells, size: size, scale: 2)
        #expect(paged.isSinglePart)
        #expect(paged.parts == [Rect(x: 0, y: 0, width: 390, height: size.height)])
    }

    @Test(arguments: [1, 2, 3, 4])
    func partsAreCutAtCellTopsAndNeverTallerThanTheLimit(scale: Int) {
        let (cells, size) = Self.rows((0..<2_000).map { Double(44 + ($0 * 37) % 300) })
        let paged = PagedPreview(cellFrames: cells, size: size, scale: scale)
        let tops = Set(cells.map(\.minY))
        #expect(paged.parts.count > 1)
        #expect(paged.parts.first?.minY == 0)
        #expect(paged.parts.last?.maxY == size.height)
        for (part, next) in zip(paged.parts, paged.parts.dropFirst()) {
            #expect(part.maxY == next.minY, "parts meet")
            #expect(tops.contains(part.maxY), "cut at a cell's top, not through a cell: \(part.maxY)")
        }
        for part in paged.parts {
            #expect(PNGRenderer.pixelSize(of: part.size, scale: scale).height <= PagedPreview.maximumPartPixels)
            #expect(part.height > 0)
        }
    }

    /// A short cell above one taller than a part: the first part does not end at the tall
    /// cell's top (a 216 px strip); the page is cut into even parts, inside the tall cell.
    @Test func aCellTallerThanAPartIsCutInsideIntoEvenParts() {
        let (cells, size) = Self.rows([100, 20_000, 100])
        let paged = PagedPreview(cellFrames: cells, size: size, scale: 2)
        #expect(paged.parts.count == 3)
        #expect(paged.parts.map(\.height).allSatisfy { $0 <= 8_192 && $0 >= size.height / 3 - 1 }, "\(paged.parts)")
        #expect(paged.parts.reduce(0) { $0 + $1.height } == size.height)
    }

    /// No part is a strip, at the top or the bottom, however the cells fall: every part is at
    /// least a quarter of the limit, and at most the limit.
    @Test(arguments: [1, 2, 3])
    func noPartIsThinnerThanAQuarterOfTheLimit(scale: Int) {
        let limit = Double(PagedPreview.maximumPartPixels / scale)
        let layouts: [[Double]] = [
            [8, 20_000, 100],                       // a strip above a tall cell
            Array(repeating: 100, count: Int(limit / 108) + 1),   // a page just over one part
            [limit - 20, 30, limit - 20, 30],       // parts of a cell and a strip each
            (0..<500).map { Double(44 + ($0 * 53) % 700) },
        ]
        for heights in layouts {
            let (cells, size) = Self.rows(heights)
            let paged = PagedPreview(cellFrames: cells, size: size, scale: scale)
            guard paged.parts.count > 1 else { continue }
            for part in paged.parts {
                #expect(part.height >= limit / 4 && part.height <= limit, "\(heights.prefix(4)): \(paged.parts.map(\.height))")
            }
            #expect(paged.parts.last?.maxY == size.height)
        }
    }

    @Test func partNamesSortInPageOrder() {
        #expect(PagedPreview.partPaths(of: "book-xxxl.png", count: 3) == ["book-xxxl-001.png", "book-xxxl-002.png", "book-xxxl-003.png"])
        #expect(PagedPreview.partPaths(of: "out/a.b.png", count: 1_200).last == "out/a.b-1200.png")
        #expect(PagedPreview.partPaths(of: "out/a.b.png", count: 1_200).first == "out/a.b-0001.png")
    }
}
