/// Chooses where a shaped paragraph's lines end for a given width: greedy first fit over the
/// paragraph's UAX #14 break opportunities, as browsers and Pango do without justification.
///
/// A line takes segments while their content, and the white space between them, fits; trailing
/// white space never counts. A mandatory break ends the line. A segment whose content alone is
/// wider than the line is broken between grapheme clusters (an emergency break), as many
/// clusters per line as fit, and at least one; or, with `OverflowWrap.normal` (CSS's default and
/// what the peer engines do), it stays whole and overflows the line.
///
/// With hyphenation (`Hyphenation`), a word's hyphenation points are break opportunities taken
/// only after the UAX #14 ones: when the next segment does not fit on a line that has content,
/// the line takes as much of it as fits before one of its points with a hyphen after it; a word
/// wider than a line of its own is hyphenated before it is broken between grapheme clusters. A
/// segment ending with a soft hyphen (U+00AD, a UAX #14 opportunity) ends a line with a hyphen,
/// and only where the hyphen fits too. Without hyphenation and soft hyphens, the lines are exactly
/// those of the greedy pass above.
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
        /// The hyphen the line ends with (hyphenated there, or at a soft hyphen); its advance is in
        /// `width`.
        var hyphen: Hyphen?
        /// Whether the line ends with an inserted hyphen.
        public var endsWithHyphen: Bool { hyphen != nil }
    }

    /// The hyphen drawn at the end of a hyphenated line: U+2010 HYPHEN shaped in the font of the
    /// character before it, or U+002D HYPHEN-MINUS where that font has no U+2010.
    typealias Hyphen = InsertedGlyph

    /// What hyphenating needs: a word's hyphenation points (`Hyphenator.hyphenationPoints(in:)`
    /// for a word's UTF-8; nil when only soft hyphens break words) and the hyphen in each of the
    /// paragraph's fonts.
    struct Hyphenation {
        var points: ((UnsafeBufferPointer<UInt8>) -> [Int])?
        var hyphen: (_ font: Int) -> Hyphen
    }

    /// What a line-breaking pass did, counted, so tests can hold it to the text's length.
    struct Work {
        /// Segments whose hyphenation points were looked up (only ever segments that did not fit).
        var hyphenationLookups = 0
        /// Grapheme-cluster boundaries and hyphenation points examined to cut words wider than a
        /// line, binary-search probes included: each cut line's own clusters and a few binary
        /// searches per line, however long the word is.
        var boundariesVisited = 0
    }

    /// Breaks `paragraph` into lines no wider than `maxWidth` (the paragraph's units), except
    /// where a single grapheme cluster is wider. No hyphenation; soft hyphens are plain break
    /// opportunities.
    public static func lines(of paragraph: ShapedParagraph, maxWidth: Double, overflowWrap: OverflowWrap = .breakWord) -> [Span] {
        var work = Work()
        return lines(of: paragraph, maxWidth: maxWidth, overflowWrap: overflowWrap, hyphenation: nil, work: &work)
    }

    /// `lines(of:maxWidth:overflowWrap:)` with `hyphenation`, adding to `work` what the pass did.
    static func lines(of paragraph: ShapedParagraph, maxWidth: Double, overflowWrap: OverflowWrap,
                      hyphenation: Hyphenation?, work: inout Work) -> [Span] {
        guard !paragraph.segments.isEmpty else { return [] }
        var pass = GreedyPass(paragraph: paragraph, maxWidth: maxWidth, overflowWrap: overflowWrap, hyphenation: hyphenation)
        let count = pass.segments.count
        var index = 0
        while index < count {
            if pass.lineIsOpen {
                if pass.fits(index) {
                    pass.add(index)
                    index += 1
                    continue
                }
                if let backUp = pass.endLine(before: index) {
                    index = backUp
                    continue
                }
            }
            pass.openLine(with: index)
            index += 1
        }
        if pass.lineIsOpen { pass.commitLine(next: Int(pass.segments[count - 1].end), through: count - 1) }
        work.hyphenationLookups += pass.lookups
        work.boundariesVisited += pass.boundariesVisited
        return pass.spans
    }

    /// One greedy pass over a paragraph's segments: the lines committed so far, and the open
    /// line's state. `lines(of:maxWidth:overflowWrap:hyphenation:work:)` is its outline; a
    /// method is one of its steps.
    private struct GreedyPass {
        let paragraph: ShapedParagraph
        let segments: [ShapedParagraph.Segment]
        let overflowWrap: OverflowWrap
        let hyphenation: Hyphenation?
        let lookUp: ((UnsafeBufferPointer<UInt8>) -> [Int])?
        let softHyphens: Bool
        /// Exact integer sums of font units are compared against the width; the epsilon only
        /// absorbs the rounding of the width's own conversion into font units.
        let limit: Double

        private(set) var spans: [Span] = []
        /// Segments whose hyphenation points were looked up.
        private(set) var lookups = 0
        /// Cluster boundaries and hyphenation points examined (`Work.boundariesVisited`).
        private(set) var boundariesVisited = 0
        /// Byte offset where the current line starts; -1 = no line open.
        private var lineStart = -1
        private var lineFirstSegment = 0
        private var width = 0.0
        /// Trailing white space of the line's last segment.
        private var pendingWhitespace = 0.0
        private var lineEnd = 0
        private var emergency = false
        /// With soft hyphens, the latest segment the open line can end after (its hyphen fits).
        private var fallback = (segment: -1, width: 0.0, lineEnd: 0)
        /// Where the next line starts inside the segment it opens with, after a cut; -1: at its start.
        private var resume = -1
        // Per pass, computed when first needed: one segment's cluster advances, and hyphenation points.
        private var advancesOf = (segment: -1, advances: [(offset: Int, advance: Double)]())
        private var pointsOf: [Int: [(offset: Int, font: Int)]] = [:]

        init(paragraph: ShapedParagraph, maxWidth: Double, overflowWrap: OverflowWrap, hyphenation: Hyphenation?) {
            self.paragraph = paragraph
            segments = paragraph.segments
            self.overflowWrap = overflowWrap
            self.hyphenation = hyphenation
            lookUp = hyphenation?.points
            softHyphens = hyphenation != nil && paragraph.hasSoftHyphens
            limit = maxWidth + 1e-9
        }

        var lineIsOpen: Bool { lineStart >= 0 }

        // MARK: Steps

        /// Whether segment `index`, and the white space before it, fits on the open line.
        @inline(__always)
        func fits(_ index: Int) -> Bool {
            width + pendingWhitespace + segments[index].content <= limit
        }

        /// Puts segment `index`, which fits, on the open line.
        @inline(__always)
        mutating func add(_ index: Int) {
            let segment = segments[index]
            width += pendingWhitespace + segment.content
            lineEnd = Int(segment.contentEnd)
            pendingWhitespace = segment.whitespace
            if softHyphens, softHyphen(index).map({ width + $0.width <= limit }) ?? true {
                fallback = (index, width, lineEnd)
            }
            if segment.mandatoryBreak { commitLine(next: Int(segment.end), through: index) }
        }

        /// Ends the open line, which segment `index` does not fit on: filled with the start of the
        /// segment and a hyphen, or at the latest soft hyphen that fits, or before the segment.
        /// Returns the segment to go on from when the line ends before the last one it took.
        @inline(__always)
        mutating func endLine(before index: Int) -> Int? {
            let segment = segments[index]
            if let cut = lastHyphenFit(index, from: Int(segment.start), available: limit - width - pendingWhitespace) {
                // Fill the line with the start of the word that did not fit, and a hyphen.
                width += pendingWhitespace + cut.width
                lineEnd = cut.offset
                commitLine(next: cut.offset, through: index, hyphen: cut.hyphen)
                resume = cut.offset
            } else if softHyphens, fallback.segment != index - 1 {
                // The last segment's soft hyphen does not fit: end at the latest place that fits.
                width = fallback.width
                lineEnd = fallback.lineEnd
                commitLine(next: Int(segments[fallback.segment].end), through: fallback.segment,
                           hyphen: softHyphen(fallback.segment))
                return fallback.segment + 1
            } else {
                commitLine(next: Int(segment.start), through: index - 1, hyphen: softHyphens ? softHyphen(index - 1) : nil)
            }
            return nil
        }

        /// Opens a line with segment `index`, or with its rest after a cut, breaking inside it while
        /// it is too wide for a line of its own.
        @inline(__always)
        mutating func openLine(with index: Int) {
            let segment = segments[index]
            let offset = resume >= 0 ? resume : Int(segment.start)
            resume = -1
            lineStart = offset
            lineFirstSegment = index
            var consumed = advance(at: offset, in: index)
            let hyphenRoom = softHyphens ? softHyphen(index)?.width ?? 0 : 0
            if rest(index, from: offset, consumed: consumed) + hyphenRoom > limit, lookUp != nil || overflowWrap == .breakWord {
                consumed = breakInsideWord(index, from: offset, consumed: consumed, hyphenRoom: hyphenRoom)
            }
            width = segment.content - consumed
            lineEnd = Int(segment.contentEnd)
            pendingWhitespace = segment.whitespace
            fallback = (index, width, lineEnd)
            if segment.mandatoryBreak { commitLine(next: Int(segment.end), through: index) }
        }

        /// Segment `index`, from `offset` on (its content before it measures `consumed`), is too
        /// wide for a line of its own: hyphenates it, else cuts it between grapheme clusters, a
        /// line at a time, until its rest fits or cannot be broken. Returns what the rest's
        /// content before it measures; the rest opens the line that is left open.
        mutating func breakInsideWord(_ index: Int, from offset: Int, consumed: Double, hyphenRoom: Double) -> Double {
            var offset = offset, consumed = consumed
            while rest(index, from: offset, consumed: consumed) + hyphenRoom > limit {
                if let cut = lastHyphenFit(index, from: offset, available: limit) {
                    lineEnd = cut.offset
                    width = cut.width
                    commitLine(next: cut.offset, through: index, hyphen: cut.hyphen)
                } else if overflowWrap == .breakWord, let cut = emergencyCut(index, from: offset, consumed: consumed) {
                    lineEnd = cut.offset
                    width = cut.advance - consumed
                    emergency = true
                    commitLine(next: cut.offset, through: index)
                    emergency = true
                } else {
                    break
                }
                lineStart = lineEnd
                lineFirstSegment = index
                offset = lineEnd
                consumed = advance(at: offset, in: index)
            }
            // A word left wider than the line (one cluster) still counts as broken.
            if overflowWrap == .breakWord, rest(index, from: offset, consumed: consumed) > limit { emergency = true }
            return consumed
        }

        /// Ends the open line after segment `segment` (or inside it, at `lineEnd`), the next one
        /// starting at `next`.
        mutating func commitLine(next: Int, through segment: Int, hyphen: Hyphen? = nil) {
            let total = width + (hyphen?.width ?? 0)
            spans.append(Span(start: lineStart, end: lineEnd, next: next, width: total, isEmergencyBreak: emergency,
                              overflows: total > limit, segments: lineFirstSegment..<segment + 1, hyphen: hyphen))
            lineStart = -1
            emergency = false
        }

        // MARK: Measuring inside a segment

        /// The hyphen a line that ends after segment `index` shows: one for a soft hyphen, unless
        /// the line ends there anyway (a mandatory break, the paragraph's end).
        func softHyphen(_ index: Int) -> Hyphen? {
            let segment = segments[index]
            guard softHyphens, segment.endsWithSoftHyphen, !segment.mandatoryBreak, index + 1 < segments.count,
                  let hyphenation else { return nil }
            return hyphenation.hyphen(paragraph.font(before: Int(segment.contentEnd), in: segment))
        }

        mutating func advances(_ index: Int) -> [(offset: Int, advance: Double)] {
            if advancesOf.segment != index { advancesOf = (index, paragraph.graphemeAdvances(of: segments[index])) }
            return advancesOf.advances
        }

        /// The advance of segment `index`'s content before `offset`, a cluster boundary in it.
        mutating func advance(at offset: Int, in index: Int) -> Double {
            guard offset > Int(segments[index].start) else { return 0 }
            return Self.advance(at: offset, in: advances(index), probes: &boundariesVisited)
        }

        /// The advance before `offset`, a boundary in `list` (a segment's `advances`).
        static func advance(at offset: Int, in list: [(offset: Int, advance: Double)], probes: inout Int) -> Double {
            list[min(firstIndex(in: list.count, probes: &probes) { list[$0].offset >= offset }, list.count - 1)].advance
        }

        /// The first of `0..<count` for which `isAfter` holds, `count` if none; `isAfter` holds
        /// from some index on. A binary search, its probes added to `probes`.
        static func firstIndex(in count: Int, probes: inout Int, where isAfter: (Int) -> Bool) -> Int {
            var low = 0, high = count
            while low < high {
                let middle = (low + high) / 2
                probes += 1
                if isAfter(middle) { high = middle } else { low = middle + 1 }
            }
            return low
        }

        /// The last hyphenation point of segment `index` after `from` whose text from `from`, and
        /// the hyphen, fit in `available`; the width is the text's, without the hyphen.
        mutating func lastHyphenFit(_ index: Int, from: Int, available: Double) -> (offset: Int, width: Double, hyphen: Hyphen)? {
            guard let lookUp, let hyphenation else { return nil }
            let points: [(offset: Int, font: Int)]
            if let known = pointsOf[index] {
                points = known
            } else {
                lookups += 1
                points = paragraph.hyphenationPoints(of: segments[index], lookUp: lookUp)
                pointsOf[index] = points
            }
            let base = advance(at: from, in: index)
            // Prefixes grow with the point: a binary search finds the first point after `from` whose
            // prefix alone is too wide; the ones before it are tried from the last, until one's hyphen
            // fits too. (Trying every point from the word's end, per line, made a long hyphenated
            // segment quadratic.)
            let list = advances(index)
            var probes = 0, innerProbes = 0
            let first = Self.firstIndex(in: points.count, probes: &probes) { points[$0].offset > from }
            var candidate = Self.firstIndex(in: points.count, probes: &probes) { position in
                position >= first && Self.advance(at: points[position].offset, in: list, probes: &innerProbes) - base > available
            }
            boundariesVisited += probes + innerProbes
            while candidate > first {
                candidate -= 1
                boundariesVisited += 1
                let point = points[candidate], hyphen = hyphenation.hyphen(point.font)
                let prefix = advance(at: point.offset, in: index) - base
                if prefix + hyphen.width <= available { return (point.offset, prefix, hyphen) }
            }
            return nil
        }

        /// The width of segment `index`'s content from `offset` on: the segment's own sum from its
        /// start, else the clusters' (as the emergency break always measured it).
        mutating func rest(_ index: Int, from offset: Int, consumed: Double) -> Double {
            offset == Int(segments[index].start) ? segments[index].content : advances(index).last!.advance - consumed
        }

        /// Where an emergency break ends a line that starts at `from` (whose content before it
        /// measures `consumed`) inside segment `index`: after as many grapheme clusters as fit, and
        /// at least one; never at the content's end. The scan starts at the line's own first
        /// cluster (a binary search finds it), so cutting a word into lines costs its clusters
        /// once, not once per line.
        mutating func emergencyCut(_ index: Int, from: Int, consumed: Double) -> (offset: Int, advance: Double)? {
            let contentEnd = Int(segments[index].contentEnd)
            let list = advances(index)
            var cut: (offset: Int, advance: Double)?
            for position in Self.firstIndex(in: list.count, probes: &boundariesVisited, where: { list[$0].offset > from })..<list.count {
                let boundary = list[position]
                boundariesVisited += 1
                guard boundary.offset < contentEnd else { break }
                if cut != nil, boundary.advance - consumed > limit { break }
                cut = boundary
            }
            return cut
        }
    }
}
