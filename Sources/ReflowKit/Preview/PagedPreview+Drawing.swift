import Foundation
import Preview
import Reflow
import TextMetrics

extension PagedPreview {
    /// Draws parts `0..<count` as PNG on `jobs` threads and hands each to `write` in part order,
    /// one call at a time, as soon as it and every part before it are drawn (`OrderedFanOut`:
    /// thread `t` draws parts `t`, `t + jobs`, …, so at most about `jobs` drawn parts wait).
    /// Each thread has its own `PNGRenderer` (FreeType faces are not thread-safe), which keeps
    /// its bitmap's memory from part to part. The bytes are the same for any `jobs`.
    ///
    /// `part` makes a part's display list; it is called one part at a time, under a lock: the
    /// builders behind it set labels with a typesetter, which is not thread-safe. Making a list
    /// is a small share of a part's time (drawing and encoding its pixels are the rest).
    /// - Throws: the first error of drawing or of `write`; nothing is written after it.
    public static func render(count: Int, scale: Int, jobs: Int, part: @escaping (Int) -> DisplayList,
                              write: @escaping @Sendable (Int, Data) throws -> Void) throws {
        guard count > 0 else { return }
        let lanes = max(1, min(jobs, count))
        let maker = PartMaker(part)
        try OrderedFanOut.forEach(
            lanes: (0..<lanes).map { lane in Array(stride(from: lane, to: count, by: lanes)) }, count: count,
            setUp: { _ in try PNGRenderer(scale: scale) },
            produce: { renderer, index in try renderer.render(maker.list(index)) },
            deliver: write)
    }
}

/// A part's display list made one at a time, whatever thread asks.
private final class PartMaker: @unchecked Sendable {
    // Only ever called under `lock`.
    private let make: (Int) -> DisplayList
    private let lock = NSLock()

    init(_ make: @escaping (Int) -> DisplayList) {
        self.make = make
    }

    func list(_ index: Int) -> DisplayList {
        lock.lock()
        defer { lock.unlock() }
        return make(index)
    }
}
