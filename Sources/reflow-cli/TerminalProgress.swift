import Foundation
import TextMetrics

/// Progress of long work on stderr: a bar redrawn in place when stderr is a terminal; nothing when
/// it is not (a file, a pipe: a CI log keeps the run's messages, not percentages that say nothing
/// once the run is over), nor when quiet (`--quiet`).
/// Safe to call from several threads (a sweep's workers): what was last drawn is kept under a lock.
final class TerminalProgress: Sendable {
    private let label: String
    private let quiet: Bool
    private let isTerminal = isatty(STDERR_FILENO) != 0
    /// The percentage last drawn.
    private let last = Locked(-1)

    /// Progress of work called `label`; silent with `quiet` or when stderr is not a terminal.
    init(label: String, quiet: Bool) {
        self.label = label
        self.quiet = quiet
    }

    /// `fraction` of the work is done (0…1).
    func update(_ fraction: Double) {
        guard !quiet, isTerminal else { return }
        let fraction = min(1, max(0, fraction))
        let percent = Int(fraction * 100)
        guard last.withLock({ last in
            defer { last = percent }
            return last != percent
        }) else { return }
        let width = 30
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        Console.progress("\r\(label) \(bar) \(percent)%")
    }

    /// Clears the bar (on a terminal), so the next line starts clean.
    func finish() {
        guard !quiet, isTerminal, last.withLock({ $0 }) >= 0 else { return }
        Console.progress("\r\u{1B}[2K")
    }
}
