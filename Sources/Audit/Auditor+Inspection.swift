import Reflow
import TextMetrics

extension Auditor {
    /// Everything wrong in one layout, found as its elements are laid out (`streamLayout`): each
    /// element is shown to every rule when it comes and its measured text let go; a rule that
    /// needs the whole layout keeps what it needs small until `finish`: contrast (a cell's
    /// backdrop depends on the section backgrounds, which come last) and `overlap` (every cell's
    /// frame).
    ///
    /// A new rule is a type in `Rules/` and a line in `elementRules` or `wholeLayoutRules`; the
    /// order of the lists is the order the rules are asked in.
    struct Inspection {
        /// The rules that read each element (never a decoration) on its own.
        static let elementRules: [any ElementRule.Type] = [
            TouchTargetRule.self, TextClippedRule.self, ContentClippedRule.self, MissingGlyphRule.self, ImageAltRule.self,
            WordBrokenRule.self, TextNotScalingRule.self, HorizontalScrollRule.self,
            UntranslatedRule.self, MissingKeyRule.self, FormatMismatchRule.self, PluralFormMissingRule.self,
        ]

        private(set) var context: LayoutContext
        /// The rules that read the whole layout (each its own state for this one), reported in this order.
        private var wholeLayoutRules: [any WholeLayoutRule] = [ContrastRule(), OverlapRule()]
        private(set) var found: [Observation] = []
        /// The most forms a text of the layout has (`TextOrigin.formCount`): 1 when no text
        /// varies, else the layouts it takes to show each form once.
        private(set) var formCount = 1

        init(environment: LayoutEnvironment, theme: Theme, hyphenate: Bool, unlabelledImages: [IndexPath: String],
             language: String? = nil) {
            context = LayoutContext(environment: environment, theme: theme, hyphenate: hyphenate, unlabelledImages: unlabelledImages,
                                    language: language)
        }

        /// Inspects `elements`: every element rule now, the whole-layout rules' part when `finish` comes.
        mutating func inspect(_ elements: [LayoutAttributes], orthogonalSections: Set<Int>) {
            context.orthogonalSections = orthogonalSections
            for element in elements { inspect(element) }
        }

        private mutating func inspect(_ element: LayoutAttributes) {
            for index in wholeLayoutRules.indices { wholeLayoutRules[index].collect(element, in: context) }
            if case .decoration = element.role { return }
            for origin in element.textOrigins { formCount = max(formCount, origin?.formCount ?? 1) }
            for rule in Self.elementRules {
                for problem in rule.check(element, in: context) {
                    var seen = context.observation(rule.rule, problem.severity, element, problem.message,
                                                   origin: problem.origin(in: element))
                    seen.subject = problem.subject
                    found.append(seen)
                }
            }
        }

        /// What was found, with what the whole-layout rules find now that the layout is done.
        mutating func finish() -> [Observation] {
            for index in wholeLayoutRules.indices { found += wholeLayoutRules[index].finish(in: context) }
            return found
        }
    }

    /// One layout (a category and width) as the rules read it.
    struct LayoutContext {
        let environment: LayoutEnvironment
        let theme: Theme
        /// Whether words too wide for their column are hyphenated (`word-broken` is then information).
        let hyphenate: Bool
        /// The cells with an image that has no text alternative, and what to say about them
        /// (`ImageAltRule.unlabelledImages(in:)`), reported as `image-alt` where laid out.
        let unlabelledImages: [IndexPath: String]
        /// The language the layout shows (`Auditor.Options.language`; nil without `--lang`).
        var language: String?
        /// The sections that scroll sideways (their cells may reach past the screen's edge).
        var orthogonalSections: Set<Int> = []

        /// `element`'s observation of `rule` at this layout's category and width, about the text
        /// `origin` (from a catalog; nil for text of the screen's own).
        func observation(_ rule: AuditRule, _ severity: AuditSeverity, _ element: LayoutAttributes, _ message: String,
                         origin: TextOrigin? = nil) -> Observation {
            Observation(rule: rule, severity: severity, element: element.role, indexPath: element.indexPath,
                        frame: element.frame, message: message, category: environment.category,
                        width: environment.containerWidth, language: language, origin: origin)
        }
    }
}
