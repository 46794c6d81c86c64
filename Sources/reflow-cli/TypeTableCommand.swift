import ArgumentParser
import ReflowKit

struct TypeTableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "type-table",
        abstract: "Print the Dynamic Type table as the engine resolves it: size, leading, weight and face of every style at every category.")

    @Option(help: "Output format: text (a table) or json.")
    var format: ReportFormat = .text

    @Flag(name: .customLong("bold-text"), help: "The table with the accessibility setting Bold Text on: every style one weight heavier.")
    var boldText = false

    @OptionGroup var fonts: FontOptions

    func run() throws {
        // Each face is resolved through the font library, so the table names files that load.
        let table = try TypeTable(library: try fonts.library(), boldText: boldText)
        try Console.write(format == .json ? try table.json() : table.text())
    }
}
