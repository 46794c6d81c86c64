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
            A summary goes to stderr: lines=N paragraphs=P height=H, where H = (N + P - 1) x line height.

            Either a Dynamic Type style (--style, --category) or an explicit font file (--font, --size, --line-height).
            """)

    @Argument(help: "The text file to break into lines.")
    var file: String

    @Option(help: ArgumentHelp("A font file to use instead of the bundled faces.", valueName: "path"))
    var font: String?

    @Option(help: ArgumentHelp("Point size, with --font.", valueName: "pt"))
    var size: Double?

    @Option(name: .customLong("line-height"), help: ArgumentHelp(
        "Baseline-to-baseline distance in points, with --font (default: the font's ascent + descent).", valueName: "pt"))
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

    @OptionGroup var input: InputOptions
    @OptionGroup var fonts: FontOptions

    func validate() throws {
        try requirePositive(width, "--width")
        try requirePositive(size, "--size")
        try requirePositive(lineHeight, "--line-height")
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, got \(jobs)") }
        if font != nil, size == nil { throw ValidationError("--font needs --size (the point size to set the font at)") }
        if font == nil, size != nil || lineHeight != nil {
            throw ValidationError("--size and --line-height go with --font; with the bundled faces use --style and --category")
        }
    }

    func run() throws {
        try reportingErrors {
            let paragraphs = PlainText.paragraphs(try input.text(of: file))
            let pitch: Double
            if let font, let size {
                // Opened here too, so a file that is not a font fails before any work starts.
                let face = try fonts.library().font(atPath: font)
                pitch = lineHeight ?? (face.ascent(at: size) + face.descent(at: size))
            } else {
                pitch = DynamicType.spec(style, category.category).leading
            }
            let chunks = ParagraphRuns.runs(paragraphs, workers: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
            let results = Mutex<[Result<(bytes: [UInt8], lineCount: Int), any Error>?]>(Array(repeating: nil, count: chunks.count))
            DispatchQueue.concurrentPerform(iterations: chunks.count) { index in
                let result = Result { try breakLines(paragraphs[chunks[index]], pitch: pitch) }
                results.withLock { $0[index] = result }
            }
            var output: [UInt8] = []
            output.reserveCapacity(paragraphs.reduce(0) { $0 + $1.utf8.count + 2 })
            var lineCount = 0
            for (index, result) in results.withLock({ $0 }).enumerated() {
                let chunk = try result!.get()
                if index > 0 { output.append(0x0A) }
                output += chunk.bytes
                lineCount += chunk.lineCount
            }
            Console.write(output)
            let height = paragraphs.isEmpty ? 0 : Double(lineCount + paragraphs.count - 1) * pitch
            Console.info("lines=\(lineCount) paragraphs=\(paragraphs.count) height=\(String(format: "%.2f", height))")
        }
    }

    /// The output lines of `paragraphs` (an empty line between two paragraphs) and how many
    /// lines they make, with a typesetter and fonts of this call's own: a typesetter is not
    /// thread-safe, and FreeType faces are not either.
    private func breakLines(_ paragraphs: ArraySlice<String>, pitch: Double) throws -> (bytes: [UInt8], lineCount: Int) {
        let library = try fonts.library()
        // Every paragraph is laid out once, so paragraph and layout caches would only hold
        // the whole document in memory until exit; the word-shaping cache is what pays.
        let typesetter = try Typesetter(fonts: library, paragraphCacheLimit: 2, layoutCacheLimit: 2)
        let measure: (String) throws -> TextLayout
        if let font, let size {
            let faces = FaceSet(single: try library.font(atPath: font))
            measure = { typesetter.layout(StyledText($0), faces: faces, pointSize: size, lineHeight: pitch, width: width,
                                           overflowWrap: overflowWrap) }
        } else {
            measure = { try typesetter.layout(StyledText($0), style: style, category: category.category, width: width,
                                               overflowWrap: overflowWrap) }
        }
        // Built as bytes: each line is copied straight out of its paragraph's UTF-8.
        var output: [UInt8] = []
        output.reserveCapacity(paragraphs.reduce(0) { $0 + $1.utf8.count + 2 })
        var lineCount = 0
        for (index, paragraph) in paragraphs.enumerated() {
            if index > 0 { output.append(0x0A) }
            let layout = try measure(paragraph)
            var paragraph = paragraph
            paragraph.withUTF8 { bytes in
                // A line's range is in UTF-8 bytes of the laid-out text, which is `paragraph`.
                for line in layout.lines {
                    output.append(contentsOf: bytes[line.range])
                    output.append(0x0A)
                }
            }
            lineCount += layout.lines.count
        }
        return (output, lineCount)
    }
}
