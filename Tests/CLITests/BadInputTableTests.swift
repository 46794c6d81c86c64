import Foundation
import Testing

/// Hostile input, one table per command: each case gives the exit status and the exact first
/// line of stderr a person must see, and checks that no file in the folder changed but the one
/// the command was asked to write (a failing run writes nothing, and never touches its input).
///
/// Exit status: 64 for bad options (ArgumentParser's validation, before any work), 1 for what
/// goes wrong at run time, 0 for success. Every case runs in a fresh folder holding the fixtures
/// below, as the working directory, so paths in messages read as typed.
@Suite struct BadInputTableTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        let status: Int32
        /// The first line of stderr; `{dir}` stands for the folder.
        let stderr: String
        /// The one file (relative to the folder) the command may create or change.
        var writes: String? = nil
        var environment: [String: String?] = [:]
        /// Standard input: this file (relative to the folder, or absolute); empty without one.
        var stdin: String? = nil
        /// Shell redirections for the command (`CLI.run`'s): `>/dev/full`, `>&-`, `2>/dev/full`.
        var redirections: String? = nil
        var testDescription: String { name }
    }

    static let document = LayoutAndScrollCommandTests.document

    /// The longest file name the scratch folders' file system takes (255 on ext4, xfs, tmpfs,
    /// overlayfs), and a name 49 bytes longer.
    static let nameLimit: Int = {
        let limit = pathconf(FileManager.default.temporaryDirectory.path, Int32(_PC_NAME_MAX))
        return limit > 0 ? limit : 255
    }()
    static let longName = String(repeating: "n", count: nameLimit + 45) + ".png"

    /// The fixtures: documents, a folder, a fake font, a dangling symbolic link, goldens.
    static func fixture() throws -> URL {
        let folder = try CLI.scratch()
        _ = try CLI.write(document, to: "doc.md", in: folder)
        _ = try CLI.write("hello world\n", to: "doc.txt", in: folder)
        _ = try CLI.write("hello \u{5E9}\u{5DC}\u{5D5}\u{5DD}\n", to: "hebrew.txt", in: folder)
        _ = try CLI.write("", to: "empty.md", in: folder)
        _ = try CLI.write("this is not a font, just text\n", to: "fake.otf", in: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.json").path,
                                                   withDestinationPath: "target.json")
        // FIFOs, with no writer: opened for reading, each waits for one forever.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("fifo-fonts"), withIntermediateDirectories: false)
        for name in ["fifo.otf", "fifo-fonts/Inter-Regular.otf"] {
            #expect(mkfifo(folder.appendingPathComponent(name).path, 0o600) == 0)
        }
        return folder
    }

    /// What a folder holds: each path with its kind, size, modification time and inode.
    static func snapshot(_ folder: URL) -> [String: String] {
        var entries: [String: String] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return entries }
        while let name = walker.nextObject() as? String {
            var status = stat()
            guard lstat(folder.appendingPathComponent(name).path, &status) == 0 else { continue }
            entries[name] = "\(status.st_mode) \(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec) \(status.st_ino)"
        }
        return entries
    }

    static func verify(_ command: [String], _ item: Case, prepare: (URL) throws -> Void = { _ in }) throws {
        // /dev/full stands for a full disk; a machine without it cannot run that case.
        if item.arguments.contains("/dev/full") || item.redirections?.contains("/dev/full") == true,
           !FileManager.default.fileExists(atPath: "/dev/full") {
            print("skipped '\(item.name)': this machine has no /dev/full")
            return
        }
        let folder = try fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        try prepare(folder)
        let before = snapshot(folder)
        let result = try CLI.run(command + item.arguments, input: item.stdin.map { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : folder.appendingPathComponent($0) },
                                 timeout: 60, directory: folder, environment: item.environment, redirections: item.redirections)
        #expect(!result.crashed, "\(item.name): \(result)")
        #expect(result.status == item.status, "\(item.name): \(result)")
        let expected = item.stderr.replacingOccurrences(of: "{dir}", with: folder.path)
        // Progress lines ("rendering: 40%", written once work has taken a second: how many depends
        // on the machine's speed) come before the message; the message is the first other line.
        let message = result.messageLines.first.map(String.init) ?? ""
        #expect(message == expected, "\(item.name): \(result.stderr)")
        var after = snapshot(folder)
        if let writes = item.writes { after[writes] = before[writes] }
        let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
        #expect(changed.isEmpty, "\(item.name): changed \(changed)")
    }

    // MARK: preview (the default command)

    static let previewCases: [Case] = [
        Case(name: "missing file", arguments: ["nope.md"], status: 1,
             stderr: "reflow-cli: error: cannot read 'nope.md': no such file; check the path"),
        // Issue 25: a folder is documents to draw, into a folder of their own.
        Case(name: "a folder without -o", arguments: ["sub"], status: 64,
             stderr: "Error: several documents, a folder or --shard need -o FOLDER: each document's file is written in it, named after the document's path"),
        Case(name: "several documents and -o a file", arguments: ["doc.md", "doc.md", "-o", "doc.md"], status: 64,
             stderr: "Error: -o 'doc.md' is a file; with several documents, a folder or --shard, -o names the folder their files are written in (created if missing)"),
        Case(name: "several documents, one missing", arguments: ["doc.md", "nope.md", "-o", "out"], status: 1,
             stderr: "reflow-cli: error: cannot read 'nope.md': no such file or folder; check the path (a document, or a folder of them)"),
        Case(name: "#1 one-character -o", arguments: ["doc.md", "-o", "x"], status: 0, stderr: "wrote x", writes: "x"),
        Case(name: "#1 one-character -o é", arguments: ["doc.md", "-o", "é"], status: 0, stderr: "wrote é", writes: "é"),
        Case(name: "#4 -o the input", arguments: ["doc.md", "--format", "png", "-o", "doc.md"], status: 1,
             stderr: "reflow-cli: error: refusing to write 'doc.md': it is the input document 'doc.md', which would be lost; choose another output path"),
        Case(name: "#4 -o the input, plain text", arguments: ["doc.txt", "--format", "png", "-o", "doc.txt"], status: 1,
             stderr: "reflow-cli: error: refusing to write 'doc.txt': it is the input document 'doc.txt', which would be lost; choose another output path"),
        Case(name: "#5 -o /dev/null", arguments: ["doc.md", "-o", "/dev/null", "--format", "png"], status: 0, stderr: "wrote /dev/null"),
        Case(name: "#9 -o missing folder", arguments: ["doc.md", "-o", "none/x.png"], status: 1,
             stderr: "reflow-cli: error: cannot write 'none/x.png': the folder 'none' does not exist; create it or choose another path"),
        Case(name: "#9 -o a name too long", arguments: ["doc.md", "-o", longName], status: 1,
             stderr: "reflow-cli: error: cannot write '\(longName)': its name is \(longName.utf8.count) bytes, longer than the file system allows (\(nameLimit)); choose a shorter name"),
        Case(name: "#9 disk full", arguments: ["doc.md", "-o", "/dev/full", "--format", "png"], status: 1,
             stderr: "reflow-cli: error: cannot write '/dev/full': no space left on the device holding '/dev'; free some space or write somewhere else"),
        Case(name: "-o a directory", arguments: ["doc.md", "-o", "sub"], status: 1,
             stderr: "reflow-cli: error: cannot write 'sub': it is a directory; give a file path"),
        Case(name: "#11 --offset 1e307", arguments: ["doc.md", "--viewport", "390x844", "--offset", "1e307"], status: 64,
             stderr: "Error: --offset must be at most 1000000000000 points, got 1e+307"),
        Case(name: "--width 1e308", arguments: ["doc.md", "--width", "1e308"], status: 64,
             stderr: "Error: --width must be at most 10000000 points, got 1e+308"),
        Case(name: "--width 0.0001", arguments: ["doc.md", "--width", "0.0001"], status: 1,
             stderr: "reflow-cli: error: container width 0.0001 pt is too narrow at category l: cells need more than 33 pt (section and content insets); use a wider --width"),
        Case(name: "--width 0", arguments: ["doc.md", "--width", "0"], status: 64,
             stderr: "Error: --width must be a positive number of points, got 0"),
        Case(name: "--scale 5", arguments: ["doc.md", "--scale", "5"], status: 64,
             stderr: "Error: --scale must be 1, 2, 3 or 4 (device pixels per point), got 5"),
        Case(name: "--format xml", arguments: ["doc.md", "--format", "xml"], status: 64,
             stderr: "Error: The value 'xml' is invalid for '--format <format>'. Please provide one of 'png', 'svg' or 'json'."),
        Case(name: "-o with an unknown extension", arguments: ["doc.md", "-o", "out.gif"], status: 64,
             stderr: "Error: cannot tell the format from '.gif'; give --format png, svg or json"),
        Case(name: "--viewport 390", arguments: ["doc.md", "--viewport", "390"], status: 64,
             stderr: "Error: --viewport must be WIDTHxHEIGHT in points, e.g. 390x844, got '390'"),
        Case(name: "--offset without --viewport", arguments: ["doc.md", "--offset", "10"], status: 64,
             stderr: "Error: --offset needs --viewport (the screen it scrolls)"),
        Case(name: "--width and --viewport disagree", arguments: ["doc.md", "--viewport", "320X568", "--width", "390"], status: 64,
             stderr: "Error: --width 390 and --viewport 320X568 disagree; give one width"),
        Case(name: "--viewport with --format json", arguments: ["doc.md", "--viewport", "390x844", "--format", "json"], status: 64,
             stderr: "Error: --viewport crops an image; --format json writes the whole layout (drop --viewport)"),
        Case(name: "--viewport 1e308x844", arguments: ["doc.md", "--viewport", "1e308x844"], status: 64,
             stderr: "Error: --viewport's width must be at most 10000000 points, got 1e+308"),
        Case(name: "--parts with --viewport", arguments: ["doc.md", "--viewport", "390x844", "--parts"], status: 64,
             stderr: "Error: --parts cuts one text size's whole page into PNG parts; it does not go with --viewport, --category all or --format png"),
        Case(name: "unknown category", arguments: ["doc.md", "--category", "huge"], status: 64,
             stderr: "Error: The value 'huge' is invalid for '--category <category>'. Please provide one of the following:"),
        Case(name: "empty input", arguments: ["empty.md"], status: 0,
             stderr: "nothing to render: 'empty.md' has no text; no file written"),
        Case(name: "REFLOW_FONTS=garbage", arguments: ["doc.md"], status: 1,
             stderr: "reflow-cli: error: REFLOW_FONTS is 'garbage', which holds no Inter-Regular.otf; point it at the fonts folder, or unset it to use the bundled fonts",
             environment: ["REFLOW_FONTS": "garbage"]),
        Case(name: "--fonts garbage", arguments: ["doc.md", "--fonts", "garbage"], status: 1,
             stderr: "reflow-cli: error: cannot find the bundled fonts (Inter-Regular.otf) in: garbage; pass --fonts DIR or set REFLOW_FONTS to the repository's Fonts folder"),
        Case(name: "#17 /dev/zero", arguments: ["/dev/zero", "--max-input", "1M"], status: 1,
             stderr: "reflow-cli: error: '/dev/zero' is larger than the input limit of 1 MiB; raise it with --max-input (e.g. --max-input 1G) if the document is meant to be this long"),
        Case(name: "--max-input abc", arguments: ["doc.md", "--max-input", "abc"], status: 64,
             stderr: "Error: The value 'abc' is invalid for '--max-input <size>': a size is a whole number of bytes, 0 or more, or of K, M or G (binary multiples: 512K, 256M, 1G)"),
        Case(name: "broken and hostile HTML to PNG", arguments: ["html.md", "-o", "html.png"], status: 0,
             stderr: "reflow-cli: warning: 'html.md' contains 1 NUL byte(s); they were replaced with U+FFFD", writes: "html.png"),
        Case(name: "a list 10,000 deep to SVG at AX5", arguments: ["list.md", "--category", "ax5", "-o", "list.svg"], status: 0,
             stderr: "wrote list.svg", writes: "list.svg"),
        Case(name: "#7 a page too tall for one PNG, with -o", arguments: ["many.txt", "--scale", "1", "--width", "100", "-o", "many.png"],
             status: 1,
             stderr: "reflow-cli: error: the page is 100 x 1560008 px, more than one PNG can hold (at most 1000000 pixels a side); add --parts to write it in numbered parts named after -o, drop -o to write the parts beside the document, or draw one screen with --viewport"),
        // Issue 24.
        Case(name: "24.5 stderr on a full device: the PNG is written, the run fails", arguments: ["doc.md", "-o", "x.png"], status: 1,
             stderr: "", writes: "x.png", redirections: "2>/dev/full"),
        Case(name: "24 -o a file in /proc, checked before any work", arguments: ["nope.md", "-o", "/proc/version"], status: 1,
             stderr: "reflow-cli: error: cannot write '/proc/version': the folder '/proc' takes no new files (a virtual file system such as /proc); write somewhere else"),
        Case(name: "24 a page too wide for a PNG", arguments: ["doc.txt", "--width", "600000", "-o", "w.png"], status: 1,
             stderr: "reflow-cli: error: the image would be 1200000 x 120 pixels, more than a PNG can have (libpng writes at most 1000000 pixels a side); use --width 500000 or less, or --scale 1"),
        Case(name: "24 a contact sheet too wide for a PNG", arguments: ["doc.txt", "--width", "100000", "--category", "all", "-o", "w.png"],
             status: 1,
             stderr: "reflow-cli: error: the image would be 2400656 x 660 pixels, more than a PNG can have (libpng writes at most 1000000 pixels a side); draw one size at a time (a --category other than all) or use a narrower --width"),
        Case(name: "24 --width -0", arguments: ["doc.md", "--width", "-0"], status: 64,
             stderr: "Error: --width must be a positive number of points, got 0"),
        Case(name: "24 --offset -5", arguments: ["doc.md", "--viewport", "390x844", "--offset", "-5"], status: 64,
             stderr: "Error: --offset must be 0 or more points, got -5"),
        Case(name: "24 --scale -1", arguments: ["doc.md", "--scale", "-1"], status: 64,
             stderr: "Error: --scale must be 1, 2, 3 or 4 (device pixels per point), got -1"),
    ]

    @Test(arguments: previewCases)
    func preview(_ item: Case) throws {
        try Self.verify([], item) { folder in
            // 30,000 one-word paragraphs: at scale 1 and 100 pt wide, 1,560,008 px tall.
            _ = try CLI.write(Array(repeating: "word", count: 30_000).joined(separator: "\n\n"), to: "many.txt", in: folder)
            try Self.writeHostileDocuments(in: folder)
        }
    }

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
        Case(name: "#17 /dev/zero", arguments: ["/dev/zero"], status: 1,
             stderr: "reflow-cli: error: '/dev/zero' is larger than the input limit of 256 MiB; raise it with --max-input (e.g. --max-input 1G) if the document is meant to be this long"),
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
             stderr: "Error: The value 'abc' is invalid for '--width <pt>'"),
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
            <script>alert("<b>x</b>")</script><style>p { color: red }</style>\n\nText <!-- comment --> <![CDATA[ raw ]]> &amp; &bogus; &#0; \u{0}.\n\n
            <div title="\(big)">a megabyte attribute</div>\n
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

    // MARK: scroll

    static let scrollCases: [Case] = [
        Case(name: "#2 --estimate fixed:1e308 --plot", arguments: ["doc.md", "--estimate", "fixed:1e308", "--plot", "p.png"], status: 64,
             stderr: "Error: The value 'fixed:1e308' is invalid for '--estimate <estimate>'. Please provide one of 'auto' and 'fixed:PT (0 < PT <= 10000000)'."),
        Case(name: "#10 --format json --estimate fixed:1e308", arguments: ["doc.md", "--format", "json", "--estimate", "fixed:1e308"],
             status: 64,
             stderr: "Error: The value 'fixed:1e308' is invalid for '--estimate <estimate>'. Please provide one of 'auto' and 'fixed:PT (0 < PT <= 10000000)'."),
        Case(name: "#2 --fps 1e-306 --plot", arguments: ["doc.md", "--fps", "1e-306", "--plot", "p.png"], status: 64,
             stderr: "Error: --fps must be between 1 and 1000 frames per second, got 1e-306"),
        Case(name: "#3 --fps 1e9", arguments: ["doc.md", "--fps", "1e9"], status: 64,
             stderr: "Error: --fps must be between 1 and 1000 frames per second, got 1000000000"),
        Case(name: "#3 --speed 0.01", arguments: ["doc.md", "--speed", "0.01"], status: 64,
             stderr: "Error: --speed 0.01 at --fps 60 moves 0.00016666666666666666 pt a frame, less than the layout unit (1/64 pt); use at least 0.938 pt/s at this frame rate"),
        Case(name: "#3 more frames than --max-frames", arguments: ["doc.md", "--speed", "1", "--height", "100", "--max-frames", "100"],
             status: 1,
             stderr: "reflow-cli: error: scrolling stopped after 100 frames at 1 of 234 pt (each frame moves 0.016666666666666666 pt); raise --speed, lower --fps, or raise --max-frames"),
        Case(name: "--fps 0", arguments: ["doc.md", "--fps", "0"], status: 64,
             stderr: "Error: --fps must be between 1 and 1000 frames per second, got 0"),
        Case(name: "--fps abc", arguments: ["doc.md", "--fps", "abc"], status: 64,
             stderr: "Error: The value 'abc' is invalid for '--fps <n>'"),
        Case(name: "--change-category-at 2", arguments: ["doc.md", "--change-category-at", "2", "--to", "ax5"], status: 64,
             stderr: "Error: --change-category-at must be a fraction between 0 and 1, got 2.0"),
        Case(name: "--change-category-at without --to", arguments: ["doc.md", "--change-category-at", "0.5"], status: 64,
             stderr: "Error: --change-category-at and --to go together: give both, e.g. --change-category-at 0.5 --to ax5"),
        Case(name: "--to ax6", arguments: ["doc.md", "--change-category-at", "0.5", "--to", "ax6"], status: 64,
             stderr: "Error: The value 'ax6' is invalid for '--to <to>'. Please provide one of the following:"),
        Case(name: "--width 0", arguments: ["doc.md", "--width", "0"], status: 64,
             stderr: "Error: --width must be a positive number of points, got 0"),
        Case(name: "--height=-1", arguments: ["doc.md", "--height=-1"], status: 64,
             stderr: "Error: --height must be a positive number of points, got -1"),
        Case(name: "--estimate fixed:0", arguments: ["doc.md", "--estimate", "fixed:0"], status: 64,
             stderr: "Error: The value 'fixed:0' is invalid for '--estimate <estimate>'. Please provide one of 'auto' and 'fixed:PT (0 < PT <= 10000000)'."),
        Case(name: "--plot p.txt", arguments: ["doc.md", "--plot", "p.txt"], status: 64,
             stderr: "Error: --plot needs a .svg or .png path, got 'p.txt'"),
        Case(name: "--plot in a missing folder", arguments: ["doc.md", "--plot", "none/p.png"], status: 1,
             stderr: "reflow-cli: error: cannot write 'none/p.png': the folder 'none' does not exist; create it or choose another path"),
        Case(name: "missing file", arguments: ["nope.md"], status: 1,
             stderr: "reflow-cli: error: cannot read 'nope.md': no such file; check the path"),
        Case(name: "a directory", arguments: ["sub"], status: 1,
             stderr: "reflow-cli: error: 'sub' is a directory; pass a file: plain text, Markdown or a screen (.json)"),
        Case(name: "empty input", arguments: ["empty.md"], status: 0, stderr: "nothing to scroll: 'empty.md' has no content"),
        // Issue 24.
        Case(name: "24.5 stdout on a full device", arguments: ["doc.md"], status: 1, stderr: "reflow-cli: error: cannot write to stdout: no space left on the device; free some space or send stdout elsewhere", redirections: ">/dev/full"),
        Case(name: "24.5 stdout closed, as JSON", arguments: ["doc.md", "--format", "json"], status: 1, stderr: "reflow-cli: error: cannot write to stdout: it is closed; run with stdout open (redirect it to a file, or to /dev/null to discard it)",
             redirections: ">&-"),
        Case(name: "24 --change-category-at -0.5", arguments: ["doc.md", "--change-category-at", "-0.5", "--to", "ax5"], status: 64,
             stderr: "Error: --change-category-at must be a fraction between 0 and 1, got -0.5"),
        Case(name: "24 --speed -1", arguments: ["doc.md", "--speed", "-1"], status: 64,
             stderr: "Error: --speed must be a positive number of points, got -1"),
    ]

    @Test(arguments: scrollCases)
    func scroll(_ item: Case) throws {
        try Self.verify(["scroll", "--quiet", "--frames", "none"], item)
    }

    // MARK: lines

    static let linesCases: [Case] = [
        Case(name: "missing file", arguments: ["nope.txt", "--width", "100"], status: 1,
             stderr: "reflow-cli: error: cannot read 'nope.txt': no such file; check the path"),
        Case(name: "a directory", arguments: ["sub", "--width", "100"], status: 1,
             stderr: "reflow-cli: error: 'sub' is a directory; pass a file: plain text, Markdown or a screen (.json)"),
        Case(name: "a font file that is not a font", arguments: ["doc.txt", "--width", "100", "--font", "fake.otf", "--size", "17"],
             status: 1,
             stderr: "reflow-cli: error: 'fake.otf' is not a font FreeType can read (FreeType error 2); pass an OpenType or TrueType file (.otf, .ttf)"),
        Case(name: "a missing font file", arguments: ["doc.txt", "--width", "100", "--font", "missing.otf", "--size", "17"], status: 1,
             stderr: "reflow-cli: error: cannot read font file 'missing.otf': no such file; check the path and its permissions"),
        Case(name: "a fonts folder without the fonts", arguments: ["doc.txt", "--width", "100", "--fonts", "sub"], status: 1,
             stderr: "reflow-cli: error: cannot find the bundled fonts (Inter-Regular.otf) in: sub; pass --fonts DIR or set REFLOW_FONTS to the repository's Fonts folder"),
        Case(name: "REFLOW_FONTS=garbage", arguments: ["doc.txt", "--width", "100"], status: 1,
             stderr: "reflow-cli: error: REFLOW_FONTS is 'garbage', which holds no Inter-Regular.otf; point it at the fonts folder, or unset it to use the bundled fonts",
             environment: ["REFLOW_FONTS": "garbage"]),
        Case(name: "#17 /dev/zero", arguments: ["/dev/zero", "--width", "100", "--max-input", "64K"], status: 1,
             stderr: "reflow-cli: error: '/dev/zero' is larger than the input limit of 64 KiB; raise it with --max-input (e.g. --max-input 1G) if the document is meant to be this long"),
        Case(name: "unknown category", arguments: ["doc.txt", "--width", "100", "--category", "huge"], status: 64,
             stderr: "Error: The value 'huge' is invalid for '--category <category>'. Please provide one of the following:"),
        Case(name: "unknown style", arguments: ["doc.txt", "--width", "100", "--style", "title9"], status: 64,
             stderr: "Error: The value 'title9' is invalid for '--style <style>'. Please provide one of the following:"),
        Case(name: "--width 0", arguments: ["doc.txt", "--width", "0"], status: 64,
             stderr: "Error: --width must be a positive number of points, got 0"),
        Case(name: "--width nan", arguments: ["doc.txt", "--width", "nan"], status: 64,
             stderr: "Error: --width must be a positive number of points, got nan"),
        Case(name: "--width inf", arguments: ["doc.txt", "--width", "inf"], status: 64,
             stderr: "Error: --width must be a positive number of points, got inf"),
        Case(name: "--width 0.0001", arguments: ["doc.txt", "--width", "0.0001"], status: 0, stderr: "lines=2 paragraphs=1 height=44.00 missing=0"),
        Case(name: "no --width", arguments: ["doc.txt"], status: 64, stderr: "Error: Missing expected argument '--width <pt>'"),
        Case(name: "a language that is not BCP 47", arguments: ["doc.txt", "--width", "100", "--lang", "not a tag!"], status: 64,
             stderr: "Error: --lang: 'not a tag!' is not a BCP 47 language tag (subtags are 1 to 8 characters, separated by single hyphens); give one like 'en', 'ja', 'ar', 'zh-Hant' or 'pt-BR'"),
        Case(name: "an unknown direction", arguments: ["doc.txt", "--width", "100", "--direction", "sideways"], status: 64,
             stderr: "Error: The value 'sideways' is invalid for '--direction <dir>'. Please provide one of 'ltr', 'rtl' or 'auto'."),
        Case(name: "--size without --font", arguments: ["doc.txt", "--width", "100", "--size", "17"], status: 64,
             stderr: "Error: --size and --line-height go with --font; with the bundled faces use --style and --category"),
        Case(name: "--jobs 0", arguments: ["doc.txt", "--width", "100", "--jobs", "0"], status: 64,
             stderr: "Error: --jobs must be at least 1, got 0"),
        // Issue 24.
        Case(name: "24.5 stdout on a full device", arguments: ["doc.txt", "--width", "100"], status: 1, stderr: "reflow-cli: error: cannot write to stdout: no space left on the device; free some space or send stdout elsewhere",
             redirections: ">/dev/full"),
        Case(name: "24.5 stdout closed", arguments: ["doc.txt", "--width", "100"], status: 1, stderr: "reflow-cli: error: cannot write to stdout: it is closed; run with stdout open (redirect it to a file, or to /dev/null to discard it)", redirections: ">&-"),
        Case(name: "24.5 stderr on a full device", arguments: ["doc.txt", "--width", "100"], status: 1, stderr: "",
             redirections: "2>/dev/full"),
        Case(name: "24 --width -0", arguments: ["doc.txt", "--width", "-0"], status: 64,
             stderr: "Error: --width must be a positive number of points, got 0"),
        Case(name: "24 --jobs -1", arguments: ["doc.txt", "--width", "100", "--jobs", "-1"], status: 64,
             stderr: "Error: --jobs must be at least 1, got -1"),
        Case(name: "24 --size -3", arguments: ["doc.txt", "--width", "100", "--font", "fake.otf", "--size", "-3"], status: 64,
             stderr: "Error: --size must be a positive number of points, got -3"),
        Case(name: "24.13 --font a FIFO", arguments: ["doc.txt", "--width", "100", "--font", "fifo.otf", "--size", "17"], status: 1,
             stderr: "reflow-cli: error: 'fifo.otf' is not a font FreeType can read (it is a FIFO (named pipe), not a regular file); pass an OpenType or TrueType file (.otf, .ttf)"),
        Case(name: "24.13 --fonts with a FIFO for a face", arguments: ["doc.txt", "--width", "100", "--fonts", "fifo-fonts"], status: 1,
             stderr: "reflow-cli: error: 'fifo-fonts/Inter-Regular.otf' is not a font FreeType can read (it is a FIFO (named pipe), not a regular file); pass an OpenType or TrueType file (.otf, .ttf)"),
        Case(name: "24.13 REFLOW_FONTS with a FIFO for a face", arguments: ["doc.txt", "--width", "100"], status: 1, stderr: "reflow-cli: error: 'fifo-fonts/Inter-Regular.otf' is not a font FreeType can read (it is a FIFO (named pipe), not a regular file); pass an OpenType or TrueType file (.otf, .ttf)",
             environment: ["REFLOW_FONTS": "fifo-fonts"]),
        Case(name: "24.13 REFLOW_FALLBACK_FONTS naming a FIFO, for text Inter lacks: left out, as a missing face is",
             arguments: ["hebrew.txt", "--width", "100"], status: 0, stderr: "lines=1 paragraphs=1 height=22.00 missing=0",
             environment: ["REFLOW_FALLBACK_FONTS": "fifo.otf"]),
    ]

    @Test(arguments: linesCases)
    func lines(_ item: Case) throws {
        try Self.verify(["lines"], item)
    }

    // MARK: audit

    static let auditCases: [Case] = [
        Case(name: "missing file", arguments: ["nope.md"], status: 1,
             stderr: "reflow-cli: error: cannot read 'nope.md': no such file; check the path"),
        Case(name: "--width 0", arguments: ["doc.md", "--width", "0"], status: 64,
             stderr: "Error: --width must be a positive number of points, got 0"),
        Case(name: "--width 1e308", arguments: ["doc.md", "--width", "1e308"], status: 64,
             stderr: "Error: --width must be at most 10000000 points, got 1e+308"),
        Case(name: "24 --width -5 (a list option)", arguments: ["doc.md", "--width", "-5"], status: 64,
             stderr: "Error: --width must be a positive number of points, got -5"),
        Case(name: "24 --width 390 -0.5: a negative number after a list's first value", arguments: ["doc.md", "--width", "390", "-0.5"],
             status: 64, stderr: "Error: Unknown option '-0.5'"),
        Case(name: "24.8 --max-findings -1", arguments: ["doc.md", "--max-findings", "-1"], status: 64,
             stderr: "Error: --max-findings must be 0 (list all) or more, got -1"),
        Case(name: "--format xml", arguments: ["doc.md", "--format", "xml"], status: 64,
             stderr: "Error: The value 'xml' is invalid for '--format <format>'. Please provide one of 'text', 'json', 'sarif' or 'html'."),
        Case(name: "--scale 0", arguments: ["doc.md", "--format", "html", "--scale", "0"], status: 64,
             stderr: "Error: --scale must be 1, 2, 3 or 4 (device pixels per point), got 0"),
        Case(name: "several documents, one missing", arguments: ["doc.md", "nope.md"], status: 1,
             stderr: "reflow-cli: error: cannot read 'nope.md': no such file or folder; check the path (a document, or a folder of them)"),
        Case(name: "--fail-on sometimes", arguments: ["doc.md", "--fail-on", "sometimes"], status: 64,
             stderr: "Error: The value 'sometimes' is invalid for '--fail-on <fail-on>'. Please provide one of 'error', 'warning' or 'never'."),
        Case(name: "-o the input", arguments: ["doc.md", "-o", "doc.md"], status: 1,
             stderr: "reflow-cli: error: refusing to write 'doc.md': it is the input document 'doc.md', which would be lost; choose another output path"),
        Case(name: "--text-spacing loose", arguments: ["doc.md", "--text-spacing", "loose"], status: 64,
             stderr: "Error: The value 'loose' is invalid for '--text-spacing <spacing>'. Please provide one of 'normal' and 'wcag'."),
        Case(name: "a language without hyphenation patterns", arguments: ["doc.md", "--hyphenate", "--lang", "tlh"], status: 1,
             stderr: "reflow-cli: error: no hyphenation patterns for 'tlh': none of /usr/share/hyphen/hyph_tlh.dic, /usr/share/hyphen/hyph_tlh_TLH.dic exists; install Debian's hyphen-tlh (apt-get install hyphen-tlh; apt-cache search --names-only '^hyphen-' lists the languages that have patterns), or turn hyphenation off"),
        Case(name: "front matter that reflow cannot use", arguments: ["front.md"], status: 1,
             stderr: "reflow-cli: error: front matter, line 2: 'hyphenate' must be true or false, got 'sometimes'"),
        Case(name: "a report written with -o", arguments: ["doc.md", "--category", "l", "--width", "390", "-o", "report.txt"], status: 0,
             stderr: "", writes: "report.txt"),
        // Issue 24.
        Case(name: "24.5 stdout on a full device", arguments: ["doc.md", "--category", "l", "--format", "sarif"], status: 1, stderr: "reflow-cli: error: cannot write to stdout: no space left on the device; free some space or send stdout elsewhere",
             redirections: ">/dev/full"),
        Case(name: "24.5 stdout closed", arguments: ["doc.md", "--category", "l"], status: 1, stderr: "reflow-cli: error: cannot write to stdout: it is closed; run with stdout open (redirect it to a file, or to /dev/null to discard it)", redirections: ">&-"),
    ]

    @Test(arguments: auditCases)
    func audit(_ item: Case) throws {
        try Self.verify(["audit", "--quiet"], item) { folder in
            _ = try CLI.write("---\nhyphenate: sometimes\n---\nText\n", to: "front.md", in: folder)
        }
    }

    // MARK: type-table

    static let typeTableCases: [Case] = [
        Case(name: "--format xml", arguments: ["--format", "xml"], status: 64,
             stderr: "Error: The value 'xml' is invalid for '--format <format>'. Please provide one of 'text' and 'json'."),
        Case(name: "--fonts missing", arguments: ["--fonts", "none"], status: 1,
             stderr: "reflow-cli: error: cannot find the bundled fonts (Inter-Regular.otf) in: none; pass --fonts DIR or set REFLOW_FONTS to the repository's Fonts folder"),
        Case(name: "24.5 stdout on a full device", arguments: ["--format", "json"], status: 1, stderr: "reflow-cli: error: cannot write to stdout: no space left on the device; free some space or send stdout elsewhere", redirections: ">/dev/full"),
        Case(name: "24.5 stdout closed", arguments: [], status: 1, stderr: "reflow-cli: error: cannot write to stdout: it is closed; run with stdout open (redirect it to a file, or to /dev/null to discard it)", redirections: ">&-"),
    ]

    @Test(arguments: typeTableCases)
    func typeTable(_ item: Case) throws {
        try Self.verify(["type-table"], item)
    }

    // MARK: fonts

    static let fontsCases: [Case] = [
        Case(name: "24.5 stdout on a full device", arguments: ["--format", "json"], status: 1, stderr: "reflow-cli: error: cannot write to stdout: no space left on the device; free some space or send stdout elsewhere", redirections: ">/dev/full"),
        Case(name: "24.5 stdout closed", arguments: [], status: 1, stderr: "reflow-cli: error: cannot write to stdout: it is closed; run with stdout open (redirect it to a file, or to /dev/null to discard it)", redirections: ">&-"),
        Case(name: "24.13 --fonts with a FIFO for a face", arguments: ["--fonts", "fifo-fonts"], status: 1, stderr: "reflow-cli: error: 'fifo-fonts/Inter-Regular.otf' is not a font FreeType can read (it is a FIFO (named pipe), not a regular file); pass an OpenType or TrueType file (.otf, .ttf)"),
    ]

    @Test(arguments: fontsCases)
    func fonts(_ item: Case) throws {
        try Self.verify(["fonts"], item)
    }

    // MARK: hyphenate

    static let hyphenateCases: [Case] = [
        Case(name: "24.3 /dev/zero on stdin", arguments: ["--max-input", "1M"], status: 1,
             stderr: "reflow-cli: error: standard input is larger than the input limit of 1 MiB; raise it with --max-input (e.g. --max-input 1G) if the document is meant to be this long",
             stdin: "/dev/zero"),
        Case(name: "24.3 a file on stdin above --max-input", arguments: ["--max-input", "100"], status: 1,
             stderr: "reflow-cli: error: standard input is 153 bytes, more than the input limit of 100 bytes; raise it with --max-input 153 or more if the document is meant to be this long",
             stdin: "doc.md"),
        Case(name: "24.5 stdout on a full device", arguments: ["hyphenation"], status: 1, stderr: "reflow-cli: error: cannot write to stdout: no space left on the device; free some space or send stdout elsewhere", redirections: ">/dev/full"),
        Case(name: "24.5 stdout closed", arguments: ["hyphenation"], status: 1, stderr: "reflow-cli: error: cannot write to stdout: it is closed; run with stdout open (redirect it to a file, or to /dev/null to discard it)", redirections: ">&-"),
        Case(name: "24.5 stderr on a full device", arguments: ["hyphenation"], status: 1, stderr: "", redirections: "2>/dev/full"),
    ]

    @Test(arguments: hyphenateCases)
    func hyphenate(_ item: Case) throws {
        try Self.verify(["hyphenate"], item)
    }
}
