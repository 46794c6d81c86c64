import TextMetrics

/// What a layout places: a vertical stack of text, icons, a document's pictures and rules, with
/// content insets around it. A document block is a cell of one text element; a cell of a screen
/// file may stack a title, a subtitle and an icon.
///
/// # Self-sizing contract
///
/// A cell is handed a proposal per axis (`SizeProposal`: exact, at most, or unspecified, as
/// Yoga's measure modes) and answers with its size, in three steps (`CellSizer` takes them in
/// this order, a function each: `resolveWidth`, `stack`, `resolveHeight`):
/// - **width**: an exact proposal is the width; an at-most proposal is the content's natural
///   width (its widest element on one line, after its nesting's indentation and beside a leading
///   image) plus the insets, or the proposal when that is narrower; an unspecified one is the
///   natural width plus the insets. Text is broken for the proposal less the leading and
///   trailing insets (unspecified: for the natural width); for a cell with text, less than 1 pt
///   left is an error (`ReflowError.widthTooSmall`), here or after the indentation below.
/// - **stack**: inside the insets and after the nesting's indentation (list markers, quote
///   bars), every text element is broken into lines for that width (a code block's lines are
///   not: it scrolls sideways) and the elements are stacked `elementSpacing` apart. A leading
///   image stands beside the others, `imageToTextPadding` from them, except at the accessibility
///   sizes (above them), the shorter of the two centred on the other; a row of pictures stands
///   side by side and wraps, each of its lines placed by `alignment`.
/// - **height**: the natural height is top inset + stack + bottom inset. Unspecified
///   (self-sized): max(`minimumHeight`, natural); at most: that, capped by the proposal; exact:
///   the proposal, whatever the content needs (the measurement says when the content needed
///   more). Content in a taller cell is centred; in a shorter one it starts at the top and is
///   clipped.
///
/// Vertical insets, spacing and scaling icons are designed at the default category (L) and
/// scaled with the category along `insetMetrics`' curve (`FontMetrics.scaledValue`); horizontal
/// insets are layout margins and do not scale.
///
/// The answer is a pure function of (cell, proposal, text environment), where the text
/// environment (`TextEnvironment`) is the category, base direction, language, hyphenation, text
/// spacing, Bold Text and the container's layout margin, the category first brought within the
/// cell's `contentSizeCategoryLimits` (`limited(_:)`). Nothing else is read, so `CellSizer`
/// caches the answer under exactly that key, and a cached answer is invalid only if one of the
/// three changes (a new cell value is a new key). Sizing never mutates the cell.
public struct Cell: Hashable, Sendable {
    /// What the cell shows. Block kinds keep what the document said (a heading keeps its level).
    public enum Kind: Hashable, Sendable {
        case heading(level: Int)
        case paragraph
        /// A list item; `depth` is 1 for a top-level list, 2 inside a nested list, and so on.
        case listItem(depth: Int)
        case quote
        case footnote
        case code
        /// One word of a block, for flow layouts.
        case word
        /// A cell of a screen file.
        case item
        /// A cell of a Markdown table laid out in columns; the header row's cells are headers.
        case tableCell(isHeader: Bool)
        /// A row of a Markdown table laid out as a card of "header: value" lines (too narrow for columns).
        case tableRow
        /// A document's image, or a row of images (a paragraph of badges).
        case image
        /// A thematic break: a hairline.
        case rule
        /// A GitHub alert's title ("Note" …, after its icon); the alert's other blocks are cells
        /// of their own kinds inside it (`Nesting.alert`).
        case alert(AlertKind)

        /// The name in layout JSON: heading, paragraph, listItem, quote, footnote, code, word, item,
        /// tableHeader, tableCell, tableRow, image, rule, alert.
        public var name: String {
            switch self {
            case .heading: "heading"
            case .paragraph: "paragraph"
            case .listItem: "listItem"
            case .quote: "quote"
            case .footnote: "footnote"
            case .code: "code"
            case .word: "word"
            case .item: "item"
            case .tableCell(let isHeader): isHeader ? "tableHeader" : "tableCell"
            case .tableRow: "tableRow"
            case .image: "image"
            case .rule: "rule"
            case .alert: "alert"
            }
        }

