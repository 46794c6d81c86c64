/// Extra space around text that a reader may ask for: what WCAG 2.2 success criterion 1.4.12
/// (Text Spacing) says content must survive, applied the way CSS applies it. Letter and word
/// spacing are measured (they change where lines break), the minimum line height sets the line
/// pitch, and the paragraph spacing is for the layout that stacks paragraphs (TextMetrics lays out
/// one paragraph at a time and never adds it).
///
/// Lengths are in ems: multiples of the text's point size.
public struct TextSpacing: Hashable, Sendable {
    /// Added after every grapheme cluster, spaces included (CSS `letter-spacing`). Invisible
    /// clusters (a soft hyphen not used, a zero-width space, joiners) get none.
    public var letterSpacing: Double
    /// Added to every word-separator character: U+0020 SPACE, U+00A0 NO-BREAK SPACE and the
    /// script-specific separators CSS lists (U+1361, U+10100, U+10101, U+1039F, U+1091F) (CSS
    /// `word-spacing`).
    public var wordSpacing: Double
    /// Lines are at least this many ems apart, baseline to baseline (0: the style's leading).
    public var minimumLineHeight: Double
    /// Paragraphs are at least this many ems apart (0: the layout's own spacing).
    public var minimumParagraphSpacing: Double

    public init(letterSpacing: Double = 0, wordSpacing: Double = 0, minimumLineHeight: Double = 0,
                minimumParagraphSpacing: Double = 0) {
        self.letterSpacing = letterSpacing
        self.wordSpacing = wordSpacing
        self.minimumLineHeight = minimumLineHeight
        self.minimumParagraphSpacing = minimumParagraphSpacing
    }

    /// The text as its style sets it: no extra spacing.
    public static let normal = TextSpacing()

    /// WCAG 1.4.12's values: letter spacing 0.12 em, word spacing 0.16 em, line height 1.5 times
    /// the font size, paragraph spacing 2 times the font size.
    public static let wcag = TextSpacing(letterSpacing: 0.12, wordSpacing: 0.16, minimumLineHeight: 1.5,
                                         minimumParagraphSpacing: 2)

    /// The named spacings, by the names a command line and front matter give them.
    public static let named: [(name: String, spacing: TextSpacing)] = [("normal", .normal), ("wcag", .wcag)]

    /// The spacing named `name` (`normal`, `wcag`), or nil.
    public init?(name: String) {
        guard let found = Self.named.first(where: { $0.name == name }) else { return nil }
        self = found.spacing
    }

    /// Whether letter or word spacing changes advances (and so line breaks and glyph positions).
    public var changesAdvances: Bool { letterSpacing != 0 || wordSpacing != 0 }

    /// The line pitch for text of `pointSize` whose style's leading is `leading`: the larger of the
    /// two when a minimum is set.
    public func lineHeight(leading: Double, pointSize: Double) -> Double {
        max(leading, minimumLineHeight * pointSize)
    }

    /// The least space between two paragraphs of text at `pointSize`, in points: a layout puts
    /// the larger of this and its own spacing between blocks.
    public func paragraphSpacing(pointSize: Double) -> Double {
        minimumParagraphSpacing * pointSize
    }
}
