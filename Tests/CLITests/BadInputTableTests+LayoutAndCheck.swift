import Foundation
import Testing

/// `layout` and `check` (BadInputTableTests.swift has the cases' form and how each is verified).
extension BadInputTableTests {
    // MARK: layout

    static let layoutCases: [Case] = [
        Case(name: "missing file", arguments: ["nope.md"], status: 1,
             stderr: "reflow-cli: error: cannot read 'nope.md': no such file; check the path"),
        Case(name: "a directory", arguments: ["sub"], status: 1,
             stderr: "reflow-cli: error: 'sub' is a directory; pass a file: plain text, Markdown or a screen (.json)"),
        Case(name: "24.8 more cells than the input limit allows", arguments: ["empties.md", "--max-input", "1K"], status: 1,
             stderr: "reflow-cli: error: 'empties.md' makes 12 cells, more than the 8 the input limit of 1 KiB allows (one per 128 bytes "
                + "of it: a cell takes about 1 KB to lay out); raise it with --max-input 2K or more if the document is meant to be this long"),
        Case(name: "24.8 more Markdown markup than the input limit allows, found before parsing", arguments: ["marks.md", "--max-input", "1K"],
             status: 1,
             stderr: "reflow-cli: error: 'marks.md' has 600 line ends and Markdown markup characters, more than the 32 the input limit of 1 KiB "
                + "allows (one per 32 bytes of it: the Markdown parser may hold 490 bytes for each before cells can be counted); "
                + "raise it with --max-input 19K or more if the document is meant to be this long"),
        Case(name: "24.8 a Markdown table the parser would pad beyond the input limit, found before parsing",
             arguments: ["padded.md", "--max-input", "1K"], status: 1,
             stderr: "reflow-cli: error: 'padded.md' has Markdown tables of 12 cells (line 2 starts a table of 3 columns and 3 rows, "
                + "the Markdown parser giving every row every column), more than the 8 the input limit of 1 KiB allows (one per 128 "
                + "bytes of it); split the table into narrower or shorter ones, or raise the limit with --max-input 2K or more"),
        Case(name: "24 a Markdown parse past its deadline", arguments: ["nested.md", "--parse-timeout", "0.3"], status: 1,
             stderr: "reflow-cli: error: reading 'nested.md' took more than 0.3 s and was stopped: the Markdown parser (cmark-gfm "
                + "0.29.0.gfm.6) takes time growing with the square of some inputs, such as lists or block quotes nested thousands deep, "
                + "unclosed brackets before links, or www. runs joined by underscores; simplify the document, or give it more time "
                + "with --parse-timeout"),
        Case(name: "#4 -o the input", arguments: ["doc.md", "-o", "doc.md"], status: 1,
             stderr: "reflow-cli: error: refusing to write 'doc.md': it is the input document 'doc.md', which would be lost; choose another output path"),
        Case(name: "#5 -o /dev/null", arguments: ["doc.md", "-o", "/dev/null"], status: 0, stderr: ""),
        Case(name: "#5 -o a dangling symbolic link writes its target", arguments: ["doc.md", "-o", "link.json"], status: 0,
             stderr: "", writes: "target.json"),
        Case(name: "#9 -o a 250-character name", arguments: ["doc.md", "-o", String(repeating: "n", count: 245) + ".json"], status: 0,
             stderr: "", writes: String(repeating: "n", count: 245) + ".json"),
        Case(name: "#9 disk full", arguments: ["doc.md", "-o", "/dev/full"], status: 1,
             stderr: "reflow-cli: error: cannot write '/dev/full': no space left on the device holding '/dev'; free some space or write somewhere else"),
        // Issue 36 row 5: a device is never read as a document; standard input ('-') stops at the limit.
        Case(name: "#17 /dev/zero", arguments: ["/dev/zero"], status: 1,
             stderr: "reflow-cli: error: '/dev/zero' is a character device, not a regular file; save the document to a file, or give '-' and pipe it to standard input"),
        Case(name: "#17 - on /dev/zero", arguments: ["-", "--max-input", "1M"], status: 1,
             stderr: "reflow-cli: error: standard input is larger than the input limit of 1 MiB; raise it with --max-input (e.g. --max-input 1G) if the document is meant to be this long",
             stdin: "/dev/zero"),
        Case(name: "a file above --max-input", arguments: ["doc.md", "--max-input", "10"], status: 1,
             stderr: "reflow-cli: error: 'doc.md' is 153 bytes, more than the input limit of 10 bytes; raise it with --max-input 153 or more if the document is meant to be this long"),
        Case(name: "24 a file above --max-input, sizes that round alike", arguments: ["w.md", "--max-input", "1638"], status: 1,
             stderr: "reflow-cli: error: 'w.md' is 1,650 bytes, more than the input limit of 1,638 bytes; raise it with --max-input 2K or more if the document is meant to be this long"),
        Case(name: "--width 0.0001", arguments: ["doc.md", "--width", "0.0001"], status: 1,
             stderr: "reflow-cli: error: container width 0.0001 pt is too narrow at category l: cells need more than 33 pt (section and content insets); use a wider --width"),
        Case(name: "--width 1e308", arguments: ["doc.md", "--width", "1e308"], status: 64,
             stderr: "Error: --width must be at most 10000000 points, got 1e+308"),
        Case(name: "--width 0", arguments: ["doc.md", "--width", "0"], status: 64,
             stderr: "Error: --width must be a positive number of points, got 0"),
        Case(name: "--width=-1", arguments: ["doc.md", "--width=-1"], status: 64,
             stderr: "Error: --width must be a positive number of points, got -1"),
        Case(name: "--width abc", arguments: ["doc.md", "--width", "abc"], status: 64,
             stderr: "Error: The value 'abc' is invalid for '--width <pt>': --width must be a decimal number of points, got 'abc'"),
        // Issue 36 row 12: decimal numbers only (Swift's Double(String) reads hexadecimal too).
        Case(name: "36.12 --width 0x10", arguments: ["doc.md", "--width", "0x10"], status: 64,
             stderr: "Error: The value '0x10' is invalid for '--width <pt>': --width must be a decimal number of points, got '0x10'"),
        Case(name: "36.12 --width 0x1p3", arguments: ["doc.md", "--width", "0x1p3"], status: 64,
             stderr: "Error: The value '0x1p3' is invalid for '--width <pt>': --width must be a decimal number of points, got '0x1p3'"),
        Case(name: "36.12 --width -0x10", arguments: ["doc.md", "--width", "-0x10"], status: 64,
             stderr: "Error: The value '-0x10' is invalid for '--width <pt>': --width must be a decimal number of points, got '-0x10'"),
        Case(name: "36.12 --offset 0x10", arguments: ["doc.md", "--viewport", "390x844", "--offset", "0x10"], status: 64,
             stderr: "Error: The value '0x10' is invalid for '--offset <pt>': --offset must be a decimal number of points, got '0x10'"),
        Case(name: "36.12 --parse-timeout 0x10", arguments: ["doc.md", "--parse-timeout", "0x10"], status: 64,
             stderr: "Error: The value '0x10' is invalid for '--parse-timeout <seconds>': --parse-timeout must be a decimal number of seconds, 0 or more (0: never), got 0x10"),
        Case(name: "unknown category", arguments: ["doc.md", "--category", "huge"], status: 64,
             stderr: "Error: The value 'huge' is invalid for '--category <category>'. Please provide one of the following:"),
        Case(name: "REFLOW_FONTS=garbage", arguments: ["doc.md"], status: 1,
             stderr: "reflow-cli: error: REFLOW_FONTS is 'garbage', which holds no Inter-Regular.otf; point it at the fonts folder, or unset it to use the bundled fonts",
             environment: ["REFLOW_FONTS": "garbage"]),
        Case(name: "front matter with nested '? ' keys (the document fuzzer's hang)", arguments: ["keys.md"], status: 1,
             stderr: "reflow-cli: error: front matter, line 3: a key that is not text (a '? ' key, a list or mapping as key, or an alias as key); write one 'key: value' per line with a word as the key"),
        // Issue 22's bad input: a layout, never a crash, a hang or an error.
        Case(name: "broken and hostile HTML", arguments: ["html.md", "-o", "/dev/null"], status: 0,
             stderr: "reflow-cli: warning: 'html.md' contains 1 NUL byte(s); they were replaced with U+FFFD"),
        Case(name: "10,000 nested <div>s", arguments: ["divs.md", "-o", "/dev/null", "--category", "all"], status: 0, stderr: ""),
        Case(name: "a list 10,000 deep", arguments: ["list.md", "-o", "/dev/null", "--category", "all"], status: 0, stderr: ""),
        Case(name: "10,000 quotes and 10,000 mixed containers", arguments: ["quotes.md", "-o", "/dev/null", "--category", "all"],
             status: 0, stderr: ""),
        // Issue 24.
        Case(name: "24.5 stdout on a full device", arguments: ["doc.md"], status: 1, stderr: "reflow-cli: error: cannot write to stdout: no space left on the device; free some space or send stdout elsewhere", redirections: ">/dev/full"),
        Case(name: "24.5 stdout closed", arguments: ["doc.md"], status: 1, stderr: "reflow-cli: error: cannot write to stdout: it is closed; run with stdout open (redirect it to a file, or to /dev/null to discard it)", redirections: ">&-"),
        Case(name: "24 --offset -5", arguments: ["doc.md", "--viewport", "390x844", "--offset", "-5"], status: 64,
             stderr: "Error: --offset must be 0 or more points, got -5"),
        Case(name: "24 --max-input -1", arguments: ["doc.md", "--max-input", "-1"], status: 64,
             stderr: "Error: The value '-1' is invalid for '--max-input <size>': a size is a whole number of bytes, 0 or more, or of K, M or G (binary multiples: 512K, 256M, 1G)"),
    ]