        /// The heading level, for headings.
        public var headingLevel: Int? {
            if case .heading(let level) = self { return level }
            return nil
        }
    }

    /// One piece of a cell's stack.
    public enum Element: Hashable, Sendable {
        case text(TextElement)
        /// A screen cell's icon: a box of a stated size (`Icon`).
        case image(Icon)
        /// A document's image: its pixels, or a placeholder with its alt text.
        case picture(Picture)
        /// A hairline across the content width.
        case rule
    }

    /// How the elements are arranged.
    public enum Arrangement: String, Hashable, Sendable {
        /// One under the other.
        case stack
        /// The first element (an image) on the leading side, the others stacked beside it,
        /// `Cell.imageToTextPadding` from it; at the accessibility sizes a stack (the image above
        /// its text), as UIKit's list cells rearrange themselves.
        case leadingImage
        /// Side by side, `elementSpacing` apart, wrapping to a new row where the next does not
        /// fit (a paragraph of badges).
        case row
    }

    public var kind: Kind
    /// The stack, top to bottom. Never empty for cells made from documents.
    public var elements: [Element]
    public var arrangement: Arrangement = .stack
    /// Content insets at the default category (L). Top and bottom scale along `insetMetrics`;
    /// leading and trailing are layout margins and stay as they are at every size, as UIKit's do
    /// (16 pt by default: the system margin of a compact-width screen such as a 390 pt iPhone).
    public var insets: EdgeInsets
    /// Leading and trailing insets are the container's system layout margins
    /// (`TextEnvironment.layoutMargin`: 16 pt compact width, 20 pt regular) instead of `insets`'
    /// own: a document's blocks and a screen's cells without insets of their own, as a list
    /// cell's content follows its layout margins in UIKit.
    public var followsLayoutMargins = false
    /// The curve vertical insets, spacing and scaling images follow. Body's row by default, for
    /// every cell: padding then grows as reading text grows (×3.12 at AX5), one curve for every
    /// style, so headings and paragraphs keep one rhythm.
    public var insetMetrics: FontMetrics
    /// Space between two stacked elements at L.
    public var elementSpacing: Double
    /// The smallest self-sized height: 44 pt, the touch-target minimum, at every category.
    public var minimumHeight: Double
    /// Content for the supplementary items a layout attaches to this cell, by kind (a badge's text).
    public var supplementary: [String: Cell] = [:]
    /// The 1-based line of the Markdown source the cell's block starts on; nil for plain text,
    /// screen files and a flow's words. Part of the cell's value: layouts copy it to their
    /// elements (`LayoutAttributes.sourceLine`), and reports and findings name it.
    public var sourceLine: Int?
    /// The text sizes the cell takes part in (UIKit's `minimumContentSizeCategory` and
    /// `maximumContentSizeCategory`, iOS 15): outside them it is measured at the nearest end.
    /// Nil: every size. A screen's and a section's limits reach their cells (the narrowest wins).
    public var contentSizeCategoryLimits: ClosedRange<ContentSizeCategory>?
    /// The list items and quotes around a document's cell (nil for cells that are not a
    /// document's blocks: screen items, words): its text starts after their indentation.
    public var nesting: Nesting?
    /// A code cell's language (its fence's info string's first word).
    public var language: String?
    /// Where its text lines and its row of images stand in the width they get.
    public var alignment: TextAlignment = .leading
    /// Whether `leading` means the layout direction's leading side for every text, as UIKit's
    /// `NSTextAlignment.natural` does ("the default alignment of the app's localization"): a
    /// screen's label with Latin text stands at the right in a right-to-left language, and a
    /// Hebrew label at the left in a left-to-right one, its line still ordered in its own
    /// direction. False (a document's blocks): each paragraph's own direction, as GitHub's
    /// `dir="auto"` aligns them.
    public var alignsToLayoutDirection = false
    /// The base direction of its text when it differs from the environment's (HTML's `dir` on a
    /// document's block); a direction whose layout direction differs mirrors the cell's content
    /// inside its frame (markers and bars on the other side). Nil: the environment's.
    public var direction: BaseDirection?
    /// The side its indentation and markers hang from when it is not the environment's (a
    /// document's list running against the document: `Block.listDirection`). Nil: the
    /// environment's, or `direction`'s.
    public var listDirection: BaseDirection?

