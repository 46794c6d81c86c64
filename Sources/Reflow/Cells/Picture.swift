import TextMetrics

/// An image of a document (`![alt](src)`, `<img>`): where it comes from, what it shows in words,
/// and what is known of its size. Sized by `CellSizer` (see `Picture.size(fitting:…)`): its
/// stated or natural size, never wider than the width it gets (the aspect kept); without either,
/// a placeholder sized to its alt text.
public struct Picture: Hashable, Sendable {
    /// The reference as the document writes it (a relative path or a URL).
    public var source: String
    /// The alt text; empty when the document gives none (the audit's `image-alt`) or marks the
    /// image decorative.
    public var alt: String
    /// The document marks the image decorative, so it needs no alt text (WCAG 1.1.1): HTML's
    /// `alt=""` (an empty alt attribute, not a missing one), `role="presentation"` or
    /// `role="none"`, `aria-hidden="true"`. A Markdown image (`![](x.png)`) cannot say so: with
    /// an empty description it is an image without alt text.
    public var isDecorative: Bool
    /// The width and height the document states (HTML `width`/`height`, CSS pixels = points).
    public var statedWidth: Double?
    public var statedHeight: Double?
    /// The image's own size in points (its pixels as CSS pixels), when the file was found beside
    /// the document and read; nil for a remote, missing or unreadable image, drawn as a placeholder.
    public var naturalSize: Size?
    /// The file the image is drawn from: its real path (links resolved), set with `naturalSize`
    /// when a reader found and probed it beside the document (`Readers`); nil otherwise. A
    /// preview decodes it from here.
    public var file: String?
    /// Whether a line break (HTML's `<br>`, a Markdown hard break) comes before it in its row of
    /// pictures: it starts a new line of the row there, as a browser breaks the line of images.
    public var startsRow = false

    public init(source: String, alt: String, statedWidth: Double? = nil, statedHeight: Double? = nil, naturalSize: Size? = nil,
                file: String? = nil, isDecorative: Bool = false) {
        self.source = source
        self.alt = alt
        self.isDecorative = isDecorative
        self.statedWidth = statedWidth
        self.statedHeight = statedHeight
        self.naturalSize = naturalSize
        self.file = file
    }

    /// Whether the image is drawn from its pixels (else a placeholder with its alt text).
    public var isDecodable: Bool { naturalSize != nil }

    /// The size the document asks for before fitting: the stated size, a missing side from the
    /// natural aspect (0 when the aspect is unknown too: the alt text then decides it); else the
    /// natural size; nil when neither is known.
    public var requestedSize: Size? {
        let aspect = naturalSize.flatMap { $0.width > 0 && $0.height > 0 ? $0.height / $0.width : nil }
        switch (statedWidth, statedHeight) {
        case let (width?, height?): return Size(width: width, height: height)
        case let (width?, nil): return Size(width: width, height: aspect.map { width * $0 } ?? 0)
        case let (nil, height?): return Size(width: aspect.map { height / $0 } ?? 0, height: height)
        case (nil, nil): return naturalSize
        }
    }
}
