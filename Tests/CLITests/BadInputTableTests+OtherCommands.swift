import Foundation
import Testing

/// `scroll`, `lines`, `audit`, `type-table`, `fonts` and `hyphenate` (BadInputTableTests.swift has the cases' form and
/// how each is verified).
extension BadInputTableTests {
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
             stderr: "Error: --speed 0.01 at --fps 60 moves 0.00016666666666666666 pt a frame, less than the point grid's step (1/64 pt); use at least 0.938 pt/s at this frame rate"),
        Case(name: "#3 more frames than --max-frames", arguments: ["doc.md", "--speed", "1", "--height", "100", "--max-frames", "100"],
             status: 1,
             stderr: "reflow-cli: error: scrolling stopped after 100 frames at 1 of 234 pt (each frame moves 0.016666666666666666 pt); raise --speed, lower --fps, or raise --max-frames"),
        Case(name: "--fps 0", arguments: ["doc.md", "--fps", "0"], status: 64,
             stderr: "Error: --fps must be between 1 and 1000 frames per second, got 0"),
        Case(name: "--fps abc", arguments: ["doc.md", "--fps", "abc"], status: 64,
             stderr: "Error: The value 'abc' is invalid for '--fps <n>': --fps must be a decimal number of frames per second, got 'abc'"),
        // Issue 36 row 12.
        Case(name: "36.12 --fps 0x3C", arguments: ["doc.md", "--fps", "0x3C"], status: 64,
             stderr: "Error: The value '0x3C' is invalid for '--fps <n>': --fps must be a decimal number of frames per second, got '0x3C'"),
        Case(name: "36.12 --speed 0x1p10", arguments: ["doc.md", "--speed", "0x1p10"], status: 64,
             stderr: "Error: The value '0x1p10' is invalid for '--speed <pt-per-s>': --speed must be a decimal number of points per second, got '0x1p10'"),
        Case(name: "36.12 --estimate fixed:0x10", arguments: ["doc.md", "--estimate", "fixed:0x10"], status: 64,
             stderr: "Error: The value 'fixed:0x10' is invalid for '--estimate <estimate>'. Please provide one of 'auto' and 'fixed:PT (0 < PT <= 10000000)'."),
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
        // A screen was printed as its JSON source, and a list of languages silently ignored.
        Case(name: "37 a screen file", arguments: ["screen.json", "--width", "100"], status: 64,
             stderr: "Error: lines breaks a plain-text file into lines, and screen.json is a screen file (JSON): its texts' lines are in `reflow-cli layout screen.json` (with --lang for its catalogs' strings)"),
        Case(name: "37 --lang a list", arguments: ["doc.txt", "--width", "100", "--lang", "de,fr"], status: 64,
             stderr: "Error: --lang de,fr is for screens with string catalogs (layout, preview, check, audit); lines breaks one text in one language: give one tag (de, ja, ar…), which picks the shaping language, the Han face and the hyphenation patterns"),
        Case(name: "37 --lang a pseudolanguage", arguments: ["doc.txt", "--width", "100", "--lang", "pseudo-rtl"], status: 64,
             stderr: "Error: --lang pseudo-rtl is for screens with string catalogs (layout, preview, check, audit); lines breaks one text in one language: give one tag (de, ja, ar…), which picks the shaping language, the Han face and the hyphenation patterns"),
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
             stderr: "reflow-cli: error: '/dev/zero' is a character device, not a regular file; save the document to a file, or give '-' and pipe it to standard input"),
        Case(name: "#17 - on /dev/zero", arguments: ["-", "--width", "100", "--max-input", "64K"], status: 1,
             stderr: "reflow-cli: error: standard input is larger than the input limit of 64 KiB; raise it with --max-input (e.g. --max-input 1G) if the document is meant to be this long",
             stdin: "/dev/zero"),
        Case(name: "unknown category", arguments: ["doc.txt", "--width", "100", "--category", "huge"], status: 64,
             stderr: "Error: The value 'huge' is invalid for '--category <category>'. Please provide one of the following:"),
        Case(name: "unknown style", arguments: ["doc.txt", "--width", "100", "--style", "title9"], status: 64,
             stderr: "Error: The value 'title9' is invalid for '--style <style>'. Please provide one of the following:"),
        Case(name: "--width 0", arguments: ["doc.txt", "--width", "0"], status: 64,
             stderr: "Error: --width must be a positive number of points, got 0"),
        Case(name: "--width nan", arguments: ["doc.txt", "--width", "nan"], status: 64,
             stderr: "Error: The value 'nan' is invalid for '--width <pt>': --width must be a decimal number of points, got 'nan'"),
        Case(name: "--width inf", arguments: ["doc.txt", "--width", "inf"], status: 64,
             stderr: "Error: The value 'inf' is invalid for '--width <pt>': --width must be a decimal number of points, got 'inf'"),
        Case(name: "36.12 --width 0x10", arguments: ["doc.txt", "--width", "0x10"], status: 64,
             stderr: "Error: The value '0x10' is invalid for '--width <pt>': --width must be a decimal number of points, got '0x10'"),
        Case(name: "36.12 --size 0x11", arguments: ["doc.txt", "--width", "100", "--size", "0x11"], status: 64,
             stderr: "Error: The value '0x11' is invalid for '--size <pt>': --size must be a decimal number of points, got '0x11'"),
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
        // Issue 36 row 12.
        Case(name: "36.12 --width 390 0x10 (a list option)", arguments: ["doc.md", "--width", "390", "0x10"], status: 64,
             stderr: "Error: The value '0x10' is invalid for '--width <pt>': --width must be a decimal number of points, got '0x10'"),
        Case(name: "36.12 --shard -1/2", arguments: ["doc.md", "--shard", "-1/2"], status: 64,
             stderr: "Error: The value '-1/2' is invalid for '--shard <I/N>': --shard: shard -1 of 2 does not exist; the index runs from 1 to 2"),
        Case(name: "36.12 a shard with no documents", arguments: ["doc.md", "--category", "l", "--width", "390", "--shard", "2/2"], status: 0,
             stderr: "shard 2/2 has no documents of the 1 found"),
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
