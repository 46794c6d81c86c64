import Foundation
import TextMetrics

/// The Dynamic Type table as the engine resolves it: size, leading, weight and face file of
/// every text style at every content-size category (`reflow-cli type-table`).
public struct TypeTable: Sendable {
    /// One style at one category.
    public struct Entry: Encodable, Sendable, Equatable {
        /// The text style's name, e.g. "body".
        public let style: String
        public let category: String
        public let pointSize: Double
        public let leading: Double
        public let weight: String
        /// The file name of the face it is set in.
        public let face: String
    }

    /// Every style (in `TextStyle` order) at every category (xS to AX5).
    public let entries: [Entry]

    /// With Bold Text: every weight one step heavier.
    public let boldText: Bool

    /// The table with each face resolved through `library`, so it names files that load; with
    /// `boldText`, as the accessibility setting Bold Text makes it.
    public init(library: FontLibrary, boldText: Bool = false) throws {
        self.boldText = boldText
        var entries: [Entry] = []
        for style in TextStyle.allCases {
            for category in ContentSizeCategory.allCases {
                let spec = DynamicType.spec(style, category, boldText: boldText)
                let face = try library.font(spec.typeface())
                entries.append(Entry(style: style.rawValue, category: category.shortName, pointSize: spec.pointSize,
                                     leading: spec.leading, weight: spec.weight.name,
                                     face: (face.path as NSString).lastPathComponent))
            }
        }
        self.entries = entries
    }

    /// For people: a row per style, size/leading per category, then weight and faces.
    public func text() -> String {
        func cell(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
        var out = cell("style", 12)
        for category in ContentSizeCategory.allCases { out += cell(category.displayName, 7) }
        out += "weight    faces\n"
        for style in TextStyle.allCases {
            out += cell(style.rawValue, 12)
            let row = entries.filter { $0.style == style.rawValue }
            for entry in row { out += cell("\(Int(entry.pointSize))/\(Int(entry.leading))", 7) }
            let faces = Array(Set(row.map(\.face))).sorted().joined(separator: ", ")
            out += cell(row[0].weight, 10) + faces + "\n"
        }
        let switchPoint = Int(Typeface.displaySwitchPointSize)
        out += "\nsize/leading in points; the Text cut (Inter) below \(switchPoint) pt, the Display cut from \(switchPoint) pt.\n"
        if boldText { out += "Bold Text: every style one weight heavier than its Dynamic Type weight (regular → semibold, semibold → bold).\n" }
        return out
    }

    /// For scripts: the entries as a JSON array, keys sorted, ending in a line feed.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(entries), as: UTF8.self) + "\n"
    }
}
