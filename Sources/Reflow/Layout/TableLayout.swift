import TextMetrics

/// How a Markdown table's section is placed: the rule, as docs/documents.md's "Tables" states it.
///
/// Let W be the width the section's rows get (the container less the section's insets), and for
/// each column its **minimum** (its longest word on one line, in its cell's style, plus the cell's
/// insets, at the category) and its **natural width** (its widest cell on one line, insets included).
///
/// - **Columns**, when the minimums together fit in W: one row a horizontal group, one cell an
///   item of the group, the header row first (its cells `tableCell(isHeader: true)`, in the
///   headline style). W is shared in proportion to the natural widths; a column that would get
///   less than its minimum gets its minimum, and what is left is shared again, in proportion, by
///   the others. Minimums are rounded up to the point grid (1/64 pt), shares down. A row is as tall as its tallest
///   cell (self-sized, at least 44 pt), and every cell of it fills the row.
/// - **Columns that scroll sideways**, when the minimums do not fit in W but the columns are
///   readable so, as GitHub scrolls a table too wide for a phone (and as a code block wider than
///   its cell scrolls): no column's minimum over half of W, the minimums together within two
///   screens (`sidewaysWidths`). Each column is exactly its minimum, where the columns above end
///   when the minimums just fit, so a table never gets shorter by turning sideways one size up.
///   The section scrolls sideways (`LayoutPlan.orthogonalSections`, its `scrollingWidth` the
///   rows' width with the section's insets); the screen shows it at rest (scroll offset 0).
/// - **Cards**, otherwise (at accessibility sizes, or in a narrow container): each body row is
///   one cell (`tableRow`) as wide as W, a stack of "header: value" lines, the header part in
///   strong type (the headline's weight: headline is body in semibold), empty values left out.
///   The header row is not drawn on its own: every card repeats it. A card's index path is its
///   row's first cell. A table with no body row that has a value (only a header, or empty rows)
///   shows its header row as one card of the header names, so it never vanishes at large sizes
///   while it shows at small ones.
///
/// Rows and cards are `rowSpacing` apart. The whole table is one unit of its layout: its column
/// widths depend on every cell, so it is measured as a whole (a table is a few dozen cells).
struct TableLayout {
    let shape: TableShape
    let section: Int
    let cells: [Cell]
    /// The section's content insets: where rows start and how much of the width they get.
    let insets: EdgeInsets
    let rowSpacing: Double

    /// Slack for floating-point rounding when the minimums are compared with the width.
    static let tolerance = 1e-9

    /// Each column's width, or nil when the table does not fit as columns: `minimum` and `natural`
    /// per column, `width` to share.
    static func columnWidths(minimum: [Double], natural: [Double], width: Double) -> [Double]? {
        // Minimums up to the point grid (a column cut under its longest word would break it),
        // shares down to it (so the columns never add up to more than the width).
        let minimum = minimum.map { ($0 * 64).rounded(.up) / 64 }
        guard minimum.reduce(0, +) <= width + tolerance else { return nil }
        var widths = [Double?](repeating: nil, count: minimum.count)
        // Pin the columns whose proportional share falls under their minimum, until none does.
        while true {
            let free = widths.indices.filter { widths[$0] == nil }
            let left = width - widths.compactMap { $0 }.reduce(0, +)
            let total = free.map { max(natural[$0], minimum[$0]) }.reduce(0, +)
            var pinned = false
            for column in free {
                let share = total > 0 ? left * max(natural[column], minimum[column]) / total : left / Double(free.count)
                if Self.floored(share) < minimum[column] {
                    widths[column] = minimum[column]
                    pinned = true
                }
            }
            if !pinned {
                for column in free {
                    widths[column] = total > 0 ? left * max(natural[column], minimum[column]) / total : left / Double(free.count)
                }
                return widths.map { Self.floored($0!) }
            }
        }
    }

    /// `value` cut down to the point grid.
    static func floored(_ value: Double) -> Double { (value * 64).rounded(.down) / 64 }

    /// The columns' minimums and natural widths at `environment`'s category.
    func columnMeasures(sizer: CellSizer, environment: LayoutEnvironment) throws -> (minimum: [Double], natural: [Double]) {
        var minimum = [Double](repeating: 0, count: shape.columns)
        var natural = [Double](repeating: 0, count: shape.columns)
        let unspecified = SizeProposal(width: .unspecified)
        for (index, cell) in cells.enumerated() {
            let column = shape.position(of: index).column
            // Every cell needs its insets and the sizer's least width for text, empty ones too
            // (a short row is padded with empty cells, which have no width of their own).
            let least = cell.scaledInsets(in: environment.text).horizontal + CellSizer.minimumTextWidth
            minimum[column] = max(minimum[column], least)
            natural[column] = max(natural[column], least)
            guard cell.text.string.contains(where: { !$0.isWhitespace }) else { continue }
            natural[column] = max(natural[column], try sizer.measure(cell, proposal: unspecified, environment: environment.text).size.width)
            for word in cell.text.words {
                minimum[column] = max(minimum[column], try sizer.naturalWidth(of: word, in: cell, environment: environment.text))
            }
        }
        return (minimum, natural)
    }

    /// How many screens wide a table that scrolls sideways may be: wider than that, a row is too
    /// long to follow while scrolling, and the rows become cards.
    static let sidewaysScreens = 2.0

    /// The widest a column may be, as a share of the screen's width, for a table to scroll
    /// sideways: a column whose longest word takes more than half the screen leaves no room to
    /// see it beside its neighbour, so the rows become cards.
    static let readableColumnShare = 0.5

