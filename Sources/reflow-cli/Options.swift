import ArgumentParser
import Foundation
import Reflow
import ReflowKit
import TextMetrics

/// A content-size category on the command line: `xs` … `ax5` or a long name, in any case.
///
/// `ContentSizeCategory` is not the option type itself: ArgumentParser describes the default of a
/// `CaseIterable & RawRepresentable` type by its raw value, which for categories is an index
/// (`default: 3`), not a name anyone types.
struct CategoryName: ExpressibleByArgument {
    var category: ContentSizeCategory

    init(_ category: ContentSizeCategory) { self.category = category }

    init?(argument: String) {
        guard let category = ContentSizeCategory(name: argument) else { return nil }
        self.category = category
    }

    static var allValueStrings: [String] { ContentSizeCategory.allCases.map(\.shortName) }
    var defaultValueDescription: String { category.shortName }
}

/// `--category` of the commands that draw or lay out one size or all twelve: a category, or `all`.
enum CategoryChoice: ExpressibleByArgument {
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

    static var allValueStrings: [String] { CategoryName.allValueStrings + ["all"] }

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

    /// The fonts of `--fonts`, else of `REFLOW_FONTS`, else found where they are installed. A
    /// folder given either way must hold the fonts: a wrong one is an error, not skipped.
    func library() throws -> FontLibrary {
        if directory == nil, let variable = ProcessInfo.processInfo.environment["REFLOW_FONTS"], !variable.isEmpty {
            do {
                return try FontLibrary(directory: variable)
            } catch TextMetricsError.fontsNotFound {
                throw UserError("REFLOW_FONTS is '\(variable)', which holds no \(FontLibrary.markerFile); "
                    + "point it at the fonts folder, or unset it to use the bundled fonts")
            }
        }
        return try FontLibrary(directory: directory)
    }
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

/// An error meant for a person: printed as one line, exit status 1.
struct UserError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// Runs `body`, turning any error into one line on stderr and exit status 1 (bad arguments
/// never get here: `validate()` rejects them first, with status 64).
func reportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as ExitCode {
        throw error
    } catch {
        Console.error("\(error)")
        throw ExitCode.failure
    }
}

enum Console {
    nonisolated(unsafe) static var standardError = FileHandle.standardError

    static func error(_ message: String) {
        standardError.write(Data("reflow-cli: error: \(message)\n".utf8))
    }

    static func warning(_ message: String) {
        standardError.write(Data("reflow-cli: warning: \(message)\n".utf8))
    }

    static func info(_ message: String) {
        standardError.write(Data("\(message)\n".utf8))
    }

    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            // Written in place, not copied into a Data first.
            FileHandle.standardOutput.write(Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: buffer.count,
                                                 deallocator: .none))
        }
    }
}

/// Validates a length in points given on the command line: positive and at most
/// `Limits.maximumLength`, so that no sum of such lengths overflows.
func requirePositive(_ value: Double?, _ name: String) throws {
    if let value, !(value.isFinite && value > 0) {
        throw ValidationError("\(name) must be a positive number of points, got \(Limits.describe(value))")
    }
    try requireAtMost(value, name)
}

/// Validates that a length in points is at most `Limits.maximumLength`.
func requireAtMost(_ value: Double?, _ name: String) throws {
    if let value, value > Limits.maximumLength {
        throw ValidationError("\(name) must be at most \(Limits.describe(Limits.maximumLength)) points, got \(Limits.describe(value))")
    }
}
