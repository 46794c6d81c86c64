import ArgumentParser
import Foundation
import Reflow
import ReflowKit
import SystemPackage
import TextMetrics

/// A content-size category on the command line: `xs` … `ax5` or a long name, in any case.
/// Described by its short name: ArgumentParser would describe a `RawRepresentable` default by its
/// raw value, which for categories is an index (`default: 3`), not a name anyone types.
extension ContentSizeCategory: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
    public static var allValueStrings: [String] { allCases.map(\.shortName) }
    public var defaultValueDescription: String { shortName }
}

/// `--category` of the commands that draw or lay out one size or all twelve: a category, or `all`.
enum CategoryChoice: ExpressibleByArgument, Equatable {
    case one(ContentSizeCategory)
    case all

    init?(argument: String) {
        if argument.lowercased() == "all" {
            self = .all
        } else if let category = ContentSizeCategory(name: argument) {
            self = .one(category)
        } else {
            return nil
        }
    }

    static var allValueStrings: [String] { ContentSizeCategory.allValueStrings + ["all"] }

    var defaultValueDescription: String {
        switch self {
        case .one(let category): category.shortName
        case .all: "all"
        }
    }

    var categories: [ContentSizeCategory] {
        switch self {
        case .one(let category): [category]
        case .all: ContentSizeCategory.allCases
        }
    }
}

/// `--cells`: what becomes a cell (blocks, words).
extension CellMode: ExpressibleByArgument {}

/// `--layout`: how cells are placed (list, flow).
extension LayoutInput.DocumentLayout: ExpressibleByArgument {}

/// `--format` of a document read whatever its extension says (markdown, text, screen).
extension DocumentFormat: ExpressibleByArgument {}

/// `--format` of a preview: png, svg or json.
extension PreviewFiles.Format: ExpressibleByArgument {}

/// `--format` of a report: text for people, json for scripts.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

extension TextStyle: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension LineBreaker.OverflowWrap: ExpressibleByArgument {}

/// Where the bundled fonts are; shared by every command that measures text.
struct FontOptions: ParsableArguments {
    @Option(name: .customLong("fonts"), help: ArgumentHelp(
        "Folder holding the bundled Inter fonts (default: REFLOW_FONTS if set, else found beside the executable or in the checkout).",
        valueName: "dir"))
    var directory: String?

    /// The fonts of `--fonts`, else of `REFLOW_FONTS`, else where they are installed.
    func library() throws -> FontLibrary { try FontLibrary.resolving(directory: directory) }
}

/// The document a command reads and how (the file, its size limit, the text settings, the
/// fonts), and whether the work shows progress. Shared by preview, layout, check, scroll and audit.
struct DocumentOptions: ParsableArguments {
    @Argument(help: "The document: CommonMark (.md, .markdown), a screen file (.json), or plain text (any other extension).")
    var file: String

    @Flag(help: "No progress on stderr.")
    var quiet = false

    @OptionGroup var input: InputOptions
    @OptionGroup var text: TextOptions
    @OptionGroup var fonts: FontOptions

    /// The file's name, for reports and titles.
    var name: String { FilePath(file).lastComponent?.string ?? file }

    /// Progress of the work, labelled `label`: a bar on a terminal, a line now and then in a log, none with --quiet.
    func progress(_ label: String) -> TerminalProgress { TerminalProgress(label: label, quiet: quiet) }

    /// The document read (see `InputOptions.layoutInput`).
    func load(format: DocumentFormat? = nil, cells: CellMode = .blocks, layout: LayoutInput.DocumentLayout = .list) throws -> LayoutInput {
        try input.layoutInput(at: file, format: format, cells: cells, layout: layout)
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
    @Option(name: .customLong("max-input"), help: ArgumentHelp(
        "Refuse documents larger than this (bytes, or with K, M, G: 512K, 1G); pipes and devices stop there too.",
        valueName: "size"))
    var maximumSize = ByteCount(DocumentReader.defaultMaximumBytes)

    var reader: DocumentReader { DocumentReader(maximumBytes: maximumSize.bytes) }

    /// The text of `path`, saying once on stderr what was replaced.
    func text(of path: String) throws -> String {
        let text = try reader.text(of: path)
        for warning in text.warnings(path: path) { Console.warning(warning) }
        return text.text
    }

    /// A document or a screen file at `path`, as content and the layout it asks for, saying once
    /// on stderr what was replaced.
    func layoutInput(at path: String, format: DocumentFormat? = nil, cells: CellMode = .blocks,
                     layout: LayoutInput.DocumentLayout = .list) throws -> LayoutInput {
        let input = try reader.layoutInput(at: path, format: format, cells: cells, layout: layout)
        for warning in input.warnings(path: path) { Console.warning(warning) }
        return input
    }
}

extension ByteCount: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
    public var defaultValueDescription: String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20)M" : String(bytes)
    }
}

/// The command's voice: messages on stderr (errors and warnings prefixed with the program's
/// name), output on stdout.
enum Console {
    static func error(_ message: String) { info("reflow-cli: error: \(message)") }
    static func warning(_ message: String) { info("reflow-cli: warning: \(message)") }
    static func info(_ message: String) { FileHandle.standardError.write(Data("\(message)\n".utf8)) }
    static func write(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }

    static func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            // Written in place, not copied into a Data first.
            FileHandle.standardOutput.write(Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: buffer.count,
                                                 deallocator: .none))
        }
    }
}

/// `body`, with the library's `InvalidOption` (and any other error) turned into a usage error:
/// one line on stderr and exit status 64, as ArgumentParser reports the options it rejects.
func validating<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as ValidationError {
        throw error
    } catch {
        throw ValidationError("\(error)")
    }
}

/// Validates a length in points given as `name` (`Limits.requirePositive`).
func requirePositive(_ value: Double?, _ name: String) throws {
    try validating { try Limits.requirePositive(value, name) }
}
