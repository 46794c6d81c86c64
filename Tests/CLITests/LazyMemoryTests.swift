import Foundation
import Readers
import ReflowKit
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Issue 36, row 10b: what one screen of a long document costs (`preview --viewport`, the lazy
/// layout), against what docs/hardening/memory.md states: a preview of a document the default
/// limits take peaks at about 5 GB, so a document costs at most its share of the limits (its
/// cells, Markdown marks or bytes, whichever is the largest part of its limit) of that.
///
/// Measured as the child process's peak memory (`wait4`'s `ru_maxrss`) on two documents of the
/// same lines, 1 MiB and 4 MiB: the difference leaves out what any run costs (fonts, caches), and
/// is held to the share's difference times `budget`, 6 GB (5.13 GB measured at the limits with a
/// release build, 5.35 GB for the eager `layout`, and room for the debug build and the machine).
/// Not under AddressSanitizer (`.ci/run --deep` sets `ASAN_OPTIONS`): its redzones, shadow memory and quarantine
/// of freed blocks are in the child's peak, which is then not the program's.
@Suite(.timeLimit(.hangGuard),
       .enabled(if: ProcessInfo.processInfo.environment["ASAN_OPTIONS"] == nil,
                "an AddressSanitizer build's peak memory is not the program's"))
struct LazyMemoryTests {
    /// What the lazy preview may cost at the default limits, in bytes (docs/hardening/memory.md).
    static let budget = 6_000_000_000.0

    /// The densest cells the limits allow: 128-byte list items with an emphasis (`- `, `*`
    /// twice and a line end: 4 marks, the limit's one per 32 bytes), which cost the most per
    /// cell of the shapes measured (2.0 KB in this debug build, 2.4 KB in a release build).
    @Test func listItemsWithEmphasisStayWithinTheirShareOfTheBound() throws {
        try expectWithinBudget { line in
            "- " + Self.words(count: 24, seed: UInt64(line)).enumerated().map { $0 == 3 ? "*\($1)*" : $1 }
                .joined(separator: " ")
        }
    }

    /// The document: short paragraphs of `word`. cmark-gfm's autolink extension stops at
    /// every `w` (it may start `www.`) and makes a text node of what follows, as it does at `:`
    /// and `]`; they cost 5.1 KB a cell, two and a half times a cell's share, while the mark count
    /// (`MarkdownBounds.marks(in:)`) counted none of the three. Counted, their share is the marks'.
    @Test func paragraphsOfWordsStayWithinTheirShareOfTheBound() throws {
        try expectWithinBudget(separator: "\n\n") { _ in
            Array(repeating: "word", count: 25).joined(separator: " ") + "."
        }
    }

    /// Writes the documents of `line` (lines padded to 128 bytes with their ends), 1 MiB and 4 MiB,
    /// previews one screen of each and checks the difference of their peaks.
    private func expectWithinBudget(separator: String = "\n", line: (Int) -> String,
                                    sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        var peaks: [Double] = [], shares: [Double] = []
        for size in [1 << 20, 4 << 20] {
            var text = ""
            text.reserveCapacity(size)
            var count = 0
            while true {
                // ASCII: a character is a byte.
                let width = 128 - separator.utf8.count
                let next = String((line(count) + String(repeating: "x", count: width)).prefix(width))
                guard text.utf8.count + 128 <= size else { break }
                text += next + separator
                count += 1
            }
            let path = try CLI.write(text, to: "doc-\(size >> 20).md", in: folder)
            let result = try Self.peakMemory(of: [path, "--viewport", "390x844", "--offset", "20000",
                                                  "-o", folder.appendingPathComponent("screen.png").path, "--quiet"])
            #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
            peaks.append(result.peak)
            let reader = DocumentReader()
            let marks = Array(text.utf8).withUnsafeBufferPointer { MarkdownBounds.marks(in: $0) }
            shares.append(max(Double(count) / Double(reader.maximumCells), Double(marks) / Double(reader.maximumMarkdownMarks),
                              Double(text.utf8.count) / Double(reader.maximumBytes)))
        }
        let cost = peaks[1] - peaks[0], allowed = (shares[1] - shares[0]) * Self.budget
        #expect(cost <= allowed,
                "4 MiB cost \(Int(cost / 1e6)) MB more than 1 MiB; their share of the limits allows \(Int(allowed / 1e6)) MB",
                sourceLocation: sourceLocation)
    }

    /// `reflow-cli arguments…` run to its end; its exit status, its peak resident memory in bytes
    /// (`ru_maxrss` of this one child, from `wait4`) and what it printed on stderr.
    static func peakMemory(of arguments: [String]) throws -> (status: Int32, peak: Double, stderr: String) {
        let executable = try CLI.executable().path
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("reflow-peak-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: errors) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errors.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw CLI.LookupError(description: "could not start \(executable): error \(spawned)") }
        var status: Int32 = 0, usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        let exited = status & 0x7f == 0
        return (exited ? (status >> 8) & 0xff : -1, Double(usage.ru_maxrss) * 1024, stderr)
    }

    /// `count` common English words without `w`, `:` or `]`, chosen by `seed`.
    static func words(count: Int, seed: UInt64) -> [String] {
        let words = ["the", "of", "and", "a", "to", "in", "is", "you", "that", "it", "he", "for", "on", "are", "as", "his",
                     "they", "at", "be", "this", "have", "from", "or", "one", "had", "by", "but", "not", "all"]
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in words[Int(generator.next() % UInt64(words.count))] }
    }
}
