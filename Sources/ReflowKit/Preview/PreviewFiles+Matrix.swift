import Foundation
import Preview
import Reflow
import TextMetrics

extension PreviewFiles {
    /// What writing a matrix did: the sentence saying what was written, the scale it was drawn
    /// at, and the warnings of its languages' drawing.
    public struct MatrixWritten: Sendable {
        public let said: String
        public let scale: Int
        public let warnings: [String]
    }

    /// The title of a matrix of `document` in `languages` (as the command line gave them): an
    /// SVG's `<title>` and the sheet's heading.
    package func matrixTitle(document: String, languages: String) -> String {
        "\(document) in \(languages) at " + (isSheet ? CategoryNames.title(categories) : categories[0].displayName)
    }

    /// Draws `matrix` (its languages on `jobs` threads) and writes it to `output` (checked
    /// before any work) as a PNG or SVG, one file: a matrix is never cut into parts.
    ///
    /// A PNG is checked against `PNGRenderer`'s limits twice: before anything is laid out, at the
    /// size its panels alone take, and once composed. With `smallerScale` (the scale was not
    /// asked for), a matrix too large at `scale` is drawn at `smallerScale` when it fits there:
    /// 19 languages × 12 sizes of 390 × 844 screens is about 10,000 × 34,000 pixels at 2, more
    /// than one PNG holds, and half of that each way at 1.
    /// - Parameters:
    ///   - languages: the languages as the command line gave them, for the title.
    ///   - fonts: sets the labels.
    /// - Throws: `PreviewError` for a PNG over the limits at every scale allowed.
    public func writeMatrix(_ matrix: LanguageMatrixPreview, to output: OutputFile, document: String, languages: String,
                            jobs: Int, fonts: FontLibrary, smallerScale: Int? = nil,
                            progress: (@Sendable (Double) -> Void)? = nil) throws -> MatrixWritten {
        let report = progress ?? { _ in }
        let scales = [scale] + (smallerScale.map { $0 < scale ? [$0] : [] } ?? [])
        /// The first scale a PNG of `size` fits at, else the error at the last.
        func fitting(_ size: Size) throws -> Int {
            guard format == .png else { return scale }
            for (index, candidate) in scales.enumerated() {
                do {
                    try PNGRenderer.checkSize(size, scale: candidate)
                    return candidate
                } catch where index < scales.count - 1 {
                    continue
                }
            }
            return scale
        }
        _ = try fitting(matrix.minimumSize)
        let title = matrixTitle(document: document, languages: languages)
        let (list, warnings) = try matrix.displayList(heading: title, jobs: jobs, fonts: fonts) { report(0.4 * $0) }
        let drawnScale = try fitting(list.size)
        guard let renderer = try format.renderer(scale: drawnScale, title: title) else {
            preconditionFailure("a matrix is a picture: PNG or SVG")
        }
        report(0.4)
        try output.write(try renderer.data(for: list) { report(0.4 + 0.6 * $0) })
        return MatrixWritten(said: wrote(to: output), scale: drawnScale, warnings: warnings)
    }
}
