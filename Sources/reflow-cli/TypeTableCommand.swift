import ArgumentParser
import Foundation
import TextMetrics

struct TypeTableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "type-table",
        abstract: "Print the Dynamic Type table as the engine resolves it: size, leading, weight and face of every style at every category.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: "Output format: text (a table) or json.")
    var format: Format = .text

    @OptionGroup var fonts: FontOptions

    struct Entry: Encodable {
        let style: String
        let category: String
        let pointSize: Double
        let leading: Double
        let weight: String
        let face: String
    }

    func run() throws {
        try reportingErrors {
            // Resolve each face through the font library, so the table names files that load.
            let library = try fonts.library()
            var entries: [Entry] = []
            for style in TextStyle.allCases {
                for category in ContentSizeCategory.allCases {
                    let spec = DynamicType.spec(style, category)
                    let face = try library.font(spec.typeface())
                    entries.append(Entry(style: style.rawValue, category: category.shortName, pointSize: spec.pointSize,
                                         leading: spec.leading, weight: spec.weight.name,
                                         face: (face.path as NSString).lastPathComponent))
                }
            }
            switch format {
            case .json:
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                Console.write(String(decoding: try encoder.encode(entries), as: UTF8.self) + "\n")
            case .text:
                var out = "style".padding(toLength: 12, withPad: " ", startingAt: 0)
                for category in ContentSizeCategory.allCases {
                    out += category.displayName.padding(toLength: 7, withPad: " ", startingAt: 0)
                }
                out += "weight    faces\n"
                for style in TextStyle.allCases {
                    out += style.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)
                    let row = entries.filter { $0.style == style.rawValue }
                    for entry in row {
                        out += "\(Int(entry.pointSize))/\(Int(entry.leading))".padding(toLength: 7, withPad: " ", startingAt: 0)
                    }
                    let faces = Array(Set(row.map(\.face))).sorted().joined(separator: ", ")
                    out += row[0].weight.padding(toLength: 10, withPad: " ", startingAt: 0) + faces + "\n"
                }
                out += "\nsize/leading in points; the Text cut (Inter) below \(Int(Typeface.displaySwitchPointSize)) pt, the Display cut from \(Int(Typeface.displaySwitchPointSize)) pt.\n"
                Console.write(out)
            }
        }
    }
}
