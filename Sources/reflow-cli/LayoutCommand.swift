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

    enum LayoutChoice: String, ExpressibleByArgument, CaseIterable {
        case list, flow
    }

    enum FormatChoice: String, ExpressibleByArgument, CaseIterable {
        case markdown, text
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

    @Option(help: ArgumentHelp("Read the file as markdown or text, whatever its extension says.", valueName: "format"))
    var format: FormatChoice?

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Write the JSON to this file (whole or not at all: via a temporary file and a rename) instead of stdout.",
        valueName: "path"))
    var output: String?

    @OptionGroup var fonts: FontOptions

    func validate() throws {
        try requirePositive(width, "--width")
    }

    func run() throws {
        try reportingErrors {
            let documentFormat: DocumentFormat = switch format {
            case .markdown: .commonMark
            case .text: .plainText
            case nil: DocumentFormat(path: file)
            }
            let document = Document(text: try readDocument(file), format: documentFormat)
            let sections = cells.cells(for: document)
            let sizer = CellSizer(typesetter: try Typesetter(fonts: try fonts.library()))
            var layouts: [LayoutReport] = []
            for category in category.categories {
                let environment = LayoutEnvironment(containerWidth: width, category: category)
                let prepared: any CollectionLayout = switch layout {
                case .list: try ListLayout().prepared(sections, in: environment, sizer: sizer)
                case .flow: try FlowLayout().prepared(sections, in: environment, sizer: sizer)
                }
                layouts.append(LayoutReport(environment: environment, layout: prepared))
            }
            let report = Report(document: (file as NSString).lastPathComponent, format: documentFormat.rawValue,
                                cells: cells.rawValue, layout: layout.rawValue, layouts: layouts)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            var json = try encoder.encode(report)
            json.append(0x0A)
            if let output {
                try writeAtomically(json, to: output)
            } else {
                FileHandle.standardOutput.write(json)
            }
        }
    }
}

/// The JSON of one run: what was laid out and how, and one layout per category.
struct Report: Encodable {
    let document: String
    let format: String
    let cells: String
    let layout: String
    let layouts: [LayoutReport]
}

/// One layout: its environment, content size and cells.
struct LayoutReport: Encodable {
    struct Environment: Encodable {
        let containerWidth: Double
        let category: String
        let layoutDirection: String
    }

    struct Frame: Encodable {
        let x, y, width, height: Double
        init(_ rect: Rect) {
            x = rounded(rect.minX)
            y = rounded(rect.minY)
            width = rounded(rect.width)
            height = rounded(rect.height)
        }
    }

    struct CellReport: Encodable {
        let indexPath: Reflow.IndexPath
        let kind: String
        let style: String
        let frame: Frame
        let lines: Int
        let text: String
    }

    let environment: Environment
    let contentSize: [String: Double]
    let cells: [CellReport]

    init(environment: LayoutEnvironment, layout: any CollectionLayout) {
        self.environment = Environment(containerWidth: environment.containerWidth, category: environment.category.shortName,
                                       layoutDirection: environment.layoutDirection.rawValue)
        contentSize = ["width": rounded(layout.contentSize.width), "height": rounded(layout.contentSize.height)]
        cells = layout.allLayoutAttributes.map { attributes in
            CellReport(indexPath: attributes.indexPath, kind: attributes.kind.rawValue,
                       style: attributes.style.rawValue, frame: Frame(attributes.frame), lines: attributes.lineCount,
                       text: firstWords(of: attributes.textLayout.text.string))
        }
    }
}

/// Points to a thousandth, so the JSON reads well and diffs stay small.
private func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

/// The first six words, for a person to recognise the cell; long words are cut at 40 characters.
private func firstWords(of text: String, count: Int = 6) -> String {
    var words: [Substring] = []
    for word in text.split(whereSeparator: { $0.isWhitespace }) {
        words.append(word.count > 40 ? word.prefix(40) + "…" : word)
        if words.count == count { break }
    }
    return words.joined(separator: " ")
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
