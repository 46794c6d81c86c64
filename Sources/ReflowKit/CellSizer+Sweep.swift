import Foundation
import Reflow
import TextMetrics

extension CellSizer {
    /// A sizer for one worker of a `CategorySweep`, with fonts of its own (a typesetter and its
    /// FreeType faces belong to one thread). It lives until the process exits: at the end of a
    /// sweep it holds every shaped paragraph and every cell laid out at each of its sizes, and
    /// freeing all of that, object by object, on the worker's thread only delays the output; the
    /// exit gives the memory back at once.
    ///
    /// Cache bounds for a sweep: each cell is measured once per size, so measurements and line
    /// breaks cached under (cell, width, category) are never asked for again; only shaped
    /// paragraphs (reused by every size of a cut) and shaped words pay. Small measurement and
    /// layout caches keep a sweep from holding a second copy of every laid-out cell of the sizes
    /// before (50 MB of text at all twelve sizes: 1.55 GB peak with the default 65,536 entries each).
    public static func forSweep(fontsDirectory directory: String) throws -> CellSizer {
        let typesetter = try Typesetter(fonts: try FontLibrary(directory: directory), layoutCacheLimit: 1_024)
        let sizer = CellSizer(typesetter: typesetter, cacheLimit: 1_024)
        _ = Unmanaged.passRetained(sizer)  // released by the exit, never before
        return sizer
    }
}

extension LayoutInput {
    /// The input's layout report at each of `categories` (in that order), in a `width`-point
    /// container with `text` (its category replaced by each) and `layoutDirection`, laid out on
    /// every core by sizers of `forSweep(fontsDirectory:)`; `progress` gets the fraction done.
    public func reports(categories: [ContentSizeCategory], width: Double, text: TextEnvironment,
                        layoutDirection: LayoutDirection, fontsDirectory: String,
                        progress: @escaping @Sendable (Double) -> Void = { _ in }) throws -> [LayoutReport] {
        try CategorySweep.map(
            categories: categories, containerWidth: width, text: text, layoutDirection: layoutDirection,
            makeSizer: { try CellSizer.forSweep(fontsDirectory: fontsDirectory) },
            produce: { environment, sizer in try LayoutReport(layout, content, in: environment, sizer: sizer) },
            progress: progress)
    }
}
