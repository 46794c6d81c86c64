import TextMetrics

/// Sizes cells: the self-sizing step of every layout (the contract is on `Cell`).
///
/// Cache: key (cell, proposal, text environment), value the `CellMeasurement`; at most `cacheLimit`
/// entries, approximately least-recently-used. `measurementsComputed` counts misses (each one
/// a call into the typesetter), so a test can prove a second pass measures nothing. Below it, the
/// `Typesetter` caches shaping per (text, faces) and line breaking per (text, style, environment,
/// width): a new width re-breaks lines without shaping again.
///
/// Not thread-safe (nor is the typesetter): one sizer per thread.
///
/// ```swift
/// let sizer = try CellSizer(fonts: try FontLibrary())
/// let cell = Cell(kind: .paragraph, style: .body, text: StyledText("Width in, height out."))
/// let size = try sizer.size(of: cell, proposal: .width(358), category: .large)   // at least 44 pt tall
/// ```
public final class CellSizer {
    public let typesetter: Typesetter
    private var cache: BoundedCache<Key, CellMeasurement>
    /// List markers and their columns laid out (few texts, asked for by every item of a list),
    /// kept whether or not measurements are.
    private var markers = BoundedCache<MarkerKey, TextLayout>(limit: 4_096)

    /// Measurements computed (cache misses).
    public private(set) var measurementsComputed = 0
    /// Measurements answered from the cache.
    public var cacheHits: Int { cache.hits }
    /// Entries held now.
    public var cachedCount: Int { cache.count }
    public var cacheLimit: Int { cache.limit }
    /// The bytes of text the measurements kept hold (at most the typesetter's `textCacheBytes`,
    /// and the one measurement over half of it).
    public var cachedTextBytes: Int { cache.cost }

    struct Key: Hashable {
        let cell: Cell
        let proposal: SizeProposal
        let environment: TextEnvironment
    }

    struct MarkerKey: Hashable {
        let marker: String
        let style: TextStyle
        let environment: TextEnvironment
    }

    /// The smallest width, in points, left for text inside a cell's insets. Narrower, every
    /// grapheme would get a line of its own (or none would fit), which is no layout a person can
    /// use: sizing throws `ReflowError.widthTooSmall` instead.
    public static let minimumTextWidth = 1.0

    /// Whether measurements are kept (`cacheLimit` above 0). A sweep measures each cell once per
    /// size, so its sizers keep none: building and hashing the keys would be all the cache did.
    public let cachesMeasurements: Bool

    public init(typesetter: Typesetter, cacheLimit: Int = 65_536) {
        self.typesetter = typesetter
        self.cachesMeasurements = cacheLimit > 0
        self.cache = BoundedCache(limit: max(2, cacheLimit), costLimit: typesetter.textCacheBytes)
    }

    /// Convenience: a sizer with its own typesetter over `fonts`.
    public convenience init(fonts: FontLibrary, cacheLimit: Int = 65_536) throws {
        self.init(typesetter: try Typesetter(fonts: fonts), cacheLimit: cacheLimit)
    }

    /// The cell measured for `proposal` in `environment` (its category, base direction and
    /// language; see `Cell` for the contract).
    public func measure(_ cell: Cell, proposal: SizeProposal, environment: TextEnvironment) throws -> CellMeasurement {
        // A cell with content-size limits is measured at the nearest size it takes part in.
        let environment = cell.limited(environment)
        guard cachesMeasurements else {
            measurementsComputed += 1
            return try measureUncached(cell, proposal: proposal, environment: environment)
        }
        let key = Key(cell: cell, proposal: proposal, environment: environment)
        if let cached = cache.value(for: key) { return cached }
        let measurement = try measureUncached(cell, proposal: proposal, environment: environment)
        measurementsComputed += 1
        cache.insert(measurement, for: key, cost: measurement.textBytes)
        return measurement
    }

    /// The measurement, computed: in the cell's own direction when it has one.
    private func measureUncached(_ cell: Cell, proposal: SizeProposal, environment: TextEnvironment) throws -> CellMeasurement {
        var measurement: CellMeasurement
        if let direction = cell.direction, direction != environment.direction {
            // The cell's own direction: its text set in it, and its content mirrored inside the
            // cell when that changes which side is leading (the layout mirrors only for its own).
            var own = environment
            own.direction = direction
            measurement = try compute(cell, proposal: proposal, environment: own)
            if LayoutDirection(for: own) != LayoutDirection(for: environment) { measurement = measurement.mirrored() }
        } else {
            measurement = try compute(cell, proposal: proposal, environment: environment)
            let layoutDirection = LayoutDirection(for: environment)
            if Self.hangsFromItsList(cell, in: environment) {
                // A list running against the document hangs from its own leading side.
                measurement = measurement.mirrored()
            } else if environment.direction == .auto, cell.kind == .code, cell.nesting?.depth == 0,
                      let text = measurement.textLayout, (text.baseDirection == .rightToLeft) != (layoutDirection == .rightToLeft) {
                // Code whose lines run against the document shows their starts and scrolls towards
                // their ends.
                measurement = measurement.mirrored()
            }
        }
        return measurement
    }