    /// 16 pt leading and trailing, 11 pt top and bottom, at L.
    public static let defaultInsets = EdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16)
    /// The HIG's minimum touch target.
    public static let minimumTouchHeight = 44.0
    /// 3 pt between stacked elements at L (a title and its subtitle).
    public static let defaultElementSpacing = 3.0
    /// Between a row's leading image and its text, at every size: the role of
    /// `UIListContentConfiguration.imageToTextPadding`. UIKit documents the property, not its
    /// default; 16 pt puts a Settings row's text where Settings draws it (16 pt margin, 29 pt
    /// icon, text from x = 61). A layout distance, so it does not grow with the text.
    public static let imageToTextPadding = 16.0

    public init(kind: Kind, elements: [Element], insets: EdgeInsets = Cell.defaultInsets,
                insetMetrics: FontMetrics = FontMetrics(forTextStyle: .body),
                elementSpacing: Double = Cell.defaultElementSpacing, minimumHeight: Double = Cell.minimumTouchHeight) {
        self.kind = kind
        self.elements = elements
        self.insets = insets
        self.insetMetrics = insetMetrics
        self.elementSpacing = elementSpacing
        self.minimumHeight = minimumHeight
    }

    /// A cell of one text element.
    public init(kind: Kind, style: TextStyle, text: StyledText, insets: EdgeInsets = Cell.defaultInsets,
                insetMetrics: FontMetrics = FontMetrics(forTextStyle: .body), minimumHeight: Double = Cell.minimumTouchHeight) {
        self.init(kind: kind, elements: [.text(TextElement(style: style, text: text))], insets: insets,
                  insetMetrics: insetMetrics, minimumHeight: minimumHeight)
    }

    /// A cell for a whole block: its text, or its images or rule, inside its nesting.
    public init(block: Block) {
        switch block.content {
        case nil:
            self.init(kind: block.kind, style: block.style, text: block.text)
        case .code(let language)?:
            self.init(kind: block.kind, style: block.style, text: block.text)
            self.language = language
        case .pictures(let pictures)?:
            self.init(kind: block.kind, elements: pictures.map(Element.picture))
            if pictures.count > 1 { arrangement = .row }
        case .rule?:
            self.init(kind: block.kind, elements: [.rule])
        }
        sourceLine = block.sourceLine
        nesting = block.nesting
        alignment = block.alignment
        direction = block.direction
        listDirection = block.listDirection
        followsLayoutMargins = true
        // A GitHub alert's title ("Note" …, in English whatever the document's language) stands
        // on its bar's side, the layout direction's leading side, not on its own text's.
        if case .alert = block.kind { alignsToLayoutDirection = true }
    }

    /// The text elements, in stack order.
    public var texts: [TextElement] {
        elements.compactMap { if case .text(let text) = $0 { text } else { nil } }
    }

    /// The first text element, found without building `texts` (a plan asks every cell's style
    /// at every text-size change).
    private var firstText: TextElement? {
        for element in elements { if case .text(let text) = element { return text } }
        return nil
    }

    /// Whether the cell has a text element (a width must then leave room for text).
    /// (Checked for every cell measured: it looks at the elements' cases without copying a text.)
    var hasText: Bool { elements.contains { if case .text = $0 { true } else { false } } }

    /// The style of the first text element (body for a cell without text): the cell's estimate
    /// key and its color in a preview.
    public var style: TextStyle { firstText?.style ?? .body }

    /// The first text element's text (empty for a cell without text).
    public var text: StyledText { firstText?.text ?? StyledText() }

    /// `environment` as this cell sees it: its category within `contentSizeCategoryLimits`.
    public func limited(_ environment: TextEnvironment) -> TextEnvironment {
        guard let limits = contentSizeCategoryLimits else { return environment }
        var limited = environment
        limited.category = min(max(environment.category, limits.lowerBound), limits.upperBound)
        return limited
    }

    /// The insets in `environment`, in points: top and bottom scaled to its category; leading and
    /// trailing as given, or the container's layout margin when the cell follows it.
    public func scaledInsets(in environment: TextEnvironment) -> EdgeInsets {
        var insets = insets.scaledVertically(by: insetMetrics.scaleFactor(for: environment.category))
        if followsLayoutMargins {
            insets.leading = environment.layoutMargin
            insets.trailing = environment.layoutMargin
        }
        return insets
    }
}

