/// Inline emphasis, as Markdown's `*emphasis*`, `**strong emphasis**` and `` `code` `` mark it.
///
/// The first three (`italic`, `strong`, `code`) choose the face a run is shaped in; `superscript`
/// and `subscript` draw it smaller and off the baseline (its advances too, so they change the
/// measurement, not the face); the others are decorations (`link`, `strikethrough`), drawn over
/// the glyphs: they change neither the face nor the measurement, so text shapes and breaks the
/// same with or without them (`faceRuns`).
public struct TextEmphasis: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Drawn in the italic face.
    public static let italic = TextEmphasis(rawValue: 1)
    /// Drawn one weight heavier (regular → semibold → bold).
    public static let strong = TextEmphasis(rawValue: 2)
    /// Drawn in the monospace face (code spans and code blocks), scaled with the text style.
    public static let code = TextEmphasis(rawValue: 4)
    /// A link: drawn in the link tint and underlined.
    public static let link = TextEmphasis(rawValue: 8)
    /// Struck through (GFM's `~~text~~`, HTML's `<s>`/`<del>`).
    public static let strikethrough = TextEmphasis(rawValue: 16)
    /// HTML's `<sup>`: at 75 % of the size, raised (`sizeFactor`, `baselineOffset`).
    public static let superscript = TextEmphasis(rawValue: 32)
    /// HTML's `<sub>`: at 75 % of the size, lowered.
    public static let `subscript` = TextEmphasis(rawValue: 64)
    /// HTML's `<small>`: at 90 % of the size, on the baseline.
    public static let small = TextEmphasis(rawValue: 128)

    /// The bits that choose a face (italic, strong, code).
    public static let faceBits: TextEmphasis = [.italic, .strong, .code]
    /// The bits drawn over the glyphs (link, strikethrough).
    public static let decorationBits: TextEmphasis = [.link, .strikethrough]
    /// The bits that change the size a run is drawn and measured at (superscript, subscript, small).
    public static let sizeBits: TextEmphasis = [.superscript, .subscript, .small]

    /// How large the text is drawn and measured against its style's point size, as GitHub's
    /// stylesheet draws `<sup>` and `<sub>` (`font-size: 75%`) and `<small>` (`font-size: 90%`);
    /// nested, the product.
    public var sizeFactor: Double {
        (contains(.superscript) ? 0.75 : 1) * (contains(.subscript) ? 0.75 : 1) * (contains(.small) ? 0.9 : 1)
    }

    /// How far the text's baseline moves down from the line's, in ems of the style's point size
    /// (negative: up). GitHub's stylesheet: `sup { top: -0.5em }` and `sub { bottom: -0.25em }`,
    /// in ems of the smaller text, with `line-height: 0`, so the line keeps its height.
    public var baselineOffset: Double {
        (contains(.superscript) ? -0.5 : 0) * 0.75 + (contains(.subscript) ? 0.25 : 0) * 0.75
    }

    /// The face this emphasis is shaped in: its face bits only.
    public var face: TextEmphasis { intersection(Self.faceBits) }
    /// Its decorations only.
    public var decoration: TextEmphasis { intersection(Self.decorationBits) }
    /// What shaping and measuring see: the face and size bits.
    public var shaping: TextEmphasis { intersection(Self.faceBits.union(Self.sizeBits)) }
}

/// Text in styled runs: a string and, covering it without gaps, runs of emphasis.
public struct StyledText: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public struct Run: Hashable, Sendable {
        /// Length in UTF-8 bytes.
        public var length: Int
        public var emphasis: TextEmphasis
    }

    public private(set) var string: String
    public private(set) var runs: [Run]
    /// A 64-bit FNV-1a digest of every byte with its run's emphasis, kept up to date by `append`:
    /// hashing a styled text (a cache key, often a whole paragraph) is then O(1), and unequal
    /// texts are told apart without comparing their bytes.
    private var fingerprint: UInt64 = 0xcbf2_9ce4_8422_2325

    public init(_ string: String = "", emphasis: TextEmphasis = []) {
        self.string = ""
        self.runs = []
        append(string, emphasis: emphasis)
    }

    public init(stringLiteral value: String) { self.init(value) }

    // Identity is the UTF-8 bytes and the runs, not `String` equality: two canonically equivalent
    // spellings ("é" as one scalar or as "e" and a combining accent) are equal `String`s but shape
    // to different glyphs and byte offsets, so a cache must never serve one for the other.
    public static func == (a: StyledText, b: StyledText) -> Bool {
        guard a.fingerprint == b.fingerprint, a.runs == b.runs else { return false }
        let fast = a.string.utf8.withContiguousStorageIfAvailable { x in
            b.string.utf8.withContiguousStorageIfAvailable { y in
                x.count == y.count && (x.isEmpty || bytesEqual(x.baseAddress!, y.baseAddress!, x.count))
            }
        }
        return (fast ?? nil) ?? a.string.utf8.elementsEqual(b.string.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fingerprint)
        hasher.combine(runs.count)
    }

    public var isEmpty: Bool { string.isEmpty }
    public var description: String { string }

    /// Appends `text` in `emphasis`, merging with the last run when the emphasis is the same.
    public mutating func append(_ text: String, emphasis: TextEmphasis = []) {
        guard !text.isEmpty else { return }
        string += text
        var digest = fingerprint
        let mark = UInt64(emphasis.rawValue) << 8
        for byte in text.utf8 { digest = (digest ^ (UInt64(byte) | mark)) &* 0x100_0000_01b3 }
        fingerprint = digest
        let length = text.utf8.count
        if let last = runs.last, last.emphasis == emphasis {
            runs[runs.count - 1].length += length
        } else {
            runs.append(Run(length: length, emphasis: emphasis))
        }
    }

    public mutating func append(_ other: StyledText) {
        var offset = other.string.utf8.startIndex
        for run in other.runs {
            let end = other.string.utf8.index(offset, offsetBy: run.length)
            append(String(other.string[offset..<end]), emphasis: run.emphasis)
            offset = end
        }
    }

    /// The runs as shaping sees them: neighbours of one face and size joined, decorations left
    /// out, so a link or a struck-through word shapes and breaks exactly as its plain text would.
    public var faceRuns: [(range: Range<Int>, emphasis: TextEmphasis)] {
        var joined: [(range: Range<Int>, emphasis: TextEmphasis)] = []
        var start = 0
        for run in runs {
            let face = run.emphasis.shaping
            if let last = joined.last, last.emphasis == face {
                joined[joined.count - 1].range = last.range.lowerBound..<start + run.length
            } else {
                joined.append((start..<start + run.length, face))
            }
            start += run.length
        }
        return joined
    }

    /// The byte ranges that carry a decoration, with it (empty for text without links or
    /// strikethrough, which is most text).
    public var decorations: [(range: Range<Int>, decoration: TextEmphasis)] {
        var found: [(range: Range<Int>, decoration: TextEmphasis)] = []
        var start = 0
        for run in runs {
            if !run.emphasis.decoration.isEmpty { found.append((start..<start + run.length, run.emphasis.decoration)) }
            start += run.length
        }
        return found
    }

    /// The runs with their byte ranges.
    public var rangedRuns: [(range: Range<Int>, emphasis: TextEmphasis)] {
        var start = 0
        return runs.map { run in
            defer { start += run.length }
            return (start..<start + run.length, run.emphasis)
        }
    }
}
