import Foundation
import TextMetrics

/// A prepared layout as data to write down and compare: the environment, the content size and,
/// per cell, its index path, kind, text style, frame, number of lines and its first words.
/// The JSON of `reflow-cli layout` and of the golden files. Lengths are rounded to 1/1000 pt so
/// the text reads well and diffs stay small; `jsonText` writes one cell per line, so a diff of
/// two reports names the cells that moved.
public struct LayoutReport: Codable, Hashable, Sendable {
    public struct Environment: Codable, Hashable, Sendable {
        public let containerWidth: Double
        public let category: String
        public let layoutDirection: String
    }

    public struct Frame: Codable, Hashable, Sendable {
        public let x, y, width, height: Double
        init(_ rect: Rect) {
            x = LayoutReport.rounded(rect.minX)
            y = LayoutReport.rounded(rect.minY)
            width = LayoutReport.rounded(rect.width)
            height = LayoutReport.rounded(rect.height)
        }
    }

    public struct CellReport: Codable, Hashable, Sendable {
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

    /// The report as JSON text, written directly (a `JSONEncoder` took a fifth of `layout
    /// --category all`): an object per line for each cell, keys in a fixed order, numbers in
    /// their shortest form, ending with a newline. Byte-for-byte stable, and valid JSON that
    /// `JSONDecoder` reads back into a `LayoutReport`.
    public func jsonText(indent: String = "") -> String {
        var out = "\(indent){\n"
        out.reserveCapacity(256 + cells.count * (indent.utf8.count + 240))
        out += "\(indent)  \"environment\": {\"containerWidth\": \(JSONText.number(environment.containerWidth)), "
        out += "\"category\": \(JSONText.string(environment.category)), \"layoutDirection\": \(JSONText.string(environment.layoutDirection))},\n"
        out += "\(indent)  \"contentSize\": {\"width\": \(JSONText.number(contentSize.width)), \"height\": \(JSONText.number(contentSize.height))},\n"
        out += "\(indent)  \"cells\": ["
        for (index, cell) in cells.enumerated() {
            out += index == 0 ? "\n" : ",\n"
            out += "\(indent)    {\"indexPath\": {\"section\": \(cell.indexPath.section), \"item\": \(cell.indexPath.item)}, "
            out += "\"kind\": \(JSONText.string(cell.kind)), \"style\": \(JSONText.string(cell.style)), "
            out += "\"frame\": {\"x\": \(JSONText.number(cell.frame.x)), \"y\": \(JSONText.number(cell.frame.y)), "
            out += "\"width\": \(JSONText.number(cell.frame.width)), \"height\": \(JSONText.number(cell.frame.height))}, "
            out += "\"lines\": \(cell.lines), \"text\": \(JSONText.string(cell.text))}"
        }
        out += cells.isEmpty ? "]\n" : "\n\(indent)  ]\n"
        out += "\(indent)}"
        return out
    }

    /// `value` to 1/1000 pt; a value so large that the scaling overflows is already whole.
    static func rounded(_ value: Double) -> Double {
        let scaled = value * 1000
        return scaled.isFinite ? scaled.rounded() / 1000 : value
    }

    /// The first `count` words (split at ASCII white space), for a person to recognise the cell;
    /// a word longer than 40 characters is cut. Reads only as far as it needs: this runs for every
    /// cell at every category, and the text may be a megabyte.
    static func firstWords(of text: String, count: Int = 6) -> String {
        var text = text
        return text.withUTF8 { utf8 in
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
            var result = ""
            var found = 0
            var index = 0
            while found < count, index < utf8.count {
                while index < utf8.count, isSpace(utf8[index]) { index += 1 }
                guard index < utf8.count else { break }
                let start = index
                while index < utf8.count, !isSpace(utf8[index]) { index += 1 }
                // At most 4 bytes per scalar and a few scalars per character: 400 bytes hold 40
                // characters; and a word of at most 40 bytes has at most 40 characters.
                let word = String(decoding: UnsafeBufferPointer(rebasing: utf8[start..<min(index, start + 400)]), as: UTF8.self)
                if found > 0 { result += " " }
                result += index - start <= 40 || word.count <= 40 ? word : word.prefix(40) + "…"
                found += 1
            }
            return result
        }
    }
}