    /// Issue 22's hostile documents, written into the folder of each layout and preview case.
    static func writeHostileDocuments(in folder: URL) throws {
        let big = String(repeating: "abcdefgh ", count: 120_000)
        let html = """
            <div align=center>\n\n<details>\n<summary>Never closed</summary>\n\n</div></span>stray end tags\n\n
            <table><tr><td>a<td>b</tr><tr><td>c</table></td>junk</tr>\n\n<p align=center dir=rtl>no quotes</p>\n\n
            <img src=a.png alt=abc width="abc"> <img src=b.png alt=minus width="-5"> <img src=c.png alt=huge width="99999999999">\n\n
            <script>alert("<b>x</b>")</script><style>p { color: red }</style>\n\nText <!-- comment --> <![CDATA[ raw ]]> &amp; &bogus; &#0;.\n\n
            <div title="\(big)">a megabyte attribute</div>\n\nA NUL past the first 8 KiB (one before is binary): \u{0}.\n
            """
        _ = try CLI.write(html, to: "html.md", in: folder)
        _ = try CLI.write(String(repeating: "<div align=center>", count: 10_000) + "deep\n\nafter\n", to: "divs.md", in: folder)
        _ = try CLI.write(String(repeating: "- ", count: 10_000) + "deep\n\n" + String(repeating: "1. ", count: 10_000) + "deep\n",
                          to: "list.md", in: folder)
        _ = try CLI.write(String(repeating: ">", count: 10_000) + " deep\n\n" + String(repeating: "- > 1. ", count: 3_334) + "deep\n",
                          to: "quotes.md", in: folder)
    }