    /// Whether `cell` belongs to a list running against the document (`Cell.listDirection`), so
    /// its content is mirrored to hang from the list's leading side.
    static func hangsFromItsList(_ cell: Cell, in environment: TextEnvironment) -> Bool {
        guard let list = cell.listDirection, environment.direction == .auto else { return false }
        return (list == .rightToLeft) != (LayoutDirection(for: environment) == .rightToLeft)
    }

    /// The cell measured for `proposal` at `category`, with the default base direction and no language.
    public func measure(_ cell: Cell, proposal: SizeProposal, category: ContentSizeCategory) throws -> CellMeasurement {
        try measure(cell, proposal: proposal, environment: TextEnvironment(category: category))
    }

    /// Width in, height out: the cell given exactly `width`, its height self-sized.
    public func measure(_ cell: Cell, width: Double, category: ContentSizeCategory) throws -> CellMeasurement {
        try measure(cell, proposal: .width(width), category: category)
    }

    /// Only the size of `measure(_:proposal:category:)`.
    public func size(of cell: Cell, proposal: SizeProposal, category: ContentSizeCategory) throws -> Size {
        try measure(cell, proposal: proposal, category: category).size
    }

    /// The width `cell` takes unproposed (`measure(_:proposal:environment:)` with an unspecified
    /// width) when `text` is its only element, without building that cell or measuring its
    /// height: a table column's least width is its widest word's, asked for every word.
    public func naturalWidth(of text: StyledText, in cell: Cell, environment: TextEnvironment) throws -> Double {
        let insets = cell.scaledInsets(in: environment)
        let element = TextElement(style: cell.style, text: text, fixedPointSize: cell.texts.first?.fixedPointSize)
        let width = try layout(element, environment: environment, width: .infinity).usedWidth
        return try indentation(of: cell, width: .infinity, environment: environment).textOffset + width + insets.horizontal
    }

    /// The width of `cell`'s content on one line: its widest element, unbroken (a leading image
    /// beside the others adds its width and the spacing; a row of pictures, their widths and the
    /// spacing), after its nesting's indentation.
    private func naturalWidth(_ cell: Cell, environment: TextEnvironment, scale: Double) throws -> Double {
        let category = environment.category
        let spacing = PointGrid.snap(cell.elementSpacing * scale)
        var widest = 0.0
        var beside = 0.0
        var row = 0.0
        for (index, element) in cell.elements.enumerated() {
            switch element {
            case .text(let text):
                widest = max(widest, try layout(text, environment: environment, width: .infinity).usedWidth)
            case .image(let image):
                let width = Self.imageSize(image, scale: scale).width
                if index == 0, cell.arrangement == .leadingImage, !category.isAccessibilityCategory, cell.elements.count > 1 {
                    beside = width + Cell.imageToTextPadding
                } else {
                    widest = max(widest, width)
                }
            case .picture(let picture):
                let width = try place(picture, width: .infinity, environment: environment).size.width
                if cell.arrangement == .row {
                    row += (row > 0 ? spacing : 0) + width
                } else {
                    widest = max(widest, width)
                }
            case .rule:
                break
            }
        }
        return try indentation(of: cell, width: .infinity, environment: environment).textOffset + beside + max(widest, row)
    }

    /// Where `cell`'s text starts, its markers and its quote bars, in `width` (inside the insets).
    func indentation(of cell: Cell, width: Double, environment: TextEnvironment) throws -> Indentation {
        guard let nesting = cell.nesting, nesting.depth > 0 else { return Indentation() }
        let style = cell.style
        return try Indentation.of(nesting, width: width, category: environment.category) { marker in
            let key = MarkerKey(marker: marker, style: style, environment: environment)
            if let layout = markers.value(for: key) { return layout }
            let layout = try typesetter.layout(StyledText(marker), style: style, environment: environment, width: .infinity)
            markers.insert(layout, for: key)
            return layout
        }
    }

