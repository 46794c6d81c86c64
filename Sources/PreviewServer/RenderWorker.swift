import Preview
import Reflow
import ReflowKit
import TextMetrics

/// What one render thread keeps from request to request, so that a new text size, width or
/// offset is new layout work on warm caches: a cell sizer (its typesetter's shaped paragraphs and
/// broken lines, its measured cells; each cache bounded, `CellSizer`), a PNG renderer per scale
/// (their rasterized glyphs), and the current document version's plans (`PlanSharing`: each
/// distinct plan made once, for every size and screen that shares it).
///
/// Not thread-safe, as the sizer is not: a worker is used by one thread at a time (`WorkerPool`).
final class RenderWorker {
    /// Measures cells; its typesetter labels the audit's outlines.
    let sizer: CellSizer
    private var renderers: [Int: PNGRenderer] = [:]
    private var plans: (version: Int, language: String?, order: PageOrder, sharing: PlanSharing)?

    /// Plans one worker keeps for a version before it starts over: a plan is kept per
    /// environment a layout reads (width, and the size and settings where the layout depends on
    /// them), so a person trying many widths would otherwise keep one per width.
    static let planLimit = 64

    init(fonts: FontLibrary) throws {
        sizer = CellSizer(typesetter: try Typesetter(fonts: fonts))
    }

    /// This worker's PNG renderer at `scale` device pixels per point.
    func pngRenderer(scale: Int) throws -> PNGRenderer {
        if let renderer = renderers[scale] { return renderer }
        let renderer = try PNGRenderer(scale: scale)
        renderers[scale] = renderer
        return renderer
    }

    /// The plans of `version` of the document `preview` draws in `language` (its texts are that
    /// language's) with its cells in the page's `order`: kept while the version, language and
    /// order are the same and fewer than `planLimit` plans were made, else made anew.
    func plans(version: Int, language: String?, order: PageOrder = PageOrder(), of preview: DocumentPreview) -> PlanSharing {
        if let plans, plans.version == version, plans.language == language, plans.order == order,
           plans.sharing.plansMade < Self.planLimit {
            return plans.sharing
        }
        let sharing = preview.screenPlans()
        plans = (version, language, order, sharing)
        return sharing
    }

    /// Plans made for the current version so far (the rest were shared).
    var plansMade: Int { plans?.sharing.plansMade ?? 0 }
}

/// The render threads' workers: one taken for each piece of work and given back after it, so
/// there are never more workers than pieces of work at once (the server's render threads), and
/// each is warm from the requests before.
final class WorkerPool: Sendable {
    private let fonts: FontLibrary
    private let idle = Locked<[RenderWorker]>([])
    private let made = Locked(0)

    init(fonts: FontLibrary) { self.fonts = fonts }

    /// `body` run with a worker of its own.
    func withWorker<T>(_ body: (RenderWorker) throws -> T) throws -> T {
        let worker: RenderWorker
        if let waiting = idle.withLock({ $0.popLast() }) {
            worker = waiting
        } else {
            worker = try RenderWorker(fonts: fonts)
            made.withLock { $0 += 1 }
        }
        defer { idle.withLock { $0.append(worker) } }
        return try body(worker)
    }

    /// Workers made so far: at most as many as pieces of work ran at once.
    var count: Int { made.withLock { $0 } }
}
