import ArgumentParser
import Audit
import Foundation
import Reflow
import ReflowKit
import SystemPackage
import TextMetrics

/// A content-size category on the command line: `xs` … `ax5` or a long name, in any case; each
/// listed in help with its long name and its body size.
extension ContentSizeCategory: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
    public static var allValueStrings: [String] { allCases.map(\.shortName) }
    public static var allValueDescriptions: [String: String] {
        Dictionary(uniqueKeysWithValues: allCases.map {
            ($0.shortName, "\($0.longName) (body \(JSONText.number(DynamicType.spec(.body, $0).pointSize)) pt)")
        })
    }
    public var defaultValueDescription: String { shortName }
}

/// One category as an option with a default. ArgumentParser shows the default of a
/// `CaseIterable & RawRepresentable` type by its raw value, which for a category is an index
/// (`default: 3`); this wrapper is neither, so help says `default: l`.
struct CategoryArgument: ExpressibleByArgument {
    var category: ContentSizeCategory

    init(_ category: ContentSizeCategory) { self.category = category }
    init?(argument: String) {
        guard let category = ContentSizeCategory(argument: argument) else { return nil }
        self.category = category
    }

    static var allValueStrings: [String] { ContentSizeCategory.allValueStrings }
    static var allValueDescriptions: [String: String] { ContentSizeCategory.allValueDescriptions }
    var defaultValueDescription: String { category.shortName }
}

/// `--category` of the commands that draw or lay out one size, some, or all twelve: a category,
/// a comma-separated list (`l,xxxl,ax5`, as `--lang de,fr` lists languages), or `all`.
struct CategoryChoice: ExpressibleByArgument {
    /// In the order given, each once.
    var categories: [ContentSizeCategory]
    /// All twelve, asked for as `all` or named one by one.
    var isAll: Bool { categories.count == ContentSizeCategory.allCases.count }
    /// More than one size: a preview draws them side by side on a contact sheet.
    var isSeveral: Bool { categories.count > 1 }

    init(_ category: ContentSizeCategory) { categories = [category] }

    init?(argument: String) {
        var categories: [ContentSizeCategory] = []
        for name in argument.split(separator: ",", omittingEmptySubsequences: false) {
            let name = name.trimmingCharacters(in: .whitespaces)
            let named = name.lowercased() == "all" ? ContentSizeCategory.allCases : ContentSizeCategory(name: name).map { [$0] }
            guard let named else { return nil }
            for category in named where !categories.contains(category) { categories.append(category) }
        }
        self.categories = categories
    }

    static var allValueStrings: [String] { ContentSizeCategory.allValueStrings + ["all"] }
    var defaultValueDescription: String { isAll ? "all" : categories.map(\.shortName).joined(separator: ",") }
}

// The library's enumerations named on the command line by their raw values: --cells (blocks,
// words), --layout (list, flow), a document's --format (markdown, text, screen), a preview's
// (png, svg, json), an audit's (text, json, sarif, html), --fail-on, --frames, --overflow-wrap.
extension CellMode: ExpressibleByArgument {}
extension LayoutInput.DocumentLayout: ExpressibleByArgument {}
extension DocumentFormat: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}
extension AuditReportFormat: ExpressibleByArgument {}
extension AuditReport.FailureThreshold: ExpressibleByArgument {}
extension ScrollReport.Frames: ExpressibleByArgument {}
extension LineBreaker.OverflowWrap: ExpressibleByArgument {}

/// `--format` of a report: text for people, json for scripts.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// `--style`: a Dynamic Type text style by name (body, title1, …).
extension TextStyle: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// Where the bundled fonts are; shared by every command that measures text.
struct FontOptions: ParsableArguments {
    @Option(name: .customLong("fonts"), help: ArgumentHelp(
        "Folder holding the bundled Inter fonts (default: REFLOW_FONTS if set, else found beside the executable or in the checkout).",
        valueName: "dir"))
    var directory: String?

    /// The fonts of `--fonts`, else of `REFLOW_FONTS`, else where they are installed.
    func library() throws -> FontLibrary { try FontLibrary.resolving(directory: directory) }
}

