import Foundation
import TestSupport
import Testing

/// Our hyphenation points (libhyphen through `reflow-cli hyphenate`) against Pyphen 0.18.1's, an
/// independent pure-Python implementation of Liang's algorithm, given the same pattern file
/// (/usr/share/hyphen/hyph_en_US.dic) and its minimums (2 letters before a hyphen, 3 after), for
/// 10,000 words of the wamerican list spread evenly over it: the words made only of letters
/// (possessives like "aardvark's" are left out: we hyphenate only a word's letters, "aard-vark's",
/// where Pyphen takes the apostrophe and the s as part of the word, "aard-vark's" but "Gof-f's").
///
/// Needs Pyphen in the test tools' virtual environment (scripts/python-tools.sh; REFLOW_PYTHON
/// names another python), Debian's wamerican and hyphen-en-us; skipped loudly without them, a
/// failure in CI or with REFLOW_REQUIRE_PEERS=1 (.ci/run installs them).
@Suite(.runsOutsideTools, .tags(.outsideTools)) struct PyphenAgreementTests {
    static let dictionary = "/usr/share/hyphen/hyph_en_US.dic"
    static let wordList = "/usr/share/dict/american-english"

    static var python: String { Prerequisites.testPython }

    static let missing: String? = {
        for file in [dictionary, wordList] where !FileManager.default.fileExists(atPath: file) {
            return Prerequisites.skipped("PyphenAgreementTests", "no \(file) (apt-get install hyphen-en-us wamerican)")
        }
        switch Prerequisites.python(python, succeedsAt: "import pyphen, sys; sys.exit(pyphen.__version__ != '0.18.1')") {
        case nil: return Prerequisites.skipped("PyphenAgreementTests", "no \(python) (bash scripts/python-tools.sh)")
        case false: return Prerequisites.skipped("PyphenAgreementTests", "\(python) has no pyphen 0.18.1 (bash scripts/python-tools.sh)")
        case true: return nil
        }
    }()

    @Test func prerequisitesArePresentWhereTheyAreRequired() {
        if let missing = Self.missing, Prerequisites.areRequired { Issue.record("\(missing); required here (CI or REFLOW_REQUIRE_PEERS=1)") }
    }

    /// 10,000 words of the list made only of letters, evenly spaced through it.
    static func words() throws -> [String] {
        let all = try String(contentsOfFile: wordList, encoding: .utf8).split(separator: "\n")
            .filter { !$0.isEmpty && $0.allSatisfy(\.isLetter) }
        let step = Double(all.count) / 10_000
        return (0..<10_000).map { String(all[Int(Double($0) * step)]) }
    }

    @Test(.enabled(if: PyphenAgreementTests.missing == nil, "SKIPPED: Pyphen is missing (see stdout)"))
    func tenThousandWordsAreHyphenatedAsPyphenHyphenatesThem() throws {
        let words = try Self.words()
        #expect(Set(words).count == 10_000)
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("words.txt")
        try Data((words.joined(separator: "\n") + "\n").utf8).write(to: input)

        let ours = try CLI.run(["hyphenate", "--lang", "en-US"], input: input)
        #expect(ours.status == 0, "\(ours)")

        let pyphen = try ChildProcess.run(Self.python, [CLI.repository.appendingPathComponent("scripts/pyphen-hyphenate.py").path,
                                                        Self.dictionary, "2", "3"], input: input, timeout: 300)
        #expect(pyphen.succeeded, "\(pyphen.stderrText)")

        let mine = ours.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let theirs = pyphen.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        try #require(mine.count == 10_000 && theirs.count == 10_000, "\(mine.count) and \(theirs.count) lines")
        let disagreements = zip(mine, theirs).filter { $0 != $1 }
        let hyphenated = mine.filter { $0.contains("-") }.count
        print("Pyphen agreement: \(10_000 - disagreements.count) of 10,000 words (\(hyphenated) of them hyphenated)")
        #expect(hyphenated > 5_000, "most words of five letters or more have a point")
        #expect(disagreements.isEmpty, "ours | Pyphen's: \(disagreements.prefix(20).map { "\($0) | \($1)" })")
    }
}
