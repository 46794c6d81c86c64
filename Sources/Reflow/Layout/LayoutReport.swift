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

    /// The first `count` words (split at ASCII white space), for a person to recognise the cell;
    /// a word longer than 40 characters is cut. Reads only as far as it needs: this runs for every
    /// cell at every category, and the text may be a megabyte.
    static func firstWords(of text: String, count: Int = 6) -> String {
        var words: [String] = []
        let utf8 = text.utf8
        var index = utf8.startIndex
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        while words.count < count, index < utf8.endIndex {
            while index < utf8.endIndex, isSpace(utf8[index]) { index = utf8.index(after: index) }
            guard index < utf8.endIndex else { break }
            let start = index
            var length = 0
            while index < utf8.endIndex, !isSpace(utf8[index]) {
                index = utf8.index(after: index)
                length += 1
            }
            // At most 4 bytes per scalar and a few scalars per character: 400 bytes hold 40 characters.
            let bytes = Array(utf8[start..<utf8.index(start, offsetBy: min(length, 400))])
            let word = String(decoding: bytes, as: UTF8.self)
            words.append(word.count > 40 ? word.prefix(40) + "…" : word)
        }
        return words.joined(separator: " ")
    }
}
