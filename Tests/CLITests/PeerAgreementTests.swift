import Foundation
import TestSupport
import Testing

/// `reflow-cli lines` breaks a 10,000-word corpus exactly as HarfBuzz-greedy (`hb_greedy.c`, the C
/// peer in ../shared/peers) does: same font file, size, width and line pitch, byte for byte, and
/// the same summary (lines, paragraphs, height). The corpus has only ASCII spaces as break
/// opportunities, so UAX #14 and a space-splitting greedy breaker must agree; any difference is
/// a shaping or line-fitting difference on our side (DESIGN.md, "Correctness we can check against
/// others").
///
/// Needs ../shared/peers beside the repository, a C compiler with HarfBuzz's pkg-config file,
/// python3 and /usr/share/dict/words (Debian's `wamerican`; CI installs it). Without them the
/// test is skipped, loudly: the reason is printed and shown as the skip comment. In CI (CI set) or
/// with REFLOW_REQUIRE_PEERS=1 a missing prerequisite is a failure instead.
@Suite(.runsOutsideTools, .tags(.outsideTools)) struct PeerAgreementTests {
    /// ../shared/peers, from the repository root (Tests/CLITests/PeerAgreementTests.swift → repo).
    static let peers = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/peers")

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let dictionary = "/usr/share/dict/words"

    /// A program on the PATH, or nil.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin"] {
            let candidate = (directory as NSString).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Why the comparison cannot run here, or nil when everything it needs is present.
    static let missing: String? = {
        var reasons: [String] = []
        for file in ["hb_greedy.c", "corpus.py"]
        where !FileManager.default.fileExists(atPath: peers.appendingPathComponent(file).path) {
            reasons.append("\(peers.path)/\(file) not found")
        }
        if which("cc") == nil { reasons.append("no C compiler (cc) on the PATH") }
        if which("pkg-config") == nil { reasons.append("no pkg-config on the PATH (needed for HarfBuzz's flags)") }
        if which("python3") == nil { reasons.append("no python3 on the PATH (corpus.py)") }
        if !FileManager.default.fileExists(atPath: dictionary) {
            reasons.append("\(dictionary) not found (apt-get install wamerican)")
        }
        guard !reasons.isEmpty else { return nil }
        return Prerequisites.skipped("PeerAgreementTests", reasons.joined(separator: "; "))
    }()

    struct CommandFailure: Error, CustomStringConvertible { let description: String }

    /// Runs `executable` (a path) with `arguments`: its stdout and stderr; throws unless it exits 0.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], in directory: URL? = nil) throws -> (stdout: Data, stderr: String) {
        let output = try ChildProcess.run(executable, arguments, directory: directory)
        guard output.succeeded else {
            throw CommandFailure(description: "\(executable) \(arguments.joined(separator: " ")) failed "
                + "(status \(output.status)\(output.crashed ? ", signal" : "")): \(output.stderrText)")
        }
        return (output.stdout, output.stderrText)
    }

    /// The compiled peer and the corpus, made once for all the settings below.
    struct Harness {
        let folder: URL
        let hbGreedy: String
        let corpus: String
    }

    /// Where the peer is compiled and the corpus written; removed when the test process exits.
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reflow-peers-\(UUID().uuidString)")

    static let harness: Result<Harness, Error> = Result {
        let folder = Self.folder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: PeerAgreementTests.folder) }
        let hbGreedy = folder.appendingPathComponent("hb_greedy").path
        let flags = try run(which("pkg-config")!, ["--cflags", "--libs", "harfbuzz"]).stdout
        let split = String(decoding: flags, as: UTF8.self).split(whereSeparator: \.isWhitespace).map(String.init)
        try run(which("cc")!, ["-O2", "-o", hbGreedy, peers.appendingPathComponent("hb_greedy.c").path] + split)
        let corpus = folder.appendingPathComponent("words_10k.txt").path
        try run(which("python3")!, [peers.appendingPathComponent("corpus.py").path, "10000", "-o", corpus], in: peers)
        return Harness(folder: folder, hbGreedy: hbGreedy, corpus: corpus)
    }

    @Test func prerequisitesArePresentWhereTheyAreRequired() {
        // Skipping is fine on a developer's machine; in CI it would hide the comparison.
        if let missing = Self.missing, Prerequisites.areRequired {
            Issue.record("\(missing); required here (CI or REFLOW_REQUIRE_PEERS=1)")
        }
    }

    /// (size, width, line height) in points: the benchmark setting, a small and a large
    /// non-integral size, and a narrow column where many lines end one word earlier.
    static let settings: [(size: String, width: String, lineHeight: String)] = [
        ("17", "358", "22"), ("12.5", "358", "16"), ("23.7", "358", "29"), ("17", "150", "22"),
    ]

    // Skipped, with the reason printed, when ../shared/peers, cc, pkg-config, python3 or the
    // dictionary is missing (see the type's comment).
    @Test(.enabled(if: PeerAgreementTests.missing == nil,
                   "SKIPPED: ../shared/peers, cc, pkg-config, python3 or /usr/share/dict/words is missing (see stdout)"),
          arguments: settings.indices)
    func linesEqualHarfBuzzGreedyByteForByte(_ index: Int) throws {
        let setting = Self.settings[index]
        let harness = try Self.harness.get()
        let font = Self.repository.appendingPathComponent("Fonts/Inter-Regular.otf").path
        let peer = try Self.run(harness.hbGreedy, ["lines", font, setting.size, setting.width, setting.lineHeight, harness.corpus])
        let ours = try CLI.run(["lines", harness.corpus, "--font", font, "--size", setting.size, "--width", setting.width,
                                "--line-height", setting.lineHeight])
        let label = "size \(setting.size), width \(setting.width), line height \(setting.lineHeight)"
        try #require(ours.status == 0 && !ours.crashed, "reflow-cli lines failed at \(label): \(ours)")
        #expect(peer.stdout.count > 10_000, "the peer printed the corpus's lines")
        if ours.stdout != peer.stdout {
            // Name the first line that differs, not just "not equal".
            let a = String(decoding: ours.stdout, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let b = String(decoding: peer.stdout, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let first = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
            Issue.record("""
                reflow-cli and hb_greedy break differently at \(label): first difference at line \(first + 1) \
                (\(a.count) vs \(b.count) lines)
                  reflow-cli: \(first < a.count ? String(a[first].prefix(200)) : "<end>")
                  hb_greedy:  \(first < b.count ? String(b[first].prefix(200)) : "<end>")
                """)
        }
        // The summaries agree too: "lines=N paragraphs=P height=H" and "# peer=hb-c text_lines=N paragraphs=P height=H …".
        func fields(_ text: String) -> [String: String] {
            var result: [String: String] = [:]
            for token in text.split(whereSeparator: \.isWhitespace) {
                let pair = token.split(separator: "=", maxSplits: 1)
                if pair.count == 2 { result[String(pair[0])] = String(pair[1]) }
            }
            return result
        }
        let summary = try #require(ours.stderrLines.last.map(String.init), "no summary on stderr")
        #expect(summary.hasPrefix("lines="), "summary: \(summary)")
        let mine = fields(summary), theirs = fields(peer.stderr)
        #expect(mine["lines"] != nil && mine["lines"] == theirs["text_lines"], "\(summary) vs \(peer.stderr)")
        #expect(mine["paragraphs"] != nil && mine["paragraphs"] == theirs["paragraphs"], "\(summary) vs \(peer.stderr)")
        #expect(mine["height"] != nil && mine["height"] == theirs["height"], "\(summary) vs \(peer.stderr)")
    }
}
