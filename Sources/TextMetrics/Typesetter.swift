/// Measures text: the function the whole engine rests on. Given text, a text style, an
/// environment (category, base direction, language) and a width, it answers with a `TextLayout`
/// (lines in logical and visual order, baselines, height).
///
/// Measuring is a pure function of (text, style, environment, width, overflow wrap) and is
/// cached under exactly that key (`layoutCacheLimit` entries). Underneath, paragraphs are
/// itemized and shaped once per (face set, base direction, language) in font units
/// (`paragraphCacheLimit` entries) and words once per (face, script, direction, language) (the
/// `Shaper`'s cache), so a new width or a new category of the same face only re-breaks lines.
///
/// Not thread-safe: use one typesetter per thread (its fonts may be shared).
public final class Typesetter {
    public let fonts: FontLibrary
    public let shaper: Shaper
    private let breaks: BreakOpportunities
    let itemizer: Itemizer
    private var paragraphs: BoundedCache<ParagraphKey, ShapedParagraph>
    private var layouts: BoundedCache<LayoutKey, TextLayout>

    /// Paragraphs shaped (paragraph-cache misses).
    public private(set) var paragraphsShaped = 0
    /// Layouts computed (layout-cache misses): each one a line-breaking pass.
    public private(set) var layoutsComputed = 0
    public var layoutCacheHits: Int { layouts.hits }
    /// HarfBuzz shaping calls so far.
    public var shapeCalls: Int { shaper.shapeCalls }

    // Keys hash and compare text by its bytes and runs (see `StyledText`'s equality).
    struct ParagraphKey: Hashable {
        let text: StyledText
        let faces: [Int]
        let direction: BaseDirection
        let language: LanguageTag?
    }

    struct LayoutKey: Hashable {
        let text: StyledText
        let style: TextStyle
        let environment: TextEnvironment
        let width: Double
        let overflowWrap: LineBreaker.OverflowWrap
    }

    /// Paragraphs whose itemization took the Latin fast path, and those that did not.
    public var fastPathParagraphs: Int { itemizer.fastPathCount }
    public var itemizedParagraphs: Int { itemizer.fullCount }

    public init(fonts: FontLibrary, shapingCacheLimit: Int = 131_072,
                paragraphCacheLimit: Int = 8_192, layoutCacheLimit: Int = 65_536) throws {
        self.fonts = fonts
        self.shaper = Shaper(cacheLimit: shapingCacheLimit)
        self.breaks = try BreakOpportunities()
        self.itemizer = try Itemizer(library: fonts)
        self.paragraphs = BoundedCache(limit: paragraphCacheLimit)
        self.layouts = BoundedCache(limit: layoutCacheLimit)
    }

    /// `text` in the Dynamic Type `style` at `category`, broken for `width` points; its base
    /// direction from its first strong character, no language (`TextEnvironment`'s defaults).
    public func layout(_ text: StyledText, style: TextStyle, category: ContentSizeCategory, width: Double,
                       overflowWrap: LineBreaker.OverflowWrap = .breakWord) throws -> TextLayout {
        try layout(text, style: style, environment: TextEnvironment(category: category), width: width, overflowWrap: overflowWrap)
    }

    /// `text` in the Dynamic Type `style` at `environment`'s category, with its base direction
    /// and language, broken for `width` points. Cached under exactly (text, style, environment,
    /// width, overflowWrap).
    public func layout(_ text: StyledText, style: TextStyle, environment: TextEnvironment, width: Double,
                       overflowWrap: LineBreaker.OverflowWrap = .breakWord) throws -> TextLayout {
        let key = LayoutKey(text: text, style: style, environment: environment, width: width, overflowWrap: overflowWrap)
        if let layout = layouts.value(for: key) { return layout }
        let spec = DynamicType.spec(style, environment.category)
        let faces = try FaceSet(library: fonts, pointSize: spec.pointSize, weight: spec.weight)
        let layout = self.layout(text, faces: faces, pointSize: spec.pointSize, lineHeight: spec.leading, width: width,
                                 overflowWrap: overflowWrap, direction: environment.direction, language: environment.language)
        layouts.insert(layout, for: key)
        return layout
    }

    /// `text` in explicit faces at `pointSize`, lines `lineHeight` apart, broken for `width`
    /// (the fallback chain follows the faces). Not cached (the paragraph's shaping is).
    public func layout(_ text: StyledText, faces: FaceSet, pointSize: Double, lineHeight: Double, width: Double,
                       overflowWrap: LineBreaker.OverflowWrap = .breakWord, direction: BaseDirection = .auto,
                       language: LanguageTag? = nil) -> TextLayout {
        layoutsComputed += 1
        return TextLayout(paragraph: shapedParagraph(text, faces: faces, direction: direction, language: language), width: width,
                          pointSize: pointSize, lineHeight: lineHeight, overflowWrap: overflowWrap)
    }

    /// `text` itemized and shaped in `faces`, from the cache when it was shaped before.
    public func shapedParagraph(_ text: StyledText, faces: FaceSet, direction: BaseDirection = .auto,
                                language: LanguageTag? = nil) -> ShapedParagraph {
        let key = ParagraphKey(text: text, faces: faces.ids, direction: direction, language: language)
        if let paragraph = paragraphs.value(for: key) { return paragraph }
        paragraphsShaped += 1
        let paragraph = ShapedParagraph(text: text, faces: faces, direction: direction, language: language, shaper: shaper,
                                        breaks: breaks, itemizer: itemizer)
        paragraphs.insert(paragraph, for: key)
        return paragraph
    }

    /// The advance of `text` in `style` at `category`, in points (no line breaking): how wide a
    /// single word or label is.
    public func advance(of text: StyledText, style: TextStyle, category: ContentSizeCategory) throws -> Double {
        let spec = DynamicType.spec(style, category)
        let faces = try FaceSet(library: fonts, pointSize: spec.pointSize, weight: spec.weight)
        let paragraph = shapedParagraph(text, faces: faces)
        let units = paragraph.segments.reduce(0.0) { $0 + $1.content + $1.whitespace } - (paragraph.segments.last?.whitespace ?? 0)
        return units * spec.pointSize / paragraph.unitsPerEm
    }

    /// The advance of one space (U+0020) in `style` at `category`, in points: the gap the line
    /// breaker puts between two words, and so the inter-item spacing that makes word cells in a
    /// flow layout break like a paragraph.
    public func spaceAdvance(style: TextStyle, category: ContentSizeCategory) throws -> Double {
        let spec = DynamicType.spec(style, category)
        let font = try fonts.font(spec.typeface())
        return Double(shaper.shape(" ", font: font).advance) * spec.pointSize / Double(font.unitsPerEm)
    }
}
