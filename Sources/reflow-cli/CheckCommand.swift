import ArgumentParser
import Foundation
import Reflow
import ReflowKit
import SystemPackage
import TextMetrics

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Compare a document's layouts at every text size with recorded goldens; exit 1 if anything moved.",
        discussion: """
            Goldens are the layout JSON of each size, one file per category named FILE-STEM-CATEGORY.json \
            in the goldens folder (as `reflow-cli layout` writes it). Record them once with --record, \
            commit them, and run check in CI: it names every cell that moved, by how much, at which sizes.
            """)

    @Argument(help: "The document to check: CommonMark (.md, .markdown) or plain text.")
    var file: String

    @Option(help: ArgumentHelp("Folder holding the goldens (created by --record).", valueName: "dir"))
    var goldens: String

    @Flag(help: "Write the goldens from the current layouts instead of comparing.")
    var record = false

    @Option(parsing: .upToNextOption, help: ArgumentHelp(
        "Categories to check (default: all twelve), e.g. --category l xxxl ax5.", valueName: "category"))
    var category: [CategoryName] = []

    @Option(help: ArgumentHelp("Container width in points.", valueName: "pt"))
    var width: Double = LayoutEnvironment.defaultContainerWidth

    @Option(help: ArgumentHelp("Frame differences up to this many points are not reported.", valueName: "pt"))
    var tolerance: Double = 0

    @Option(help: ArgumentHelp("Cells listed per size at most.", valueName: "n"))
    var maxCells: Int = 10

    @Flag(help: "No progress on stderr.")
    var quiet = false

    @OptionGroup var input: InputOptions
    @OptionGroup var text: TextOptions
    @OptionGroup var fonts: FontOptions

    func validate() throws {
        try requirePositive(width, "--width")
        if !(tolerance.isFinite && tolerance >= 0) { throw ValidationError("--tolerance must be 0 or more points, got \(tolerance)") }
        if maxCells < 1 { throw ValidationError("--max-cells must be at least 1") }
    }

    func run() throws {
        try reportingErrors {
            let categories = category.isEmpty ? ContentSizeCategory.allCases : category.map(\.category)
            let name = FilePath(file).lastComponent?.string ?? file
            let stem = FilePath(file).stem ?? name
            func goldenPath(_ category: ContentSizeCategory) -> String {
                FilePath(goldens).appending("\(stem)-\(category.shortName).json").string
            }
            // The goldens folder is checked before any work.
            switch Folder.kind(of: goldens) {
            case .notAFolder:
                throw UserError("--goldens '\(goldens)' is a file, not a folder; give the folder that holds (or will hold) the goldens")
            case .missing where !record:
                throw UserError("no goldens folder '\(goldens)'; run with --record to create it and record the goldens")
            case .missing, .folder:
                break
            }
            var outputs: [OutputFile] = []
            if record {
                try Folder.create(goldens)
                outputs = try categories.map { try OutputFile(path: goldenPath($0), protecting: [file]) }
            }
            let loaded = try input.layoutInput(at: file)
            let directory = try fonts.library().directory
            let progress = TerminalProgress(label: "laying out", quiet: quiet)
            let sweep = try text.sweep(loaded)
            let reports = try CategorySweep.map(
                categories: categories, containerWidth: width,
                text: sweep.text, layoutDirection: sweep.layoutDirection,
                makeSizer: { try sweepSizer(fontsDirectory: directory) },
                produce: { environment, sizer in try LayoutReport(loaded.layout, loaded.content, in: environment, sizer: sizer) },
                progress: { progress.update($0) })
            progress.finish()

            if record {
                for (report, output) in zip(reports, outputs) { try output.write(Data((report.jsonText() + "\n").utf8)) }
                Console.info("recorded \(categories.count) golden layout(s) of \(name) in \(goldens)")
                return
            }

            var missing: [String] = []
            var moved: [String] = []
            var out = ""
            for (report, category) in zip(reports, categories) {
                let path = goldenPath(category)
                let bytes: [UInt8]
                do {
                    bytes = try input.reader.bytes(of: path)
                } catch InputError.notFound {
                    missing.append(category.shortName)
                    continue
                }
                let golden = try GoldenFile.decode(bytes, path: path)
                let comparison = LayoutComparison(golden: golden, actual: report, tolerance: tolerance)
                guard !comparison.matches else { continue }
                moved.append(category.shortName)
                var summary: [String] = []
                if comparison.environmentDiffers {
                    summary.append("recorded for width \(JSONText.number(golden.environment.containerWidth)) pt, checked at \(JSONText.number(width)) pt")
                }
                if let change = comparison.contentHeightChange {
                    summary.append("content height \(LayoutComparison.Change.signed(change)) pt")
                }
                let resized = comparison.resized
                if !resized.isEmpty { summary.append("\(resized.count) element(s) changed") }
                out += "  \(category.displayName): \(summary.joined(separator: ", "))\n"
                for change in resized.prefix(maxCells) { out += "    \(change)\n" }
                if resized.count > maxCells { out += "    … and \(resized.count - maxCells) more\n" }
                if let shifted = comparison.shifted {
                    let by = shifted.range.lowerBound == shifted.range.upperBound
                        ? LayoutComparison.Change.signed(shifted.range.lowerBound)
                        : "\(LayoutComparison.Change.signed(shifted.range.lowerBound))…\(LayoutComparison.Change.signed(shifted.range.upperBound))"
                    out += "    \(shifted.count) element(s) below moved by \(by) pt\n"
                }
            }
            if !missing.isEmpty {
                throw UserError("no golden for \(missing.joined(separator: ", ")) in '\(goldens)' (expected \(stem)-CATEGORY.json); run with --record to create them")
            }
            if moved.isEmpty {
                Console.write("check passed: \(name) matches its goldens at \(categories.count) size(s)\n")
                return
            }
            Console.write("check failed: \(name) changed at \(moved.count) of \(categories.count) size(s) (golden → now)\n" + out)
            Console.error("layouts differ from the goldens at \(moved.joined(separator: ", ")); if the change is intended, re-record with --record")
            throw ExitCode.failure
        }
    }
}
