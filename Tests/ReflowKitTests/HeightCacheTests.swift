import Foundation
import Preview
import Readers
import Reflow
import ReflowKit
import TextMetrics
import Testing
import TestSupport

/// Heights measured above a screen are kept between runs, and only ever used for the same
/// document, engine and environment.
@Suite struct HeightCacheTests {
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("reflow-heights-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func preview(cache: HeightCache?) throws -> DocumentPreview {
        var preview = DocumentPreview(input: try ExactOffsetTests.readme(), fonts: try Fixtures.fonts(), width: 390)
        preview.heightCache = cache
        return preview
    }

    /// A second run at the same offset measures nothing above the screen and draws the same screen.
    @Test func aSecondRunReadsTheHeightsAndDrawsTheSameScreen() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cache = HeightCache(directory: directory, documentIdentity: 1, engineIdentity: 2)
        let viewport = Size(width: 390, height: 844)
        let uncached = try Self.preview(cache: nil).screen(category: .accessibilityExtraExtraExtraLarge, viewport: viewport, offset: 60_000)

        let first = try Self.preview(cache: cache)
        let firstSizer = try Fixtures.sizer()
        _ = try first.placedScreen(category: .accessibilityExtraExtraExtraLarge, viewport: viewport, offset: 60_000, sizer: firstSizer)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).count == 1)
        let measuredFirst = firstSizer.measurementsComputed

        let secondSizer = try Fixtures.sizer()
        let second = try Self.preview(cache: cache)
        let screen = try second.placedScreen(category: .accessibilityExtraExtraExtraLarge, viewport: viewport, offset: 60_000,
                                             sizer: secondSizer)
        #expect(secondSizer.measurementsComputed == 0, "every height above the screen was read, none measured")
        #expect(measuredFirst > 20)
        #expect(screen.visible.minY == 60_000)
        #expect(try Self.preview(cache: cache).screen(category: .accessibilityExtraExtraExtraLarge, viewport: viewport, offset: 60_000,
                                                      sizer: CellSizer(typesetter: try Typesetter(fonts: second.fonts))).items.count
                == uncached.items.count)
    }

    /// Another document, engine or size is another key; a damaged file is ignored.
    @Test func heightsAreOnlyUsedWhereTheyWereMeasured() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let viewport = Size(width: 390, height: 844)
        let cache = HeightCache(directory: directory, documentIdentity: 1, engineIdentity: 2)
        _ = try Self.preview(cache: cache).placedScreen(category: .large, viewport: viewport, offset: 20_000, sizer: try Fixtures.sizer())
        for other in [HeightCache(directory: directory, documentIdentity: 9, engineIdentity: 2),
                      HeightCache(directory: directory, documentIdentity: 1, engineIdentity: 9)] {
            let sizer = try Fixtures.sizer()
            _ = try Self.preview(cache: other).placedScreen(category: .large, viewport: viewport, offset: 20_000, sizer: sizer)
            #expect(sizer.measurementsComputed > 0, "nothing read for another document or engine")
        }
        let atAX1 = try Fixtures.sizer()
        _ = try Self.preview(cache: cache).placedScreen(category: .accessibilityMedium, viewport: viewport, offset: 20_000, sizer: atAX1)
        #expect(atAX1.measurementsComputed > 0, "nothing read for another size")

        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            try Data("RFLHGT01 damaged".utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
        }
        let sizer = try Fixtures.sizer()
        let screen = try Self.preview(cache: cache).placedScreen(category: .large, viewport: viewport, offset: 20_000, sizer: sizer)
        #expect(sizer.measurementsComputed > 0 && screen.visible.minY == 20_000)
    }

    /// The document's identity changes with its bytes and with how it is read.
    @Test func theIdentityFollowsTheBytes() throws {
        let input = try ExactOffsetTests.readme()
        let a = try HeightCache.documentIdentity(bytes: Array("one".utf8), readAs: "markdown", input: input)
        #expect(a == (try HeightCache.documentIdentity(bytes: Array("one".utf8), readAs: "markdown", input: input)))
        #expect(a != (try HeightCache.documentIdentity(bytes: Array("two".utf8), readAs: "markdown", input: input)))
        #expect(a != (try HeightCache.documentIdentity(bytes: Array("one".utf8), readAs: "text", input: input)))
    }
}
