import Preview
import Reflow
import ReflowKit
import TextMetrics

/// An error of the library as the command line words it. The library says what is wrong with a
/// value ("container width 30 pt is too narrow …; give the container more width"); a person at
/// the command line sets that value with an option, so the message names the option and what to
/// type instead ("…; use a wider --width"). Errors that name no option keep the library's words.
protocol CommandLineWording: Error {
    /// One line: what is wrong, and the option to change.
    var commandLineMessage: String { get }
}

/// `error` in the command line's words: its `commandLineMessage` where it has one, else its description.
func commandLineMessage(_ error: any Error) -> String {
    (error as? any CommandLineWording)?.commandLineMessage ?? "\(error)"
}

/// `error` of the document at `path`, in a run over several: its message, led by the path
/// unless the message names the document already (`cannot read 'x.md': …`).
func commandLineMessage(_ error: any Error, document path: String) -> String {
    let message = commandLineMessage(error)
    return message.contains(path) ? message : "\(path): \(message)"
}

extension ReflowError: CommandLineWording {
    var commandLineMessage: String {
        switch self {
        case .widthTooSmall: description
        case .containerTooNarrow: "\(problem); use a wider --width"
        case .itemTooNarrow: "\(problem); give the item more width (a larger fraction or fewer items per group) or use a wider --width"
        case .lengthTooLong: description
        }
    }
}

extension ScrollSession.Failure: CommandLineWording {
    var commandLineMessage: String {
        switch self {
        case .stepTooSmall: problem + "; raise --speed or lower --fps"
        case .tooManyFrames: problem + "; raise --speed, lower --fps, or raise --max-frames"
        }
    }
}

extension TextMetricsError: CommandLineWording {
    var commandLineMessage: String {
        switch self {
        case .fontsNotFound:
            "\(problem); pass --fonts DIR or set REFLOW_FONTS to the repository's Fonts folder"
        case .hyphenationUnavailable(_, _, let package):
            "\(problem); install Debian's \(package) (apt-get install \(package); apt-cache search --names-only '^hyphen-' lists "
                + "the languages that have patterns), or turn hyphenation off"
        case .fontFileUnreadable, .notAFont, .lineBreakerUnavailable, .invalidLanguageTag, .hyphenationDictionaryUnreadable:
            description
        }
    }
}

extension PreviewError: CommandLineWording {
    var commandLineMessage: String { commandLineMessage(scale: nil, sheet: false) }

    /// The problem in the command line's words, for a picture drawn at `scale` device pixels per
    /// point (nil: not known), of one size or of the twelve side by side (`sheet`). An image too
    /// wide for a PNG gets narrower only with a smaller --width or --scale, or one size instead of
    /// twelve (parts are cut across the page; a viewport is as wide as the page): those are what
    /// it suggests, computed to fit.
    func commandLineMessage(scale: Int?, sheet: Bool) -> String {
        switch self {
        case .imageSideTooLong(let width, _) where width > PNGRenderer.maximumSide:
            guard let scale else { return "\(problem); use a narrower --width or a smaller --scale" }
            // Pixels are points times the scale.
            let widest = PNGRenderer.maximumSide / scale
            let smaller = (1..<scale).last { width / scale * $0 <= PNGRenderer.maximumSide }
            let scaleAdvice = smaller.map { ", or --scale \($0)" } ?? ""
            return sheet
                ? "\(problem); draw one size at a time (a --category other than all) or use a narrower --width\(scaleAdvice)"
                : "\(problem); use --width \(widest) or less\(scaleAdvice)"
        case .imageTooLarge: return "\(problem); use --viewport or a smaller --scale"
        case .imageSideTooLong: return "\(problem); use --viewport, a smaller --scale, or write numbered parts"
        case .invalidScale, .png: return description
        }
    }
}

extension InputError: CommandLineWording {
    var commandLineMessage: String {
        switch self {
        case .tooLarge(_, _, let size?):
            "\(problem); raise it with --max-input \(ByteCount(size).roundedUp) or more if the document is meant to be this long"
        case .tooLarge: "\(problem); raise it with --max-input (e.g. --max-input 1G) if the document is meant to be this long"
        case .tooManyCells(_, let count, _, _):
            "\(problem); raise it with --max-input \(ByteCount(count * DocumentReader.bytesPerCell).roundedUp) or more if the document is meant to be this long"
        case .tooMuchMarkup(_, let marks, _, _):
            "\(problem); raise it with --max-input \(ByteCount(marks * DocumentReader.bytesPerMarkdownMark).roundedUp) or more if the document is meant to be this long"
        case .tooCostlyTables(_, let tables, _):
            "\(problem); split the table into narrower or shorter ones, or raise the limit with --max-input "
                + "\(ByteCount(InputError.inputLimit(for: tables)).roundedUp) or more"
        case .notFound, .isDirectory, .permissionDenied, .notARegularFile, .notADocument, .system, .badStrings: description
        }
    }
}

extension LayoutReport.Golden.ReadError: CommandLineWording {
    var commandLineMessage: String {
        newerVersion == nil ? "\(problem); re-record it with --record"
            : "\(problem); check it with the reflow that recorded it, or re-record it with --record"
    }
}

