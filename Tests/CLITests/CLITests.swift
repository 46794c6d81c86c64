import Foundation
import Testing
import TestSupport

/// `reflow-cli` end to end: the built binary, its stdout, stderr and exit status.
@Suite struct CLITests {
    // MARK: type-table

    struct Entry: Decodable, Hashable {
        let style: String
        let category: String
        let pointSize: Double
        let leading: Double
        let weight: String
        let face: String
    }

    /// The published table (the golden copy TextMetricsTests keeps), keyed "style category".
    static func publishedTable() throws -> [String: (size: Double, leading: Double)] {
        let path = CLI.repository.appendingPathComponent("Tests/TextMetricsTests/Goldens/dynamic-type.md")
        let rows = try String(contentsOf: path, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("| ") }
            .map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
        let categories = rows[0].dropFirst().map { $0.replacingOccurrences(of: "*", with: "").lowercased() }
        var table: [String: (size: Double, leading: Double)] = [:]
        for row in rows.dropFirst() {
            for (category, cell) in zip(categories, row.dropFirst()) {
                let numbers = cell.split(separator: "/").compactMap { Double($0) }
                try #require(numbers.count == 2, "cell '\(cell)'")
                table["\(row[0]) \(category)"] = (numbers[0], numbers[1])
            }
        }
        return table
    }

    @Test func typeTableJSONHas132EntriesMatchingThePublishedTable() throws {
        let result = try CLI.run(["type-table", "--format", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty)
        let entries = try JSONDecoder().decode([Entry].self, from: result.stdout)
        #expect(entries.count == 132)
        #expect(Set(entries.map { "\($0.style) \($0.category)" }).count == 132, "every style at every category, once")
        let table = try Self.publishedTable()
        #expect(table.count == 132)
        for entry in entries {
            let key = "\(entry.style) \(entry.category)"
            guard let published = table[key] else {
                Issue.record("\(key) is not in the published table")
                continue
            }
            #expect(entry.pointSize == published.size, "\(key)")
            #expect(entry.leading == published.leading, "\(key)")
            #expect(entry.weight == (entry.style == "headline" ? "semibold" : "regular"), "\(key)")
            let weightFile = entry.weight == "semibold" ? "SemiBold" : "Regular"
            let family = entry.pointSize < 20 ? "Inter" : "InterDisplay"
            #expect(entry.face == "\(family)-\(weightFile).otf", "\(key) at \(entry.pointSize) pt")
        }
    }

    @Test func typeTableTextListsEveryStyleAndCategory() throws {
        let result = try CLI.run(["type-table"])
        #expect(result.status == 0, "\(result)")
        let lines = result.output.split(separator: "\n")
        let header = try #require(lines.first)
        for name in ["xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"] {
            #expect(header.split(separator: " ").contains(Substring(name)), "\(name) missing from \(header)")
        }
        let body = try #require(lines.first { $0.hasPrefix("body ") })
        #expect(body.contains("14/19") && body.contains("17/22") && body.contains("53/62"))
        #expect(body.contains("Inter-Regular.otf") && body.contains("InterDisplay-Regular.otf"))
        for style in ["largeTitle", "title1", "title2", "title3", "headline", "body", "callout", "subheadline",
                      "footnote", "caption1", "caption2"] {
            #expect(lines.contains { $0.hasPrefix(style + " ") }, "\(style) row missing")
        }
    }

    // MARK: lines

    /// Two paragraphs whose greedy breaks at 150 pt in body (Inter Regular 17 pt) were checked with
    /// hb-shape: each line's words and spaces fit (the closest, "fox jumps over the", is 148.4 pt)
    /// and adding the next word would not (156.8 pt at the least).
    static let pangrams = """
        The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs.

        Sphinx of black quartz, judge my vow.

        """

    /// Every command's help names a category default as the user types it (`l`, never the enum's
    /// index `3`) and lists the twelve with their long names and body sizes.
    @Test(arguments: ["lines", "scroll", "layout", "preview", "check", "audit"])
    func helpNamesTheCategoryDefaultAndListsTheCategories(_ command: String) throws {
        let help = try CLI.run([command, "--help"]).output
        #expect(!help.contains("(default: 3)"))
        #expect(help.contains("ax5") && help.contains("accessibilityExtraExtraExtraLarge (body 53 pt)")
                || !help.contains("accessibilityExtraExtraExtraLarge"), "the list, when there is one, has long names and sizes")
        if ["lines", "scroll"].contains(command) {
            #expect(help.contains("(default: l)"))
            #expect(help.contains("large (body 17 pt)"))
        }
    }

