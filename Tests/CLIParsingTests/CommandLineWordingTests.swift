@testable import reflow_cli
import Preview
import PreviewServer
import Reflow
import ReflowKit
import TextMetrics
import Testing

/// The library's errors say what is wrong with a value; the command line names the option that
/// sets it. Each case: the library's message names no option, the command line's names it, and
/// what is wrong is said the same way in both.
@Suite struct CommandLineWordingTests {
    static func expectWorded(_ error: some CommandLineWording & CustomStringConvertible, naming option: String,
                             as message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(!error.description.contains(option), "\(error)", sourceLocation: sourceLocation)
        #expect(error.commandLineMessage == message, sourceLocation: sourceLocation)
        #expect(commandLineMessage(error) == message, "as the command reports any error", sourceLocation: sourceLocation)
    }

    @Test func layoutErrorsNameTheWidthOption() {
        Self.expectWorded(ReflowError.containerTooNarrow(containerWidth: 0.0001, category: .large, needed: 33), naming: "--width",
                          as: "container width 0.0001 pt is too narrow at category l: cells need more than 33 pt (section and content insets); use a wider --width")
        Self.expectWorded(ReflowError.itemTooNarrow(width: 20, category: .large, needed: 33, indexPath: IndexPath(item: 2, section: 1)),
                          naming: "--width",
                          as: "the item of cell 1.2 is 20 pt wide at category l, but its cell's insets need more than 33 pt; "
                            + "give the item more width (a larger fraction or fewer items per group) or use a wider --width")
        let tooSmall = ReflowError.widthTooSmall(width: 12, category: .large, needed: 40)
        #expect(tooSmall.commandLineMessage == tooSmall.description, "no option sets a single cell's width")
    }

    @Test func aScrollThatCannotReachTheBottomNamesTheSpeedAndFrameOptions() {
        Self.expectWorded(ScrollSession.Failure.tooManyFrames(limit: 100, step: 1.0 / 60, offset: 1.5, end: 234), naming: "--",
                          as: "scrolling stopped after 100 frames at 1 of 234 pt (each frame moves 0.016666666666666666 pt); "
                            + "raise --speed, lower --fps, or raise --max-frames")
        Self.expectWorded(ScrollSession.Failure.stepTooSmall(step: 0.01), naming: "--",
                          as: "each frame would move 0.01 pt, less than the point grid's step (1/64 pt), so the scroll would never move; "
                            + "raise --speed or lower --fps")
    }

    @Test func aFontsFolderWithoutTheFontsNamesTheFontsOption() {
        Self.expectWorded(TextMetricsError.fontsNotFound(searched: ["garbage"]), naming: "--fonts",
                          as: "cannot find the bundled fonts (Inter-Regular.otf) in: garbage; pass --fonts DIR or set REFLOW_FONTS to the repository's Fonts folder")
        let missing = TextMetricsError.hyphenationUnavailable(language: "tlh", searched: ["/usr/share/hyphen/hyph_tlh.dic"],
                                                              package: "hyphen-tlh")
        Self.expectWorded(missing, naming: "--names-only",
                          as: "no hyphenation patterns for 'tlh': none of /usr/share/hyphen/hyph_tlh.dic exists; install Debian's hyphen-tlh "
                            + "(apt-get install hyphen-tlh; apt-cache search --names-only '^hyphen-' lists the languages that have patterns), "
                            + "or turn hyphenation off")
        let unreadable = TextMetricsError.fontFileUnreadable(path: "a.otf", reason: "no such file")
        #expect(unreadable.commandLineMessage == unreadable.description)
    }

    @Test func anImageTooLargeNamesTheViewportAndScaleOptions() {
        Self.expectWorded(PreviewError.imageTooLarge(width: 1_560, height: 800_000, bytes: 1_560 * 800_000 * 4), naming: "--",
                          as: "the image would be 1560 x 800000 pixels (4760 MiB, more than the 1 GiB limit); use --viewport or a smaller --scale")
        Self.expectWorded(PreviewError.imageSideTooLong(width: 780, height: 1_560_008), naming: "--",
                          as: "the image would be 780 x 1560008 pixels, more than a PNG can have (libpng writes at most 1000000 pixels a side); "
                            + "use --viewport, a smaller --scale, or write numbered parts")
    }