extension GoldenStore.Problem: CommandLineWording {
    var commandLineMessage: String {
        switch self {
        case .folderIsAFile: "--goldens \(problem); give the folder that holds (or will hold) the goldens"
        case .noFolder: "\(problem); run with --record to create it and record the goldens"
        case .missingGoldens: "\(problem); run with --record to create them"
        case .goldenIsAFolder: "\(problem); move the folder away and run with --record"
        case .goldenTooLarge: "\(problem); raise it with --max-input (e.g. --max-input 1G)"
        case .goldenUnreadable: description
        case .goldenNotARegularFile: "\(problem); run with --record to replace it with a golden"
        case .sharedGoldens:
            "\(problem); name the folder that holds them instead (a folder's documents have goldens named after their paths in "
                + "it), or check them in separate runs with separate --goldens folders"
        case .subfolderIsALink: "\(problem); replace the link with a folder and run with --record"
        }
    }
}

extension PreviewFiles.TooLarge: CommandLineWording {
    var commandLineMessage: String {
        "\(problem); add --parts to write it in numbered parts named after -o, drop -o to write the parts beside the document, "
            + "or draw one screen with --viewport"
    }
}

extension PreviewRequest.Problem: CommandLineWording {
    var commandLineMessage: String { commandLineMessage(viewport: nil) }

    /// The problem in the command line's words, quoting `--viewport` as typed (`viewport`) where
    /// it names it; without it, as `WIDTHxHEIGHT`.
    func commandLineMessage(viewport: String?) -> String {
        switch self {
        case .unknownFormat(let unknown): unknown.commandLineMessage
        case .scaleUnsupported(let scale): "--scale must be 1, 2, 3 or 4 (device pixels per point), got \(scale)"
        case .width(let invalid): "--width \(invalid)"
        case .offset(let invalid): "--offset \(invalid)"
        case .viewportWidth(let invalid): "--viewport's width \(invalid)"
        case .viewportHeight(let invalid): "--viewport's height \(invalid)"
        case .offsetWithoutViewport: "--offset needs --viewport (the screen it scrolls)"
        case .anchorWithoutViewport: "--at needs --viewport (the screen it places)"
        case .offsetAndAnchor: "give --offset or --at, not both: each says where the screen is"
        case .viewportWithLayoutJSON: "--viewport crops an image; --format json writes the whole layout (drop --viewport)"
        case .partsNeedOnePNGPage(.format(let format)):
            "--parts cuts a whole page into PNG parts; --format \(format.rawValue) writes one file: drop --parts, or write png"
        case .partsNeedOnePNGPage(.viewport):
            "--parts cuts a whole page into PNG parts; --viewport draws one screen, which needs none: drop one of them"
        case .partsNeedOnePNGPage(.sheetOfScreens):
            "--parts with --category all cuts the contact sheet of whole pages: add --whole-pages (without it the sheet shows "
                + "one screen a size and needs no parts), or drop --parts"
        case .wholePagesWithViewport: "--whole-pages and --viewport each say what the contact sheet shows of a size; give one"
        case .widthDisagreesWithViewport(let width, let size):
            "--width \(Limits.describe(width)) and --viewport "
                + "\(viewport ?? "\(Limits.describe(size.width))x\(Limits.describe(size.height))") disagree; give one width"
        }
    }
}

/// A message already in the command line's words (an error reworded with what only the command knows).
struct CommandLineError: Error, CommandLineWording {
    let commandLineMessage: String
}

extension ScreenAnchor.Problem: CommandLineWording {
    var commandLineMessage: String {
        if case .malformed = self { return "--at \(description)" }
        return "--at: \(description)"
    }
}

extension ScrollRequest.Problem: CommandLineWording {
    var commandLineMessage: String {
        switch self {
        case .width(let invalid): "--width \(invalid)"
        case .height(let invalid): "--height \(invalid)"
        case .speed(let invalid): "--speed \(invalid)"
        case .framesPerSecond(let fps): "--fps must be between 1 and 1000 frames per second, got \(Limits.describe(fps))"
        case .maximumFrames(let limit): "--max-frames must be at least 1, got \(limit)"
        case .stepTooSmall(let speed, let fps):
            "--speed \(Limits.describe(speed)) at --fps \(Limits.describe(fps)) moves \(Limits.describe(speed / fps)) pt a frame, "
                + "less than the point grid's step (1/64 pt); use at least "
                + "\(Limits.describe(ScrollRequest.minimumSpeed(framesPerSecond: fps))) pt/s at this frame rate"
        case .changeFraction(let fraction): "--change-category-at must be a fraction between 0 and 1, got \(fraction)"
        case .changeIncomplete:
            "--change-category-at and --to go together: give both, e.g. --change-category-at 0.5 --to ax5"
        case .plotPath(let path): "--plot needs a .svg or .png path, got '\(path)'"
        }
    }
}

extension OutputFormat.UnknownExtension: CommandLineWording {
    var commandLineMessage: String {
        "cannot tell the format from '.\(pathExtension)'; give --format \(Self.formatNames)"
    }
}

extension Folder.Skipped {
    /// The warning about a file a folder's scan left out, with the option that reads it where there is one.
    var commandLineMessage: String {
        guard case .linkOutside = reason else { return description }
        return "\(description); pass --follow-links to read files linked from outside a folder"
    }
}