    @Test func linesPrintsTheLinesAndASummary() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try CLI.write(Self.pangrams, to: "pangrams.txt", in: folder)
        let result = try CLI.run(["lines", file, "--width", "150"])
        #expect(result.status == 0, "\(result)")
        #expect(result.output == """
            The quick brown
            fox jumps over the
            lazy dog. Pack my
            box with five
            dozen liquor jugs.

            Sphinx of black
            quartz, judge my
            vow.

            """)
        // height = (lines + paragraphs − 1) × 22 pt (body's leading at L).
        #expect(result.stderr == "lines=8 paragraphs=2 height=198.00 missing=0\n")
    }

    @Test func linesUsesTheStylesLeadingAndTheCategoryByAnyName() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try CLI.write(Self.pangrams, to: "pangrams.txt", in: folder)
        let short = try CLI.run(["lines", file, "--width", "320", "--style", "title1", "--category", "ax3"])
        let long = try CLI.run(["lines", file, "--width", "320", "--style", "TITLE1", "--category", "AccessibilityExtraLarge"])
        #expect(short.status == 0 && long.status == 0, "\(short) \(long)")
        #expect(short.output == long.output)
        #expect(short.stderr == long.stderr)
        let lineCount = short.output.split(separator: "\n").count
        // title1 at AX3 is 48/57; two paragraphs add one blank line.
        #expect(short.stderr == "lines=\(lineCount) paragraphs=2 height=\(String(format: "%.2f", Double(lineCount + 1) * 57)) missing=0\n")
        #expect(lineCount > 8, "48 pt text takes more lines than 17 pt text")
    }

    @Test func linesAcceptsAnExplicitFontFile() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try CLI.write(Self.pangrams, to: "pangrams.txt", in: folder)
        let font = CLI.repository.appendingPathComponent("Fonts/Inter-Regular.otf").path
        let explicit = try CLI.run(["lines", file, "--width", "150", "--font", font, "--size", "17", "--line-height", "22"])
        let bundled = try CLI.run(["lines", file, "--width", "150"])
        #expect(explicit.status == 0, "\(explicit)")
        #expect(explicit.output == bundled.output, "body at L is Inter Regular 17/22")
        #expect(explicit.stderr == bundled.stderr)
    }

    /// `lines` splits a long document into runs of whole paragraphs, one per thread, each with
    /// its own typesetter: the output must not depend on how many there are. The document (about
    /// 260 KB, so at least five runs of 32 KiB) mixes what could go wrong at a run's edge or in
    /// a second word cache: hyphens, URLs, accents, ideographs, a word wider than the line.
    @Test func linesIsTheSameOnOneThreadOrMany() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let words = ["reflow", "text", "size-aware", "café", "naïve", "https://example.org/a-b/c", "—", "well-known",
                     "漢字かな", "Überbreite", "the", "of", "and", "a", "line", "Pneumonoultramicroscopicsilicovolcanoconiosis"]
        var generator = SeededGenerator(seed: 7)
        var paragraphs: [String] = []
        var size = 0
        while size < 260_000 {
            let count = 5 + Int(generator.next() % 120)
            let paragraph = (0..<count).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " ")
            paragraphs.append(paragraph)
            size += paragraph.utf8.count + 2
        }
        let file = try CLI.write(paragraphs.joined(separator: "\n\n") + "\n", to: "long.txt", in: folder)
        let arguments = ["lines", file, "--width", "180", "--overflow-wrap", "break-word"]
        let one = try CLI.run(arguments + ["--jobs", "1"])
        try #require(one.status == 0, "\(one.stderr)")
        #expect(one.stderr.hasPrefix("lines="))
        #expect(one.stderr.contains("paragraphs=\(paragraphs.count) "))
        for jobs in ["2", "5"] {
            let many = try CLI.run(arguments + ["--jobs", jobs])
            #expect(many.status == 0, "\(many.stderr)")
            #expect(many.stdout == one.stdout, "--jobs \(jobs) broke lines differently from --jobs 1")
            #expect(many.stderr == one.stderr)
        }
    }

    @Test func emptyInputPrintsNothingAndSucceeds() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in [("empty.txt", ""), ("blank.txt", "\n\n  \n\t\n")] {
            let file = try CLI.write(text, to: name, in: folder)
            let result = try CLI.run(["lines", file, "--width", "100"])
            #expect(result.status == 0, "\(name): \(result)")
            #expect(result.stdout.isEmpty, "\(name): \(result.output)")
            #expect(!result.stderr.contains("error"), "\(name): \(result.stderr)")
        }
    }

    @Test func invalidUTF8IsReplacedAndWarnedAboutOnce() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        // "café" in Latin-1, then two stray bytes, then a truncated 3-byte sequence.
        let bytes: [UInt8] = Array("caf".utf8) + [0xE9] + Array(" ok ".utf8) + [0xFF, 0xFE] + Array(" end ".utf8) + [0xE2, 0x82]
        let file = try CLI.write(bytes, to: "latin1.txt", in: folder)
        let result = try CLI.run(["lines", file, "--width", "300"])
        #expect(result.status == 0, "\(result)")
        #expect(!result.crashed)
        #expect(result.output.hasPrefix("caf\u{FFFD} ok \u{FFFD}"), "\(result.output)")
        #expect(result.output.contains("end"))
        let warnings = result.stderrLines.filter { $0.hasPrefix("reflow-cli: warning:") }
        #expect(warnings.count == 1, "\(result.stderr)")
        #expect(warnings.first?.contains("UTF-8") == true)
        #expect(warnings.first?.contains("offset 3") == true, "names the first bad byte")
        #expect(result.stderrLines.last?.hasPrefix("lines=1 paragraphs=1 ") == true, "\(result.stderr)")
        #expect(!result.stderr.contains("error"))
    }

    /// NUL bytes past the first 8 KiB (one before them makes the file binary, refused: issue 36
    /// row 11, BadInputTableTests+NotADocument).
    @Test func nulBytesAreReplacedAndWarnedAbout() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try CLI.write(Array(repeating: 0x78, count: 8192) + [0x0A, 0x0A, 0x61, 0x00, 0x62, 0x20, 0x63, 0x00, 0x00, 0x64, 0x0A],
                                 to: "nul.txt", in: folder)
        let result = try CLI.run(["lines", file, "--width", "300"])
        #expect(result.status == 0, "\(result)")
        #expect(result.output.hasSuffix("\na\u{FFFD}b c\u{FFFD}\u{FFFD}d\n"), "\(result.output.suffix(40))")
        let warnings = result.stderrLines.filter { $0.hasPrefix("reflow-cli: warning:") }
        #expect(warnings.count == 1, "\(result.stderr)")
        #expect(warnings.first?.contains("3 NUL") == true, "\(result.stderr)")
    }

    @Test func overflowWrapChoosesBetweenOverflowingAndBreakingALongWord() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let word = String(repeating: "x", count: 300)
        let file = try CLI.write("a " + word + " b\n", to: "long.txt", in: folder)
        // The default, like the peer engines: the word stays whole on a line of its own.
        let normal = try CLI.run(["lines", file, "--width", "100"])
        #expect(normal.status == 0, "\(normal)")
        #expect(normal.output == "a\n\(word)\nb\n")
        let broken = try CLI.run(["lines", file, "--width", "100", "--overflow-wrap", "break-word"])
        #expect(broken.status == 0, "\(broken)")
        let lines = broken.output.split(separator: "\n").map(String.init)
        #expect(lines.count > 3)
        #expect(lines.joined() == "a" + word + "b")
        #expect(broken.stderr.hasPrefix("lines=\(lines.count) paragraphs=1 "))
    }

    @Test func typeTableReportsMissingFontsAsOneLine() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["type-table", "--fonts", folder.appendingPathComponent("none").path])
        #expect(result.status == 1, "\(result)")
        #expect(!result.crashed)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1)
        #expect(result.messageLines.first?.hasPrefix("reflow-cli: error: cannot find the bundled fonts") == true, "\(result.stderr)")
    }

    // Bad input: BadInputTableTests.

    @Test func unknownCategoryMessageListsEveryValidName() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try CLI.write("hello world", to: "t.txt", in: folder)
        let result = try CLI.run(["lines", file, "--width", "100", "--category", "ax9"])
        #expect(result.status != 0)
        #expect(!result.crashed)
        let words = Set(result.stderr.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init))
        for name in ["xs", "s", "m", "l", "xl", "xxl", "xxxl", "ax1", "ax2", "ax3", "ax4", "ax5"] {
            #expect(words.contains(name), "\(name) is not listed: \(result.stderr)")
        }
    }
}
