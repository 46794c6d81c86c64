import Reflow
import TextMetrics

/// The owner of a category sweep's sizers (`CellSizer.forSweep`), one per worker: it keeps each
/// sizer, with its fonts and its caches, until the owner itself goes, and they are freed with it.
///
/// Why an owner: at the end of a sweep a worker's sizer holds every paragraph it shaped and every
/// cell it laid out at each of its sizes. Freed as the worker's lane ends, object by object on
/// the worker's thread, that only delays the output the sweep is delivering; kept by the owner,
/// they are freed once the caller is done with the sweep (its output written), in the caller's
/// scope: `let sizers = SweepSizers(…)`, then `makeSizer: { try sizers.make() }`.
/// Safe to call from the workers' threads.
public final class SweepSizers: Sendable {
    private let fontsDirectory: String
    private let content: CollectionContent
    private let made = Locked<[CellSizer]>([])

    /// Sizers over the fonts in `fontsDirectory` for a sweep of `content` (which sizes their caches).
    public init(fontsDirectory: String, content: CollectionContent) {
        self.fontsDirectory = fontsDirectory
        self.content = content
    }

    /// A new sizer for one worker, kept until this owner goes.
    public func make() throws -> CellSizer {
        let sizer = try CellSizer.forSweep(fontsDirectory: fontsDirectory, content: content)
        made.withLock { $0.append(sizer) }
        return sizer
    }

    /// How many sizers this owner keeps.
    public var count: Int { made.withLock { $0.count } }
}