    @Test func theLibrarysFileErrorsNameTheInputGoldensAndPartsOptions() {
        Self.expectWorded(InputError.tooLarge(path: "doc.md", limit: 10, size: 153), naming: "--max-input",
                          as: "'doc.md' is 153 bytes, more than the input limit of 10 bytes; raise it with --max-input 153 or more "
                            + "if the document is meant to be this long")
        Self.expectWorded(InputError.tooLarge(path: "/dev/zero", limit: 1 << 20, size: nil), naming: "--max-input",
                          as: "'/dev/zero' is larger than the input limit of 1 MiB; raise it with --max-input (e.g. --max-input 1G) "
                            + "if the document is meant to be this long")
        #expect(InputError.notFound(path: "a").commandLineMessage == "cannot read 'a': no such file; check the path")
        Self.expectWorded(LayoutReport.Golden.ReadError(path: "g/doc-l.json", reason: "contentSize.width is null"), naming: "--record",
                          as: "golden 'g/doc-l.json' is not a layout JSON: contentSize.width is null; re-record it with --record")
        Self.expectWorded(GoldenStore.Problem.folderIsAFile(folder: "doc.txt"), naming: "--goldens",
                          as: "--goldens 'doc.txt' is a file, not a folder; give the folder that holds (or will hold) the goldens")
        Self.expectWorded(GoldenStore.Problem.noFolder(folder: "none"), naming: "--record",
                          as: "no goldens folder 'none'; run with --record to create it and record the goldens")
        Self.expectWorded(GoldenStore.Problem.missingGoldens([.accessibilityExtraExtraExtraLarge], folder: "g", prefix: "doc"), naming: "--record",
                          as: "no golden for ax5 in 'g' (expected doc-CATEGORY.json); run with --record to create them")
        Self.expectWorded(GoldenStore.Problem.sharedGoldens(first: "a/x.md", second: "b/x.md", folder: "g", prefix: "x"), naming: "--goldens",
                          as: "'a/x.md' and 'b/x.md' would share the goldens x-CATEGORY.json in 'g'; name the folder that holds them "
                            + "instead (a folder's documents have goldens named after their paths in it), or check them in separate runs "
                            + "with separate --goldens folders")
        Self.expectWorded(GoldenStore.Problem.subfolderIsALink(path: "g/sub", to: "/tmp"), naming: "--record",
                          as: "'g/sub' in the goldens folder is a symbolic link (to '/tmp'), and goldens are written inside the goldens "
                            + "folder only; replace the link with a folder and run with --record")
        Self.expectWorded(PreviewFiles.TooLarge(width: 100, height: 1_560_008, limit: "at most 1000000 pixels a side"), naming: "--parts",
                          as: "the page is 100 x 1560008 px, more than one PNG can hold (at most 1000000 pixels a side); add --parts to write "
                            + "it in numbered parts named after -o, drop -o to write the parts beside the document, or draw one screen with --viewport")
    }

