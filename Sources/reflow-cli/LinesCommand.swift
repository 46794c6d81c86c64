import ArgumentParser
import Dispatch
import Foundation
import Reflow
import ReflowKit
import Synchronization
import TextMetrics

struct LinesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lines",
        abstract: "Break a plain-text file into lines and print one line per output line.",
        discussion: """
            Paragraphs are blocks separated by blank lines; an empty line separates them in the output, \
            in the format of the peer engines (../shared/peers), so `diff` compares line breaks. \
            A summary goes to stderr: lines=N paragraphs=P height=H missing=M, where H = (N + P - 1) x line height \
            and M counts the characters no font in the fallback chain could draw (each drawn as a box).

            Text is set in a Dynamic Type style (--style, --category) in the bundled faces, or with --font in a font file \
            of your own (at the style's size, or --size and --line-height); the fallback chain (reflow-cli fonts) follows \
            either. Lines are printed in logical (reading) order; --visual prints them in visual order, left to right. \
            A line that ends inside a hyphenated word (--hyphenate) or at a soft hyphen ends with the hyphen drawn (U+2010). \
            With --text-spacing wcag the line height is at least 1.5 times the point size and the height counts it.
            """)

    @Argument(help: "The text file to break into lines.")
    var file: String

    @Option(help: ArgumentHelp(
        "A font file to use as the primary font instead of the bundled faces; the fallback chain still follows it.",
        valueName: "path"))
    var font: String?

    @Option(help: ArgumentHelp("Point size, with --font (default: the style's size at the category).", valueName: "pt"))
    var size: Double?

    @Option(name: .customLong("line-height"), help: ArgumentHelp(
        "Baseline-to-baseline distance in points, with --font (default: the font's ascent + descent with --size, else the style's leading).",
        valueName: "pt"))
    var lineHeight: Double?

    @Option(help: "Text style when no --font is given.")
    var style: TextStyle = .body

    @Option(help: "Content-size category when no --font is given.")
    var category = CategoryName(.large)

    @Option(help: ArgumentHelp("Width to break lines at, in points.", valueName: "pt"))
    var width: Double

    @Option(name: .customLong("overflow-wrap"), help: ArgumentHelp(
        "A word wider than the line: normal keeps it whole (CSS's default, as the peer engines do); break-word breaks it between grapheme clusters.",
        valueName: "mode"))
    var overflowWrap: LineBreaker.OverflowWrap = .normal

    @Option(help: ArgumentHelp(
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
    }

    func run() throws {
        try reportingErrors {
            let paragraphs = PlainText.paragraphs(try input.text(of: file))
            var leading: Double
            let spec = DynamicType.spec(style, category.category)
            if let font {
                // Opened here too, so a file that is not a font fails before any work starts.
                let face = try fonts.library().font(atPath: font)
                if let size {
                    leading = lineHeight ?? (face.ascent(at: size) + face.descent(at: size))
                } else {
                    leading = lineHeight ?? spec.leading
                }
            } else {
                leading = spec.leading
            }
            let pitch = (text.textSpacing?.spacing ?? .normal).lineHeight(leading: leading, pointSize: size ?? spec.pointSize)
            // Loaded here, so a language without patterns fails before any work starts.
            _ = try text.hyphenator()
            // One font library for every worker: fonts are immutable and shared; each worker has
            // its own typesetter (caches, ICU iterators).
            let library = try fonts.library()
            let chunks = ParagraphRuns.runs(paragraphs, workers: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
            let results = Mutex<[Result<Chunk, any Error>?]>(Array(repeating: nil, count: chunks.count))
            DispatchQueue.concurrentPerform(iterations: chunks.count) { index in
                let result = Result { try breakLines(paragraphs[chunks[index]], pitch: pitch, library: library) }
                results.withLock { $0[index] = result }
            }
            var output: [UInt8] = []
            output.reserveCapacity(paragraphs.reduce(0) { $0 + $1.utf8.count + 2 })
            var lineCount = 0, missing = 0
            for (index, result) in results.withLock({ $0 }).enumerated() {
                let chunk = try result!.get()
                if index > 0 { output.append(0x0A) }
                output += chunk.bytes
                lineCount += chunk.lineCount
                missing += chunk.missing
            }
            Console.write(output)
            let height = paragraphs.isEmpty ? 0 : Double(lineCount + paragraphs.count - 1) * pitch
            Console.info("lines=\(lineCount) paragraphs=\(paragraphs.count) height=\(String(format: "%.2f", height)) missing=\(missing)")
        }
    }

    /// One worker's output: its lines' bytes, how many lines, and how many characters no font drew.
    struct Chunk {
        var bytes: [UInt8]
        var lineCount: Int
        var missing: Int
    }

    /// The output lines of `paragraphs` (an empty line between two paragraphs) and how many
    /// lines they make, with a typesetter of this call's own (a typesetter is not thread-safe;
    /// the fonts are shared).
    private func breakLines(_ paragraphs: ArraySlice<String>, pitch: Double, library: FontLibrary) throws -> Chunk {
        // Every paragraph is laid out once, so paragraph and layout caches would only hold
        // the whole document in memory until exit; the word-shaping cache is what pays.
        let typesetter = try Typesetter(fonts: library, paragraphCacheLimit: 2, layoutCacheLimit: 2)
        let environment = try text.environment(category: category.category)
        let measure: (String) throws -> TextLayout
        if let font {
            let faces = FaceSet(single: try library.font(atPath: font))
            let pointSize = size ?? DynamicType.spec(style, category.category).pointSize
            let hyphenator = try text.hyphenator()
            measure = { typesetter.layout(StyledText($0), faces: faces, pointSize: pointSize, lineHeight: pitch, width: width,
                                           overflowWrap: overflowWrap, direction: environment.direction,
                                           language: environment.language, hyphenator: hyphenator,
                                           spacing: environment.spacing) }
        } else {
            measure = { try typesetter.layout(StyledText($0), style: style, environment: environment, width: width,
                                               overflowWrap: overflowWrap) }
        }
        // Built as bytes: each line is copied straight out of its paragraph's UTF-8.
        var output: [UInt8] = []
        output.reserveCapacity(paragraphs.reduce(0) { $0 + $1.utf8.count + 2 })
        var lineCount = 0, missing = 0
        for (index, paragraph) in paragraphs.enumerated() {
            if index > 0 { output.append(0x0A) }
            let layout = try measure(paragraph)
            if visual {
                for line in layout.lines.indices {
                    output.append(contentsOf: layout.visualText(ofLine: line).utf8)
                    output.append(0x0A)
                }
            } else {
                var paragraph = paragraph
                paragraph.withUTF8 { bytes in
                    // A line's range is in UTF-8 bytes of the laid-out text, which is `paragraph`.
                    for line in layout.lines {
                        output.append(contentsOf: bytes[line.range])
                        if let hyphen = line.hyphenCharacter { output.append(contentsOf: String(hyphen).utf8) }
                        output.append(0x0A)
                    }
                }
            }
            lineCount += layout.lines.count
            missing += layout.missingCharacters
        }
        return Chunk(bytes: output, lineCount: lineCount, missing: missing)
    }
}
