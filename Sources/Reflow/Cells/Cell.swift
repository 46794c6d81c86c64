import TextMetrics

/// The unit a layout places: some styled text in a text style, with content insets around it.
///
/// # Self-sizing contract
///
/// A cell is handed a width (the container width less the section insets) and answers with its
/// size:
/// - height = max(`minimumHeight`, top inset + text height + bottom inset), the text broken into
///   lines for the given width less the leading and trailing insets;
/// - width = the given width for `.fillWidth` cells (blocks); for `.fitText` cells (words),
///   the text's shaped advance plus the insets, or the given width when that is narrower.
///
/// Insets are designed at the default category (L) and scaled with the category along
/// `insetMetrics`' curve (`FontMetrics.scaledValue`). The answer is a pure function of
/// (cell, width, category): nothing else is read, so `CellSizer` caches it under exactly that
/// key, and a cached answer is invalid only if one of the three changes (a new cell value is a
/// new key). Sizing never mutates the cell.
public struct Cell: Hashable, Sendable {
    /// What the cell shows; blocks keep their block kind, word cells are `.word`.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case heading, paragraph, listItem, quote, footnote, code, word
    }

    /// How the cell's width is chosen (see the sizing contract).
    public enum Sizing: String, Hashable, Sendable, Codable {
        /// As wide as the width it is given: a block in a list.
        case fillWidth
        /// As wide as its text on one line plus insets, at most the width it is given: a word.
        case fitText
    }

    public var kind: Kind
    public var style: TextStyle
    public var text: StyledText
    public var sizing: Sizing
    /// Content insets at the default category (L); see `insetMetrics` for how they scale.
    public var insets: EdgeInsets
    /// The curve insets scale along. Body's row by default, for every cell: margins then grow as
    /// reading text grows (×3.12 at AX5) and the text of headings and paragraphs stays aligned on
    /// one leading edge, which per-style curves would break.
    public var insetMetrics: FontMetrics
    /// The smallest height: 44 pt, the touch-target minimum, at every category.
    public var minimumHeight: Double

    /// 16 pt leading and trailing, 11 pt top and bottom, at L.
    public static let defaultInsets = EdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16)
    /// The HIG's minimum touch target.
    public static let minimumTouchHeight = 44.0

    public init(kind: Kind, style: TextStyle, text: StyledText, sizing: Sizing = .fillWidth,
                insets: EdgeInsets = Cell.defaultInsets, insetMetrics: FontMetrics = FontMetrics(forTextStyle: .body),
                minimumHeight: Double = Cell.minimumTouchHeight) {
        self.kind = kind
        self.style = style
        self.text = text
        self.sizing = sizing
        self.insets = insets
        self.insetMetrics = insetMetrics
        self.minimumHeight = minimumHeight
    }

    /// A cell for a whole block.
    public init(block: Block) {
        let kind: Kind
        switch block.kind {
        case .heading: kind = .heading
        case .paragraph: kind = .paragraph
        case .listItem: kind = .listItem
        case .quote: kind = .quote
        case .footnote: kind = .footnote
        case .code: kind = .code
        }
        self.init(kind: kind, style: block.style, text: block.text)
    }

    /// The insets at `category`, in points.
    public func scaledInsets(for category: ContentSizeCategory) -> EdgeInsets {
        insets.scaled(by: insetMetrics.scaleFactor(for: category))
    }
}
