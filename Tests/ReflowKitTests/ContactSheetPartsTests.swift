import Foundation
import Preview
import Reflow
import ReflowKit
import Testing
import TestSupport
import TextMetrics

/// Issue 38, row 6: a contact sheet shows the first screen of each size unless whole pages are
/// asked for; a sheet of whole pages too tall for one image is cut into parts where the fewest
/// lines cross, each part holding only what it shows; and row 7: parts drawn on several threads
/// are the bytes of parts drawn on one.
@Suite struct ContactSheetPartsTests {
    static let snapKit = Fixtures.repository.appendingPathComponent("Tests/Corpus/markdown/SnapKit--SnapKit--README.md")

    @Test func aSheetWithoutAViewportShowsTheFirstScreenOfEachSize() throws {
        var request = PreviewRequest(document: "README.md")
        (request.categories, request.isSheet) = (ContentSizeCategory.allCases, true)
        #expect(request.usesDefaultSheetViewport)
        var files = try request.resolved().files
        #expect(files.viewport == PreviewRequest.defaultSheetViewport && files.offset == 0)
        #expect(PreviewRequest.defaultSheetViewport == Size(width: 390, height: 844))
        request.width = 320
        #expect(try request.resolved().files.viewport == Size(width: 320, height: 844), "--width sets the screen's width")
        request.width = nil
        request.offset = 400
        #expect(try request.resolved().files.offset == 400, "an offset scrolls the default screen")
        request.offset = nil

        request.wholePages = true
        files = try request.resolved().files
        #expect(files.viewport == nil && !request.usesDefaultSheetViewport)
        request.parts = true
        #expect(try request.resolved().files.allowsParts, "a sheet of whole pages is cut into parts as a page is")
        request.viewport = Size(width: 390, height: 844)
        #expect(throws: PreviewRequest.Problem.wholePagesWithViewport) { try request.resolved() }

        (request.viewport, request.wholePages) = (nil, false)
        #expect(throws: PreviewRequest.Problem.partsNeedOnePNGPage(.sheetOfScreens)) { try request.resolved() }
        (request.parts, request.format) = (false, .json)
        #expect(try request.resolved().files.viewport == nil && !request.usesDefaultSheetViewport, "the JSON holds whole layouts")
        (request.format, request.isSheet) = (nil, false)
        #expect(try request.resolved().files.viewport == nil, "one size is drawn whole")
    }

    /// Lines 40 pt apart in three columns, the third shifted by half that: a cut goes between the
    /// lines of two columns (crossing a line of the third), never through a line of each.
    @Test func aSheetIsCutWhereTheFewestLinesCross() throws {
        let fonts = try Fixtures.fonts()
        let typesetter = try Typesetter(fonts: fonts)
        let line = try typesetter.layout(StyledText("Word"), style: .body, category: .large, width: 100)
        var sheet = DisplayList(size: Size(width: 330, height: 30_000))
        for column in 0..<3 {
            var y = column == 2 ? 20.0 : 0
            while y < 29_950 {
                sheet.draw(line, at: Point(x: Double(column) * 110, y: y), color: Color(hex: 0x000000))
                y += 40
            }
        }
        let paged = PagedPreview(sheet: sheet, scale: 2)
        #expect(paged.parts.count == 4)
        var runs: [DisplayList.GlyphRun] = []
        for case .glyphs(let run) in sheet.items { runs.append(run) }
        for cut in paged.parts.dropLast().map(\.maxY) {
            let crossed = runs.filter { $0.origin.y - $0.pointSize < cut && $0.origin.y + $0.pointSize / 3 > cut }
            #expect(crossed.count <= 1, "the cut at \(cut) crosses \(crossed.count) lines")
            #expect((cut * 2).rounded() == cut * 2, "on a device pixel")
        }
    }

    /// SnapKit's 155-line README: its twelve whole pages side by side are 10,016 × 40,181 px, cut
    /// into three parts of at most 16,384 px, each holding the items that reach into it, not all.
    @Test func aReadmesSheetOfWholePagesIsCutIntoParts() throws {
        let input = try LayoutInput(bytes: [UInt8](try Data(contentsOf: Self.snapKit)), format: .commonMark)
        let preview = DocumentPreview(input: input, fonts: try Fixtures.fonts(), width: 390)
        let sheet = try preview.contactSheet(categories: ContentSizeCategory.allCases, viewport: nil, heading: "README.md")
        #expect(PNGRenderer.pixelSize(of: sheet.size, scale: 2).height > 3 * 12_000)
        let paged = PagedPreview(sheet: sheet, scale: 2)
        #expect(paged.parts.count == 3)
        #expect(paged.parts.first?.minY == 0 && paged.parts.last?.maxY == sheet.size.height)
        var total = 0
        for index in paged.parts.indices {
            let part = paged.displayList(part: index, of: sheet)
            #expect(PNGRenderer.pixelSize(of: part.size, scale: 2).height <= PagedPreview.maximumPartPixels)
            // The first part holds the short pages (xS to L end in it); the others only the long pages' items below.
            #expect(part.itemCount < sheet.itemCount * (index == 0 ? 9 : 2) / 10,
                    "part \(index + 1): \(part.itemCount) of \(sheet.itemCount) items")
            total += part.itemCount
        }
        #expect(total < sheet.itemCount + sheet.itemCount / 10, "an item is in the parts it reaches into, few in two")
    }

    /// Parts drawn on two threads are the bytes of parts drawn on one, handed over in order.
    @Test func partsDrawnOnSeveralThreadsAreTheBytesOfOne() throws {
        var list = DisplayList(size: Size(width: 300, height: 8_000))
        for index in 0..<400 {
            list.fill(Rect(x: Double(index % 7) * 40, y: Double(index) * 20, width: 30, height: 12), Color(hex: UInt32(0x101010 * (index % 9))))
        }
        let paged = PagedPreview(sheet: list, scale: 2, maximumPartPixels: 4_096)
        #expect(paged.parts.count == 4)
        func drawn(jobs: Int) throws -> [Data] {
            let parts = Guarded<[Data]>([])
            try PagedPreview.render(count: paged.parts.count, scale: 2, jobs: jobs, part: { paged.displayList(part: $0, of: list) }) { index, png in
                parts.withLock {
                    #expect($0.count == index, "in part order")
                    $0.append(png)
                }
            }
            return parts.withLock { $0 }
        }
        let one = try drawn(jobs: 1)
        #expect(one.count == 4)
        #expect(try drawn(jobs: 2) == one)
        #expect(try drawn(jobs: 8) == one)
    }
}

/// A value behind a lock, for a test's closures that run on several threads.
private final class Guarded<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
