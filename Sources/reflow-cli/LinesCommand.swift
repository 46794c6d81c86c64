import ArgumentParser
import Foundation
import Reflow
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

    @OptionGroup var fonts: FontOptions

    func validate() throws {
        try requirePositive(width, "--width")
        try requirePositive(size, "--size")
        try requirePositive(lineHeight, "--line-height")
        if font != nil, size == nil { throw ValidationError("--font needs --size (the point size to set the font at)") }
        if font == nil, size != nil || lineHeight != nil {
            throw ValidationError("--size and --line-height go with --font; with the bundled faces use --style and --category")
        }
    }

    func run() throws {
        try reportingErrors {
            let library = try fonts.library()
            // Every paragraph is laid out once, so paragraph and layout caches would only hold
            // the whole document in memory until exit; the word-shaping cache is what pays.
            let typesetter = try Typesetter(fonts: library, paragraphCacheLimit: 2, layoutCacheLimit: 2)
            let paragraphs = PlainText.paragraphs(try readDocument(file))
            // Built as bytes: each line is copied straight out of its paragraph's UTF-8.
            var output: [UInt8] = []
            output.reserveCapacity(paragraphs.reduce(0) { $0 + $1.utf8.count + 2 })
            var lineCount = 0
            let pitch: Double
            let measure: (String) throws -> TextLayout
            if let font, let size {
                let face = try library.font(atPath: font)
                let faces = FaceSet(single: face)
                let height = lineHeight ?? (face.ascent(at: size) + face.descent(at: size))
                pitch = height
                measure = { typesetter.layout(StyledText($0), faces: faces, pointSize: size, lineHeight: height, width: width,
                                               overflowWrap: overflowWrap) }
            } else {
                pitch = DynamicType.spec(style, category.category).leading
                measure = { try typesetter.layout(StyledText($0), style: style, category: category.category, width: width,
                                                   overflowWrap: overflowWrap) }
            }
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
            Console.write(output)
            let height = paragraphs.isEmpty ? 0 : Double(lineCount + paragraphs.count - 1) * pitch
            Console.info("lines=\(lineCount) paragraphs=\(paragraphs.count) height=\(String(format: "%.2f", height))")
        }
    }
}
