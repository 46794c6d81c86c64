import Foundation
import Glibc
import Reflow
import ReflowKit
import TextMetrics

/// The live page's scroll height, made exact in the background. A screen's answer knows the page
/// exactly down to the screen's bottom and estimates the rest, so the height the page scrolls by
/// would change from screen to screen (24,645, then 14,306, then 19,813 pt for a README 19,907 pt
/// tall) and End would land short of the end. After a screen is answered, the page it belongs to
/// (a document version, text size, width, settings, language and screen height: `Key`) is
/// measured whole on a thread of its own, at a lower priority than the render threads: a screen
/// request never waits for it. The height is kept (`limit` pages) for the answers that follow and
/// told to the open pages (`/events`' `height` event) as soon as it is known.
///
/// Bounded, so that it never adds to what the answers themselves hold: one measurement at a time
/// in the whole process (however many servers it runs), of the page asked for last (a request for
/// another page gives the one under way up between two chunks of units, and so does a new version
/// of the file); it waits between chunks while any answer is being made in the process
/// (`foreground`), holding one page's layout at most, and gives up after
/// `ServerLimits.backgroundMeasurementSeconds`, waiting included. A server flooded with requests
/// thus measures nothing meanwhile (before, a measurement beside 3,000 pipelined requests took
/// the process 27 MiB over its 64 MiB bound under AddressSanitizer, whose quarantine keeps
/// what is freed for a while).
final class PageHeights: Sendable {
    /// What a page's height depends on.
    struct Key: Hashable, Sendable {
        let version: Int
        let category: ContentSizeCategory
        let width: Double
        let settings: TextSettings
        let language: String?
        let viewportHeight: Double
        /// The live page's order: a reordered page is another page, of another height.
        var order = PageOrder()

        /// A short name for the page (`X-Reflow-Layout-Key`, the event's `key`): stable while
        /// the server runs, which is all the page needs to match an event to its screen.
        var name: String {
            var hasher = Hasher()
            hasher.combine(self)
            return String(UInt64(bitPattern: Int64(hasher.finalize())), radix: 16)
        }
    }

    /// Pages whose heights are kept.
    static let limit = 32

    /// Answers being made in this process now (`foreground`): while there is one, a measurement
    /// waits between two chunks.
    private static let answering = Locked(0)
    /// Whether a page is being measured in this process: one at a time, whichever server asks.
    private static let measuring = Locked(false)
    /// How long a measurement waits before it looks again at whether it may go on.
    private static let pause = 0.005

    /// `body`, an answer someone waits for: no background measurement in the process goes on
    /// while it runs (each waits at its next chunk), so the two never hold memory at once.
    static func foreground<T>(_ body: () throws -> T) rethrows -> T {
        answering.withLock { $0 += 1 }
        defer { answering.withLock { $0 -= 1 } }
        return try body()
    }

    /// Answers being made in the process now (for tests).
    static var answersUnderWay: Int { answering.withLock { $0 } }

    private struct State {
        var known = BoundedCache<Key, Double>(limit: PageHeights.limit)
        /// The page to measure next (the last asked for), with the preview that measures it.
        var wanted: (key: Key, preview: DocumentPreview)?
        /// Whether the measuring thread runs.
        var running = false
        var started = 0, finished = 0, givenUp = 0
    }

    private let state = Locked(State())
    private let fonts: FontLibrary
    private let seconds: Double
    private let current: @Sendable () -> Int
    private let announce: @Sendable (Key, Double) -> Void

    /// Heights measured in `fonts`, each measurement within `seconds` (0: none is made), given up
    /// once `current` (the document's version now) is not the key's, and `announce`d when known.
    init(fonts: FontLibrary, seconds: Double, current: @escaping @Sendable () -> Int,
         announce: @escaping @Sendable (Key, Double) -> Void) {
        self.fonts = fonts
        self.seconds = seconds
        self.current = current
        self.announce = announce
    }

    /// The page's exact height, when it was measured.
    func height(of key: Key) -> Double? { state.withLock { $0.known.value(for: key) } }

    /// Measurements started, finished and given up so far (for tests and figures).
    var counts: (started: Int, finished: Int, givenUp: Int) { state.withLock { ($0.started, $0.finished, $0.givenUp) } }

    /// Asks for `key`'s page to be measured with `preview` (unless it is known, or being measured):
    /// the measurement under way of another page is given up, and this one made instead.
    func prefetch(_ key: Key, preview: DocumentPreview) {
        guard seconds > 0 else { return }
        let start = state.withLock { state -> Bool in
            guard state.known.value(for: key) == nil, state.wanted?.key != key else { return false }
            state.wanted = (key, preview)
            defer { state.running = true }
            return !state.running
        }
        if start { Thread.detachNewThread { [self] in run() } }
    }

    /// Gives up the measurement under way and makes no more (the server is stopping).
    func stop() { state.withLock { $0.wanted = nil } }

    /// The measuring thread: the wanted page, then the next one wanted meanwhile, until none is.
    private func run() {
        // Below the render threads: a screen someone waits for comes first. (On Linux a nice
        // value is a thread's own, and 0 names the calling thread.)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        var worker: RenderWorker?
        while let (key, preview) = nextWanted() {
            defer { Self.measuring.withLock { $0 = false } }
            let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
            let stillWanted = { [self] in
                ContinuousClock.now < deadline && current() == key.version && state.withLock { $0.wanted?.key == key }
            }
            // Asked between chunks: while an answer is made, wait (the deadline runs on).
            let isWanted = {
                while stillWanted() {
                    if Self.answering.withLock({ $0 }) == 0 { return true }
                    Thread.sleep(forTimeInterval: Self.pause)
                }
                return false
            }
            var height: Double?
            do {
                if worker == nil { worker = try RenderWorker(fonts: fonts) }
                if let worker {
                    height = try preview.measuredHeight(category: key.category, viewportHeight: key.viewportHeight, sizer: worker.sizer,
                                                        plans: worker.plans(version: key.version, language: key.language, of: preview),
                                                        isWanted: isWanted)
                }
            } catch {
                height = nil  // the screen's own answer says what is wrong
            }
            state.withLock { state in
                if let height {
                    state.known.insert(height, for: key)
                    state.finished += 1
                } else {
                    state.givenUp += 1
                }
                if state.wanted?.key == key { state.wanted = nil }
            }
            if let height { announce(key, height) }
        }
    }

    /// The page to measure next, once this process measures no other (the measuring turn taken);
    /// nil, the thread's end, when none is wanted any more.
    private func nextWanted() -> (Key, DocumentPreview)? {
        while true {
            let next = state.withLock { state -> (Key, DocumentPreview)?? in
                guard let wanted = state.wanted else {
                    state.running = false
                    return .some(nil)
                }
                guard Self.measuring.withLock({ taken in
                    defer { taken = true }
                    return !taken
                }) else { return nil }
                state.started += 1
                return wanted
            }
            if let next { return next }
            Thread.sleep(forTimeInterval: Self.pause)
        }
    }
}
