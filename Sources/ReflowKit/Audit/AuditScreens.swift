import Audit
import Foundation
import Preview
import Reflow
import TextMetrics

/// Each finding of an audit drawn on the screen it was found on (`audit --format html`): a phone
/// screen as wide as the width it was found at and `screenHeight` tall, at the category it was
/// first found at, scrolled so that the element is on it, the element outlined in its severity's
/// colour and labelled with the rule's name (the `--audit` overlay, for that finding alone).
///
/// Cost: one layout per category and width the findings were first found at (never more than
/// the audit's own), streamed as the audit streams its layouts, keeping only the elements that
/// lie on some finding's screen, never a whole layout's text; then one picture per finding,
/// drawn on the layout's worker thread. A finding without a frame (a text style that grows less
/// than 200 %, noted at its first cell) costs one more streamed layout of its size, to find it.
public struct AuditScreens: Sendable {
    /// The audited document.
    public var input: LayoutInput
    /// The audit's text settings (`Auditor.Options.settings`): with extra text spacing, a
    /// `spacing-clipped` finding is drawn with it and every other finding without it, as found.
    public var settings: TextSettings
    public var fontsDirectory: String
    public var theme: Theme = .light
    /// Device pixels per point of the pictures (1 to 4). One is the default: a report shows a
    /// screen smaller than its points, and a screen of text at 1 is 40–70 KB (at 2, about 2.4 times that).
    public var scale = 1
    /// The document's images, decoded once for every screen; its `warnings` say which could not be.
    public let pictures = PictureStore()

    public init(input: LayoutInput, settings: TextSettings, fontsDirectory: String) {
        self.input = input
        self.settings = settings
        self.fontsDirectory = fontsDirectory
    }

    /// One finding drawn on its screen.
    public struct Screen: Sendable, Hashable {
        /// The picture, a PNG.
        public var png: Data
        /// What it shows, in the page's coordinates (points). As tall as the screen; wider than it
        /// when the element reaches past the screen's sides (`horizontal-scroll`), whose edges
        /// are then drawn as dashed lines.
        public var visibleRect: Rect
        /// Whether the element was on the layout drawn (always, but for a finding of an element
        /// the layout no longer has); without it the page's top is drawn, outlining nothing.
        public var isOutlined: Bool
    }

    /// The height of a phone screen `width` points wide held upright: 844 pt for 390 (an
    /// iPhone 14's screen), in that proportion for other widths (693 pt for 320).
    public static func screenHeight(width: Double) -> Double { (width * 844 / 390).rounded() }

    /// Room left around an element on its screen (points), so that its outline and label show.
    static let margin = 24.0

    /// Each of `findings` drawn on its screen, in order.
    /// - Parameter progress: the fraction of layouts done (0…1).
    public func draw(_ findings: [AuditFinding], progress: (@Sendable (Double) -> Void)? = nil) throws -> [Screen] {
        /// A layout the findings were found in: a width, with or without the extra text spacing.
        struct Pass: Hashable {
            var width: Double
            var spaced: Bool
        }
        var plain = settings
        plain.spacing = .normal
        var passes: [Pass: [Int]] = [:]
        for (index, finding) in findings.enumerated() {
            let pass = Pass(width: finding.width, spaced: finding.rule == .spacingClipped && settings.spacing != plain.spacing)
            passes[pass, default: []].append(index)
        }
        let ordered = passes.keys.sorted { ($0.width, $0.spaced ? 1 : 0) < ($1.width, $1.spaced ? 1 : 0) }
        let screens = Locked([Screen?](repeating: nil, count: findings.count))
        let sizers = SweepSizers(fontsDirectory: fontsDirectory, content: input.content)
        for (done, pass) in ordered.enumerated() {
            let members = passes[pass]!
            let categories = Array(Set(members.map { findings[$0].category })).sorted()
            try CategorySweep.forEach(
                categories: categories, containerWidth: pass.width, settings: pass.spaced ? settings : plain,
                makeSizer: { try sizers.make() },
                produce: { environment, sizer in
                    try draw(members.filter { findings[$0].category == environment.category }.map { ($0, findings[$0]) },
                             in: environment, sizer: sizer)
                },
                deliver: { _, drawn in screens.withLock { for (index, screen) in drawn { $0[index] = screen } } },
                progress: progress.map { report in { @Sendable fraction in report((Double(done) + fraction) / Double(ordered.count)) } })
        }
        return screens.withLock { $0.map { $0! } }
    }

