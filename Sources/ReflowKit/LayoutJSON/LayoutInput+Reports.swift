import Reflow
import TextMetrics

extension LayoutInput {
    /// The input's layout report at each of `categories` (in that order), in a `width`-point
    /// container with the text `settings` (each size's environment built from them), laid out on
    /// every core by sizers of `forSweep(fontsDirectory:content:)`, freed when it returns;
    /// `progress` gets the fraction done.
    public func reports(categories: [ContentSizeCategory], width: Double, settings: TextSettings = TextSettings(),
                        fontsDirectory: String,
                        progress: @escaping @Sendable (Double) -> Void = { _ in }) throws -> [LayoutReport] {
        let sizers = SweepSizers(fontsDirectory: fontsDirectory, content: content)
        return try CategorySweep.map(
            categories: categories, containerWidth: width, settings: settings,
            makeSizer: { try sizers.make() },
            produce: { environment, sizer in try LayoutReport(layout, content, in: environment, sizer: sizer) },
            progress: progress)
    }
}
