import Foundation
import TestSupport
import Testing

/// World text against Pango 1.50 given the same font files (Benchmarks/pango_world.py: a
/// fontconfig configuration listing only our chain): Article 1 of the UDHR in 19 scripts at
/// 17/358/22, at least 95 % of the lines identical outside Thai (where Pango's libthai and
/// ICU's dictionary cut words differently). Needs python3 with PyGObject, Pango and PangoCairo
/// (Debian: python3-gi gir1.2-pango-1.0 python3-gi-cairo; CI installs them); skipped loudly
/// without them, a failure in CI or with REFLOW_REQUIRE_PEERS=1.
@Suite(.runsOutsideTools, .tags(.outsideTools)) struct PangoWorldAgreementTests {
    static let python = "/usr/bin/python3"

    static let missing: String? = {
        let code = "import gi; gi.require_version('Pango', '1.0'); gi.require_version('PangoCairo', '1.0'); "
            + "from gi.repository import Pango, PangoCairo; import cairo"
        switch Prerequisites.python(python, succeedsAt: code) {
        case nil: return Prerequisites.skipped("PangoWorldAgreementTests", "no \(python)")
        case false: return Prerequisites.skipped("PangoWorldAgreementTests",
            "\(python) cannot import Pango and PangoCairo (apt-get install python3-gi gir1.2-pango-1.0 python3-gi-cairo)")
        case true: return nil
        }
    }()

    @Test func prerequisitesArePresentWhereTheyAreRequired() {
        if let missing = Self.missing, Prerequisites.areRequired { Issue.record("\(missing); required here (CI or REFLOW_REQUIRE_PEERS=1)") }
    }

    /// Lines of two paragraphs that are the same, in order (longest common subsequence).
    static func identicalLines(_ a: [Substring], _ b: [Substring]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in a.indices.reversed() {
            for j in b.indices.reversed() {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }

    static func paragraphs(_ text: String) -> [[Substring]] {
        text.trimmingCharacters(in: .newlines).components(separatedBy: "\n\n").map { paragraph in
            paragraph.split(separator: "\n").map { Substring($0.split(whereSeparator: \.isWhitespace).joined(separator: " ")) }
        }
    }

    /// `reflow-cli lines` and Benchmarks/pango_world.py on `text` (a file of Examples/) at 17 pt,
    /// `width`, 22 pt lines: the paragraphs of each, as lines with white space collapsed.
    static func lines(of text: String, width: Int) throws -> (reflow: [[Substring]], pango: [[Substring]]) {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = CLI.repository.appendingPathComponent("Examples/\(text)").path
        let fonts = try CLI.run(["fonts", "--format", "json"])
        #expect(fonts.status == 0)
        let fontsFile = folder.appendingPathComponent("fonts.json")
        try fonts.stdout.write(to: fontsFile)
        let inter = CLI.repository.appendingPathComponent("Fonts/Inter-Regular.otf").path
        let ours = try CLI.run(["lines", text, "--font", inter, "--size", "17", "--line-height", "22", "--width", "\(width)"])
        #expect(ours.status == 0, "\(ours)")

        let output = try ChildProcess.run(Self.python, [CLI.repository.appendingPathComponent("Benchmarks/pango_world.py").path,
                                                        fontsFile.path, "17", "\(width)", "22", text], timeout: 300)
        #expect(output.succeeded, "\(output.stderrText)")
        let pango = Self.paragraphs(output.stdoutText)
        let reflow = Self.paragraphs(ours.output)
        try #require(pango.count == reflow.count, "\(pango.count) vs \(reflow.count) paragraphs")
        return (reflow, pango)
    }

    @Test(.enabled(if: PangoWorldAgreementTests.missing == nil, "SKIPPED: python3 with Pango is missing (see stdout)"))
    func article1InEveryScriptBreaksLikePango() throws {
        let (reflow, pango) = try Self.lines(of: "udhr-article1.txt", width: 358)
        var same = 0, total = 0
        for (a, b) in zip(reflow, pango) {
            let thai = a.joined().unicodeScalars.contains { (0x0E00...0x0E7F).contains($0.value) }
            guard !thai else { continue }
            same += Self.identicalLines(a, b)
            total += max(a.count, b.count)
        }
        print("Pango agreement, Article 1 in 18 scripts besides Thai at 17/358/22: \(same) of \(total) lines identical")
        #expect(total > 60)
        #expect(Double(same) >= 0.95 * Double(total), "\(same) of \(total) lines identical")
    }

    /// Korean, whose Hangul words both keep whole (reflow by UIKit's hangulWordPriority, Pango
    /// told so by pango_world.py) and whose space both take from the Korean face's `locl` (0.28
    /// em; Pango given the language ko): every line the same (docs/figures.md, Korean).
    @Test(.enabled(if: PangoWorldAgreementTests.missing == nil, "SKIPPED: python3 with Pango is missing (see stdout)"),
          arguments: [358, 150])
    func koreanBreaksLikePangoWordByWord(_ width: Int) throws {
        let (reflow, pango) = try Self.lines(of: "udhr-korean.txt", width: width)
        var same = 0, total = 0
        for (a, b) in zip(reflow, pango) {
            same += Self.identicalLines(a, b)
            total += max(a.count, b.count)
        }
        print("Pango agreement, Korean UDHR at 17/\(width)/22, words kept whole: \(same) of \(total) lines identical")
        #expect(total > 30)
        #expect(same == total, "\(same) of \(total) lines identical")
    }
}