    @Test(arguments: layoutCases)
    func layout(_ item: Case) throws {
        try Self.verify(["layout", "--quiet"], item) { folder in
            // Two keys given twice, equal down to a list nested 40 deep: 2^40 comparisons in Yams.
            let deep = String(repeating: "[", count: 40) + "z" + String(repeating: "]", count: 40)
            let keys = "? [\(deep), x]\n: 1\n? [\(deep), y]\n: 2\n"
            _ = try CLI.write("---\nlang: de\n" + keys + keys + "---\nText\n", to: "keys.md", in: folder)
            _ = try CLI.write(String(repeating: "word ", count: 330), to: "w.md", in: folder)
            _ = try CLI.write(String(repeating: "-\n", count: 12), to: "empties.md", in: folder)
            _ = try CLI.write(String(repeating: "-\n", count: 300), to: "marks.md", in: folder)
            _ = try CLI.write("|a|b|c|\n|-|-|-|\na\na\na\n", to: "padded.md", in: folder)
            _ = try CLI.write(String(repeating: "- ", count: 8_000) + "x" + String(repeating: "\n", count: 8_000), to: "nested.md", in: folder)
            try Self.writeHostileDocuments(in: folder)
        }
    }

    // MARK: check

    static let checkCases: [Case] = [
        Case(name: "#8 --goldens FILE --record", arguments: ["doc.md", "--goldens", "doc.txt", "--record", "--category", "l"], status: 1,
             stderr: "reflow-cli: error: --goldens 'doc.txt' is a file, not a folder; give the folder that holds (or will hold) the goldens"),
        Case(name: "#8 --goldens FILE", arguments: ["doc.md", "--goldens", "doc.txt", "--category", "l"], status: 1,
             stderr: "reflow-cli: error: --goldens 'doc.txt' is a file, not a folder; give the folder that holds (or will hold) the goldens"),
        Case(name: "#8 --goldens /proc/goldens --record", arguments: ["doc.md", "--goldens", "/proc/goldens", "--record", "--category", "l"],
             status: 1,
             stderr: "reflow-cli: error: cannot write '/proc/goldens': creating the folder failed: the file system holding it does not allow new folders"),
        Case(name: "no goldens folder", arguments: ["doc.md", "--goldens", "none", "--category", "l"], status: 1,
             stderr: "reflow-cli: error: no goldens folder 'none'; run with --record to create it and record the goldens"),
        Case(name: "no golden for a size", arguments: ["doc.md", "--goldens", "goldens", "--category", "l", "ax5"], status: 1,
             stderr: "reflow-cli: error: no golden for ax5 in 'goldens' (expected doc-CATEGORY.json); run with --record to create them"),
        Case(name: "#11 a golden with a null width", arguments: ["doc.md", "--goldens", "null", "--category", "l"], status: 1,
             stderr: "reflow-cli: error: golden 'null/doc-l.json' is not a layout JSON: contentSize.width is null (expected a number); re-record it with --record"),
        Case(name: "#13 a golden listing every cell twice", arguments: ["doc.md", "--goldens", "twice", "--category", "l"], status: 1,
             stderr: "reflow-cli: error: layouts differ from the goldens at l; if the change is intended, re-record with --record"),
        Case(name: "a golden that is not JSON", arguments: ["doc.md", "--goldens", "broken", "--category", "l"], status: 1,
             stderr: "reflow-cli: error: golden 'broken/doc-l.json' is not a layout JSON: it is not valid JSON; re-record it with --record"),
        Case(name: "#11 --width 1e308", arguments: ["doc.md", "--goldens", "goldens", "--record", "--width", "1e308"], status: 64,
             stderr: "Error: --width must be at most 10000000 points, got 1e+308"),
        Case(name: "--tolerance -1", arguments: ["doc.md", "--goldens", "goldens", "--tolerance=-1"], status: 64,
             stderr: "Error: --tolerance must be 0 or more points, got -1.0"),
        // Issue 36 row 12.
        Case(name: "36.12 --tolerance 0x1", arguments: ["doc.md", "--goldens", "goldens", "--tolerance", "0x1"], status: 64,
             stderr: "Error: The value '0x1' is invalid for '--tolerance <pt>': --tolerance must be a decimal number of points, got '0x1'"),
        Case(name: "36.12 --width 0x10", arguments: ["doc.md", "--goldens", "goldens", "--width", "0x10"], status: 64,
             stderr: "Error: The value '0x10' is invalid for '--width <pt>': --width must be a decimal number of points, got '0x10'"),
        Case(name: "36.12 --shard -1/2", arguments: ["doc.md", "--goldens", "goldens", "--shard", "-1/2"], status: 64,
             stderr: "Error: The value '-1/2' is invalid for '--shard <I/N>': --shard: shard -1 of 2 does not exist; the index runs from 1 to 2"),
        Case(name: "36.12 --shard 0/2 (the same message)", arguments: ["doc.md", "--goldens", "goldens", "--shard", "0/2"], status: 64,
             stderr: "Error: The value '0/2' is invalid for '--shard <I/N>': --shard: shard 0 of 2 does not exist; the index runs from 1 to 2"),
        Case(name: "36.12 a shard with no documents", arguments: ["doc.md", "--goldens", "goldens", "--category", "l", "--shard", "2/2"],
             status: 0, stderr: "shard 2/2 has no documents of the 1 found"),
        Case(name: "36.12 a shard with no documents, recording", arguments: ["doc.md", "--goldens", "goldens", "--record", "--category", "l", "--shard", "2/2"],
             status: 0, stderr: "shard 2/2 has no documents of the 1 found"),
        Case(name: "--max-cells 0", arguments: ["doc.md", "--goldens", "goldens", "--max-cells", "0"], status: 64,
             stderr: "Error: --max-cells must be at least 1"),
        Case(name: "missing file", arguments: ["nope.md", "--goldens", "goldens"], status: 1,
             stderr: "reflow-cli: error: cannot read 'nope.md': no such file or folder; check the path (a document, or a folder of them)"),
        Case(name: "#4 --record through a link to the input", arguments: ["doc.md", "--goldens", "linked", "--record", "--category", "l"],
             status: 1,
             stderr: "reflow-cli: error: refusing to write 'linked/doc-l.json': it is the input document 'doc.md', which would be lost; choose another output path"),
        // Issue 24.
        Case(name: "24 --tolerance -1", arguments: ["doc.md", "--goldens", "goldens", "--tolerance", "-1"], status: 64,
             stderr: "Error: --tolerance must be 0 or more points, got -1.0"),
        Case(name: "24 --max-cells -1", arguments: ["doc.md", "--goldens", "goldens", "--max-cells", "-1"], status: 64,
             stderr: "Error: --max-cells must be at least 1"),
        Case(name: "24.13 a golden that is a FIFO", arguments: ["doc.md", "--goldens", "fifo-goldens", "--category", "l"], status: 1,
             stderr: "reflow-cli: error: golden 'fifo-goldens/doc-l.json' is a FIFO (named pipe), not a regular file; run with --record to replace it with a golden"),
        Case(name: "24.5 stdout on a full device", arguments: ["doc.md", "--goldens", "goldens", "--category", "l"], status: 1,
             stderr: "reflow-cli: error: cannot write to stdout: no space left on the device; free some space or send stdout elsewhere", redirections: ">/dev/full"),
    ]

