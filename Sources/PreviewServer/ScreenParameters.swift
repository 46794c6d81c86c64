import Reflow
import ReflowKit
import TextMetrics

/// What one request asks to see, read from its query by the server's `Configuration.parameters`:
/// the text size, the container, one screen of it or the whole page, and the text settings, as
/// `reflow-cli preview` takes them from its options.
public struct ScreenParameters: Hashable, Sendable {
    /// One text size, or several drawn side by side on a contact sheet (`category=all`: all twelve).
    public var categories: [ContentSizeCategory]
    /// The container (screen) width in points.
    public var width: Double
    /// One screen of this size; nil for the whole page.
    public var viewport: Size?
    /// Where the screen is on the page (with a viewport).
    public var position: DocumentPreview.Position
    /// Device pixels per point of a PNG: 1 to 4.
    public var scale: Int
    /// The request's text settings, over the document's front matter.
    public var settings: TextSettings
    /// Outline the audit's findings at this size and width on the picture.
    public var audit: Bool
    /// The debug overlay: cell and text frames, baselines, the 44 pt minimum.
    public var debug: Bool
    /// The language a screen's texts are shown in (`lang`): a tag as given (`de`, `pt-BR`) or
    /// one of Xcode's pseudolanguages (`pseudo-double`); nil for the document's own (a screen's
    /// keys in its catalogs' source language). One language per picture (`language(of:)`).
    public var language: String?
    /// With `position` an anchor at a cell (`at=item:S.I`): the screen's top this many points
    /// below the top of the unit holding it (`within`), the place the live page keeps across a
    /// change of its settings (`ScreenPlace`, the rule `reflow-cli scroll` keeps). Nil: the
    /// anchor's own top.
    public var within: Double?
    /// The live page's order (`order`): the moves made on the page, made on the content before
    /// it is laid out (`PageOrder`); empty for the document's own order.
    public var order = PageOrder()

    public init(categories: [ContentSizeCategory] = [.large], width: Double = LayoutEnvironment.defaultContainerWidth,
                viewport: Size? = nil, position: DocumentPreview.Position = .offset(0), scale: Int = 2,
                settings: TextSettings = TextSettings(), audit: Bool = false, debug: Bool = false, language: String? = nil) {
        precondition(!categories.isEmpty, "at least one text size")
        self.categories = categories
        self.width = width
        self.viewport = viewport
        self.position = position
        self.scale = scale
        self.settings = settings
        self.audit = audit
        self.debug = debug
        self.language = language
    }

    /// The one language of `choice` (`lang`, read as `--lang` reads it): a tag or a
    /// pseudolanguage. A list or `all` is refused: the preview draws one language per picture,
    /// and `reflow-cli preview --lang` draws the matrix.
    public static func language(of choice: LanguageChoice?) throws(BadRequest) -> String? {
        guard let choice else { return nil }
        if let single = choice.single { return single }
        let named = choice.isAll ? "asks for every language of the screen's catalogs" : "names \(choice.tags.count) languages"
        throw BadRequest("lang=\(choice) \(named), and a preview picture shows one language: give one tag, as lang=\(choice.tags.first ?? "de"), "
            + "or pseudo-double, pseudo-accented, pseudo-bounded or pseudo-rtl; 'reflow-cli preview FILE --lang \(choice)' draws the languages side by side")
    }

    /// The first (or only) text size.
    public var category: ContentSizeCategory { categories[0] }
    /// Several sizes: a contact sheet, an array of layouts.
    public var isSheet: Bool { categories.count > 1 }
}
