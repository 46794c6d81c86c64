/// What the audit checks: one rule per kind of accessibility problem a text size can cause.
public enum AuditRule: String, CaseIterable, Hashable, Sendable, Codable, Comparable {
    case touchTarget = "touch-target"
    case textClipped = "text-clipped"
    case contentClipped = "content-clipped"
    case overlap
    case missingGlyph = "missing-glyph"
    case imageAlt = "image-alt"
    case textNotScaling = "text-not-scaling"
    case wordBroken = "word-broken"
    case horizontalScroll = "horizontal-scroll"
    case contrast
    case spacingClipped = "spacing-clipped"
    case untranslated
    case missingKey = "missing-key"
    case formatMismatch = "format-mismatch"
    case pluralFormMissing = "plural-form-missing"

    /// One line on what the rule finds.
    public var summary: String {
        switch self {
        case .touchTarget: "A cell or other tappable element is smaller than 44 × 44 pt (Apple HIG; WCAG 2.5.8 asks 24 × 24 at least)."
        case .textClipped: "A line of text is cut: it lies (partly) outside its element's frame (an absolute or fractional height too small for it), or a line limit hides it."
        case .contentClipped: "An image or other non-text content (an icon beside a row's text, a picture) reaches outside its element's frame and is cut."
        case .overlap: "Two cells' frames intersect, so one draws over the other (badges, headers, footers and backgrounds, which are meant to overlap, aside)."
        case .missingGlyph: "Text is drawn with a font's .notdef glyph (glyph 0, an empty box): no font in the chain has a glyph for the character."
        case .imageAlt: "An image has no text alternative: a document image without alt text, a screen image without an accessibility label (WCAG 1.1.1); alt=\"\" marks it decorative."
        case .textNotScaling: "Text keeps its size as the text-size category grows, or grows less than WCAG 1.4.4's 200 %."
        case .wordBroken: "A word is broken between letters because it is wider than its column."
        case .horizontalScroll: "Content is wider than its container (WCAG 1.4.10 asks no horizontal scrolling at 320 pt)."
        case .contrast: "Text colour against its background is below 4.5:1, or 3:1 for large text (WCAG 1.4.3)."
        case .spacingClipped: "With WCAG 1.4.12 text spacing, text clips or overlaps."
        case .untranslated: "A string catalog's key is shown in a fallback language (the app's localization an iPhone picks for the language, as en-GB for en-AU or pt for pt-BR, else the source language): the language asked for has no translation of it."
        case .missingKey: "A key the screen names is in no string catalog: the screen shows the key itself, as iOS does."
        case .formatMismatch: "A translation's format specifiers differ from the source string's in kind or number (%@ against %d): it crashes or garbles on a device."
        case .pluralFormMissing: "A translation's plural variation lacks a category its language needs by CLDR (few, many, …): those counts show another form."
        }
    }

    /// Where to read about it.
    public var helpURI: String {
        switch self {
        case .touchTarget: "https://www.w3.org/WAI/WCAG22/Understanding/target-size-minimum"
        case .textClipped, .contentClipped, .overlap, .textNotScaling: "https://www.w3.org/WAI/WCAG22/Understanding/resize-text"
        case .missingGlyph: "https://learn.microsoft.com/en-us/typography/opentype/spec/recom#glyph-0-the-notdef-glyph"
        case .imageAlt: "https://www.w3.org/WAI/WCAG22/Understanding/non-text-content"
        case .wordBroken, .horizontalScroll: "https://www.w3.org/WAI/WCAG22/Understanding/reflow"
        case .contrast: "https://www.w3.org/WAI/WCAG22/Understanding/contrast-minimum"
        case .spacingClipped: "https://www.w3.org/WAI/WCAG22/Understanding/text-spacing"
        case .untranslated, .missingKey: "https://developer.apple.com/documentation/xcode/localizing-and-varying-text-with-a-string-catalog"
        case .formatMismatch: "https://developer.apple.com/documentation/xcode/localizing-strings-that-contain-plurals"
        case .pluralFormMissing: "https://www.unicode.org/cldr/charts/latest/supplemental/language_plural_rules.html"
        }
    }

    /// Whether what the rule finds can differ between container widths. A rule that cannot
    /// (an image's alt text, a font's missing glyph) is reported at the first width only.
    public var dependsOnWidth: Bool {
        switch self {
        case .imageAlt, .missingGlyph: false
        default: !readsTextOrigin
        }
    }

    /// Whether the rule reads where a text came from in a string catalog (`TextOrigin`), not its
    /// layout: what it finds is the same at every size and width, and its message names the key,
    /// so it is reported once per language, element and key (merged across sizes and widths).
    public var readsTextOrigin: Bool {
        switch self {
        case .untranslated, .missingKey, .formatMismatch, .pluralFormMissing: true
        default: false
        }
    }

    public static func < (a: AuditRule, b: AuditRule) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// How much a finding matters: `error` fails an audit by default, `warning` with
/// `--fail-on warning`, `info` never (reported but accepted).
public enum AuditSeverity: String, CaseIterable, Hashable, Sendable, Codable, Comparable {
    case info, warning, error

    public static func < (a: AuditSeverity, b: AuditSeverity) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// SARIF's name for it.
    public var sarifLevel: String {
        switch self {
        case .info: "note"
        case .warning: "warning"
        case .error: "error"
        }
    }
}
