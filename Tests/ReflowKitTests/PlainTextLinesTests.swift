import Foundation
import Reflow
import ReflowKit
import TextMetrics
import Testing
import TestSupport

@Suite struct PlainTextLinesTests {
    static func job(width: Double = 320) -> PlainTextLines {
        PlainTextLines(face: .style(.body), environment: TextEnvironment(category: .large), width: width, lineHeight: 22)
    }

    /// Lines in the peers' format: each line then a line feed, an empty line between paragraphs.
    @Test func linesAreCopiedOutOfTheTextWithAnEmptyLineBetweenParagraphs() throws {
        let output = try Self.job(width: 120).lines(of: ["one two three four five six", "seven"], fonts: try Fixtures.fonts(),
                                                   workers: 1)
        let text = String(decoding: output.bytes, as: UTF8.self)
        let paragraphs = text.components(separatedBy: "\n\n")
        #expect(paragraphs.count == 2)
        #expect(paragraphs[1] == "seven\n")
        #expect(paragraphs[0].replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespaces)
                    .split(separator: " ").joined(separator: " ") == "one two three four five six")
        #expect(output.lineCount == text.split(separator: "\n").count)
        #expect(output.lineCount > 2 && output.missing == 0)
    }

    /// Broken on several threads (runs of whole paragraphs), the output is byte for byte the same.
    @Test func theOutputIsTheSameForAnyNumberOfThreads() throws {
        let words = ["reflow", "measures", "every", "word", "and", "cell", "with", "real", "font", "shaping", "at", "each", "size"]
        let paragraphs = (0..<1_500).map { index in
            (0..<(12 + index % 23)).map { words[($0 * 7 + index) % words.count] }.joined(separator: " ")
        }
        #expect(ParagraphRuns.runs(paragraphs, workers: 3).count == 3, "the text is long enough for three runs")
        let fonts = try Fixtures.fonts()
        let one = try Self.job().lines(of: paragraphs, fonts: fonts, workers: 1)
        let three = try Self.job().lines(of: paragraphs, fonts: fonts, workers: 3)
        #expect(one == three)
    }

    /// A font file of one's own sets the text; a missing one is an error, not a fallback.
    @Test func aFontFileSetsTheText() throws {
        let fonts = try Fixtures.fonts()
        let bold = (fonts.directory as NSString).appendingPathComponent("Inter-Bold.otf")
        var job = Self.job(width: 1_000)
        job.face = .file(path: bold, pointSize: 17)
        let regular = try Self.job(width: 1_000).lines(of: ["Hamburgefonstiv"], fonts: fonts, workers: 1)
        #expect(try job.lines(of: ["Hamburgefonstiv"], fonts: fonts, workers: 1) == regular, "one line either way")
        job.face = .file(path: "/nonexistent/font.otf", pointSize: 17)
        #expect(throws: (any Error).self) { try job.lines(of: ["x"], fonts: fonts, workers: 1) }
    }
}
