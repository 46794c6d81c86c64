import Foundation

/// Progress of long work on stderr: a bar redrawn in place when stderr is a terminal, a line at
/// each tenth otherwise (so logs stay short), nothing with --quiet.
///
/// Not locked: callers on several threads must not call it at the same time (`CategorySweep`
/// calls its progress one call at a time), hence `@unchecked Sendable`.
final class TerminalProgress: @unchecked Sendable {
    private let label: String
    private let quiet: Bool
    private let isTerminal = isatty(STDERR_FILENO) != 0
    private var lastDrawn = -1
    private var lastLogged = -1
    private let started = Date()

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
            guard percent != lastDrawn else { return }
            lastDrawn = percent
            let width = 30
            let filled = Int(fraction * Double(width))
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
            FileHandle.standardError.write(Data("\r\(label) \(bar) \(percent)%".utf8))
        } else if Date().timeIntervalSince(started) > 1 {
            let tenth = Int(fraction * 10)
            guard tenth != lastLogged else { return }
            lastLogged = tenth
            FileHandle.standardError.write(Data("\(label): \(tenth * 10)%\n".utf8))
        }
    }

    func finish() {
        guard !quiet, isTerminal, lastDrawn >= 0 else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }
}
