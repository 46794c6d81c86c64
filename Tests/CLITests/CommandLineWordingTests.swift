@testable import reflow_cli
import Preview
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
        Self.expectWorded(PreviewRequest.Problem.partsNeedOnePNGPage(format: .svg), naming: "--parts",
                          as: "--parts cuts one text size's whole page into PNG parts; it does not go with --viewport, --category all or --format svg")
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

    @Test func anUnknownOutputExtensionNamesTheFormatOption() {
        Self.expectWorded(OutputFormat.UnknownExtension(pathExtension: "gif"), naming: "--format",
                          as: "cannot tell the format from '.gif'; give --format png, svg or json")
        #expect(PreviewRequest.Problem.unknownFormat(.init(pathExtension: "gif")).commandLineMessage
            == "cannot tell the format from '.gif'; give --format png, svg or json")
    }
}
