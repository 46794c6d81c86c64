/// Measures text: the function the whole engine rests on. Given text, a text style, an
/// environment (category, base direction, language, hyphenation, text spacing) and a width, it
/// answers with a `TextLayout` (lines in logical and visual order, baselines, height).
///
/// Measuring is a pure function of (text, style, environment, width, overflow wrap) and is
/// cached under exactly that key (`layoutCacheLimit` entries). Underneath, paragraphs are
/// itemized and shaped once per (face set, base direction, language, letter and word spacing) in
/// font units (`paragraphCacheLimit` entries) and words once per (face, script, direction,
/// language) (the `Shaper`'s cache), so a new width or a new category of the same face only
/// re-breaks lines. Hyphenation dictionaries are shared by the process (`Hyphenator`); hyphen
/// points are looked up only for words that do not fit (`hyphenationLookups`).
///
/// Not thread-safe: use one typesetter per thread (its fonts may be shared).
///
/// ```swift
/// let typesetter = try Typesetter(fonts: try FontLibrary())
/// let text = try typesetter.layout(StyledText("Text that reflows at every size."), style: .body,
///                                  category: .accessibilityExtraExtraExtraLarge, width: 358)
/// print(text.lines.count, text.height)   // lines broken for 358 pt at AX5, and their height
/// ```
public final class Typesetter {
    public let fonts: FontLibrary
    public let shaper: Shaper
    private let breaks: BreakOpportunities
    let itemizer: Itemizer
    private var paragraphs: BoundedCache<ParagraphKey, ParagraphEntry>
    private var layouts: BoundedCache<LayoutKey, TextLayout>

    /// Paragraphs shaped (paragraph-cache misses).
    public private(set) var paragraphsShaped = 0
    /// Layouts computed (layout-cache misses): each one a line-breaking pass.
    public private(set) var layoutsComputed = 0
    public var layoutCacheHits: Int { layouts.hits }
    /// Layouts answered by their paragraph's last layout (`keepsLastLayouts`).
    public private(set) var lastLayoutHits = 0
    /// HarfBuzz shaping calls so far.
    public var shapeCalls: Int { shaper.shapeCalls }
    /// Words (segments between two UAX #14 opportunities) whose hyphenation points were looked up:
    /// only words that did not fit where they were, once per line-breaking pass.
    public private(set) var hyphenationLookups = 0
    /// Lookups answered by the word cache (the same word in the same language seen before).
    public var hyphenationCacheHits: Int { wordPoints.hits }
    private var hyphenators: [LanguageTag?: Hyphenator] = [:]
    /// Hyphenation points per (dictionary, word's UTF-8): a word that ends lines at several widths
    /// or categories, or often in a document, is hyphenated once.
    private lazy var wordPoints = BoundedCache<WordKey, [Int]>(limit: 16_384)

    private struct WordKey: Hashable {
        let dictionary: ObjectIdentifier
        let bytes: [UInt8]
    }
    /// The bundled faces per Dynamic Type point size and weight, looked up once (a layout of
    /// 100,000 cells asks for the faces of a few styles 200,000 times).
    private var faceSets: [FaceSetKey: FaceSet] = [:]
    private struct FaceSetKey: Hashable {
        let pointSize: Double
        let weight: FontWeight
    }

    /// The bundled faces for text at `pointSize` in `weight` (`FaceSet(library:pointSize:weight:)`),
    /// made once per size and weight.
    public func faces(pointSize: Double, weight: FontWeight) throws -> FaceSet {
        let key = FaceSetKey(pointSize: pointSize, weight: weight)
        if let faces = faceSets[key] { return faces }
        let faces = try FaceSet(library: fonts, pointSize: pointSize, weight: weight)
        faceSets[key] = faces
        return faces
    }

    /// The hyphen, per font id: U+2010 shaped in it, or U+002D.
    private var hyphens: [Int: (scalar: Unicode.Scalar, glyph: ShapedGlyph)] = [:]

    // Keys hash and compare text by its bytes and runs (see `StyledText`'s equality).
    struct ParagraphKey: Hashable {
        let text: StyledText
        let faces: [Int]
        let direction: BaseDirection
        let language: LanguageTag?
        let letterSpacing: Double
        let wordSpacing: Double