    /// `targets` (each with its index in the findings) drawn from the layout in `environment`,
    /// the category and width they were first found at.
    private func draw(_ targets: [(index: Int, finding: AuditFinding)], in environment: LayoutEnvironment,
                      sizer: CellSizer) throws -> [(Int, Screen)] {
        let (content, layout) = (input.content, input.layout)
        let width = environment.containerWidth, height = Self.screenHeight(width: width)
        // Where each element is: the frame the audit noted, or, for a finding it noted without one,
        // the element's frame in a first pass over the layout.
        var frames = targets.map { target -> Rect? in
            let frame = target.finding.frame
            return frame.width > 0 || frame.height > 0 ? frame : nil
        }
        let unplaced = Dictionary(grouping: targets.indices.filter { frames[$0] == nil }) {
            ElementKey(role: targets[$0].finding.element, indexPath: targets[$0].finding.indexPath)
        }
        if !unplaced.isEmpty {
            try layout.streamLayout(content, in: environment, sizer: sizer) { _, elements in
                for element in elements {
                    for target in unplaced[ElementKey(role: element.role, indexPath: element.indexPath)] ?? [] where frames[target] == nil {
                        frames[target] = element.frame
                    }
                }
            }
        }
        // The band of the page each screen may show once the content's end is known (a screen
        // near the end is moved up to end with it): its elements are kept as the layout streams by.
        let tops = frames.map { Self.preferredTop(of: $0 ?? .zero, height: height) }
        let bands = frames.indices.map { target in
            min(tops[target], (frames[target]?.maxY ?? 0) - height)...(tops[target] + height)
        }
        var kept: [LayoutAttributes] = []
        var keptFor = [[Int]](repeating: [], count: targets.count)
        var bottom = 0.0
        try layout.streamLayout(content, in: environment, sizer: sizer) { _, elements in
            for element in elements {
                bottom = max(bottom, element.frame.maxY)
                var position: Int?
                for (target, band) in bands.enumerated() where element.frame.maxY >= band.lowerBound && element.frame.minY <= band.upperBound {
                    if position == nil {
                        kept.append(element)
                        position = kept.count - 1
                    }
                    keptFor[target].append(position!)
                }
            }
        }
        let builder = DisplayListBuilder(theme: theme, pictures: pictures, layoutDirection: environment.layoutDirection)
        let renderer = try PNGRenderer(scale: scale)
        return try targets.indices.map { target in
            let finding = targets[target].finding
            let frame = frames[target]
            let top = max(0, min(tops[target], bottom - height))
            // As wide as the screen, or as the element where it reaches past the screen's sides
            // (a screen's width more on each side at most).
            let left = frame.map { $0.minX < 0 ? max(-width, $0.minX - Self.margin) : 0 } ?? 0
            let right = frame.map { $0.maxX > width ? min(2 * width, $0.maxX + Self.margin) : width } ?? width
            let visible = Rect(x: left, y: top, width: right - left, height: height)
            let outline = frame.map {
                [DisplayListBuilder.Annotation(frame: $0, label: finding.rule.rawValue, color: AuditReport.color(of: finding.severity))]
            } ?? []
            var list = builder.displayList(elements: keptFor[target].map { kept[$0] }, visibleRect: visible, labels: sizer.typesetter,
                                           annotations: outline)
            for edge in [0, width] where left < 0 || right > width {
                list.line(from: Point(x: edge - left, y: 0), to: Point(x: edge - left, y: height), Self.screenEdge, lineWidth: 1, dash: [6, 4])
            }
            // libpng's fast setting (no row filters, light compression): on screens of flat colours and
            // text it writes smaller files than the default, in under half the time (a README's 40
            // screens: 2.6 MB against 3.2 MB of page, 0.9 s against 2.3 s; docs/figures.md).
            let png = try PNGCodec.encode(try renderer.rasterize(list), fast: true)
            return (targets[target].index, Screen(png: png, visibleRect: visible, isOutlined: frame != nil))
        }
    }

    /// An element of a layout, by what the audit names it by.
    private struct ElementKey: Hashable {
        var role: ElementRole
        var indexPath: Reflow.IndexPath
    }

    /// The top of the screen that shows `frame` best, before the content's end is known: the
    /// element in the middle, or an element taller than the screen from just above its top.
    static func preferredTop(of frame: Rect, height: Double) -> Double {
        let top = frame.height + 2 * margin <= height ? frame.midY - height / 2 : frame.minY - margin
        return max(0, top)
    }

    /// The dashed lines at the screen's sides, on a picture wider than the screen.
    static let screenEdge = Color(hex: 0x8E8E93)
}
