import Foundation
import Reflow
import Readers
import ReflowKit
import TextMetrics
import Testing
import TestSupport

/// What the commands ask of the library, checked before any work: a preview's files and width,
/// a scroll session's configuration, the fonts folder of `REFLOW_FONTS`.
@Suite struct RequestTests {
    @Test func aPreviewIsNamedAfterItsDocumentAndSizeBesideIt() throws {
        var request = PreviewRequest(document: "notes/doc.md")
        request.categories = [.accessibilityExtraExtraExtraLarge]
        var (files, width) = try request.resolved()
        #expect(files.path == "notes/doc-ax5.png" && files.format == .png && width == 390 && files.allowsParts)
        #expect(files.protecting == ["notes/doc.md"])
        (request.categories, request.isSheet, request.format) = (ContentSizeCategory.allCases, true, .svg)
        (files, width) = try request.resolved()
        #expect(files.path == "notes/doc-all.svg" && files.isSheet && files.categories.count == 12)
    }

    @Test func theFormatComesFromTheOptionElseTheOutputsExtension() throws {
        var request = PreviewRequest(document: "doc.md")
        request.output = "out/Page.JSON"
        #expect(try request.resolved().files.format == .json)
        request.format = .svg
        #expect(try request.resolved().files.format == .svg, "--format wins over the extension")
        (request.format, request.output) = (nil, "out.gif")
        #expect(throws: InvalidOption.self) { try request.resolved() }
        request.output = "out"
        #expect(try request.resolved().files.format == .png, "no extension: PNG")
    }

    @Test func aViewportSetsTheWidthAndMustAgreeWithIt() throws {
        var request = PreviewRequest(document: "doc.md")
        (request.viewport, request.offset) = ("320X568", 100)
        let (files, width) = try request.resolved()
        #expect(width == 320 && files.viewport == Size(width: 320, height: 568) && files.offset == 100)
        func message(_ change: (inout PreviewRequest) -> Void) -> String? {
            var changed = request
            change(&changed)
            do { _ = try changed.resolved(); return nil } catch { return error.description }
        }
        #expect(message { $0.width = 390 } == "--width 390 and --viewport 320X568 disagree; give one width")
        #expect(message { $0.viewport = "320x" } == "--viewport must be WIDTHxHEIGHT in points, e.g. 390x844, got '320x'")
        #expect(message { $0.viewport = nil } == "--offset needs --viewport (the screen it scrolls)")
        #expect(message { $0.offset = -1 } == "--offset must be 0 or more points, got -1")
        #expect(message { $0.format = .json }?.hasPrefix("--viewport crops an image") == true)
        #expect(message { ($0.viewport, $0.offset, $0.parts) = (nil, nil, true) } == nil, "parts of one size's PNG page")
        #expect(message { ($0.viewport, $0.offset, $0.parts, $0.isSheet) = (nil, nil, true, true) }?.hasPrefix("--parts cuts") == true)
        #expect(message { $0.scale = 5 } == "--scale must be 1, 2, 3 or 4 (device pixels per point), got 5")
    }

    @Test func aScrollRequestIsCheckedThenRunsToTheBottom() throws {
        var request = ScrollRequest()
        (request.speed, request.height, request.changeAt, request.changeTo) = (20_000, 400, 0.5, .accessibilityLarge)
        let configuration = try request.configuration()
        #expect(configuration.categoryChange?.to == .accessibilityLarge && configuration.viewportHeight == 400)
        let report = try #require(try request.run(try Fixtures.input("welcome.md"), fonts: try Fixtures.fonts()))
        #expect(report.lazyEqualsEager && report.summary.textSizeChangeMs != nil && report.unitName == "rows")
        let screen = try #require(try request.run(try Fixtures.input("store.json"), fonts: try Fixtures.fonts()))
        #expect(screen.unitName == "units")
        let empty = try LayoutInput(bytes: [], format: .plainText)
        #expect(try request.run(empty, fonts: try Fixtures.fonts()) == nil)

        func message(_ change: (inout ScrollRequest) -> Void) -> String? {
            var changed = request
            change(&changed)
            do { _ = try changed.configuration(); return nil } catch { return error.description }
        }
        #expect(message { $0.changeTo = nil }?.hasPrefix("--change-category-at and --to go together") == true)
        #expect(message { ($0.fps, $0.speed) = (1_000, 10) }?.contains("less than the layout unit (1/64 pt)") == true)
        #expect(message { $0.fps = 0.5 } == "--fps must be between 1 and 1000 frames per second, got 0.5")
        #expect(message { $0.plot = "chart.pdf" } == "--plot needs a .svg or .png path, got 'chart.pdf'")
        #expect(Estimate(option: "fixed:120") == .fixed(120) && Estimate(option: "AUTO") == .automatic(initial: 44))
        #expect(Estimate(option: "fixed:inf") == nil && Estimate(option: "fixed:0") == nil && Estimate(option: "sometimes") == nil)
    }

    @Test func aFontsFolderNamedByTheEnvironmentMustHoldTheFonts() throws {
        #expect(try FontLibrary.resolving(directory: nil, environment: [:]).directory == (try FontLibrary()).directory)
        do {
            _ = try FontLibrary.resolving(directory: nil, environment: ["REFLOW_FONTS": "/nonexistent"])
            Issue.record("a wrong REFLOW_FONTS is an error")
        } catch let error as InvalidOption {
            #expect(error.description.hasPrefix("REFLOW_FONTS is '/nonexistent', which holds no Inter-Regular.otf"))
        }
    }
}