    @Test func aRequestsProblemsNameTheOptionsThatSetTheValues() {
        Self.expectWorded(PreviewRequest.Problem.offset(.negative(-1)), naming: "--offset", as: "--offset must be 0 or more points, got -1")
        Self.expectWorded(PreviewRequest.Problem.partsNeedOnePNGPage(.format(.svg)), naming: "--parts",
                          as: "--parts cuts a whole page into PNG parts; --format svg writes one file: drop --parts, or write png")
        Self.expectWorded(PreviewRequest.Problem.partsNeedOnePNGPage(.sheetOfScreens), naming: "--whole-pages",
                          as: "--parts with --category all cuts the contact sheet of whole pages: add --whole-pages (without it the sheet "
                            + "shows one screen a size and needs no parts), or drop --parts")
        let disagree = PreviewRequest.Problem.widthDisagreesWithViewport(width: 390, viewport: Size(width: 320, height: 568))
        #expect(disagree.commandLineMessage(viewport: "320X568") == "--width 390 and --viewport 320X568 disagree; give one width",
                "the viewport as typed")
        #expect(disagree.commandLineMessage == "--width 390 and --viewport 320x568 disagree; give one width")
        Self.expectWorded(ScrollRequest.Problem.stepTooSmall(speed: 0.01, framesPerSecond: 60), naming: "--speed",
                          as: "--speed 0.01 at --fps 60 moves 0.00016666666666666666 pt a frame, less than the point grid's step (1/64 pt); "
                            + "use at least 0.938 pt/s at this frame rate")
        Self.expectWorded(ScrollRequest.Problem.height(.notPositive(-1)), naming: "--height",
                          as: "--height must be a positive number of points, got -1")
        Self.expectWorded(ScrollRequest.Problem.changeIncomplete(fraction: 0.5, category: nil), naming: "--to",
                          as: "--change-category-at and --to go together: give both, e.g. --change-category-at 0.5 --to ax5")
    }

    /// What the command line parses itself: `--viewport WxH` and `--estimate`.
    @Test func theViewportAndEstimateOptionsAreParsedByTheCommandLine() throws {
        #expect(try ScreenOptions.parse(["--viewport", "320X568"]).viewportSize() == Size(width: 320, height: 568))
        for bad in ["390", "320x", "x568", "0x568", "320x-1", "infx568", "320x568x2"] {
            #expect(throws: (any Error).self, "\(bad)") { try ScreenOptions.parse(["--viewport", bad]).viewportSize() }
        }
        #expect(Estimate(argument: "fixed:120") == .fixed(120) && Estimate(argument: "AUTO") == .automatic(initial: 44))
        #expect(Estimate(argument: "fixed:inf") == nil && Estimate(argument: "fixed:0") == nil && Estimate(argument: "sometimes") == nil)
        #expect(Estimate(argument: "fixed:1e308") == nil, "longer than Limits.maximumLength")
    }

    /// Issue 36 row 12: numbers are read in decimal only; Swift's `Double(String)` also takes
    /// hexadecimal (`0x10` as 16, `0x1p3` as 8) and words (`nan`, `inf`).
    @Test func numbersAreDecimalOnly() throws {
        for good in ["0", "12", "+12", "-12", "12.5", "12.", ".5", "-.5", "1e3", "2.5E-4", "1e+308", "007"] {
            #expect(DecimalNumber.value(good) == Double(good), "\(good)")
        }
        for bad in ["0x10", "0X10", "0x1p3", "-0x10", "0x1A0", "nan", "inf", "-infinity", "", "+", ".", "e3", "1e", "1e+", "1_000",
                    " 12", "12 ", "1,5", "١٢", "１２"] {
            #expect(DecimalNumber.value(bad) == nil, "\(bad)")
        }
        // Every number option of every command that reads one, and the server's query, which is parsed as they are.
        let width = "The value '0x10' is invalid for '--width <pt>': --width must be a decimal number of points, got '0x10'"
        for command in [["layout", "doc.md"], ["doc.md"], ["audit", "doc.md"], ["check", "doc.md", "--goldens", "g"],
                        ["scroll", "doc.md"], ["lines", "doc.txt"]] {
            #expect(Self.usageError(command + ["--width", "0x10"]) == width, "\(command)")
        }
        #expect(Self.usageError(["audit", "doc.md", "--width", "390", "0x1p3"])
            == "The value '0x1p3' is invalid for '--width <pt>': --width must be a decimal number of points, got '0x1p3'")
        for (arguments, option, what) in [(["scroll", "doc.md", "--fps", "0x3C"], "--fps <n>", "--fps must be a decimal number of frames per second"),
                                          (["scroll", "doc.md", "--speed", "0x10"], "--speed <pt-per-s>", "--speed must be a decimal number of points per second"),
                                          (["scroll", "doc.md", "--height", "0x10"], "--height <pt>", "--height must be a decimal number of points"),
                                          (["scroll", "doc.md", "--change-category-at", "0x0.8p0", "--to", "ax5"], "--change-category-at <fraction>",
                                           "--change-category-at must be a decimal fraction, 0 to 1"),
                                          (["check", "doc.md", "--goldens", "g", "--tolerance", "0x1"], "--tolerance <pt>", "--tolerance must be a decimal number of points"),
                                          (["lines", "doc.txt", "--width", "9", "--size", "0x11"], "--size <pt>", "--size must be a decimal number of points"),
                                          (["lines", "doc.txt", "--width", "9", "--line-height", "0x16"], "--line-height <pt>", "--line-height must be a decimal number of points"),
                                          (["doc.md", "--viewport", "390x844", "--offset", "0x10"], "--offset <pt>", "--offset must be a decimal number of points")] {
            let value = arguments[arguments.firstIndex(of: String(option.prefix { $0 != " " }))! + 1]
            #expect(Self.usageError(arguments) == "The value '\(value)' is invalid for '\(option)': \(what), got '\(value)'", "\(arguments)")
        }
        #expect(Estimate(argument: "fixed:0x10") == nil && Estimate(argument: "fixed:16") == .fixed(16))
        #expect(throws: (any Error).self) { try ParseTimeoutOption.seconds("0x10") }
        #expect(try ParseTimeoutOption.seconds("2.5") == 2.5)
        #expect(throws: (any Error).self) { try ScreenOptions.parse(["--viewport", "0X190x844"]).viewportSize() }
        for query in ["width=0x1A0", "width=0x1p3", "viewport=390x844&offset=0x10"] {
            #expect(throws: BadRequest.self, "\(query)") { try ScreenQuery.parameters(try Query(parsing: Substring(query))) }
        }
        do {
            _ = try ScreenQuery.parameters(try Query(parsing: "width=0x1A0"))
        } catch let error as BadRequest {
            #expect(error.message == "The value '0x1A0' is invalid for '--width <pt>': --width must be a decimal number of points, got '0x1A0'")
        }
        #expect(try ScreenQuery.parameters(try Query(parsing: "width=416")).width == 416)
    }

    /// Issue 36 row 12: a value that starts like a negative number is attached to the option before it.
    @Test func aNegativeValueAfterAnOptionIsAttachedToIt() {
        #expect(attachingNegativeNumbers(["check", "docs", "--shard", "-1/2"]) == ["check", "docs", "--shard=-1/2"])
        #expect(attachingNegativeNumbers(["--width", "-5", "--offset", "-.5", "--x", "-0x10"]) == ["--width=-5", "--offset=-.5", "--x=-0x10"])
        #expect(attachingNegativeNumbers(["--width", "-x", "-q", "-5", "--", "--width", "-5"]) == ["--width", "-x", "-q", "-5", "--", "--width", "-5"])
        #expect(attachingNegativeNumbers(["--width=1", "-5", "--width", "-", "--width", "-."]) == ["--width=1", "-5", "--width", "-", "--width", "-."])
        #expect(Self.usageError(["check", "doc.md", "--goldens", "g", "--shard", "-1/2"])
            == "The value '-1/2' is invalid for '--shard <I/N>': --shard: shard -1 of 2 does not exist; the index runs from 1 to 2")
    }

    /// The first line of the usage error `arguments` give (after the negative numbers are
    /// attached, as `main` does); nil when they parse.
    static func usageError(_ arguments: [String]) -> String? {
        do {
            _ = try ReflowCLI.parseAsRoot(attachingNegativeNumbers(arguments))
            return nil
        } catch {
            return ReflowCLI.message(for: error).split(separator: "\n").first.map(String.init)
        }
    }

    @Test func anUnknownOutputExtensionNamesTheFormatOption() {
        Self.expectWorded(OutputFormat.UnknownExtension(pathExtension: "gif"), naming: "--format",
                          as: "cannot tell the format from '.gif'; give --format png, svg or json")
        #expect(PreviewRequest.Problem.unknownFormat(.init(pathExtension: "gif")).commandLineMessage
            == "cannot tell the format from '.gif'; give --format png, svg or json")
    }
}