/// How a command reads its documents (the size limit, the text settings, the fonts), and whether
/// the work shows progress: everything of `DocumentOptions` and `DocumentsOptions` but the files.
struct ReadingOptions: ParsableArguments {
    @Flag(help: "No progress on stderr. Without it a progress bar is drawn there only when stderr is a terminal; a file or a pipe (a CI log) never gets progress, only the run's messages.")
    var quiet = false

    @Flag(name: .customLong("allow-images-outside"), help: ArgumentHelp(
        "Draw a Markdown document's images from anywhere on disk; without it an image outside the document's folder tree is a placeholder, with a warning."))
    var allowImagesOutside = false

    @Option(name: .customLong("strings"), help: ArgumentHelp(
        "A string catalog every screen reads besides those its \"strings\" names: an .xcstrings, .strings or .stringsdict file, or a folder holding them and *.lproj folders (repeatable; read within --max-input).",
        valueName: "path"))
    var strings: [String] = []

    @Flag(name: .customLong("allow-strings-outside"), help: ArgumentHelp(
        "Read the string catalogs a screen names from anywhere on disk; without it a catalog outside the screen's folder tree is an error."))
    var allowStringsOutside = false

    @OptionGroup var input: InputOptions
    @OptionGroup var parseTimeout: ParseTimeoutOption
    @OptionGroup var text: TextOptions
    @OptionGroup var fonts: FontOptions

    /// Progress of the work, labelled `label`: a bar on a terminal, nothing in a file or pipe, none with --quiet.
    func progress(_ label: String) -> TerminalProgress { TerminalProgress(label: label, quiet: quiet) }

    /// The document or screen file at `file`, as content and the layout it asks for, saying once
    /// on stderr what was replaced (invalid UTF-8, NUL bytes) and which images are drawn as placeholders.
    func load(_ file: String, format: DocumentFormat? = nil, cells: CellMode = .blocks,
              layout: LayoutInput.DocumentLayout = .list) throws -> LayoutInput {
        let (loaded, warnings) = try read(file, format: format, cells: cells, layout: layout)
        warnings.forEach(Console.warning)
        return loaded
    }

    /// The height cache for screens of `loaded`, read from `file` as `readAs`, in its default
    /// place, keyed by what the file and its string catalogs held when read
    /// (`LayoutInput.sourceDigest`); nil when asked not to keep one, for a document that is not a
    /// regular file (a pipe: its heights would be kept for nothing that can be asked for again),
    /// or without a place for it.
    func heightCache(for loaded: LayoutInput, file: String, readAs: String, disabled: Bool) throws -> HeightCache? {
        var status = stat()
        guard !disabled, let directory = HeightCache.defaultDirectory(), let digest = loaded.sourceDigest,
              file != DocumentReader.standardInputPath, stat(file, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        let reading = "\(readAs)|images-outside=\(allowImagesOutside)"
        return HeightCache(directory: directory,
                           documentIdentity: try HeightCache.documentIdentity(sourceDigest: digest, readAs: reading, input: loaded),
                           engineIdentity: HeightCache.engineIdentity(fontsDirectory: try fonts.library().directory))
    }

    /// `load` without saying anything: the document and its warnings, for a run over several
    /// documents that says each one's in document order, whichever is read first.
    func read(_ file: String, format: DocumentFormat? = nil, cells: CellMode = .blocks,
              layout: LayoutInput.DocumentLayout = .list) throws -> (input: LayoutInput, warnings: [String]) {
        if let choice = text.language, choice.isMatrix {
            throw ValidationError("--lang \(choice) lays a document out in several languages; this command takes one language (give one tag)")
        }
        let loaded = try reader.localized(at: file, format: format, cells: cells, layout: layout).input(in: text.language?.single)
        return (loaded, loaded.warnings(path: file))
    }

    /// The reader of documents: --max-input, --allow-images-outside. (`load` says its warnings at
    /// once; a command that reads documents on several threads reads through this and says them
    /// in order.)
    var reader: DocumentReader {
        var reader = input.reader
        reader.allowImagesOutside = allowImagesOutside
        reader.allowStringsOutside = allowStringsOutside
        reader.extraStrings = strings
        reader.markdownDeadline = parseTimeout.deadline
        return reader
    }
}

/// The document a command reads and how. Shared by preview, layout and scroll.
struct DocumentOptions: ParsableArguments {
    @Argument(help: "The document: CommonMark (.md, .markdown), a screen file (.json), or plain text (any other extension).")
    var file: String