/// Text in a cell: a Dynamic Type style, styled text and an optional line limit.
public struct TextElement: Hashable, Sendable {
    public var style: TextStyle
    public var text: StyledText
    /// At most this many lines are shown (UILabel's `numberOfLines`); what the last one shows of
    /// the rest is `lineBreakMode`'s. Nil: no limit.
    public var lineLimit: Int?
    /// How lines break and what the last line shown under `lineLimit` shows of the text it cannot
    /// hold (UILabel's `lineBreakMode`; `truncatingTail`, UILabel's default, ends it in "…").
    public var lineBreakMode: LineBreakMode = .truncatingTail
    /// A point size the text keeps at every category (a font made with a fixed size, not
    /// `preferredFont(forTextStyle:)`): the style then gives only its weight and its leading's
    /// ratio to its size at L. Nil: the text follows Dynamic Type. The audit reports fixed text
    /// as `text-not-scaling`.
    public var fixedPointSize: Double?
    /// The largest point size the text grows to (`UIFontMetrics.scaledFont(for:maximumPointSize:)`):
    /// above it the size stays there, its leading in the same proportion. Nil: no limit.
    public var maximumPointSize: Double?
    /// The catalog key, language and form the text came from, when a string catalog gave it.
    public var origin: TextOrigin?

    public init(style: TextStyle, text: StyledText, lineLimit: Int? = nil, lineBreakMode: LineBreakMode = .truncatingTail,
                fixedPointSize: Double? = nil, maximumPointSize: Double? = nil, origin: TextOrigin? = nil) {
        self.lineBreakMode = lineBreakMode
        self.maximumPointSize = maximumPointSize
        self.origin = origin
        self.style = style
        self.text = text
        self.lineLimit = lineLimit
        self.fixedPointSize = fixedPointSize
    }

    /// The point size, line height and weight the text is set in at `category`.
    public func spec(at category: ContentSizeCategory) -> TypeSpec { spec(in: TextEnvironment(category: category)) }

    /// The point size, line height and weight the text is set in `environment`: its style's at the
    /// category (one weight heavier with Bold Text), or its fixed size; at most `maximumPointSize`.
    public func spec(in environment: TextEnvironment) -> TypeSpec {
        var spec: TypeSpec
        if let size = fixedPointSize {
            let atL = DynamicType.spec(style, .large, boldText: environment.boldText)
            spec = TypeSpec(pointSize: size, leading: (size * atL.leading / atL.pointSize).rounded(), weight: atL.weight)
        } else {
            spec = environment.spec(style)
        }
        if let maximumPointSize, spec.pointSize > maximumPointSize {
            spec.leading = (spec.leading * maximumPointSize / spec.pointSize).rounded()
            spec.pointSize = maximumPointSize
        }
        return spec
    }
}

/// A screen cell's icon (a Settings row's symbol, a store item's artwork): a box of a fixed size
/// at L, optionally scaled with the text, drawn as a filled rounded rectangle. Not a document's
/// image (`Picture`), nor `Images.ImagePlaceholder` (a document's image not drawn, and why).
public struct Icon: Hashable, Sendable {
    /// The size at the default category (L).
    public var size: Size
    /// Whether the image grows and shrinks with the cell's `insetMetrics` (a symbol beside text
    /// does; a photo does not).
    public var scalesWithText: Bool
    /// What VoiceOver says for the image (UIKit's `accessibilityLabel`): nil when none is given
    /// (the audit's `image-alt`); empty for an image marked decorative, as HTML's `alt=""`.
    public var accessibilityLabel: String?

    public init(size: Size, scalesWithText: Bool = false, accessibilityLabel: String? = nil) {
        self.size = size
        self.scalesWithText = scalesWithText
        self.accessibilityLabel = accessibilityLabel
    }
}