        // Hashed by the text and its regular face (every size of a sweep looks each of its texts
        // up again: hashing all eight face ids, the language and the spacing each time told
        // nothing apart that these do not); equality still compares every part.
        func hash(into hasher: inout Hasher) {
            hasher.combine(text)
            hasher.combine(faces.first ?? -1)
        }
    }

    /// A shaped paragraph as the cache keeps it, with the last layout made from it when this
    /// typesetter `keepsLastLayouts`. Mutable, so never handed out: a typesetter is one thread's.
    final class ParagraphEntry {
        let paragraph: ShapedParagraph
        /// What the last layout was made with, and the layout: apart, so that asking whether it
        /// serves (most asks of a sweep: each size asks once with a new size) copies no layout.
        var lastMadeWith: LayoutInputs?
        var last: TextLayout?

        init(_ paragraph: ShapedParagraph) { self.paragraph = paragraph }
    }

    /// What a layout is made with besides its paragraph: with the same paragraph, the same of
    /// these make the same layout.
    struct LayoutInputs: Equatable {
        let pointSize: Double
        let lineHeight: Double
        let width: Double
        let overflowWrap: LineBreaker.OverflowWrap
        let hyphenator: ObjectIdentifier?
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

    /// Shaped paragraphs kept by default.
    public static let defaultParagraphCacheLimit = 8_192
    /// The bytes of text the caches of shaped paragraphs and of layouts each keep at most (a
    /// shaped paragraph takes about 40 bytes of memory per byte of its text): a document of a
    /// few megabytes stays shaped whole, a larger one is held to this and re-shaped where it is
    /// measured again.
    public static let defaultTextCacheBytes = 4 << 20

    /// The bytes of text the shaped paragraphs and the layouts kept hold (a paragraph kept by both
    /// counts twice).
    public var cachedTextBytes: Int { paragraphs.cost + layouts.cost }

    public init(fonts: FontLibrary, shapingCacheLimit: Int = 131_072,
                paragraphCacheLimit: Int = Typesetter.defaultParagraphCacheLimit, layoutCacheLimit: Int = 65_536,
                textCacheBytes: Int = Typesetter.defaultTextCacheBytes, keepsLastLayouts: Bool = false) throws {
        self.fonts = fonts
        self.shaper = Shaper(cacheLimit: shapingCacheLimit)
        self.breaks = try BreakOpportunities()
        self.itemizer = try Itemizer(library: fonts)
        self.paragraphs = BoundedCache(limit: paragraphCacheLimit, costLimit: max(2, textCacheBytes))
        self.layouts = BoundedCache(limit: max(2, layoutCacheLimit), costLimit: max(2, textCacheBytes))
        self.textCacheBytes = max(2, textCacheBytes)
        self.cachesLayouts = layoutCacheLimit > 0
        self.keepsLastLayouts = keepsLastLayouts
    }

    /// Whether each shaped paragraph kept also keeps the last layout made from it, answering the
    /// next ask for the same paragraph, size, line height, width, overflow wrap and hyphenator
    /// without breaking lines again. For a typesetter that keeps no layouts (a sweep's): a
    /// screen's cells that show the same title, or the same badge, ask for the same layout one
    /// after another at each size (a 100,000-cell grid shows some 11,000 titles), which is then
    /// broken into lines once, with no key of its own to build, hash or keep.
    public let keepsLastLayouts: Bool

    /// The bytes of text each of the caches of shaped paragraphs and of layouts keeps at most
    /// (`defaultTextCacheBytes` unless given); a measuring cache above this typesetter keeps to it too.
    public let textCacheBytes: Int

    /// Whether laid-out texts are kept (`layoutCacheLimit` above 0). A sweep lays each text out
    /// once per size and keeps none: its keys would be all the cache did. Shaped paragraphs are
    /// kept either way.
    public let cachesLayouts: Bool

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
        let key = cachesLayouts ? LayoutKey(text: text, style: style, environment: environment, width: width, overflowWrap: overflowWrap) : nil
        if let key, let layout = layouts.value(for: key) { return layout }
        let spec = environment.spec(style)
        let faces = try faces(pointSize: spec.pointSize, weight: spec.weight)
        let layout = self.layout(text, faces: faces, pointSize: spec.pointSize, lineHeight: spec.leading, width: width,
                                 overflowWrap: overflowWrap, direction: environment.direction, language: environment.language,
                                 hyphenator: environment.hyphenation ? try hyphenator(for: environment.language) : nil,
                                 spacing: environment.spacing)
        if let key { layouts.insert(layout, for: key, cost: layout.textBytes) }
        return layout
    }

