import ArgumentParser
import Foundation
import Reflow
import ReflowKit
import SystemPackage
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

    @OptionGroup var input: InputOptions
    @OptionGroup var text: TextOptions
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
            // Checked before any work, so a wrong -o fails at once and never replaces the input.
            let destination = try output.map { try OutputFile(path: $0, protecting: [file]) }
            let loaded = try input.layoutInput(at: file, format: documentFormat, cells: cells, layout: layout.documentLayout)
            let directory = try fonts.library().directory
            let progress = TerminalProgress(label: "laying out", quiet: quiet)
            let writer = try destination?.open()
            let sink = JSONSink(writer: writer)
            var head = "{\n  \"document\": \(JSONText.string(FilePath(file).lastComponent?.string ?? file)),\n"
            head += "  \"format\": \(JSONText.string(documentFormat.rawValue)),\n"
            head += "  \"cells\": \(JSONText.string(cells.rawValue)),\n"
            head += "  \"layout\": \(JSONText.string(loaded.format == .screen ? "compositional" : layout.rawValue)),\n"
            head += "  \"layouts\": [\n"
            try sink.write(head)
            // Each size's JSON is written as soon as it and the sizes before it are done, and
            // dropped: memory holds the sizes waiting for an earlier one, never all twelve.
            let sweep = try text.sweep(loaded)
            // Each size's report is made unit by unit: never a whole layout's measured text in memory.
            try CategorySweep.forEach(
                categories: category.categories, containerWidth: width,
                text: sweep.text, layoutDirection: sweep.layoutDirection,
                makeSizer: { try sweepSizer(fontsDirectory: directory) },
                produce: { environment, sizer in
                    try LayoutReport(loaded.layout, loaded.content, in: environment, sizer: sizer).jsonText(indent: "    ")
                },
                deliver: { index, json in try sink.write((index > 0 ? ",\n" : "") + json) },
                progress: { progress.update($0) })
            progress.finish()
            try sink.write("\n  ]\n}\n")
            try writer?.commit()
        }
    }
}

/// Where `layout` writes its JSON, piece by piece: an output file (whole or not at all) or stdout.
/// Used by one thread at a time (`CategorySweep.forEach` delivers one size at a time).
final class JSONSink: @unchecked Sendable {
    private let writer: OutputWriter?

    init(writer: OutputWriter?) { self.writer = writer }

    func write(_ text: String) throws {
        if let writer { try writer.write(text) } else { Console.write(text) }
    }
}