    @Test(arguments: checkCases)
    func check(_ item: Case) throws {
        try Self.verify(["check", "--quiet"], item) { folder in
            let recorded = try CLI.run(["check", "doc.md", "--goldens", "goldens", "--record", "--category", "l", "--quiet"],
                                       directory: folder)
            try #require(recorded.status == 0, "\(recorded)")
            let golden = try String(contentsOf: folder.appendingPathComponent("goldens/doc-l.json"), encoding: .utf8)
            for (name, text) in [
                ("null", golden.replacingOccurrences(of: "\"contentSize\": {\"width\": 390", with: "\"contentSize\": {\"width\": null")),
                ("twice", Self.listingEveryCellTwice(golden)),
                ("broken", "{\"environment\": "),
            ] {
                try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: false)
                _ = try CLI.write(text, to: "\(name)/doc-l.json", in: folder)
            }
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("fifo-goldens"), withIntermediateDirectories: false)
            #expect(mkfifo(folder.appendingPathComponent("fifo-goldens/doc-l.json").path, 0o600) == 0)
            // A golden that is a link to the document itself.
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("linked"), withIntermediateDirectories: false)
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("linked/doc-l.json").path,
                                                       withDestinationPath: "../doc.md")
        }
    }

    /// The golden with each cell's line written twice (a hand merge gone wrong).
    static func listingEveryCellTwice(_ golden: String) -> String {
        var lines: [String] = []
        for line in golden.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("    {\"indexPath\"") {
                let cell = line.hasSuffix(",") ? String(line.dropLast()) : String(line)
                lines.append(cell + ",")
                lines.append(String(line))
            } else {
                lines.append(String(line))
            }
        }
        return lines.joined(separator: "\n")
    }
}
