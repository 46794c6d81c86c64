import ArgumentParser
import Foundation
import Reflow
import Readers
import ReflowKit
import TextMetrics

struct LinesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lines",
        abstract: "Break a plain-text file into lines and print one line per output line.",
        discussion: """
            Paragraphs are blocks separated by blank lines; an empty line separates them in the output, in the format of the \
            peer engines (../shared/peers), so `diff` compares line breaks. A summary goes to stderr: lines=N paragraphs=P \
            height=H missing=M, where H = (N + P - 1) x line height and M counts the characters no font in the fallback chain \
            could draw (each drawn as a box).

            Text is set in a Dynamic Type style (--style, --category) in the bundled faces, or with --font in a font file of \
            your own (at the style's size, or --size and --line-height); the fallback chain (reflow-cli fonts) follows either. \
            Lines are printed in logical (reading) order; --visual prints them in visual order, left to right. A line that ends \
            inside a hyphenated word (--hyphenate) or at a soft hyphen ends with the hyphen drawn (U+2010). With --text-spacing \
            wcag the line height is at least 1.5 times the point size and the height counts it.
            """)

    @Argument(help: "The text file to break into lines.")
    var file: String

    @Option(help: ArgumentHelp(
        "A font file to use as the primary font instead of the bundled faces; the fallback chain still follows it.",
        valueName: "path"))
    var font: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Point size, with --font (default: the style's size at the category).", valueName: "pt"),
            transform: DecimalNumber.parsing("--size", "points"))
    var size: Double?

    @Option(name: .customLong("line-height"), parsing: .unconditional, help: ArgumentHelp(
        "Baseline-to-baseline distance in points, with --font (default: the font's ascent + descent with --size, else the style's leading).",
        valueName: "pt"), transform: DecimalNumber.parsing("--line-height", "points"))
    var lineHeight: Double?

    @Option(help: "Text style when no --font is given.")
    var style: TextStyle = .body

    @Option(help: "Content-size category when no --font is given.")
    var category = CategoryArgument(.large)

    @Option(parsing: .unconditional, help: ArgumentHelp("Width to break lines at, in points.", valueName: "pt"),
            transform: DecimalNumber.parsing("--width", "points"))
    var width: Double

    @Option(name: .customLong("overflow-wrap"), help: ArgumentHelp(
        "A word wider than the line: normal keeps it whole (CSS's default, as the peer engines do); break-word breaks it between grapheme clusters.",
        valueName: "mode"))
    var overflowWrap: LineBreaker.OverflowWrap = .normal

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Threads to break lines on (default: one per core). Each lays out a run of whole paragraphs; the output is the same for any number.",
        valueName: "n"))
    var jobs: Int?

    @Flag(help: "Print each line's characters in visual order, left to right (UAX #9 L1-L2, no mirroring; bidi controls and other default-ignorable characters left out).")
    var visual = false

    @OptionGroup var text: TextOptions

    @OptionGroup var input: InputOptions
    @OptionGroup var fonts: FontOptions

    func validate() throws {
        try requirePositive(width, "--width")
        try requirePositive(size, "--size")
        try requirePositive(lineHeight, "--line-height")
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, got \(jobs)") }
        if font == nil, size != nil || lineHeight != nil {
            throw ValidationError("--size and --line-height go with --font; with the bundled faces use --style and --category")
        }
        if let choice = text.language, choice.single.map({ PseudoLanguage(tag: $0) != nil }) ?? true {
            throw ValidationError("--lang \(choice) is for screens with string catalogs (layout, preview, check, audit); lines breaks one "
                + "text in one language: give one tag (de, ja, ar…), which picks the shaping language, the Han face and the hyphenation patterns")
        }
        if DocumentFormat(path: file) == .screen {
            throw ValidationError("lines breaks a plain-text file into lines, and \(file) is a screen file (JSON): its texts' lines are "
                + "in `reflow-cli layout \(file)` (with --lang for its catalogs' strings)")
        }
    }

    func run() throws {
        let read = try input.reader.paragraphs(of: file)
        read.text.warnings(path: file).forEach(Console.warning)
        let paragraphs = read.paragraphs
        // Loads the hyphenation patterns it asks for: a language without them fails before any work.
        let environment = try text.settings().environment(category: category.category)
        let library = try fonts.library()
        var job = try PlainTextLines(style: style, font: font, pointSize: size, lineHeight: lineHeight,
                                     environment: environment, width: width, fonts: library)
        (job.overflowWrap, job.visual) = (overflowWrap, visual)
        let output = try job.lines(of: paragraphs, fonts: library, workers: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        try Console.write(output.bytes)
        Console.info(output.summary(paragraphs: paragraphs.count, lineHeight: job.lineHeight))
    }
}
