import Foundation
import TextMetrics

/// Progress of long work on stderr: a bar redrawn in place when stderr is a terminal, a line at
/// each tenth otherwise (so logs stay short), nothing when quiet (`--quiet`).
/// Safe to call from several threads (a sweep's workers): what was last drawn is kept under a lock.
final class TerminalProgress: Sendable {
    private let label: String
    private let quiet: Bool
    private let isTerminal = isatty(STDERR_FILENO) != 0
    /// The percentage last drawn (terminal) and the tenth last logged (otherwise).
    private let last = Locked((drawn: -1, logged: -1))
    private let started = Date()

    /// Progress of work called `label`; with `quiet`, silent.
    init(label: String, quiet: Bool) {
        self.label = label
        self.quiet = quiet
    }

    /// `fraction` of the work is done (0…1).
    func update(_ fraction: Double) {
        guard !quiet else { return }
        let fraction = min(1, max(0, fraction))
        if isTerminal {
            let percent = Int(fraction * 100)
            guard last.withLock({ last in
                defer { last.drawn = percent }
                return last.drawn != percent
            }) else { return }
            let width = 30
            let filled = Int(fraction * Double(width))
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
            Console.progress("\r\(label) \(bar) \(percent)%")
        } else if Date().timeIntervalSince(started) > 1 {
            let tenth = Int(fraction * 10)
            guard last.withLock({ last in
                defer { last.logged = tenth }
                return last.logged != tenth
            }) else { return }
            Console.progress("\(label): \(tenth * 10)%\n")
        }
    }

    /// Clears the bar (on a terminal), so the next line starts clean.
    func finish() {
        guard !quiet, isTerminal, last.withLock({ $0.drawn }) >= 0 else { return }
        Console.progress("\r\u{1B}[2K")
    }
}