    /// `text` in explicit faces at `pointSize`, lines `lineHeight` apart (or the spacing's minimum
    /// line height), broken for `width` (the fallback chain follows the faces), hyphenated with
    /// `hyphenator` when one is given. Not cached (the paragraph's shaping is).
    public func layout(_ text: StyledText, faces: FaceSet, pointSize: Double, lineHeight: Double, width: Double,
                       overflowWrap: LineBreaker.OverflowWrap = .breakWord, direction: BaseDirection = .auto,
                       language: LanguageTag? = nil, hyphenator: Hyphenator? = nil, spacing: TextSpacing = .normal) -> TextLayout {
        let entry = shapedEntry(text, faces: faces, direction: direction, language: language, spacing: spacing)
        let paragraph = entry.paragraph
        let lineHeight = spacing.lineHeight(leading: lineHeight, pointSize: pointSize)
        let inputs = LayoutInputs(pointSize: pointSize, lineHeight: lineHeight, width: width, overflowWrap: overflowWrap,
                                  hyphenator: hyphenator.map(ObjectIdentifier.init))
        if keepsLastLayouts, entry.lastMadeWith == inputs, let last = entry.last {
            lastLayoutHits += 1
            return last
        }
        layoutsComputed += 1
        let toUnits = paragraph.unitsPerEm / pointSize
        var hyphenation: LineBreaker.Hyphenation?
        if hyphenator != nil || paragraph.hasSoftHyphens {
            let points = hyphenator.map { hyphenator in
                { [unowned self] (word: UnsafeBufferPointer<UInt8>) -> [Int] in self.hyphenationPoints(word, hyphenator: hyphenator) }
            }
            hyphenation = LineBreaker.Hyphenation(points: points) { [unowned self] font in
                self.hyphen(in: paragraph, font: font)
            }
        }
        var work = LineBreaker.Work()
        let spans = LineBreaker.lines(of: paragraph, maxWidth: width * toUnits, overflowWrap: overflowWrap,
                                      hyphenation: hyphenation, work: &work)
        hyphenationLookups += work.hyphenationLookups
        let layout = TextLayout(paragraph: paragraph, spans: spans, width: width, pointSize: pointSize, lineHeight: lineHeight)
        if keepsLastLayouts {
            entry.lastMadeWith = inputs
            entry.last = layout
        }
        return layout
    }

    /// `text` itemized and shaped in `faces`, with `spacing`'s letter and word spacing in its
    /// advances, from the cache when it was shaped before.
    public func shapedParagraph(_ text: StyledText, faces: FaceSet, direction: BaseDirection = .auto,
                                language: LanguageTag? = nil, spacing: TextSpacing = .normal) -> ShapedParagraph {
        shapedEntry(text, faces: faces, direction: direction, language: language, spacing: spacing).paragraph
    }

    /// `shapedParagraph(_:faces:direction:language:spacing:)`'s cache entry.
    private func shapedEntry(_ text: StyledText, faces: FaceSet, direction: BaseDirection, language: LanguageTag?,
                             spacing: TextSpacing) -> ParagraphEntry {
        let key = ParagraphKey(text: text, faces: faces.ids, direction: direction, language: language,
                               letterSpacing: spacing.letterSpacing, wordSpacing: spacing.wordSpacing)
        if let entry = paragraphs.value(for: key) { return entry }
        paragraphsShaped += 1
        let paragraph = ShapedParagraph(text: text, faces: faces, direction: direction, language: language, spacing: spacing,
                                        shaper: shaper, breaks: breaks, itemizer: itemizer)
        let entry = ParagraphEntry(paragraph)
        paragraphs.insert(entry, for: key, cost: paragraph.utf8.count)
        return entry
    }

    /// The hyphenator for `language` (English when nil), remembered per language.
    public func hyphenator(for language: LanguageTag?) throws -> Hyphenator {
        if let known = hyphenators[language] { return known }
        let hyphenator = try Hyphenator.forLanguage(language)
        hyphenators[language] = hyphenator
        return hyphenator
    }

