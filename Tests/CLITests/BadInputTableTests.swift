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
        // A second size after --category was taken for a document, and the error asked for -o FOLDER.
        Case(name: "37 --category l ax5", arguments: ["doc.md", "--category", "l", "ax5"], status: 64,
             stderr: "Error: 'ax5' is a text size, not a document (there is no such file): this command's --category takes one size, or all for every size; give one, as --category ax5"),
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
             stderr: "Error: --parts cuts a whole page into PNG parts; --viewport draws one screen, which needs none: drop one of them"),
        Case(name: "--parts with --category all and no --whole-pages", arguments: ["doc.md", "--category", "all", "--parts"], status: 64,
             stderr: "Error: --parts with --category all cuts the contact sheet of whole pages: add --whole-pages (without it the sheet shows one screen a size and needs no parts), or drop --parts"),
        Case(name: "unknown category", arguments: ["doc.md", "--category", "huge"], status: 64,
             stderr: "Error: The value 'huge' is invalid for '--category <category>'. Please provide one of the following:"),
        Case(name: "empty input", arguments: ["empty.md"], status: 0,
             stderr: "nothing to render: 'empty.md' has no text; no file written"),
        Case(name: "REFLOW_FONTS=garbage", arguments: ["doc.md"], status: 1,
             stderr: "reflow-cli: error: REFLOW_FONTS is 'garbage', which holds no Inter-Regular.otf; point it at the fonts folder, or unset it to use the bundled fonts",
             environment: ["REFLOW_FONTS": "garbage"]),
        Case(name: "--fonts garbage", arguments: ["doc.md", "--fonts", "garbage"], status: 1,
             stderr: "reflow-cli: error: cannot find the bundled fonts (Inter-Regular.otf) in: garbage; pass --fonts DIR or set REFLOW_FONTS to the repository's Fonts folder"),
        // Issue 36 row 5: a device is never read as a document; standard input ('-') stops at the limit.
        Case(name: "#17 /dev/zero", arguments: ["/dev/zero", "--max-input", "1M"], status: 1,
             stderr: "reflow-cli: error: '/dev/zero' is a character device, not a regular file; save the document to a file, or give '-' and pipe it to standard input"),
        Case(name: "#17 - on /dev/zero", arguments: ["-", "--max-input", "1M"], status: 1,
             stderr: "reflow-cli: error: standard input is larger than the input limit of 1 MiB; raise it with --max-input (e.g. --max-input 1G) if the document is meant to be this long",
             stdin: "/dev/zero"),
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
        Case(name: "24 a contact sheet too wide for a PNG", arguments: ["doc.txt", "--width", "100000", "--category", "all", "--whole-pages", "-o", "w.png"],
             status: 1,
             stderr: "reflow-cli: error: the image would be 2400656 x 660 pixels, more than a PNG can have (libpng writes at most 1000000 pixels a side); draw one size at a time (a --category other than all) or use a narrower --width"),
        Case(name: "24 --width -0", arguments: ["doc.md", "--width", "-0"], status: 64,
             stderr: "Error: --width must be a positive number of points, got 0"),
        Case(name: "24 --offset -5", arguments: ["doc.md", "--viewport", "390x844", "--offset", "-5"], status: 64,
             stderr: "Error: --offset must be 0 or more points, got -5"),
        Case(name: "24 --scale -1", arguments: ["doc.md", "--scale", "-1"], status: 64,
             stderr: "Error: --scale must be 1, 2, 3 or 4 (device pixels per point), got -1"),
        // Issue 36 row 12.
        Case(name: "36.12 --width 0x1A0", arguments: ["doc.md", "--width", "0x1A0"], status: 64,
             stderr: "Error: The value '0x1A0' is invalid for '--width <pt>': --width must be a decimal number of points, got '0x1A0'"),
        Case(name: "36.12 --shard -1/2", arguments: ["doc.md", "--shard", "-1/2", "-o", "out"], status: 64,
             stderr: "Error: The value '-1/2' is invalid for '--shard <I/N>': --shard: shard -1 of 2 does not exist; the index runs from 1 to 2"),
        Case(name: "36.12 a shard with no documents", arguments: ["doc.md", "--shard", "2/2", "-o", "out"], status: 0,
             stderr: "shard 2/2 has no documents of the 1 found", writes: "out"),
    ]

    @Test(arguments: previewCases)
    func preview(_ item: Case) throws {
        try Self.verify([], item) { folder in
            // 30,000 one-word paragraphs: at scale 1 and 100 pt wide, 1,560,008 px tall.
            _ = try CLI.write(Array(repeating: "word", count: 30_000).joined(separator: "\n\n"), to: "many.txt", in: folder)
            try Self.writeHostileDocuments(in: folder)
        }
    }
}
