import Foundation
import Reflow
import TextMetrics

extension LayoutInput {
    /// Reads every cell of a large screen file now, on every core (`CollectionContent.readAllCells(threads:)`),
    /// before a layout of all of them: an eager layout, or a sweep of sizes, would otherwise read
    /// them block by block as it reaches them, on one core, or twice over with two sizes side by side.
    public func readAllCells() throws {
        try content.readAllCells(threads: ProcessInfo.processInfo.activeProcessorCount)
    }

    /// The input's layout report at each of `categories` (in that order), in a `width`-point
    /// container with the text `settings` (each size's environment built from them), laid out on
    /// every core by sizers of `forSweep(fontsDirectory:content:)`, freed when it returns;
    /// `progress` gets the fraction done.
    public func reports(categories: [ContentSizeCategory], width: Double, settings: TextSettings = TextSettings(),
                        fontsDirectory: String,
                        progress: @escaping @Sendable (Double) -> Void = { _ in }) throws -> [LayoutReport] {
        try readAllCells()
        let sizers = SweepSizers(fontsDirectory: fontsDirectory, content: content)
        return try CategorySweep.map(
            categories: categories, containerWidth: width, settings: settings,
            makeSizer: { try sizers.make() },
            produce: { environment, sizer in try LayoutReport(layout, content, in: environment, sizer: sizer) },
            progress: progress)
    }
}