    /// `hyphenator`'s points in `word`, from the word cache when it was looked up before.
    private func hyphenationPoints(_ word: UnsafeBufferPointer<UInt8>, hyphenator: Hyphenator) -> [Int] {
        let key = WordKey(dictionary: ObjectIdentifier(hyphenator), bytes: Array(word))
        if let known = wordPoints.value(for: key) { return known }
        let points = hyphenator.hyphenationPoints(utf8: word)
        wordPoints.insert(points, for: key)
        return points
    }

    /// The hyphen drawn in `paragraph`'s font `font`: U+2010 HYPHEN, or U+002D HYPHEN-MINUS when
    /// the font has no glyph for it; its width includes the paragraph's letter spacing.
    private func hyphen(in paragraph: ShapedParagraph, font index: Int) -> InsertedGlyph {
        let font = paragraph.fonts[index]
        let shaped: (scalar: Unicode.Scalar, glyph: ShapedGlyph)
        if let known = hyphens[font.id] {
            shaped = known
        } else {
            var found: (scalar: Unicode.Scalar, glyph: ShapedGlyph)?
            for scalar: Unicode.Scalar in ["\u{2010}", "-"] {
                let run = shaper.shape(String(scalar), font: font, properties: ShapingProperties(script: .common, direction: .leftToRight))
                if run.glyphs.count == 1, run.glyphs[0].glyph != 0 {
                    found = (scalar, run.glyphs[0])
                    break
                }
            }
            shaped = found ?? ("-", ShapedGlyph(glyph: 0, cluster: 0, xAdvance: 0, xOffset: 0, yOffset: 0))
            hyphens[font.id] = shaped
        }
        return InsertedGlyph(shaped.scalar, shaped: shaped.glyph, font: index, in: paragraph)
    }

    /// `layout` as a label with at most `limit` lines shows it in `mode`: the last line shown
    /// truncated with an ellipsis (U+2026 in the font of the text beside it, else in the
    /// paragraph's regular face) or clipped (`TextLayout.truncated(toLines:mode:ellipsis:)`);
    /// `layout` itself when its text has no more lines. The height is the lines shown.
    public func truncated(_ layout: TextLayout, toLines limit: Int, mode: LineBreakMode) -> TextLayout {
        let paragraph = layout.paragraph
        return layout.truncated(toLines: limit, mode: mode) { [unowned self] font in self.ellipsis(in: paragraph, font: font) }
    }

    /// The ellipsis, per font id: U+2026 shaped in it, or nil where the font has no glyph for it.
    private var ellipses: [Int: ShapedGlyph?] = [:]

    /// The ellipsis drawn in `paragraph`'s font `font`: U+2026 in it, or in the first of the
    /// paragraph's fonts (its regular face first) that has it; its width includes the letter spacing.
    private func ellipsis(in paragraph: ShapedParagraph, font index: Int) -> InsertedGlyph {
        func glyph(_ font: Font) -> ShapedGlyph? {
            if let known = ellipses[font.id] { return known }
            let run = shaper.shape("\u{2026}", font: font, properties: ShapingProperties(script: .common, direction: .leftToRight))
            let found = run.glyphs.count == 1 && run.glyphs[0].glyph != 0 ? run.glyphs[0] : nil
            ellipses[font.id] = found
            return found
        }
        let candidates = [index] + Array(paragraph.fonts.indices)
        let chosen = candidates.first { paragraph.fonts.indices.contains($0) && glyph(paragraph.fonts[$0]) != nil } ?? 0
        let shaped = glyph(paragraph.fonts[chosen]) ?? ShapedGlyph(glyph: 0, cluster: 0, xAdvance: 0, xOffset: 0, yOffset: 0)
        return InsertedGlyph("\u{2026}", shaped: shaped, font: chosen, in: paragraph)
    }

    /// The advance of `text` in `style` at `category`, in points (no line breaking): how wide a
    /// single word or label is.
    public func advance(of text: StyledText, style: TextStyle, category: ContentSizeCategory) throws -> Double {
        let spec = DynamicType.spec(style, category)
        let faces = try faces(pointSize: spec.pointSize, weight: spec.weight)
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