    @OptionGroup var reading: ReadingOptions

    var quiet: Bool { reading.quiet }
    var allowImagesOutside: Bool { reading.allowImagesOutside }
    var input: InputOptions { reading.input }
    var text: TextOptions { reading.text }
    var fonts: FontOptions { reading.fonts }

    /// The file's name, for reports and titles.
    var name: String { FilePath(file).lastComponent?.string ?? file }

    func progress(_ label: String) -> TerminalProgress { reading.progress(label) }

    /// The document, as `ReadingOptions.load` reads it.
    func load(format: DocumentFormat? = nil, cells: CellMode = .blocks, layout: LayoutInput.DocumentLayout = .list) throws -> LayoutInput {
        try reading.load(file, format: format, cells: cells, layout: layout)
    }

    /// The height cache for screens of `loaded` (read as `readAs`; `ReadingOptions.heightCache`).
    func heightCache(for loaded: LayoutInput, readAs: String, disabled: Bool) throws -> HeightCache? {
        try reading.heightCache(for: loaded, file: file, readAs: readAs, disabled: disabled)
    }
}

/// The documents of a command that takes several (check, audit, the preview): files and folders
/// (`DocumentSet`: a folder's Markdown, text and screens found by extension), a shard of them for
/// a CI matrix, and how many are worked on at once.
struct DocumentsOptions: ParsableArguments {
    @Argument(help: ArgumentHelp(
        "Documents: CommonMark (.md, .markdown), screen files (.json), plain text (any other extension), or folders, whose .md, .markdown, .txt, .text and .json files are read (subfolders too; hidden ones and linked folders are not; links to files outside the folder, FIFOs and devices are skipped with a warning).",
        valueName: "file-or-folder"))
    var files: [String]

    @Flag(name: .customLong("follow-links"), help: ArgumentHelp(
        "In a folder, read files linked from outside it too (linked folders are still not searched; FIFOs and devices still skipped)."))
    var followLinks = false

    @Option(help: ArgumentHelp(
        "Work on one share of the documents, I of N (e.g. 2/4), for a CI matrix: the same paths always make the same shares, and every document is in exactly one.",
        valueName: "I/N"), transform: { text in
            do { return try Shard(parsing: text) } catch { throw ValidationError("--shard: \(error)") }
        })
    var shard: Shard?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Work done at once (default: one per core): documents; with one document, its languages (--lang) or, for a picture, its parts. The output is the same for any number.", valueName: "n"))
    var jobs: Int?

    @OptionGroup var reading: ReadingOptions

    func validate() throws {
        if files.isEmpty { throw ValidationError("give a document, several, or a folder of them") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, got \(jobs)") }
        // `--category l ax5` where --category takes one size: the second size is read as a document.
        for file in files where ContentSizeCategory(name: file) != nil && !FileManager.default.fileExists(atPath: file) {
            throw ValidationError("'\(file)' is a text size, not a document (there is no such file): this command's --category "
                + "takes one size, or all for every size; give one, as --category \(file)")
        }
    }

    /// Threads for the documents: --jobs, else one per core.
    var workers: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }

    /// Whether the command line names one file (not a folder) and no shard: the command then
    /// reports as it does for one document. Any other run reports in its shape for several, however
    /// many documents it finds, so that the shards of a CI matrix all write the same shape.
    var namesOneDocument: Bool { files.count == 1 && shard == nil && Folder.kind(of: files[0]) != .folder }

    /// The documents named, this shard's share of them (`sayIfNoShare`); folders named in
    /// `excluding` are not searched.
    func documents(excluding: [String] = []) throws -> [String] {
        let set = try documentSet(excluding: excluding)
        let share = set.sharded(shard)
        sayIfNoShare(share.documents.count, found: set.documents.count)
        return share.paths
    }

    /// Says on stderr that --shard's share of the `found` documents is none, when `share` is 0
    /// ("shard 2/2 has no documents of the 1 found"): not an error, the run goes on and passes.
    func sayIfNoShare(_ share: Int, found: Int) {
        if let shard, share == 0 { Console.info(shard.noDocuments(found: found)) }
    }

