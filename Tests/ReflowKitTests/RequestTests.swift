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

    /// In a run over several documents each one's file goes in the output folder, named after
    /// its whole path and the size; a tall page is written in parts, as beside a document.
    @Test func inAnOutputFolderAFileIsNamedAfterItsDocumentsPath() throws {
        var request = PreviewRequest(document: "docs/guide/intro.md")
        (request.outputFolder, request.output) = ("previews", "previews")
        request.categories = [.extraExtraExtraLarge]
        var files = try request.resolved().files
        #expect(files.path == "previews/docs/guide/intro.md-xxxl.png" && files.format == .png && files.allowsParts)
        #expect(files.protecting == ["docs/guide/intro.md"])
        (request.document, request.format, request.categories, request.isSheet) = ("../notes.txt", .svg, ContentSizeCategory.allCases, true)
        files = try request.resolved().files
        #expect(files.path == "previews/%2E%2E/notes.txt-all.svg")
        // A folder's name says nothing of the format.
        (request.outputFolder, request.format) = ("previews.gif", nil)
        #expect(try request.resolved().files.format == .png)
    }

    @Test func theFormatComesFromTheOptionElseTheOutputsExtension() throws {
        var request = PreviewRequest(document: "doc.md")
        request.output = "out/Page.JSON"
        #expect(try request.resolved().files.format == .json)
        request.format = .svg
        #expect(try request.resolved().files.format == .svg, "--format wins over the extension")
        (request.format, request.output) = (nil, "out.GIF")
        #expect(throws: PreviewRequest.Problem.unknownFormat(.init(pathExtension: "gif"))) { try request.resolved() }
        request.output = "out"
        #expect(try request.resolved().files.format == .png, "no extension: PNG")
    }

    @Test func aViewportSetsTheWidthAndMustAgreeWithIt() throws {
        var request = PreviewRequest(document: "doc.md")
        let screen = Size(width: 320, height: 568)
        (request.viewport, request.offset) = (screen, 100)
        let (files, width) = try request.resolved()
        #expect(width == 320 && files.viewport == screen && files.offset == 100)
        func problem(_ change: (inout PreviewRequest) -> Void) -> PreviewRequest.Problem? {
            var changed = request
            change(&changed)
            do { _ = try changed.resolved(); return nil } catch { return error }
        }
        #expect(problem { $0.width = 390 } == .widthDisagreesWithViewport(width: 390, viewport: screen))
        #expect(problem { $0.viewport = nil } == .offsetWithoutViewport(100))
        #expect(problem { $0.offset = -1 } == .offset(.negative(-1)))
        #expect(problem { $0.offset = 1e307 } == .offset(.tooFar(1e307)))
        #expect(problem { $0.viewport = Size(width: 320, height: 0) } == .viewportHeight(.notPositive(0)))
        #expect(problem { $0.viewport = Size(width: 2e7, height: 568) } == .viewportWidth(.tooLong(2e7)))
        #expect(problem { $0.format = .json } == .viewportWithLayoutJSON)
        #expect(problem { ($0.viewport, $0.offset, $0.parts) = (nil, nil, true) } == nil, "parts of one size's PNG page")
        #expect(problem { ($0.viewport, $0.offset, $0.parts, $0.isSheet) = (nil, nil, true, true) } == .partsNeedOnePNGPage(.sheetOfScreens))
        #expect(problem { $0.scale = 5 } == .scaleUnsupported(5))
        #expect(problem { ($0.viewport, $0.offset, $0.width) = (nil, nil, 0) } == .width(.notPositive(0)))
    }

    /// A request's problems say which value is wrong without naming an option of a program.
    @Test func aRequestsProblemsNameTheValueNotAnOption() {
        let problems: [any Error & CustomStringConvertible] = [
            PreviewRequest.Problem.width(.notPositive(0)), PreviewRequest.Problem.offsetWithoutViewport(10),
            PreviewRequest.Problem.partsNeedOnePNGPage(.format(.svg)), PreviewRequest.Problem.unknownFormat(.init(pathExtension: "gif")),
            PreviewRequest.Problem.widthDisagreesWithViewport(width: 390, viewport: Size(width: 320, height: 568)),
            ScrollRequest.Problem.stepTooSmall(speed: 0.01, framesPerSecond: 60), ScrollRequest.Problem.plotPath("p.txt"),
            ScrollRequest.Problem.changeIncomplete(fraction: 0.5, category: nil), ScrollRequest.Problem.maximumFrames(0),
        ]
        for problem in problems { #expect(!problem.description.contains("--"), "\(problem)") }
        #expect("\(PreviewRequest.Problem.width(.notPositive(0)))" == "width must be a positive number of points, got 0")
        #expect("\(ScrollRequest.Problem.stepTooSmall(speed: 0.01, framesPerSecond: 60))"
            == "a speed of 0.01 pt/s at 60 frames per second moves 0.00016666666666666666 pt a frame, less than the point grid's step "
            + "(1/64 pt); use at least 0.938 pt/s at this frame rate")
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

        func problem(_ change: (inout ScrollRequest) -> Void) -> ScrollRequest.Problem? {
            var changed = request
            change(&changed)
            do { _ = try changed.configuration(); return nil } catch { return error }
        }
        #expect(problem { $0.changeTo = nil } == .changeIncomplete(fraction: 0.5, category: nil))
        #expect(problem { ($0.fps, $0.speed) = (1_000, 10) } == .stepTooSmall(speed: 10, framesPerSecond: 1_000))
        #expect(problem { $0.fps = 0.5 } == .framesPerSecond(0.5))
        #expect(problem { $0.plot = "chart.pdf" } == .plotPath("chart.pdf"))
        #expect(problem { $0.plot = "chart.json" } == .plotPath("chart.json"), "the layout JSON is no plot")
        #expect(problem { $0.plot = "chart" } == .plotPath("chart"))
        #expect(problem { $0.plot = "Chart.PNG" } == nil)
        var plotted = request
        plotted.plot = "chart.svg"
        #expect(try plotted.plotFormat() == OutputFormat.svg)
        #expect(problem { $0.height = -1 } == .height(.notPositive(-1)))
        #expect(problem { $0.changeAt = 2 } == .changeFraction(2))
        #expect(problem { $0.maximumFrames = 0 } == .maximumFrames(0))
        #expect(ScrollRequest.minimumSpeed(framesPerSecond: 60) == 0.938)
    }

    @Test func aFontsFolderNamedByTheEnvironmentMustHoldTheFonts() throws {
        #expect(try FontLibrary.resolving(directory: nil, environment: [:]).directory == (try FontLibrary()).directory)
        do {
            _ = try FontLibrary.resolving(directory: nil, environment: ["REFLOW_FONTS": "/nonexistent"])
            Issue.record("a wrong REFLOW_FONTS is an error")
        } catch let error as FontLibrary.VariableFolderError {
            #expect(error == FontLibrary.VariableFolderError(variable: "REFLOW_FONTS", folder: "/nonexistent"))
            #expect(error.description.hasPrefix("REFLOW_FONTS is '/nonexistent', which holds no Inter-Regular.otf"))
        }
        // The variable is read here and only here: a folder it names is used, a folder given wins.
        let fonts = try Fixtures.fonts().directory
        #expect(try FontLibrary.resolving(directory: nil, environment: ["REFLOW_FONTS": fonts]).directory == fonts)
        #expect(try FontLibrary.resolving(directory: fonts, environment: ["REFLOW_FONTS": "/nonexistent"]).directory == fonts)
    }
}
