import Foundation
import TextMetrics

/// A prepared layout as data to write down and compare: the environment, the content size and,
/// per cell, its index path, kind, text style, frame, number of lines and its first words.
/// The JSON of `reflow-cli layout` and of the golden files. Lengths are rounded to 1/1000 pt so
/// the text reads well and diffs stay small.
public struct LayoutReport: Encodable, Sendable {
    public struct Environment: Encodable, Sendable {
        public let containerWidth: Double
        public let category: String
        public let layoutDirection: String
    }

    public struct Frame: Encodable, Sendable {
        public let x, y, width, height: Double
        init(_ rect: Rect) {
            x = LayoutReport.rounded(rect.minX)
            y = LayoutReport.rounded(rect.minY)
            width = LayoutReport.rounded(rect.width)
            height = LayoutReport.rounded(rect.height)
        }
    }

    public struct CellReport: Encodable, Sendable {
        public let indexPath: IndexPath
        public let kind: String
        public let style: String
        public let frame: Frame
        public let lines: Int
        /// The first six words.
        public let text: String
    }

    public let environment: Environment
    public let contentSize: Size
    public let cells: [CellReport]

    public init(environment: LayoutEnvironment, layout: any CollectionLayout) {
        self.environment = Environment(containerWidth: environment.containerWidth, category: environment.category.shortName,
                                       layoutDirection: environment.layoutDirection.rawValue)
        contentSize = Size(width: Self.rounded(layout.contentSize.width), height: Self.rounded(layout.contentSize.height))
        cells = layout.allLayoutAttributes.map { attributes in
            CellReport(indexPath: attributes.indexPath, kind: attributes.kind.rawValue, style: attributes.style.rawValue,
                       frame: Frame(attributes.frame), lines: attributes.lineCount,
                       text: Self.firstWords(of: attributes.textLayout.text.string))
        }
    }

    /// Pretty, key-sorted JSON of `value`, ending with a newline: stable text for goldens.
    public static func json<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(value)
        data.append(0x0A)
        return data
    }

    static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    /// The first `count` words, for a person to recognise the cell; long words cut at 40 characters.
    static func firstWords(of text: String, count: Int = 6) -> String {
        var words: [Substring] = []
        for word in text.split(whereSeparator: { $0.isWhitespace }) {
            words.append(word.count > 40 ? word.prefix(40) + "…" : word)
            if words.count == count { break }
        }
        return words.joined(separator: " ")
    }
}
