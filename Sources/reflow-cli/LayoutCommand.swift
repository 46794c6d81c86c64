import ArgumentParser
import Foundation
import Reflow
import TextMetrics

extension CellMode: ExpressibleByArgument {}

struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Lay a document out in self-sizing cells and print the frames as JSON.",
        discussion: """
            The document is read as CommonMark (.md, .markdown) or plain text (any other extension; \
            override with --format). Each block becomes a cell (or each word, with --cells words), sized \
            for the container width at the text-size category, and placed by a list or a flow layout. \
            The JSON holds the environment, the content size and, per cell, its index path, kind, text \
            style, frame, number of lines and the first words of its text. With --category all it holds \
            twelve layouts, xs to ax5.
            """)

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

    enum LayoutChoice: String, ExpressibleByArgument, CaseIterable {
        case list, flow

        var documentLayout: LayoutInput.DocumentLayout {
            switch self {
            case .list: .list
            case .flow: .flow
            }
        }
    }

    enum FormatChoice: String, ExpressibleByArgument, CaseIterable {
        case markdown, text, screen
    }

    @Argument(help: "The document to lay out: a CommonMark (.md, .markdown) or plain-text file.")
    var file: String

    @Option(help: ArgumentHelp(
        "Content-size category (xs s m l xl xxl xxxl ax1 … ax5, or a long name), or 'all' for all twelve in one run.",
        valueName: "category"))
    var category: CategoryChoice = .one(.large)

    @Option(help: ArgumentHelp("Container width in points.", valueName: "pt"))
    var width: Double = LayoutEnvironment.defaultContainerWidth

    @Option(help: ArgumentHelp("What becomes a cell: blocks (one per heading, paragraph, list item…) or words (one per word, for a flow layout).",
                               valueName: "mode"))
    var cells: CellMode = .blocks

    @Option(help: ArgumentHelp("How cells are placed: list (one column, full width) or flow (lines, leading to trailing).",
                               valueName: "layout"))
    var layout: LayoutChoice = .list

    @Option(help: ArgumentHelp("Read the file as markdown, text or screen (a JSON screen file), whatever its extension says.",
                               valueName: "format"))
    var format: FormatChoice?

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Write the JSON to this file (whole or not at all: via a temporary file and a rename) instead of stdout.",
        valueName: "path"))
    var output: String?

    @Flag(help: "No progress on stderr.")
    var quiet = false

    @OptionGroup var fonts: FontOptions

    func validate() throws {
        try requirePositive(width, "--width")
    }

    func run() throws {
        try reportingErrors {
            let documentFormat: DocumentFormat = switch format {
            case .markdown: .commonMark
            case .text: .plainText
            case .screen: .screen
            case nil: DocumentFormat(path: file)
            }
            let input = try readInput(file, format: documentFormat, cells: cells, layout: layout.documentLayout)
            let content = input.content
            let directory = try fonts.library().directory
            let layout = self.layout
            let progress = TerminalProgress(label: "laying out", quiet: quiet)
            let layouts = try CategorySweep.map(
                content, categories: category.categories, containerWidth: width,
                makeSizer: { try sweepSizer(fontsDirectory: directory) },
                layout: input.layout,
                // Each worker writes its sizes' JSON too, so only the joining is left to this thread.
                transform: { LayoutReport($0).jsonText(indent: "    ") },
                progress: { progress.update($0) })
            progress.finish()
            var text = "{\n  \"document\": \(JSONText.string((file as NSString).lastPathComponent)),\n"
            text += "  \"format\": \(JSONText.string(documentFormat.rawValue)),\n"
            text += "  \"cells\": \(JSONText.string(cells.rawValue)),\n"
            text += "  \"layout\": \(JSONText.string(input.format == .screen ? "compositional" : layout.rawValue)),\n"
            text += "  \"layouts\": [\n"
            text += layouts.joined(separator: ",\n")
            text += "\n  ]\n}\n"
            let json = Data(text.utf8)
            if let output {
                try writeAtomically(json, to: output)
            } else {
                FileHandle.standardOutput.write(json)
            }
        }
    }
}

/// Writes `data` to `path` through a temporary file in the same folder and a rename, so the
/// file is either the old one or the complete new one, never half written.
func writeAtomically(_ data: Data, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent()
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
        throw UserError("cannot write '\(path)': it is a directory; give a file path to -o")
    }
    let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
    guard FileManager.default.createFile(atPath: temporary.path, contents: data) else {
        throw UserError("cannot write '\(path)': the folder '\(folder.path)' does not exist or is not writable")
    }
    guard rename(temporary.path, path) == 0 else {
        let reason = String(cString: strerror(errno))
        try? FileManager.default.removeItem(at: temporary)
        throw UserError("cannot write '\(path)': \(reason)")
    }
}
