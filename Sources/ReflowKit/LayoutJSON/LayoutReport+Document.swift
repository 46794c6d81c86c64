import Foundation
import Reflow
import TextMetrics

extension LayoutReport {
    /// The JSON `reflow-cli layout` writes: what was read and how (document, format, cells, layout)
    /// and the layouts at each text size asked for, streamed. Each size is written as soon as it and
    /// the sizes before it are laid out, and dropped: memory holds the sizes waiting for an earlier
    /// one, never all twelve.
    public struct Document: Sendable {
        /// The document's file name, as written in the JSON.
        public var document: String
        /// The format the document was read as.
        public var format: DocumentFormat
        /// What became a cell.
        public var cells: CellMode
        /// The layout's name: list, flow or compositional (a screen file).
        public var layout: String

        /// The document `document` read as `format`, cut into `cells`, placed by `layout`.
        public init(document: String, format: DocumentFormat, cells: CellMode, layout: String) {
            self.document = document
            self.format = format
            self.cells = cells
            self.layout = layout
        }

        /// Where the JSON goes, piece by piece: an output file (whole or not at all) or standard output.
        /// The writer is kept under a lock, so pieces from several threads never interleave.
        public final class Sink: Sendable {
            private let writer: Locked<OutputWriter>

            /// Writes to `output`, or to standard output without one: whole or not at all either way
            /// (`commit()` puts it in place).
            public init(output: OutputFile?) throws { writer = Locked(try (output ?? .standardOutput).open()) }

            /// Puts the output in place.
            public func commit() throws { try writer.withLock { try $0.commit() } }

            /// Appends `text`.
            public func write(_ text: String) throws { try writer.withLock { try $0.write(text) } }

            /// Appends `bytes` (UTF-8).
            public func write(_ bytes: [UInt8]) throws { try writer.withLock { try $0.write(bytes) } }

            /// Appends the bytes of `buffer`.
            public func write(_ buffer: JSONBuffer) throws {
                try writer.withLock { writer in try buffer.withUnsafeBytes { try writer.write($0) } }
            }
        }

        /// The JSON's opening, up to the layouts' array.
        package var head: String {
            var head = "{\n  \"version\": \(LayoutReport.formatVersion),\n"
            head += "  \"document\": \(JSONText.string(document)),\n"
            head += "  \"format\": \(JSONText.string(format.rawValue)),\n"
            head += "  \"cells\": \(JSONText.string(cells.rawValue)),\n"
            head += "  \"layout\": \(JSONText.string(layout)),\n"
            return head + "  \"layouts\": [\n"
        }

        /// The JSON's end, after the last layout.
        package static let tail = "\n  ]\n}\n"

        /// The whole JSON of `layouts`, each a layout's `jsonText(indent: "    ", versioned: false)`, as
        /// one text: for a program that answers with it (a preview server) rather than writing it.
        public func text(layouts: [String]) -> String {
            head + layouts.joined(separator: ",\n") + Self.tail
        }

        /// Writes one screen's report per category (`DocumentPreview.screenReport`) as the document's
        /// layouts: all of them made first (a screen each, small), then written, so a failure (an
        /// anchor not found) writes nothing.
        public func writeScreens(_ preview: DocumentPreview, categories: [ContentSizeCategory], viewport: Size,
                                 at position: DocumentPreview.Position, to sink: Sink,
                                 progress: (@Sendable (Double) -> Void)? = nil) throws {
            let sizer = CellSizer(typesetter: try Typesetter(fonts: preview.fonts))
            var reports: [String] = []
            for (index, category) in categories.enumerated() {
                reports.append(try preview.screenReport(category: category, viewport: viewport, at: position, sizer: sizer)
                    .jsonText(indent: "    ", versioned: false))
                progress?(Double(index + 1) / Double(categories.count))
            }
            try sink.write(text(layouts: reports))
        }

        /// Lays `input` out at each of `categories` (on worker threads, `CategorySweep`) and writes
        /// the whole document to `sink`.
        /// - Parameters:
        ///   - settings: base direction, language, hyphenation and spacing; each size's environment is built from them.
        ///   - fontsDirectory: the fonts each worker opens for itself.
        public func write(_ input: LayoutInput, categories: [ContentSizeCategory], width: Double,
                          settings: TextSettings = TextSettings(), fontsDirectory: String, to sink: Sink, progress: (@Sendable (Double) -> Void)? = nil) throws {
            // The workers' sizers are freed when this returns, the whole document written.
            try input.readAllCells()
            let sizers = SweepSizers(fontsDirectory: fontsDirectory, content: input.content)
            try sink.write(head)
            // Each size's report is made unit by unit: never a whole layout's measured text in memory;
            // each size's JSON is written as soon as it and the sizes before it are done, and dropped.
            try CategorySweep.forEach(
                categories: categories, containerWidth: width, settings: settings,
                makeSizer: { try sizers.make() },
                produce: { environment, sizer in
                    // `jsonText`'s bytes, each element's written as its unit is laid out.
                    try LayoutReport.jsonBuffer(input.layout, input.content, in: environment, sizer: sizer, indent: "    ",
                                                versioned: false)
                },
                deliver: { index, json in
                    if index > 0 { try sink.write(",\n") }
                    try sink.write(json)
                },
                progress: progress)
            try sink.write(Self.tail)
        }
    }
}

/// The name `LayoutReport.Document` had before the layout JSON's types took one name.
@available(*, deprecated, renamed: "LayoutReport.Document")
public typealias LayoutJSONDocument = LayoutReport.Document