    /// How a document's picture is drawn in at most `width`: its requested size fitted into the
    /// width (the aspect kept); a placeholder grows to show its alt text beside a picture glyph
    /// (a stated box too narrow for the alt on one line widens, up to the width, its aspect kept),
    /// and without a requested size is as wide as that text on one line (wrapping when the width
    /// is shorter); with a stated height alone it keeps that height and is at least as wide. The alt text is set in the footnote style; the padding and glyph scale with it.
    func place(_ picture: Picture, width: Double, environment: TextEnvironment) throws
        -> (size: Size, alt: TextLayout?, altOrigin: Point) {
        var requested = picture.requestedSize.map { size -> Size in
            guard size.width > width, size.width > 0 else { return size }
            return Size(width: width, height: size.height * width / size.width)
        }
        if picture.isDecodable, let size = requested {
            return (Size(width: PointGrid.snap(size.width), height: PointGrid.snap(size.height)), nil, .zero)
        }
        let spec = environment.spec(.footnote)
        let padding = PointGrid.snap(spec.pointSize * 0.5)
        let glyph = PointGrid.snap(spec.leading)
        let chrome = 2 * padding + glyph + (picture.alt.isEmpty ? 0 : padding)
        // A stated height alone, the aspect unknown (a remote image): the box keeps that height,
        // and is as wide as tall (at least as its alt text), as the page it is placed in keeps it.
        var heightOnly: Double?
        if let size = requested, size.width <= 0 {
            heightOnly = size.height > 0 ? size.height : nil
            requested = nil
        }
        if var size = requested, !picture.alt.isEmpty {
            // A stated box too narrow for its alt text on one line grows (to at most the width),
            // keeping its aspect: the alt text must fit at every size, never a letter per line.
            let oneLine = try typesetter.layout(StyledText(picture.alt), style: .footnote, environment: environment, width: .infinity)
            let needed = min(width, chrome + oneLine.usedWidth)
            if needed > size.width {
                size = Size(width: needed, height: size.height * needed / size.width)
                requested = size
            }
        }
        let boxWidth = requested.map(\.width) ?? width
        var alt: TextLayout?
        var used = 0.0, altHeight = 0.0
        if !picture.alt.isEmpty {
            let layout = try typesetter.layout(StyledText(picture.alt), style: .footnote, environment: environment,
                                               width: max(Self.minimumTextWidth, boxWidth - chrome))
            alt = layout
            used = layout.usedWidth
            altHeight = layout.height
        }
        let contentHeight = max(glyph, altHeight)
        let size = Size(width: PointGrid.snap(requested?.width ?? min(width, max(chrome + used, heightOnly ?? 0))),
                        height: PointGrid.snap(max(requested?.height ?? heightOnly ?? 0, contentHeight + 2 * padding)))
        let origin = Point(x: padding + glyph + padding, y: PointGrid.snap((size.height - altHeight) / 2))
        return (size, alt, origin)
    }

    /// `text` measured for `width` in `environment`: in its Dynamic Type style, or at its fixed size.
    func layout(_ text: TextElement, environment: TextEnvironment, width: Double) throws -> TextLayout {
        guard text.fixedPointSize != nil || text.maximumPointSize != nil else {
            return try typesetter.layout(text.text, style: text.style, environment: environment, width: width)
        }
        let spec = text.spec(in: environment)
        let faces = try typesetter.faces(pointSize: spec.pointSize, weight: spec.weight)
        return typesetter.layout(text.text, faces: faces, pointSize: spec.pointSize, lineHeight: spec.leading, width: width,
                                 direction: environment.direction, language: environment.language)
    }

    /// An icon's size at the category's `scale`, fitted (aspect kept) into `width` when it is wider.
    static func imageSize(_ image: Icon, scale: Double, fitting width: Double = .infinity) -> Size {
        var size = image.scalesWithText ? Size(width: image.size.width * scale, height: image.size.height * scale) : image.size
        if size.width > width, size.width > 0 {
            size = Size(width: width, height: size.height * width / size.width)
        }
        return Size(width: PointGrid.snap(size.width), height: PointGrid.snap(size.height))
    }

    /// The cell measured in the three steps of its contract (see `Cell`): the width from the
    /// proposal, the elements stacked in it, the height from the stack and the proposal.
    private func compute(_ cell: Cell, proposal: SizeProposal, environment: TextEnvironment) throws -> CellMeasurement {
        let scale = cell.insetMetrics.scaleFactor(for: environment.category)
        let insets = cell.scaledInsets(in: environment)
        let width = try resolveWidth(cell, proposal: proposal.width, insets: insets, scale: scale, environment: environment)
        let stack = try self.stack(cell, width: width, insets: insets, scale: scale, environment: environment)
        return resolveHeight(cell, stack: stack, proposal: proposal.height, width: width, insets: insets)
    }

