import Dispatch

/// How long reading one Markdown document may take (cmark-gfm's parse and the blocks made of its
/// tree), and what happens when it takes longer.
///
/// Debian 12's cmark-gfm, 0.29.0.gfm.6, takes time growing with the square of the input on
/// inputs that later releases (and cmark 0.31) fixed: lists or block quotes nested thousands
/// deep with many lines (90 KB: 41 s), thousands of unclosed `![` before links (`![[]()`
/// repeated: 960 KB, over a minute), `www.` runs joined by underscores (180 KB: 23 s), repeated
/// `<![CDATA[` or `<?`. Tables, the one such cost that also takes memory, are bounded before
/// parsing (`MarkdownTables`, `MarkdownBounds`); for the others, which take only time, a
/// deadline stops the read (`MarkdownBounds.deadline`: `MarkdownParser.parse` runs under it). A
/// library cannot stop a C call on another thread, so `expired` is called on a timer's thread
/// while the parse goes on: it must end the process (the command line says so and exits).
public struct ParseDeadline: Sendable {
    /// Seconds allowed before any byte, and for each MiB of the document.
    public var seconds: Double
    public var secondsPerMiB: Double
    /// Called (on another thread) when a read is still running at its deadline, with the
    /// document's path and the seconds it was given; it must end the process.
    public var expired: @Sendable (_ path: String, _ seconds: Double) -> Never

    /// The default allowance: 10 s, and 1 s per MiB (cmark-gfm reads 50 to 100 MB of ordinary
    /// Markdown a second, so a document at the 256 MiB input limit gets 266 s for about 5).
    public static let defaultSeconds = 10.0, defaultSecondsPerMiB = 1.0

    public init(seconds: Double = defaultSeconds, secondsPerMiB: Double = defaultSecondsPerMiB,
                expired: @escaping @Sendable (_ path: String, _ seconds: Double) -> Never) {
        self.seconds = seconds
        self.secondsPerMiB = secondsPerMiB
        self.expired = expired
    }

    /// The seconds a document of `bytes` bytes is given.
    public func allowance(forBytes bytes: Int) -> Double { seconds + secondsPerMiB * Double(bytes) / Double(1 << 20) }

    /// `body`, with `expired` called if it is still running after the allowance for `bytes`.
    public func run<T, Failure: Error>(path: String, bytes: Int, _ body: () throws(Failure) -> T) throws(Failure) -> T {
        let allowance = allowance(forBytes: bytes)
        let expired = self.expired
        let timer = DispatchWorkItem { expired(path, allowance) }
        DispatchQueue.global().asyncAfter(deadline: .now() + allowance, execute: timer)
        defer { timer.cancel() }
        return try body()
    }
}
