import Reflow
import TextMetrics

/// Audits a document or a screen at every text size and width it is given: lays it out (the
/// same layouts the previews draw) and reads the layouts for accessibility problems. It computes
/// nothing the layout does not already know: frames, measured lines, the warnings the layout
/// made, and the theme's colors (through `Theme.colors(for:)`, as the preview draws them).
///
/// Here, the run (each width's sizes on worker threads, a second sweep for `spacing-clipped`);
/// in `Auditor+Inspection.swift`, one layout read by every rule as it streams; in
/// `Auditor+Findings.swift`, what each size saw of an element merged into one finding; in
/// `Rules/`, the rules, one a file (`ElementRule`, `WholeLayoutRule`).
public struct Auditor: Sendable {
    public struct Options: Sendable {
        /// Categories to audit, smallest first (default: all twelve).
        public var categories: [ContentSizeCategory] = ContentSizeCategory.allCases
        /// Container widths to audit at (default: 390 pt, an iPhone, and 320 pt, WCAG 1.4.10's reflow width).
        public var widths: [Double] = [390, 320]
        /// What the text is measured in besides the category (each audited one's): base direction
        /// (and with it the layout direction), language, hyphenation (words too wide for their
        /// column are hyphenated instead of broken, and `word-broken` becomes info) and text
        /// spacing (with WCAG 1.4.12's, text that clips only with the extra spacing is
        /// `spacing-clipped`).
        public var settings = TextSettings()
        public var theme: Theme = .light
        /// The most elements a rule lists findings for (nil: all); the rest are counted
        /// (`AuditReport.omitted`), not kept: a document whose every cell fails would otherwise
        /// hold a finding, with its message and a frame per size, for each cell and width.
        public var findingsPerRule: Int? = 1_000
        /// The language the input shows (`--lang`; nil without it): every finding names it, and
        /// findings of different languages never merge.
        public var language: String?
        /// The input with every text that varies (plural, device) showing its form number `pass`
        /// (`LocalizedInput.input(in:formPass:)`). When a text of the layout has more than one
        /// form, the audit lays the input out again once per form, at every size and width, and
        /// keeps what those layouts find too (merged with the rest, each finding naming the
        /// form it was found with): the longest form is the one that clips. Nil: only the form
        /// the screen's arguments pick.
        public var formInput: (@Sendable (_ pass: Int) throws -> LayoutInput)?

        public init() {}
    }

    public let input: LayoutInput
    public let options: Options
    /// Makes a cell sizer for a worker thread (each with fonts of its own).
    public let makeSizer: @Sendable () throws -> CellSizer

    public init(input: LayoutInput, options: Options = Options(), makeSizer: @escaping @Sendable () throws -> CellSizer) {
        self.input = input
        self.options = options
        self.makeSizer = makeSizer
    }

    /// Something seen at one category and width, before the same things at other sizes are merged.
    struct Observation: Sendable {
        var rule: AuditRule
        var severity: AuditSeverity
        var element: ElementRole
        var indexPath: IndexPath
        var frame: Rect
        var message: String
        var category: ContentSizeCategory
        var width: Double
        /// The language laid out (nil without `--lang`) and where the text came from in a catalog.
        var language: String? = nil
        var origin: TextOrigin? = nil
        /// The form every varying text showed (`Options.formInput`'s pass); nil: the arguments'.
        var formPass: Int? = nil
        /// What the problem is about (`Problem.subject`); nil: nothing it shares with other elements.
        var subject: String? = nil
    }