    /// Every document named, before --shard takes its share; folders named in `excluding` are not searched.
    func documentSet(excluding: [String] = []) throws -> DocumentSet {
        let set: DocumentSet
        do { set = try DocumentSet(files, excluding: excluding, followingLinks: followLinks) } catch {
            throw CommandLineError(commandLineMessage: error.description)
        }
        set.skipped.forEach { Console.warning($0.commandLineMessage) }
        return set
    }
}

/// One screen of a document, for the commands that draw or print one (preview, `layout`): its
/// size, where it is on the page, and whether the heights above it are kept between runs.
struct ScreenOptions: ParsableArguments {
    @Option(help: ArgumentHelp("One screen of this size in points, e.g. 390x844, instead of the whole page: what the page shows at --offset or --at.",
                               valueName: "WxH"))
    var viewport: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("With --viewport: the place on the page at the screen's top, in points (the screen shows what the whole page shows there; default 0).",
                               valueName: "pt"), transform: DecimalNumber.parsing("--offset", "points"))
    var offset: Double?

    @Option(help: ArgumentHelp(
        "With --viewport, instead of --offset: what to show at the screen's top: line:N (the block holding Markdown source line N; a line past the file's end is an error), heading:TEXT (the first heading with that text or that GitHub anchor, e.g. heading:#-community for '### 💧 Community'; failing that, the first with those words, emoji, punctuation and case aside, e.g. heading:community) or item:S.I (the cell at section S, item I, as UIKit's scrollToItem(at:at: .top)).",
        valueName: "anchor"))
    var at: String?

    @Flag(name: .customLong("no-height-cache"), help: ArgumentHelp(
        "With --viewport: do not read or keep the heights measured above the screen. By default they are kept in $REFLOW_CACHE_DIR (else $XDG_CACHE_HOME/reflow/heights, else ~/.cache/reflow/heights), keyed by the document's bytes, the engine build, the fonts and the size and width, so a screen deep in a long document is measured down to once, not at every run."))
    var noHeightCache = false

    /// `--viewport` in points (`390x844`, either case of x), each side positive; nil without it.
    func viewportSize() throws -> Size? {
        guard let viewport else { return nil }
        let sides = viewport.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2, let width = DecimalNumber.value(sides[0]), let height = DecimalNumber.value(sides[1]), width.isFinite, height.isFinite,
              width > 0, height > 0 else {
            throw ValidationError("--viewport must be WIDTHxHEIGHT in points, e.g. 390x844, got '\(viewport)'")
        }
        return Size(width: width, height: height)
    }

    /// `--at` read; nil without it.
    func anchor() throws -> ScreenAnchor? {
        try at.map { text in
            do throws(ScreenAnchor.Problem) { return try ScreenAnchor(parsing: text) } catch { throw ValidationError(error.commandLineMessage) }
        }
    }

    /// These options in `request` (its viewport, offset and anchor).
    func apply(to request: inout PreviewRequest) throws {
        (request.viewport, request.offset, request.anchor) = (try viewportSize(), offset, try anchor())
    }
}

/// How a document becomes cells and how they are placed (a screen file brings its own layout).
struct PlacementOptions: ParsableArguments {
    @Option(help: ArgumentHelp("What becomes a cell: blocks (one per heading, paragraph, list item…) or words (one per word, a section per block).",
                               valueName: "mode"))
    var cells: CellMode = .blocks

    @Option(help: ArgumentHelp("How cells are placed: list (one column, full width) or flow (lines, leading to trailing).",
                               valueName: "layout"))
    var layout: LayoutInput.DocumentLayout = .list
}

/// How documents are read; shared by every command that reads one.
struct InputOptions: ParsableArguments {
    @Option(name: .customLong("max-input"), parsing: .unconditional, help: ArgumentHelp(
        "Refuse documents larger than this (bytes, or with K, M, G: 512K, 1G); standard input (-) stops there too. A document is a regular file: a FIFO, device or socket is refused. (default: \(ByteCount(DocumentReader.defaultMaximumBytes).defaultValueDescription))",
        valueName: "size"), transform: ByteCount.parsing)
    var maximumSize = ByteCount(DocumentReader.defaultMaximumBytes)

