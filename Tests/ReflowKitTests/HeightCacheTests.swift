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
    /// A document's identity is the same however its bytes come (an array, read through a
    /// buffer; any other sequence, byte by byte), and differs for other bytes.
    @Test func theDocumentsIdentityHashesItsBytesWhateverHoldsThem() throws {
        let input = LayoutInput(format: .plainText, content: CollectionContent(sections: [[Cell]]()), layout: ListLayout())
        let bytes = Array("# A document\n\nIts text.\n".utf8)
        let fromArray = try HeightCache.documentIdentity(bytes: bytes, readAs: "markdown", input: input)
        #expect(try HeightCache.documentIdentity(bytes: AnySequence(bytes), readAs: "markdown", input: input) == fromArray)
        #expect(try HeightCache.documentIdentity(bytes: Data(bytes), readAs: "markdown", input: input) == fromArray)
        #expect(try HeightCache.documentIdentity(bytes: bytes.dropLast(), readAs: "markdown", input: input) != fromArray)
    }

    /// What a screen's heights are keyed by comes with it from its reader: its bytes and every
    /// catalog read with it. A translation edited changes it with the screen file unchanged; the
    /// same files give the same digest, in every language the input is laid out in.
    @Test func aScreensSourceDigestCoversItsCatalogs() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let screen = folder + "/screen.json", catalog = folder + "/Localizable.xcstrings"
        func write(_ text: String, to path: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }
        func catalogSaying(_ german: String) -> String {
            #"{"sourceLanguage": "en", "strings": {"title": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Settings"}}, "#
                + #""de": {"stringUnit": {"state": "translated", "value": "\#(german)"}}}}}, "version": "1.0"}"#
        }
        try write(#"{"strings": ["Localizable.xcstrings"], "sections": [{"group": {"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}, "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}}]}, "cells": [{"text": {"key": "title"}}]}]}"#, to: screen)
        try write(catalogSaying("Einstellungen"), to: catalog)
        let first = try DocumentReader().localized(at: screen)
        #expect(try first.input(in: "de").sourceDigest == first.sourceDigest)
        #expect(try first.input(in: nil).sourceDigest == first.sourceDigest)
        #expect(try DocumentReader().localized(at: screen).sourceDigest == first.sourceDigest, "the same files")
        try write(catalogSaying("Einstellungen!"), to: catalog)
        #expect(try DocumentReader().localized(at: screen).sourceDigest != first.sourceDigest, "a translation edited")
        let bytes = Array("# A document\n".utf8)
        #expect(HeightCache.digest(of: UnsafeRawBufferPointer(start: nil, count: 0)) != bytes.withUnsafeBytes { HeightCache.digest(of: $0) })
    }

    /// The digest reads every byte, in whichever of its four lanes or its tail a byte falls: one
    /// byte changed anywhere in a file, or two words swapped between lanes, is another file.
    @Test func theDigestSeesEveryByte() {
        let bytes = (0..<203).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        func digest(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBytes { HeightCache.digest(of: $0) } }
        let original = digest(bytes)
        #expect(digest(bytes) == original)
        var seen: Set<UInt64> = [original]
        for index in bytes.indices {
            var changed = bytes
            changed[index] ^= 0x01
            #expect(seen.insert(digest(changed)).inserted, "byte \(index)")
        }
        var swapped = bytes
        swapped.swapAt(0, 8)  // lane 0's first byte and lane 1's
        #expect(digest(swapped) != original)
        #expect(digest(Array(bytes.prefix(64))) != digest(Array(bytes.prefix(64)) + [0]), "a zero byte more")
    }

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

    /// The one file in `directory`: its path and bytes.
    static func onlyFile(in directory: String) throws -> (path: String, bytes: Data) {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".heights") }
        try #require(names.count == 1, "one file: \(names)")
        let path = directory + "/" + names[0]
        return (path, try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The screen at 20,000 pt at `category` as `layout --viewport 390x844 --offset 20000` prints it.
    static func report(_ cache: HeightCache?, _ category: ContentSizeCategory = .large, sizer: CellSizer? = nil) throws -> String {
        try preview(cache: cache).screenReport(category: category, viewport: Size(width: 390, height: 844), at: .offset(20_000),
                                               sizer: sizer ?? Fixtures.sizer()).jsonText()
    }

    /// Whether a run reads every height above the screen from the cache and measures none.
    static func readsEverything(_ cache: HeightCache, _ category: ContentSizeCategory = .large) throws -> Bool {
        let sizer = try Fixtures.sizer()
        _ = try preview(cache: cache).placedScreen(category: category, viewport: Size(width: 390, height: 844), offset: 20_000,
                                                   sizer: sizer)
        return sizer.measurementsComputed == 0
    }

    /// A file under the right name whose checksum is right (`store` wrote it) but whose heights no
    /// measuring gives (1 pt: below the 44 pt row; 10^15: taller than any page) is ignored: the
    /// screen is the one without a cache, and the file is rewritten with the measured heights.
    @Test(arguments: [1.0, 1e15])
    func heightsTheEngineCannotGiveAreIgnored(_ poison: Double) throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cache = HeightCache(directory: directory, documentIdentity: 1, engineIdentity: 2)
        let uncached = try Self.report(nil)
        let preview = try Self.preview(cache: cache)
        let environment = preview.environment(category: .large, height: 844)
        var (_, lazy) = try preview.screenPlans().planned(in: environment, sizer: try Fixtures.sizer())
        for unit in 0..<lazy.count { lazy.setHeight(poison, of: unit) }
        cache.store(lazy, environment: environment)
        let poisoned = try Self.onlyFile(in: directory).bytes

        let sizer = try Fixtures.sizer()
        #expect(try Self.report(cache, sizer: sizer) == uncached)
        #expect(sizer.measurementsComputed > 20, "the page above measured again")
        #expect(try Self.onlyFile(in: directory).bytes != poisoned, "rewritten")
        #expect(try Self.readsEverything(cache), "the rewritten file is read")
        #expect(try Self.report(cache) == uncached)
    }

    /// A file the engine wrote, with one height edited, or moved to another key's name (the same
    /// document at another size: as many units), is ignored and rewritten as it was.
    @Test func anEditedOrMovedFileIsIgnored() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cache = HeightCache(directory: directory, documentIdentity: 1, engineIdentity: 2)
        let uncached = try Self.report(nil)
        #expect(try Self.report(cache) == uncached)
        let (path, valid) = try Self.onlyFile(in: directory)
        let preview = try Self.preview(cache: nil)
        let units = try preview.screenPlans().planned(in: preview.environment(category: .large, height: 844),
                                                      sizer: try Fixtures.sizer()).lazy.count
        // The heights are the file's last 8 bytes per unit (NaN: none kept): the first kept one,
        // 64 pt taller (still on the point grid and above the 44 pt row).
        let heights = valid.count - 8 * units
        let first = try #require(stride(from: heights, to: valid.count, by: 8).first { offset in
            Double(bitPattern: valid.subdata(in: offset..<offset + 8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }).isFinite
        })
        var edited = valid
        let height = Double(bitPattern: valid.subdata(in: first..<first + 8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) })
        withUnsafeBytes(of: (height + 64).bitPattern) { edited.replaceSubrange(first..<first + 8, with: $0) }
        try edited.write(to: URL(fileURLWithPath: path))
        #expect(try Self.report(cache) == uncached, "a height edited")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == valid, "rewritten as the engine measured it")

        // The same file under the name of the screen at AX1.
        let atAX1 = try Self.report(nil, .accessibilityMedium)
        try FileManager.default.removeItem(atPath: path)
        #expect(try Self.report(cache, .accessibilityMedium) == atAX1)
        let (ax1Path, ax1Valid) = try Self.onlyFile(in: directory)
        #expect(ax1Valid != valid)
        try valid.write(to: URL(fileURLWithPath: ax1Path))
        #expect(try Self.report(cache, .accessibilityMedium) == atAX1, "a file moved to another key")
        #expect(try Data(contentsOf: URL(fileURLWithPath: ax1Path)) == ax1Valid)
        #expect(try Self.readsEverything(cache, .accessibilityMedium))
    }

    /// Every file the engine writes passes the checks, whatever the layout (a list with a table,
    /// words in a flow, a screen file's compositional sections and headers, right to left): a
    /// second run reads it whole and measures nothing above the screen.
    @Test(arguments: [("tables.md", CellMode.blocks, LayoutInput.DocumentLayout.list), ("welcome.md", .words, .flow),
                      ("welcome.md", .blocks, .flow), ("store.json", .blocks, .list), ("settings.json", .blocks, .list)])
    func whatTheEngineWritesIsRead(_ name: String, _ cells: CellMode, _ layout: LayoutInput.DocumentLayout) throws {
        for direction in [BaseDirection.leftToRight, .rightToLeft] {
            let directory = try Self.folder()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            var preview = DocumentPreview(input: try Fixtures.input(name, cells: cells, layout: layout), fonts: try Fixtures.fonts(),
                                          width: 390, settings: TextSettings(direction: direction))
            preview.heightCache = HeightCache(directory: directory, documentIdentity: 1, engineIdentity: 2)
            let warnings = Locked<[String]>([])
            preview.heightCache?.warn = { message in warnings.withLock { $0.append(message) } }
            let viewport = Size(width: 390, height: 200)
            let first = try preview.screenReport(category: .accessibilityExtraLarge, viewport: viewport, at: .offset(600)).jsonText()
            let sizer = try Fixtures.sizer()
            #expect(try preview.screenReport(category: .accessibilityExtraLarge, viewport: viewport, at: .offset(600), sizer: sizer)
                .jsonText() == first)
            let environment = preview.environment(category: .accessibilityExtraLarge, height: 200)
            let (planned, unmeasured) = try preview.screenPlans().planned(in: environment, sizer: sizer)
            var lazy = unmeasured
            let restored = try #require(preview.heightCache).restore(into: &lazy, environment: environment, plan: planned.bound)
            #expect(restored.problem == nil && restored.units > 0, "\(name) \(direction): \(restored)")
            #expect(warnings.withLock { $0 } == [])
        }
    }

    /// A FIFO or a folder at a file's name is not read (nothing blocks), and is replaced.
    @Test func aFileThatIsNotAFileIsNotRead() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let uncached = try Self.report(nil)
        var cache = HeightCache(directory: directory, documentIdentity: 1, engineIdentity: 2)
        #expect(try Self.report(cache) == uncached)
        let path = try Self.onlyFile(in: directory).path
        let warnings = Locked<[String]>([])
        cache.warn = { message in warnings.withLock { $0.append(message) } }
        for make: () -> Int32 in [{ mkfifo(path, 0o600) }, { mkdir(path, 0o700) }] {
            try FileManager.default.removeItem(atPath: path)
            try #require(make() == 0)
            #expect(try Self.report(cache) == uncached)
            #expect(try Self.readsEverything(cache), "rewritten")
        }
        #expect(warnings.withLock { $0 }.count == 2)
        #expect(warnings.withLock { $0 }.allSatisfy { $0.hasPrefix("height cache: \(URL(fileURLWithPath: path).lastPathComponent) ignored (not a height-cache file)") },
                "\(warnings.withLock { $0 })")
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
