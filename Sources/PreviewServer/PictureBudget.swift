import TextMetrics

/// The memory the pictures being drawn at once may take (`ServerLimits.pictureMemory`): each
/// picture reserves its `cost` before its bitmap is made and gives it back when its answer is
/// made, so forty clients asking for the largest picture at once cannot take forty bitmaps' worth
/// of memory; a picture that does not fit beside those in flight is refused (the server answers
/// 503 with `Retry-After`). One picture alone always fits, whatever its cost. Safe to use from any thread.
final class PictureBudget: Sendable {
    private struct State {
        var inFlight = 0
        var highest = 0
        var refused = 0
    }

    private let state = Locked(State())
    let limit: Int

    init(limit: Int) { self.limit = max(0, limit) }

    /// What a picture of `width` × `height` device pixels costs while it is drawn and encoded: its
    /// RGBA bitmap, and as much again for the encoding and the copies between them (a PNG of
    /// noise is as large as its pixels; an SVG is text, which this bounds as well).
    static func cost(width: Int, height: Int) -> Int {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow || pixels > Int.max / 8 ? Int.max : pixels * 8
    }

    /// Reserves `bytes`, if they fit beside what is in flight (or nothing is); false otherwise.
    func reserve(_ bytes: Int) -> Bool {
        state.withLock { state in
            guard state.inFlight == 0 || bytes <= limit - state.inFlight else {
                state.refused += 1
                return false
            }
            state.inFlight += min(bytes, Int.max - state.inFlight)
            state.highest = max(state.highest, state.inFlight)
            return true
        }
    }

    /// Gives back what `reserve(bytes)` took.
    func release(_ bytes: Int) {
        state.withLock { $0.inFlight = max(0, $0.inFlight - bytes) }
    }

    /// Bytes reserved now, the most ever reserved at once, and the pictures refused so far.
    var inFlight: Int { state.withLock { $0.inFlight } }
    var highest: Int { state.withLock { $0.highest } }
    var refused: Int { state.withLock { $0.refused } }
}
