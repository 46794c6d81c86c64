import Reflow
import TextMetrics

/// One accessibility problem: a rule, an element, the first text size (and width) where it shows
/// and the others where it shows too, and where the element comes from in the file.
public struct AuditFinding: Hashable, Sendable {
    public var rule: AuditRule
    public var severity: AuditSeverity
    /// The first category (smallest first) it was found at, and every other one.
    public var category: ContentSizeCategory
    public var otherCategories: [ContentSizeCategory]
    /// The container width it was found at.
    public var width: Double
    /// The element: its kind (`cell`, `header`, …), index path and frame at `category`.
    public var element: ElementRole
    public var indexPath: IndexPath
    /// The element's frame at `category`.
    public var frame: Rect
    /// Its frame at every category it was found at (for drawing the finding on each size's picture).
    public var frames: [ContentSizeCategory: Rect]
    public var source: SourceLocation?
    /// What is wrong, in numbers a person can act on.
    public var message: String
    /// The language laid out (`--lang`; nil without it). Findings of two languages never merge.
    public var language: String?
    /// Where the text the finding is about came from, when a string catalog gave it: its key,
    /// table and the plural form shown at `category` (a clipped text names the form that clips).
    public var textOrigin: TextOrigin?
    /// The layout it was found in at `category`, when that was one of the audit's passes over
    /// plural forms (`Auditor.Options.formInput`'s pass); nil: the form the arguments pick. To
    /// draw the finding, lay out that pass's input.
    public var formPass: Int?
    /// What the problem is about, the same wherever it happens (the word broken, `Problem.subject`);
    /// nil for a rule that names none. Findings that share it, with the rule, severity, language,
    /// width and first size, are one finding (`Auditor.grouped`).
    public var subject: String?
    /// The other elements where the same problem happens at the same first size and width, in
    /// the document's order (the element above is the first): empty for a problem of one element.
    public var otherPlaces: [AuditPlace] = []

    public init(rule: AuditRule, severity: AuditSeverity, category: ContentSizeCategory, otherCategories: [ContentSizeCategory] = [],
                width: Double, element: ElementRole, indexPath: IndexPath, frame: Rect, source: SourceLocation? = nil,
                message: String, language: String? = nil, textOrigin: TextOrigin? = nil) {
        self.language = language
        self.textOrigin = textOrigin
        self.rule = rule
        self.severity = severity
        self.category = category
        self.otherCategories = otherCategories
        self.width = width
        self.element = element
        self.indexPath = indexPath
        self.frame = frame
        self.frames = [category: frame]
        self.source = source
        self.message = message
    }

    /// How many elements show it: this one and `otherPlaces`.
    public var count: Int { 1 + otherPlaces.count }

    /// Every element that shows it, this one first.
    public var places: [AuditPlace] { [AuditPlace(self)] + otherPlaces }

    /// Every category it was found at, in order.
    public var categories: [ContentSizeCategory] { ([category] + otherCategories).sorted() }

    /// `ax2 (and ax3, ax4, ax5)`.
    public var categoryText: String {
        otherCategories.isEmpty ? category.shortName
            : "\(category.shortName) (and \(otherCategories.map(\.shortName).joined(separator: ", ")))"
    }

    /// `key 'settings.title', de, form few`: the catalog's text the finding is about (its table
    /// too when not `Localizable`), for a rule whose message does not name it already; nil
    /// for text of the screen's own.
    public var originText: String? {
        guard let origin = textOrigin, !rule.readsTextOrigin else { return nil }
        var parts = ["key '\(origin.key)'" + (origin.table == "Localizable" ? "" : " of table \(origin.table)"), language ?? origin.language]
        if !origin.forms.isEmpty { parts.append("form \(origin.forms.joined(separator: ", "))") }
        return parts.joined(separator: ", ")
    }

    /// The message with the catalog's text it is about: `… cut off (key 'settings.title', de, form few)`.
    public var messageNamingText: String { originText.map { "\(message) (\($0))" } ?? message }

    /// `cell 1.3`, `header of section 2`.
    public var elementText: String { Self.elementText(element, indexPath) }

    /// `cell 1.3`, `header of section 2`: `element` at `indexPath`.
    public static func elementText(_ element: ElementRole, _ indexPath: IndexPath) -> String {
        switch element {
        case .cell: "cell \(indexPath.section).\(indexPath.item)"
        case .supplementary(let kind) where kind == "badge": "badge of cell \(indexPath.section).\(indexPath.item)"
        default: "\(element.name) of section \(indexPath.section)"
        }
    }
}

/// One element where a finding's problem happens: what the finding says of its own element, for
/// each of the others that show the same problem (`AuditFinding.otherPlaces`).
public struct AuditPlace: Hashable, Sendable {
    public var element: ElementRole
    public var indexPath: IndexPath
    /// Its frame at the finding's first size.
    public var frame: Rect
    public var source: SourceLocation?
    /// The sizes it holds at (the finding's first, and maybe fewer or more of the others than the
    /// first element).
    public var categories: [ContentSizeCategory]
    /// The finding's message for this element (its own numbers: a column's width).
    public var message: String
    /// Where its text came from in a string catalog, when one gave it.
    public var textOrigin: TextOrigin?

    /// The place of `finding`'s own element.
    public init(_ finding: AuditFinding) {
        (element, indexPath, frame, source) = (finding.element, finding.indexPath, finding.frame, finding.source)
        (categories, message, textOrigin) = (finding.categories, finding.message, finding.textOrigin)
    }

    /// `cell 1.3 (line 12)`: the element as a finding names it, and its place in the file.
    public var text: String { AuditFinding.elementText(element, indexPath) + (source.map { " (\($0))" } ?? "") }
}

/// How far a text style grows from L to AX5, against WCAG 1.4.4's 200 %.
public struct StyleScale: Hashable, Sendable {
    public var style: TextStyle
    /// Point size at L and at AX5 (the largest text size), and their ratio.
    public var sizeAtL: Double
    public var sizeAtAX5: Double
    public var scale: Double { sizeAtAX5 / sizeAtL }
    public var meetsWCAG: Bool { scale >= 2 - 1e-9 }
}