    var reader: DocumentReader { DocumentReader(maximumBytes: maximumSize.bytes) }
}

/// How long reading one Markdown document may take: for the commands that lay documents out
/// (`lines` reads text, `hyphenate` words, and `serve` keeps serving however long a read takes).
struct ParseTimeoutOption: ParsableArguments {
    @Option(name: .customLong("parse-timeout"), parsing: .unconditional, help: ArgumentHelp(
        "Stop with an error when reading one Markdown document takes longer than this many seconds, plus a tenth as many per MiB of it (Debian's cmark-gfm takes minutes on some hostile inputs); 0: never. (default: 10)",
        valueName: "seconds"), transform: ParseTimeoutOption.seconds)
    var seconds = ParseDeadline.defaultSeconds

    /// The deadline of --parse-timeout (nil for 0): past it, the error and exit status 1.
    var deadline: ParseDeadline? {
        guard seconds > 0 else { return nil }
        return ParseDeadline(seconds: seconds, secondsPerMiB: seconds / ParseDeadline.defaultSeconds) { path, seconds in
            Console.error(ParseTimeoutOption.message(path: path, seconds: seconds))
            _exit(1)
        }
    }

    /// What the command line says when a read passes its deadline.
    static func message(path: String, seconds: Double) -> String {
        let shown = seconds < 10 ? String(format: "%.1f", seconds) : String(Int(seconds.rounded(.up)))
        return "reading '\(path)' took more than \(shown) s and was stopped: the Markdown parser "
            + "(cmark-gfm 0.29.0.gfm.6) takes time growing with the square of some inputs, such as lists or block quotes "
            + "nested thousands deep, unclosed brackets before links, or www. runs joined by underscores; simplify the document, "
            + "or give it more time with --parse-timeout"
    }

    /// `--parse-timeout`'s value: a number of seconds, 0 or more.
    static func seconds(_ text: String) throws -> Double {
        guard let seconds = DecimalNumber.value(text), seconds.isFinite, seconds >= 0 else {
            throw ValidationError("--parse-timeout must be a decimal number of seconds, 0 or more (0: never), got \(text)")
        }
        return seconds
    }
}

/// The command's voice: messages on stderr (errors and warnings prefixed with the program's
/// name), output on stdout. A stdout that cannot be written is an error (`OutputError.standardOutput`);
/// a stderr that cannot be written is remembered, and the run then ends with status 1.
enum Console {
    /// A message could not be written to stderr.
    static let stderrFailed = Locked(false)

    static func error(_ message: String) { info("reflow-cli: error: \(message)") }
    static func warning(_ message: String) { info("reflow-cli: warning: \(message)") }
    /// Control and bidirectional characters in names and text quoted by a message are written out (`TerminalText`).
    static func info(_ message: String) { progress("\(TerminalText.escaped(message))\n") }

    /// `text` on stderr as it is (a progress bar redrawn in place: no line feed).
    static func progress(_ text: String) {
        if !StandardStreams.writeError(text) { stderrFailed.withLock { $0 = true } }
    }

    static func write(_ text: String) throws { try StandardStreams.write(text) }
    static func write(_ bytes: [UInt8]) throws { try StandardStreams.write(bytes) }
}

/// `body`, with any error it throws turned into a usage error in the command line's words
/// (`commandLineMessage`): one line on stderr and exit status 64, as ArgumentParser reports the
/// options it rejects.
func validating<T>(_ body: () throws -> T) throws -> T {
    do { return try body() } catch let error as ValidationError { throw error } catch {
        throw ValidationError(commandLineMessage(error))
    }
}

/// Validates a length in points given with `option` (`Limits.checkPositive`): a usage error
/// naming the option otherwise.
func requirePositive(_ value: Double?, _ option: String) throws {
    do { try Limits.checkPositive(value) } catch { throw ValidationError("\(option) \(error)") }
}

/// Validates `--lang`: a BCP 47 tag, else a usage error that says what is wrong with it.
func requireLanguageTag(_ language: String?) throws {
    guard let language else { return }
    do { _ = try LanguageTag(language) } catch { throw ValidationError("--lang: \(error)") }
}