    /// A cell's width resolved from its proposal: the first step of measuring.
    struct ResolvedWidth {
        /// The cell's width, insets included.
        let cellWidth: Double
        /// The width inside the insets that text is broken for (before the nesting's indentation
        /// and a leading image beside it): the proposal less the insets, or the content's natural
        /// width when nothing was proposed.
        let breakWidth: Double
        /// The width an error names: the proposal's, or the cell's when nothing was proposed.
        let named: Double
    }

    /// Step 1, the width: exact is the proposal; at most is the content's natural width plus the
    /// insets, or the proposal when that is narrower (lines are still broken for the proposal);
    /// unspecified is the natural width plus the insets. Throws `ReflowError.widthTooSmall` when
    /// less than `minimumTextWidth` is left inside the insets of a cell with text.
    private func resolveWidth(_ cell: Cell, proposal: SizeProposal.Dimension, insets: EdgeInsets, scale: Double,
                              environment: TextEnvironment) throws -> ResolvedWidth {
        let cellWidth: Double, breakWidth: Double
        switch proposal {
        case .exact(let width):
            cellWidth = width
            breakWidth = width - insets.horizontal
        case .atMost(let width):
            // Lines are broken for the width offered; the cell is only as wide as its content.
            breakWidth = width - insets.horizontal
            cellWidth = min(width, try naturalWidth(cell, environment: environment, scale: scale) + insets.horizontal)
        case .unspecified:
            breakWidth = try naturalWidth(cell, environment: environment, scale: scale)
            cellWidth = breakWidth + insets.horizontal
        }
        // The width first: `hasText` copies the cell's first text element, and this runs for
        // every cell measured.
        guard cellWidth.isFinite, breakWidth.isFinite, breakWidth >= Self.minimumTextWidth || !cell.hasText else {
            throw ReflowError.widthTooSmall(width: proposal.length ?? cellWidth, category: environment.category,
                                            needed: insets.horizontal + Self.minimumTextWidth)
        }
        return ResolvedWidth(cellWidth: cellWidth, breakWidth: breakWidth, named: proposal.length ?? cellWidth)
    }

    /// Step 3, the height: the natural height is top inset + stack + bottom inset, along which the
    /// nesting's quote bars run and beside whose first line its markers hang; unspecified is
    /// max(`minimumHeight`, natural), at most that capped by the proposal, exact the proposal.
    private func resolveHeight(_ cell: Cell, stack: CellStack, proposal: SizeProposal.Dimension, width: ResolvedWidth,
                               insets: EdgeInsets) -> CellMeasurement {
        var elements = stack.elements
        let natural = insets.top + stack.height + insets.bottom
        placeMarkersAndBars(stack.indentation, insets: insets, height: natural, into: &elements)
        let selfSized = max(cell.minimumHeight, natural)
        let height: Double
        switch proposal {
        case .exact(let value): height = value
        case .atMost(let value): height = min(value, selfSized)
        case .unspecified: height = selfSized
        }
        // Content a taller cell (the 44 pt minimum, an exact height) leaves room around is centred
        // vertically; content that does not fit starts at the top and is clipped at the bottom
        // (`CellMeasurement.resized(toHeight:)` of the cell at its natural height, done in place).
        if height != natural { CellMeasurement.move(&elements, from: natural, to: height, natural: natural) }
        return CellMeasurement(size: Size(width: width.cellWidth, height: height), naturalHeight: natural, insets: insets,
                               elements: elements, contentWidth: stack.contentWidth)
    }

    /// Quote bars along the cell (`height` tall, the natural height: `resized` stretches them) and
    /// list markers on the first text line's baseline (at the top inset for a cell without text).
    private func placeMarkersAndBars(_ indentation: Indentation, insets: EdgeInsets, height: Double,
                                     into elements: inout [CellMeasurement.Element]) {
        for bar in indentation.bars {
            elements.append(.init(content: .bar(quote: bar.quote), frame: Rect(x: insets.leading + bar.x, y: 0, width: bar.width, height: height)))
        }
        guard !indentation.markers.isEmpty else { return }
        var baseline: Double?
        for element in elements {
            if case .text(let layout, _, _) = element.content, let first = layout.firstBaseline {
                baseline = element.frame.minY + first
                break
            }
        }
        for marker in indentation.markers {
            let y = baseline.map { $0 - (marker.layout.firstBaseline ?? 0) } ?? insets.top
            elements.append(.init(content: .marker(marker.layout),
                                  frame: Rect(x: insets.leading + marker.x, y: y, width: marker.layout.usedWidth, height: marker.layout.height)))
        }
    }
}
