import Reflow
import TextMetrics

/// Audits a document or a screen at every text size and width it is given: lays it out (the
/// same layouts the previews draw) and reads the layouts for accessibility problems. It computes
/// nothing the layout does not already know: frames, measured lines, the warnings the layout
/// made, and the theme's colors (through `Theme.colors(for:)`, as the preview draws them).
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
    }

    /// The audit. `progress` is called with the fraction of layouts done.
    /// With extra text spacing every width is laid out twice, with the style's own spacing (every
    /// rule) and with the extra spacing (only what clips there and not without it: `spacing-clipped`).
    public func run(progress: (@Sendable (Double) -> Void)? = nil) throws -> AuditReport {
        let theme = options.theme, hyphenate = options.settings.textEnvironment(category: .default).hyphenation
        let unlabelled = try unlabelledImages()
        var plain = options.settings
        plain.spacing = .normal
        let spaced = (options.settings.spacing ?? .normal) == .normal ? nil : options.settings
        let sweeps = Double(options.widths.count * (spaced == nil ? 1 : 2))
        var done = 0.0
        // Each category's observations are folded into the findings as soon as it is delivered
        // (an element's finding keeps its first failing size and lists the others), so memory
        // holds the findings, never every size's observations at once.
        let findings = Locked(Findings(source: input.source, limit: options.findingsPerRule.map { max(1, $0) } ?? .max))
        func sweep(width: Double, text: TextSettings, fold: @escaping @Sendable ([Observation]) -> Void) throws {
            var sweepProgress: (@Sendable (Double) -> Void)?
            if let progress {
                let before = done
                sweepProgress = { fraction in progress((before + fraction) / sweeps) }
            }
            defer { done += 1 }
            let (content, layout) = (input.content, input.layout)
            try CategorySweep.forEach(
                categories: options.categories, containerWidth: width, settings: text, makeSizer: makeSizer,
                produce: { environment, sizer in
                    var inspection = Inspection(environment: environment, theme: theme, hyphenate: hyphenate,
                                                unlabelledImages: unlabelled)
                    try layout.streamLayout(content, in: environment, sizer: sizer) { plan, elements in
                        inspection.inspect(elements, orthogonalSections: plan.orthogonalSections)
                    }
                    return inspection.finish()
                },
                deliver: { _, observations in fold(observations) }, progress: sweepProgress)
        }
        for width in options.widths {
            // What clips without extra spacing, to tell spacing-clipped from what clips anyway
            // (kept only when there is a spaced sweep to tell it from).
            let clipped = Locked(Set<ClipKey>())
            try sweep(width: width, text: plain) { observations in
                if spaced != nil {
                    clipped.withLock { $0.formUnion(observations.lazy.filter { $0.rule == .textClipped }.map(ClipKey.init)) }
                }
                findings.withLock { $0.add(observations) }
            }
            if let spaced {
                let clippedAnyway = clipped.withLock { $0 }
                try sweep(width: width, text: spaced) { observations in
                    findings.withLock { $0.add(Self.spacingClipped(with: observations, without: clippedAnyway)) }
                }
            }
        }
        let (kept, omitted, omittedWorst) = findings.withLock { ($0.ordered, $0.omittedCounts, $0.omittedWorst) }
        var all = firstWidthOnly(kept)
        all += styleScaleFindings()
        all.sort { ($1.severity, $0.rule, $0.width, $0.indexPath) < ($0.severity, $1.rule, $1.width, $1.indexPath) }
        return AuditReport(findings: all, categories: options.categories, widths: options.widths, styleScales: styleScales(),
                           omitted: omitted, omittedWorst: omittedWorst, findingsPerRule: options.findingsPerRule)
    }

    /// Observations merged into findings: one per rule, width and element, at the first category
    /// it was seen in (its frame and message), listing the other categories, at the worst severity.
    struct Findings {
        struct Key: Hashable {
            var rule: AuditRule
            var width: Double
            var element: ElementRole
            var indexPath: IndexPath

            init(_ observation: Observation) {
                (rule, width, element, indexPath) = (observation.rule, observation.width, observation.element, observation.indexPath)
            }
        }
        /// An element, whatever the width: what the limit per rule counts.
        struct Element: Hashable {
            var element: ElementRole
            var indexPath: IndexPath
        }
        let source: (@Sendable (IndexPath) -> SourceLocation?)?
        /// The most elements a rule keeps findings for.
        let limit: Int
        private var order: [Key] = []
        private var findings: [Key: AuditFinding] = [:]
        private var kept: [AuditRule: Set<Element>] = [:]
        private var omitted: [AuditRule: Set<Element>] = [:]
        /// The worst severity among what was not kept.
        private(set) var omittedWorst: AuditSeverity?

        init(source: (@Sendable (IndexPath) -> SourceLocation?)?, limit: Int = .max) {
            self.source = source
            self.limit = limit
        }

        var ordered: [AuditFinding] { order.map { findings[$0]! } }
        /// How many elements each rule found beyond the limit.
        var omittedCounts: [AuditRule: Int] { omitted.mapValues(\.count) }

        /// Whether an observation of a new finding is kept: its element already has a finding of
        /// the rule (at another width), or the rule has room for another element.
        private mutating func keeps(_ observation: Observation) -> Bool {
            let element = Element(element: observation.element, indexPath: observation.indexPath)
            if kept[observation.rule]?.contains(element) == true { return true }
            if kept[observation.rule, default: []].count < limit {
                kept[observation.rule, default: []].insert(element)
                return true
            }
            omitted[observation.rule, default: []].insert(element)
            omittedWorst = max(omittedWorst ?? observation.severity, observation.severity)
            return false
        }

        mutating func add(_ observations: [Observation]) {
            for observation in observations { add(observation) }
        }

        mutating func add(_ observation: Observation) {
            let key = Key(observation)
            guard var finding = findings[key] else {
                guard keeps(observation) else { return }
                order.append(key)
                findings[key] = AuditFinding(
                    rule: observation.rule, severity: observation.severity, category: observation.category, width: observation.width,
                    element: observation.element, indexPath: observation.indexPath, frame: observation.frame,
                    source: observation.element == .cell || observation.element == .badge ? source?(observation.indexPath) : nil,
                    message: observation.message)
                return
            }
            finding.frames[observation.category] = finding.frames[observation.category] ?? observation.frame
            if observation.category < finding.category {
                finding.otherCategories.append(finding.category)
                finding.category = observation.category
                finding.frame = observation.frame
                finding.message = observation.message
            } else if observation.category != finding.category, !finding.otherCategories.contains(observation.category) {
                finding.otherCategories.append(observation.category)
            }
            finding.otherCategories.sort()
            finding.severity = max(finding.severity, observation.severity)
            findings[key] = finding
        }
    }

    func firstWidthOnly(_ findings: [AuditFinding]) -> [AuditFinding] {
        struct Key: Hashable {
            var rule: AuditRule
            var element: ElementRole
            var indexPath: IndexPath
        }
        var first: [Key: Double] = [:]
        for finding in findings where !finding.rule.dependsOnWidth {
            let key = Key(rule: finding.rule, element: finding.element, indexPath: finding.indexPath)
            let rank = options.widths.firstIndex(of: finding.width) ?? .max
            if let known = first[key], (options.widths.firstIndex(of: known) ?? .max) <= rank { continue }
            first[key] = finding.width
        }
        return findings.filter { finding in
            finding.rule.dependsOnWidth
                || first[Key(rule: finding.rule, element: finding.element, indexPath: finding.indexPath)] == finding.width
        }
    }

    /// `image-alt`, read from the content once (a text alternative does not change with the
    /// size): each cell with an image that has none, WCAG 1.1.1's non-text content. A document's
    /// picture needs alt text unless it is marked decorative (`Picture.isDecorative`: HTML's
    /// `alt=""`, `role="presentation"`); a screen's image needs an `accessibilityLabel` (empty
    /// marks it decorative). Lazy sections are read in blocks, as a layout reads them.
    func unlabelledImages() throws -> [IndexPath: String] {
        var found: [IndexPath: String] = [:]
        for (sectionIndex, section) in input.content.sections.enumerated() {
            var start = 0
            while start < section.cellCount {
                let end = min(section.cellCount, start + 4_096)
                for (offset, cell) in try section.cells(start..<end).enumerated() {
                    if let message = Self.unlabelledImages(in: cell) { found[IndexPath(item: start + offset, section: sectionIndex)] = message }
                }
                start = end
            }
        }
        return found
    }

    /// What `cell`'s images without a text alternative are, nil when it has none.
    static func unlabelledImages(in cell: Cell) -> String? {
        var pictures: [String] = [], images = 0
        for element in cell.elements {
            switch element {
            case .picture(let picture) where !picture.isDecorative && picture.alt.allSatisfy(\.isWhitespace):
                pictures.append("\"\(picture.source.prefix(80))\"")
            case .image(let image) where image.accessibilityLabel == nil:
                images += 1
            default: continue
            }
        }
        if !pictures.isEmpty {
            return "the image\(pictures.count == 1 ? "" : "s") \(pictures.joined(separator: ", ")) \(pictures.count == 1 ? "has" : "have") "
                + "no alt text: a screen reader announces \(pictures.count == 1 ? "it" : "them") by file name or not at all "
                + "(alt=\"\" marks an image decorative)"
        }
        if images > 0 {
            return "\(images == 1 ? "its image has" : "\(images) of its images have") no accessibilityLabel: VoiceOver has nothing "
                + "to say for \(images == 1 ? "it" : "them") (\"accessibilityLabel\": \"\" marks an image decorative)"
        }
        return nil
    }

    /// How far each text style the content uses grows from L to AX5.
    public func styleScales() -> [StyleScale] {
        var styles = Set<TextStyle>()
        for section in input.content.sections {
            for (_, cell) in section.supplementary { styles.formUnion(cell.texts.map(\.style)) }
            // Lazy sections are not read just for this: their headers and the first block say enough.
            let count = min(section.cellCount, 4_096)
            if let cells = try? section.cells(0..<count) { for cell in cells { styles.formUnion(cell.texts.map(\.style)) } }
        }
        return TextStyle.allCases.filter(styles.contains).map {
            StyleScale(style: $0, sizeAtL: DynamicType.spec($0, .large).pointSize,
                       sizeAtAX5: DynamicType.spec($0, .accessibilityExtraExtraExtraLarge).pointSize)
        }
    }

    /// `text-not-scaling` as information: a Dynamic Type style that grows less than 200 % by AX5
    /// (iOS's largest styles do, by design), at the first element set in it.
    func styleScaleFindings() -> [AuditFinding] {
        styleScales().filter { !$0.meetsWCAG }.map { scale in
            AuditFinding(rule: .textNotScaling, severity: .info, category: .accessibilityExtraExtraExtraLarge,
                         width: options.widths.first ?? LayoutEnvironment.defaultContainerWidth, element: .cell,
                         indexPath: firstIndexPath(of: scale.style) ?? IndexPath(item: 0, section: 0), frame: .zero,
                         source: firstIndexPath(of: scale.style).flatMap { input.source?($0) },
                         message: "\(scale.style.rawValue) grows from \(Self.points(scale.sizeAtL)) to \(Self.points(scale.sizeAtAX5)) pt, "
                            + "\(Int((scale.scale * 100).rounded())) % at AX5: less than the 200 % WCAG 1.4.4 asks (Apple's table, by design)")
        }
    }

    private func firstIndexPath(of style: TextStyle) -> IndexPath? {
        for (section, content) in input.content.sections.enumerated() {
            for item in 0..<min(content.cellCount, 4_096) where (try? content.cell(item))?.texts.contains(where: { $0.style == style }) == true {
                return IndexPath(item: item, section: section)
            }
        }
        return nil
    }

    /// `value` points to a tenth, without a trailing `.0`: `17`, `83.5`.
    package static func points(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// Everything wrong in one layout, found as its elements are laid out (`streamLayout`): each
    /// element is inspected when it comes and its measured text let go; what needs the whole
    /// layout is kept small until `finish`: contrast (a cell's backdrop depends on the section
    /// backgrounds, which come last) as the element without its text, and each cell's frame for
    /// `overlap`.
    struct Inspection {
        let environment: LayoutEnvironment
        let theme: Theme
        let hyphenate: Bool
        /// The cells with an image that has no text alternative, and what to say about them
        /// (`unlabelledImages()`), reported as `image-alt` where laid out.
        let unlabelledImages: [IndexPath: String]
        private(set) var found: [Observation] = []
        private var decorations: [LayoutAttributes] = []
        private var cells: [Cell] = []
        private var texts: [Text] = []

        /// A cell's place, for `overlap`.
        struct Cell {
            var indexPath: IndexPath
            var role: ElementRole
            var frame: Rect
        }

        /// A text to check for contrast once the backgrounds are known: its element without the
        /// measured text, where the text stands, and its size and style.
        struct Text {
            var element: LayoutAttributes
            var textFrame: Rect
            var pointSize: Double
            var style: TextStyle
        }

        init(environment: LayoutEnvironment, theme: Theme, hyphenate: Bool, unlabelledImages: [IndexPath: String]) {
            (self.environment, self.theme, self.hyphenate, self.unlabelledImages) = (environment, theme, hyphenate, unlabelledImages)
        }

        private mutating func note(_ rule: AuditRule, _ severity: AuditSeverity, _ element: LayoutAttributes, _ message: String) {
            found.append(Observation(rule: rule, severity: severity, element: element.role, indexPath: element.indexPath,
                                     frame: element.frame, message: message, category: environment.category,
                                     width: environment.containerWidth))
        }

        /// Inspects `elements`: everything but contrast and overlaps, which `finish` adds.
        mutating func inspect(_ elements: [LayoutAttributes], orthogonalSections: Set<Int>) {
            for element in elements { inspect(element, orthogonalSections: orthogonalSections) }
        }

        private mutating func inspect(_ element: LayoutAttributes, orthogonalSections: Set<Int>) {
            if case .decoration = element.role {
                decorations.append(element)
                return
            }
            let frame = element.frame
            // Touch targets: every cell is one.
            if element.role == .cell {
                if frame.width > 0, frame.height > 0 { cells.append(Cell(indexPath: element.indexPath, role: element.role, frame: frame)) }
                let side = min(frame.width, frame.height)
                if side < 44 - 1e-9 {
                    note(.touchTarget, side < 24 - 1e-9 ? .error : .warning, element,
                         "\(Auditor.points(frame.width)) × \(Auditor.points(frame.height)) pt, smaller than the 44 × 44 pt minimum touch target"
                            + (side < 24 - 1e-9 ? " and the 24 × 24 pt WCAG 2.5.8 minimum" : ""))
                }
            }
            // Clipped text: a line outside the frame (an icon taller than the row is not one).
            if let message = Auditor.cutLine(in: element) { note(.textClipped, .error, element, message) }
            // Clipped images and other content that is not text.
            if let message = Auditor.clippedContent(in: element) { note(.contentClipped, .warning, element, message) }
            // Characters drawn as .notdef.
            if let message = Auditor.missingGlyphs(in: element) { note(.missingGlyph, .error, element, message) }
            if element.role == .cell, let message = unlabelledImages[element.indexPath] { note(.imageAlt, .warning, element, message) }
            var widest = 0.0
            var bare = element
            bare.content = []
            for content in element.content {
                guard case .text(let layout, let style, let textFrame, let truncated) = content else { continue }
                if truncated {
                    note(.textClipped, .error, element, "a line limit shows \(Auditor.shownLines(layout, in: textFrame)) of \(layout.lines.count) "
                            + "lines of \(style.rawValue) text: the rest is cut off")
                }
                if let line = layout.lines.firstIndex(where: \.isEmergencyBreak) {
                    let word = Auditor.word(around: layout.lines[line].range.upperBound, in: layout.text.string)
                    note(.wordBroken, hyphenate ? .info : .warning, element,
                         "\"\(word.prefix(40))\" is broken between letters: it is wider than its \(Auditor.points(layout.containerWidth)) pt column"
                            + (hyphenate ? " (hyphenation found no break in it)" : ""))
                }
                if layout.overflows { widest = max(widest, textFrame.minX + layout.usedWidth) }
                // Text set at a fixed size: smaller than Dynamic Type sets its style once the
                // reader asks for more than the default.
                let dynamic = DynamicType.spec(style, environment.category).pointSize
                if environment.category > .large, layout.pointSize < dynamic - 1e-9 {
                    let ax5 = DynamicType.spec(style, .accessibilityExtraExtraExtraLarge).pointSize
                    note(.textNotScaling, .warning, element,
                         "its \(style.rawValue) text keeps a fixed \(Auditor.points(layout.pointSize)) pt where Dynamic Type sets "
                            + "\(Auditor.points(dynamic)) pt (\(Auditor.points(ax5)) pt at AX5): it does not grow with the reader's text size, "
                            + "and WCAG 1.4.4 asks for 200 %")
                }
                // The element's first text decides which background it is over (`Theme.colors`).
                texts.append(Text(element: bare, textFrame: element.textFrame ?? textFrame, pointSize: layout.pointSize, style: style))
            }
            // A code block wider than its cell scrolls sideways in it: two-dimensional content,
            // which WCAG 1.4.10 allows.
            if let contentWidth = element.contentWidth, contentWidth > frame.width + 0.5 {
                note(.horizontalScroll, .info, element,
                     "code \(Auditor.points(contentWidth)) pt wide scrolls sideways in its \(Auditor.points(frame.width)) pt cell "
                        + "(two-dimensional content, which WCAG 1.4.10 allows)")
            }
            // Wider than the container (an orthogonal section's cells scroll sideways by design).
            let right = max(frame.maxX, widest), left = frame.minX
            if right > environment.containerWidth + 0.5 || left < -0.5 {
                let sideways = orthogonalSections.contains(element.indexPath.section)
                    && (element.role == .cell || element.role == .badge)
                note(.horizontalScroll, sideways ? .info : .error, element,
                     sideways ? "in a section that scrolls sideways: beyond the \(Auditor.points(environment.containerWidth)) pt screen by design"
                        : "reaches \(Auditor.points(right)) pt of a \(Auditor.points(environment.containerWidth)) pt container: it scrolls horizontally")
            }
        }

        /// What was found, with contrast (now that the backgrounds are known) and overlaps.
        mutating func finish() -> [Observation] {
            for text in texts {
                let (color, backdrop) = theme.colors(for: text.element, textFrame: text.textFrame, decorations: decorations)
                let ratio = color.composited(over: backdrop).contrastRatio(with: backdrop)
                let large = text.pointSize >= 18 || (text.pointSize >= 14 && DynamicType.weight(of: text.style) >= .bold)
                let required = large ? 3.0 : 4.5
                if ratio < required - 1e-9 {
                    note(.contrast, .error, text.element, "\(color.hexString) on \(backdrop.hexString) is \((ratio * 100).rounded() / 100):1, "
                            + "under the \(large ? "3" : "4.5"):1 WCAG 1.4.3 asks of \(large ? "large" : "normal") text "
                            + "(\(Auditor.points(text.pointSize)) pt \(text.style.rawValue))")
                }
            }
            texts = []
            found += Auditor.overlaps(among: cells, in: environment)
            cells = []
            return found
        }
    }

    /// How far a line may reach past its element's edge and still count as whole: half a point,
    /// under a pixel at every screen scale (rounding, not clipping).
    static let clipTolerance = 0.5

    /// How many lines of `layout` a text frame shows (the frame is as tall as the lines shown).
    static func shownLines(_ layout: TextLayout, in frame: Rect) -> Int {
        min(layout.lines.count, Int((frame.height / max(layout.lineHeight, 1e-9)).rounded()))
    }

    /// `text-clipped`'s first case: the first line (of the element's texts and list markers)
    /// whose line box, a line pitch tall, lies partly or wholly outside the element's frame, as
    /// a view that clips to its bounds cuts it. Lines a line limit hides are the second case
    /// (`truncated`); an image taller than the row is `content-clipped`, not this.
    static func cutLine(in element: LayoutAttributes) -> String? {
        let frame = element.frame
        for content in element.content {
            let layout: TextLayout, box: Rect, what: String
            switch content {
            case .text(let text, let style, let textFrame, _): (layout, box, what) = (text, textFrame, "\(style.rawValue) text")
            case .marker(let marker, let markerFrame): (layout, box, what) = (marker, markerFrame, "list marker")
            default: continue
            }
            let shown = shownLines(layout, in: box)
            for index in 0..<shown {
                let top = box.minY + layout.lines[index].top, bottom = top + layout.lineHeight
                let lineName = shown == 1 && layout.lines.count == 1 ? "the line" : "line \(index + 1) of \(layout.lines.count)"
                if bottom > frame.maxY + clipTolerance {
                    return "\(lineName) of its \(what) reaches \(points(bottom - frame.minY)) pt from the top of a "
                        + "\(points(frame.height)) pt \(element.role.name): \(points(min(bottom - frame.maxY, layout.lineHeight))) pt of it is cut off"
                }
                if top < frame.minY - clipTolerance {
                    return "\(lineName) of its \(what) starts \(points(frame.minY - top)) pt above the top of its \(element.role.name): "
                        + "\(points(min(frame.minY - top, layout.lineHeight))) pt of it is cut off"
                }
            }
        }
        return nil
    }

    /// `content-clipped`: the first image (a screen's image, a document's picture) that reaches
    /// outside the element's frame on any side.
    static func clippedContent(in element: LayoutAttributes) -> String? {
        let frame = element.frame, tolerance = clipTolerance
        for content in element.content {
            let box: Rect, what: String
            switch content {
            case .image(let rect): (box, what) = (rect, "image")
            case .picture(let picture, let rect, _, _): (box, what) = (rect, "picture \"\(picture.source.prefix(60))\"")
            default: continue
            }
            var outside: [String] = []
            if box.maxY > frame.maxY + tolerance { outside.append("\(points(box.maxY - frame.maxY)) pt below the bottom") }
            if box.minY < frame.minY - tolerance { outside.append("\(points(frame.minY - box.minY)) pt above the top") }
            if box.maxX > frame.maxX + tolerance { outside.append("\(points(box.maxX - frame.maxX)) pt past the right edge") }
            if box.minX < frame.minX - tolerance { outside.append("\(points(frame.minX - box.minX)) pt past the left edge") }
            guard !outside.isEmpty else { continue }
            return "its \(points(box.width)) × \(points(box.height)) pt \(what) reaches \(outside.joined(separator: " and ")) "
                + "of its \(points(frame.width)) × \(points(frame.height)) pt \(element.role.name): it is cut off"
        }
        return nil
    }

    /// `missing-glyph`: the characters of the element's texts (list markers and pictures' alt
    /// text included) drawn with a font's `.notdef`, each once, as U+XXXX.
    static func missingGlyphs(in element: LayoutAttributes) -> String? {
        var scalars: [Unicode.Scalar] = []
        var seen = Set<Unicode.Scalar>()
        func collect(_ layout: TextLayout) {
            let ranges = layout.paragraph.notdefRanges
            guard !ranges.isEmpty else { return }
            let utf8 = Array(layout.text.string.utf8)
            for range in ranges where range.upperBound <= utf8.count {
                for scalar in String(decoding: utf8[range], as: UTF8.self).unicodeScalars where seen.insert(scalar).inserted {
                    scalars.append(scalar)
                }
            }
        }
        for content in element.content {
            switch content {
            case .text(let layout, _, _, _), .marker(let layout, _): collect(layout)
            case .picture(_, _, let alt?, _): collect(alt)
            default: continue
            }
        }
        guard !scalars.isEmpty else { return nil }
        let named = scalars.prefix(8).map(Self.codePoint).joined(separator: ", ") + (scalars.count > 8 ? ", …" : "")
        return "\(named) \(scalars.count == 1 ? "is" : "are") drawn as .notdef (glyph 0, an empty box): "
            + "no font of the chain has a glyph for \(scalars.count == 1 ? "it" : "them")"
    }

    /// `U+E000`.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `overlap`: cells whose frames intersect with an area (edges that touch do not), each pair
    /// once, reported at the later cell. Badges, headers, footers and backgrounds are meant to lie
    /// over or under cells and are left out. A sweep down the cells sorted by their tops: each is
    /// compared only with the cells above it that reach below its top.
    static func overlaps(among cells: [Inspection.Cell], in environment: LayoutEnvironment) -> [Observation] {
        let order = cells.indices.sorted { (cells[$0].frame.minY, cells[$0].indexPath) < (cells[$1].frame.minY, cells[$1].indexPath) }
        var active: [Int] = []
        var found: [Observation] = []
        var reported = Set<IndexPath>()
        for index in order {
            let cell = cells[index], frame = cell.frame
            active.removeAll { cells[$0].frame.maxY <= frame.minY + overlapTolerance }
            for other in active {
                let otherFrame = cells[other].frame
                let width = min(frame.maxX, otherFrame.maxX) - max(frame.minX, otherFrame.minX)
                let height = min(frame.maxY, otherFrame.maxY) - max(frame.minY, otherFrame.minY)
                guard width > overlapTolerance, height > overlapTolerance else { continue }
                let (earlier, later) = cell.indexPath < cells[other].indexPath ? (cell, cells[other]) : (cells[other], cell)
                guard reported.insert(later.indexPath).inserted else { continue }
                found.append(Observation(
                    rule: .overlap, severity: .error, element: later.role, indexPath: later.indexPath, frame: later.frame,
                    message: "its frame overlaps cell \(earlier.indexPath.section).\(earlier.indexPath.item)'s by "
                        + "\(points(width)) × \(points(height)) pt: one is drawn over the other",
                    category: environment.category, width: environment.containerWidth))
            }
            active.append(index)
        }
        return found
    }

    /// How far two cells may run into each other and still only touch: a hundredth of a point
    /// (floating-point rounding of fractional sizes, far under a pixel).
    static let overlapTolerance = 0.01

    /// Where text clipped: an element at a category and width.
    struct ClipKey: Hashable {
        var element: ElementRole
        var indexPath: IndexPath
        var category: ContentSizeCategory
        var width: Double

        init(_ observation: Observation) {
            (element, indexPath, category, width) = (observation.element, observation.indexPath, observation.category, observation.width)
        }
    }

    /// `spacing-clipped`: the text clipped in a layout with extra text spacing (`spaced`) at a
    /// category, width and element where the same layout without it clipped nothing
    /// (`clippedAnyway`: where it did).
    static func spacingClipped(with spaced: [Observation], without clippedAnyway: Set<ClipKey>) -> [Observation] {
        spaced.filter { $0.rule == .textClipped && !clippedAnyway.contains(ClipKey($0)) }.map { observation in
            var clipped = observation
            clipped.rule = .spacingClipped
            clipped.message = "with WCAG 1.4.12 text spacing " + observation.message
            return clipped
        }
    }

    /// The word (between white space) the UTF-8 `offset` of `text` falls in or ends.
    static func word(around offset: Int, in text: String) -> String {
        let bytes = Array(text.utf8)
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        var start = min(offset, bytes.count), end = min(offset, bytes.count)
        while start > 0, !isSpace(bytes[start - 1]) { start -= 1 }
        while end < bytes.count, !isSpace(bytes[end]) { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

}

/// The findings of an audit and what it covered.
public struct AuditReport: Sendable {
    public var findings: [AuditFinding]
    public var categories: [ContentSizeCategory]
    public var widths: [Double]
    public var styleScales: [StyleScale]
    /// How many more elements each rule found than it lists (`Auditor.Options.findingsPerRule`).
    public var omitted: [AuditRule: Int] = [:]
    /// The worst severity among the findings not listed.
    public var omittedWorst: AuditSeverity?
    /// The most elements a rule lists (nil: all).
    public var findingsPerRule: Int?

    /// The worst severity found, listed or not; nil when nothing was.
    public var worst: AuditSeverity? { [findings.map(\.severity).max(), omittedWorst].compactMap { $0 }.max() }

    /// How many findings were found beyond those listed.
    public var omittedCount: Int { omitted.values.reduce(0, +) }

    public func count(_ severity: AuditSeverity) -> Int { findings.filter { $0.severity == severity }.count }
}
