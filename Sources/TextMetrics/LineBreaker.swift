/// Chooses where a shaped paragraph's lines end for a given width: greedy first fit over the
/// paragraph's UAX #14 break opportunities, as browsers and Pango do without justification.
///
/// A line takes segments while their content, and the white space between them, fits; trailing
/// white space never counts. A mandatory break ends the line. A segment whose content alone is
/// wider than the line is broken between grapheme clusters (an emergency break), as many
/// clusters per line as fit, and at least one; or, with `OverflowWrap.normal` (CSS's default and
/// what the peer engines do), it stays whole and overflows the line.
public enum LineBreaker {
    /// What to do with a word wider than the line (CSS `overflow-wrap`).
    public enum OverflowWrap: String, Hashable, Sendable, CaseIterable {
        /// Break it between grapheme clusters, so nothing is wider than the line.
        case breakWord = "break-word"
        /// Keep it whole on a line of its own, wider than the line.
        case normal
    }

    /// A line as the breaker chose it, in the paragraph's units.
    public struct Span: Hashable, Sendable {
        /// Byte offsets of the line's text, trailing white space excluded.
        public var start: Int
        public var end: Int
        /// Byte offset where the next line starts (after the trailing white space).
        public var next: Int
        /// Width in the paragraph's units, trailing white space excluded.
        public var width: Double
        /// The line ends or starts inside a word that did not fit on a line of its own.
        public var isEmergencyBreak: Bool
        /// The line is wider than the width (a word that did not fit, kept whole).
        public var overflows: Bool
        /// Segments on the line (the first and last may be partial).
        public var segments: Range<Int>
    }

    /// Breaks `paragraph` into lines no wider than `maxWidth` (the paragraph's units), except
    /// where a single grapheme cluster is wider.
    public static func lines(of paragraph: ShapedParagraph, maxWidth: Double, overflowWrap: OverflowWrap = .breakWord) -> [Span] {
        let segments = paragraph.segments
        var spans: [Span] = []
        guard !segments.isEmpty else { return spans }
        // Exact integer sums of font units are compared against the width; the epsilon only
        // absorbs the rounding of the width's own conversion into font units.
        let limit = maxWidth + 1e-9

        var lineStart = -1          // byte offset where the current line starts; -1 = no line open
        var lineFirstSegment = 0
        var width = 0.0
        var pendingWhitespace = 0.0  // trailing white space of the line's last segment
        var lineEnd = 0
        var emergency = false

        func close(next: Int, through segment: Int) {
            spans.append(Span(start: lineStart, end: lineEnd, next: next, width: width,
                              isEmergencyBreak: emergency, overflows: width > limit, segments: lineFirstSegment..<segment + 1))
            lineStart = -1
            emergency = false
        }

        for index in segments.indices {
            let segment = segments[index]
            if lineStart >= 0, width + pendingWhitespace + segment.content > limit {
                close(next: Int(segment.start), through: index - 1)
            }
            if lineStart < 0 {
                lineStart = Int(segment.start)
                lineFirstSegment = index
                width = 0
                if segment.content > limit, overflowWrap == .breakWord {
                    // Emergency: cut the word between grapheme clusters.
                    var offset = Int(segment.start)
                    var consumed = 0.0
                    var previousBoundary = offset
                    var previousAdvance = 0.0
                    for (boundary, advance) in paragraph.graphemeAdvances(of: segment) {
                        if advance - consumed > limit, previousBoundary > offset {
                            lineEnd = previousBoundary
                            width = previousAdvance - consumed
                            emergency = true
                            close(next: previousBoundary, through: index)
                            lineStart = previousBoundary
                            lineFirstSegment = index
                            offset = previousBoundary
                            consumed = previousAdvance
                            emergency = true
                        }
                        previousBoundary = boundary
                        previousAdvance = advance
                    }
                    width = segment.content - consumed
                    emergency = true
                } else {
                    width = segment.content
                }
            } else {
                width += pendingWhitespace + segment.content
            }
            lineEnd = Int(segment.contentEnd)
            pendingWhitespace = segment.whitespace
            if segment.mandatoryBreak {
                close(next: Int(segment.end), through: index)
            }
        }
        if lineStart >= 0 { close(next: Int(segments[segments.count - 1].end), through: segments.count - 1) }
        return spans
    }
}
