import Foundation
import Reflow
import TextMetrics

/// Plain text broken into lines as `reflow-cli lines` prints them, in the peer engines' format
/// (../shared/peers): one output line per line, an empty line between paragraphs, so `diff`
/// compares line breaks. Runs of whole paragraphs are broken on several threads
/// (`ParagraphRuns`, `OrderedFanOut`); the output is the same for any number.
public struct PlainTextLines: Sendable {
    /// What text is set in.
    public enum Face: Sendable {
        /// A Dynamic Type style in the bundled faces, at the environment's category.
        case style(TextStyle)
        /// A font file of one's own as the primary font, at a point size.
        case file(path: String, pointSize: Double)
    }

    /// The primary face: a style in the bundled faces or a font file.
    public var face: Face
    /// Category, base direction, language, hyphenation and spacing.
    public var environment: TextEnvironment
    /// The width to break lines at, in points.
    public var width: Double
    /// The baseline-to-baseline distance for `.file` (a style has its own leading).
    public var lineHeight: Double
    /// What a word wider than the line does.
    public var overflowWrap: LineBreaker.OverflowWrap = .normal
    /// Each line's characters in visual order, left to right, instead of reading order.
    public var visual = false

    /// Lines of text set in `face` in `environment`, broken at `width`, `lineHeight` apart.
    public init(face: Face, environment: TextEnvironment, width: Double, lineHeight: Double) {
        self.face = face
        self.environment = environment
        self.width = width
        self.lineHeight = lineHeight
    }

    /// Lines of text in `style` at the environment's category, or with `font` (a font file of
    /// one's own, opened here so that a file that is not a font fails before any work) at
    /// `pointSize` (default: the style's size); `lineHeight` apart if given, else as
    /// `lineHeight(style:environment:font:pointSize:lineHeight:fonts:)` says.
    public init(style: TextStyle, font: String? = nil, pointSize: Double? = nil, lineHeight: Double? = nil,
                environment: TextEnvironment, width: Double, fonts: FontLibrary) throws {
        let pitch = try Self.lineHeight(style: style, environment: environment, font: font, pointSize: pointSize,
                                        lineHeight: lineHeight, fonts: fonts)
        let size = pointSize ?? environment.spec(style).pointSize
        self.init(face: font.map { .file(path: $0, pointSize: size) } ?? .style(style), environment: environment, width: width,
                  lineHeight: pitch)
    }

    /// The distance between baselines `reflow-cli lines` uses: `lineHeight` if given, else with
    /// a font file at `pointSize` its ascent + descent, else the style's leading at the
    /// category; then at least what the environment's text spacing asks (WCAG: 1.5 × the size).
    /// - Parameter font: a font file of one's own (opened, so a file that is not a font fails here).
    public static func lineHeight(style: TextStyle, environment: TextEnvironment, font: String?, pointSize: Double?,
                                  lineHeight: Double?, fonts: FontLibrary) throws -> Double {
        let spec = environment.spec(style)
        var leading = lineHeight ?? spec.leading
        if let font {
            let face = try fonts.font(atPath: font)
            if let pointSize, lineHeight == nil { leading = face.ascent(at: pointSize) + face.descent(at: pointSize) }
        }
        return environment.spacing.lineHeight(leading: leading, pointSize: pointSize ?? spec.pointSize)
    }

    /// The lines of some paragraphs: their bytes, how many lines, and how many characters no
    /// font drew (each drawn as a box).
    public struct Output: Sendable, Equatable {
        /// Each line and a line feed; an empty line between two paragraphs.
        public var bytes: [UInt8]
        /// How many lines.
        public var lineCount: Int
        /// How many characters no font drew.
        public var missing: Int

        /// The peers' summary line of `paragraphs` paragraphs set `lineHeight` apart:
        /// `lines=N paragraphs=P height=H missing=M`, where H = (N + P − 1) × the line height.
        public func summary(paragraphs: Int, lineHeight: Double) -> String {
            let height = paragraphs == 0 ? 0 : Double(lineCount + paragraphs - 1) * lineHeight
            return "lines=\(lineCount) paragraphs=\(paragraphs) height=\(String(format: "%.2f", height)) missing=\(missing)"
        }
    }

    /// The lines of `paragraphs`, broken on up to `workers` threads that share `fonts` (fonts
    /// are immutable; each thread has a typesetter of its own).
    public func lines(of paragraphs: [String], fonts: FontLibrary, workers: Int) throws -> Output {
        let runs = ParagraphRuns.runs(paragraphs, workers: workers)
        let chunks = try OrderedFanOut.map(
            lanes: runs.indices.map { [$0] }, count: runs.count, setUp: { _ in () },
            produce: { _, index in try lines(of: paragraphs[runs[index]], fonts: fonts) })
        var output = Output(bytes: [], lineCount: 0, missing: 0)
        output.bytes.reserveCapacity(chunks.reduce(0) { $0 + $1.bytes.count + 1 })
        for (index, chunk) in chunks.enumerated() {
            if index > 0 { output.bytes.append(0x0A) }
            output.bytes += chunk.bytes
            output.lineCount += chunk.lineCount
            output.missing += chunk.missing
        }
        return output
    }

    /// The lines of one run of paragraphs, with a typesetter of this call's own.
    private func lines(of paragraphs: ArraySlice<String>, fonts: FontLibrary) throws -> Output {
        // Every paragraph is laid out once, so paragraph and layout caches would only hold
        // the whole document in memory until exit; the word-shaping cache is what pays.
        let typesetter = try Typesetter(fonts: fonts, paragraphCacheLimit: 2, layoutCacheLimit: 2)
        let measure: (String) throws -> TextLayout
        switch face {
        case .file(let path, let pointSize):
            let faces = FaceSet(single: try fonts.font(atPath: path))
            let hyphenator = environment.hyphenation ? try Hyphenator.forLanguage(environment.language) : nil
            measure = { [environment, width, lineHeight, overflowWrap] in
                typesetter.layout(StyledText($0), faces: faces, pointSize: pointSize, lineHeight: lineHeight, width: width,
                                  overflowWrap: overflowWrap, direction: environment.direction,
                                  language: environment.language, hyphenator: hyphenator, spacing: environment.spacing)
            }
        case .style(let style):
            measure = { [environment, width, overflowWrap] in
                try typesetter.layout(StyledText($0), style: style, environment: environment, width: width,
                                      overflowWrap: overflowWrap)
            }
        }
        // Built as bytes: each line is copied straight out of its paragraph's UTF-8.
        var output = Output(bytes: [], lineCount: 0, missing: 0)
        output.bytes.reserveCapacity(paragraphs.reduce(0) { $0 + $1.utf8.count + 2 })
        for (index, paragraph) in paragraphs.enumerated() {
            if index > 0 { output.bytes.append(0x0A) }
            let layout = try measure(paragraph)
            if visual {
                for line in layout.lines.indices {
                    output.bytes.append(contentsOf: layout.visualText(ofLine: line).utf8)
                    output.bytes.append(0x0A)
                }
            } else {
                var paragraph = paragraph
                paragraph.withUTF8 { bytes in
                    // A line's range is in UTF-8 bytes of the laid-out text, which is `paragraph`.
                    for line in layout.lines {
                        output.bytes.append(contentsOf: bytes[line.range])
                        if let hyphen = line.hyphenCharacter { output.bytes.append(contentsOf: String(hyphen).utf8) }
                        output.bytes.append(0x0A)
                    }
                }
            }
            output.lineCount += layout.lines.count
            output.missing += layout.missingCharacters
        }
        return output
    }
}