    /// The audit. `progress` is called with the fraction of layouts done.
    /// With extra text spacing every width is laid out twice, with the style's own spacing (every
    /// rule) and with the extra spacing (only what clips there and not without it: `spacing-clipped`).
    public func run(progress: (@Sendable (Double) -> Void)? = nil) throws -> AuditReport {
        let theme = options.theme, hyphenate = options.settings.textEnvironment(category: .default).hyphenation
        let language = options.language
        /// The most forms a text laid out has (1: none varies), for the passes over forms.
        let formCount = Locked(1)
        var plain = options.settings
        plain.spacing = .normal
        let spaced = (options.settings.spacing ?? .normal) == .normal ? nil : options.settings
        let sweeps = Double(options.widths.count * (spaced == nil ? 1 : 2))
        var done = 0.0
        // Each category's observations are folded into the findings as soon as it is delivered
        // (an element's finding keeps its first failing size and lists the others), so memory
        // holds the findings, never every size's observations at once.
        let findings = Locked(Findings(source: input.source, limit: options.findingsPerRule.map { max(1, $0) } ?? .max))
        func sweep(_ input: LayoutInput, width: Double, text: TextSettings, fold: @escaping @Sendable ([Observation]) -> Void) throws {
            let unlabelled = try ImageAltRule.unlabelledImages(in: input.content)
            var sweepProgress: (@Sendable (Double) -> Void)?
            if let progress {
                let before = done
                sweepProgress = { fraction in progress(min(1, (before + fraction) / sweeps)) }
            }
            defer { done += 1 }
            let (content, layout) = (input.content, input.layout)
            try CategorySweep.forEach(
                categories: options.categories, containerWidth: width, settings: text, makeSizer: makeSizer,
                produce: { environment, sizer in
                    var inspection = Inspection(environment: environment, theme: theme, hyphenate: hyphenate,
                                                unlabelledImages: unlabelled, language: language)
                    try layout.streamLayout(content, in: environment, sizer: sizer) { plan, elements in
                        inspection.inspect(elements, orthogonalSections: plan.orthogonalSections)
                    }
                    let forms = inspection.formCount
                    formCount.withLock { $0 = max($0, forms) }
                    return inspection.finish()
                },
                deliver: { _, observations in fold(observations) }, progress: sweepProgress)
        }
        for width in options.widths {
            // What clips without extra spacing, to tell spacing-clipped from what clips anyway
            // (kept only when there is a spaced sweep to tell it from).
            let clipped = Locked(Set<SpacingClippedRule.ClipKey>())
            try sweep(input, width: width, text: plain) { observations in
                if spaced != nil {
                    clipped.withLock { $0.formUnion(observations.lazy.filter { $0.rule == .textClipped }.map(SpacingClippedRule.ClipKey.init)) }
                }
                findings.withLock { $0.add(observations) }
            }
            if let spaced {
                let clippedAnyway = clipped.withLock { $0 }
                try sweep(input, width: width, text: spaced) { observations in
                    findings.withLock { $0.add(SpacingClippedRule.observations(with: observations, without: clippedAnyway)) }
                }
            }
        }
        // Every form of the texts that vary, each laid out at every size and width (only what the
        // texts' own spacing shows: spacing-clipped is read from the form the arguments pick).
        if let formInput = options.formInput {
            let forms = formCount.withLock { $0 }
            for pass in 0..<(forms > 1 ? forms : 0) {
                let passInput = try formInput(pass)
                for width in options.widths {
                    try sweep(passInput, width: width, text: plain) { observations in
                        findings.withLock { $0.add(observations.map { var seen = $0; seen.formPass = pass; return seen }) }
                    }
                }
            }
        }
        let (kept, omitted, omittedWorst) = findings.withLock { ($0.ordered, $0.omittedCounts, $0.omittedWorst) }
        var all = Self.grouped(firstWidthOnly(kept))
        all += styleScaleFindings()
        all.sort { ($1.severity, $0.rule, $0.width, $0.indexPath) < ($0.severity, $1.rule, $1.width, $1.indexPath) }
        return AuditReport(findings: all, categories: options.categories, widths: options.widths, styleScales: styleScales(),
                           omitted: omitted, omittedWorst: omittedWorst, findingsPerRule: options.findingsPerRule,
                           languages: options.language.map { [$0] } ?? [])
    }

    /// `value` points to a tenth, without a trailing `.0`: `17`, `83.5`.
    package static func points(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