    /// Each column's width when the table scrolls sideways in `width`, or nil when it does not:
    /// its minimums (up to the point grid), when they together do not fit in `width` but the
    /// columns are readable so (none over `readableColumnShare` of `width`, all together within
    /// `sidewaysScreens` screens). The minimums grow with the text size, so a table that is
    /// cards at one size is cards at every larger one; and the columns are as narrow as they
    /// can be, as `columnWidths` makes them where the minimums just fit, so the rows are never
    /// shorter than they were in the width one size down.
    static func sidewaysWidths(minimum: [Double], width: Double) -> [Double]? {
        let minimum = minimum.map { ($0 * 64).rounded(.up) / 64 }
        let total = minimum.reduce(0, +)
        guard total > width + tolerance, let widest = minimum.max(),
              widest <= readableColumnShare * width + tolerance,
              total <= sidewaysScreens * width + tolerance else { return nil }
        return minimum
    }

    func layout(sizer: CellSizer, environment: LayoutEnvironment) throws -> UnitLayout {
        let width = environment.containerWidth - insets.horizontal
        let measures = try columnMeasures(sizer: sizer, environment: environment)
        if let widths = Self.columnWidths(minimum: measures.minimum, natural: measures.natural, width: width) {
            return try columns(widths, sizer: sizer, environment: environment)
        }
        if let widths = Self.sidewaysWidths(minimum: measures.minimum, width: width) {
            var laid = try columns(widths, sizer: sizer, environment: environment)
            laid.scrollingWidth = PointGrid.snap(insets.leading + widths.reduce(0, +) + insets.trailing)
            return laid
        }
        return try cards(width: width, sizer: sizer, environment: environment)
    }

    /// Each row a horizontal group of items `widths` wide, self-sized in height, every cell as
    /// tall as the row's tallest (`uniformAcrossSiblings`: a table's cells fill their row).
    private func columns(_ widths: [Double], sizer: CellSizer, environment: LayoutEnvironment) throws -> UnitLayout {
        let items = widths.map { LayoutNode.item(LayoutItem(size: LayoutSize(width: .absolute($0), height: .uniformAcrossSiblings(44)))) }
        let rowWidth = widths.reduce(0, +)
        let group = LayoutGroup.horizontal(LayoutSize(width: .absolute(rowWidth), height: .estimated(44)), subitems: items)
        let template = GroupTemplate(group, width: rowWidth, height: 44)
        var placement = GroupPlacement(sizer: sizer, environment: environment, section: section, cells: cells, firstItem: 0)
        var next = 0
        var y = 0.0
        while next < cells.count {
            if next > 0 { y += rowSpacing }
            let size = try placement.place(template, at: Point(x: insets.leading, y: y), width: rowWidth, height: nil, next: &next)
            y += size.height
        }
        return UnitLayout(height: y, elements: placement.elements, warnings: placement.warnings, groupFrames: placement.groupFrames)
    }

    /// Each body row one card of "header: value" lines.
    private func cards(width: Double, sizer: CellSizer, environment: LayoutEnvironment) throws -> UnitLayout {
        var elements: [LayoutAttributes] = []
        var y = 0.0
        let cards = (1..<shape.rows).compactMap { row in card(row: row).map { (row, $0) } }
        let shown = cards.isEmpty ? headerCard().map { [(0, $0)] } ?? [] : cards
        for (row, card) in shown {
            let first = row * shape.columns
            if !elements.isEmpty { y += rowSpacing }
            let measurement = try sizer.measure(card, proposal: .width(width), in: environment, sectionInsets: insets)
            let frame = Rect(x: insets.leading, y: y, width: width, height: measurement.size.height)
            elements.append(LayoutAttributes(indexPath: IndexPath(item: first, section: section), cell: card,
                                             measurement: measurement, frame: frame))
            y += measurement.size.height
        }
        return UnitLayout(height: y, elements: elements)
    }

    /// The header row as a card, one line per named column, or nil when every header is empty.
    func headerCard() -> Cell? {
        let lines: [Cell.Element] = cells.prefix(shape.columns).compactMap { header in
            guard header.text.string.contains(where: { !$0.isWhitespace }) else { return nil }
            return .text(TextElement(style: .body, text: Self.strong(header.text)))
        }
        guard !lines.isEmpty else { return nil }
        var card = Cell(kind: .tableRow, elements: lines)
        card.followsLayoutMargins = cells[0].followsLayoutMargins
        card.sourceLine = cells[0].sourceLine
        return card
    }

    /// Row `row`'s card, or nil when all its cells are empty.
    func card(row: Int) -> Cell? {
        let first = row * shape.columns
        var lines: [Cell.Element] = []
        for column in 0..<shape.columns {
            let value = cells[first + column].text
            guard value.string.contains(where: { !$0.isWhitespace }) else { continue }
            let header = cells[column].text
            var line = StyledText()
            if header.string.contains(where: { !$0.isWhitespace }) {
                line = Self.strong(header)
                line.append(": ", emphasis: .strong)
            }
            line.append(value)
            lines.append(.text(TextElement(style: .body, text: line)))
        }
        guard !lines.isEmpty else { return nil }
        var card = Cell(kind: .tableRow, elements: lines)
        card.followsLayoutMargins = cells[first].followsLayoutMargins
        card.sourceLine = cells[first].sourceLine
        return card
    }

    /// `text` with strong emphasis added to every run (a header's part of a card).
    static func strong(_ text: StyledText) -> StyledText {
        var strong = StyledText()
        for run in text.rangedRuns {
            let bytes = Array(text.string.utf8)[run.range]
            strong.append(String(decoding: bytes, as: UTF8.self), emphasis: run.emphasis.union(.strong))
        }
        return strong
    }
}
