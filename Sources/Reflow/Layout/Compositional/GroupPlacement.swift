import TextMetrics

/// One instance of a group placed with its cells: the measuring half of the compositional
/// solver. Frames are left to right from the group's origin; the layout mirrors them for right to
/// left at the end, as UIKit flips a compositional layout.
///
/// Per group, along its axis: each subitem's length is its template length (or, when estimated,
/// its measured one); fixed spacing and fixed edge spacing add to it; whatever length the group has
/// left is shared evenly by its flexible spacings (between items and around them). Across its
/// axis, a subitem is as long as its dimension says: absolute, a fraction of the group's width or
/// height, or measured (estimated). A group estimated across its axis is as long as its longest
/// subitem; estimated along it, as long as its subitems and spacing. Content insets come off each
/// item's frame after it is placed, except on estimated axes.
struct GroupPlacement {
    let sizer: CellSizer
    let environment: LayoutEnvironment
    let section: Int
    let cells: UnitCells
    /// The item number of `cells[0]` in its section.
    let firstItem: Int
    private(set) var elements: [LayoutAttributes] = []
    private(set) var warnings: [LayoutWarning] = []
    /// Every group placed, outermost last.
    private(set) var groupFrames: [Rect] = []
    /// Cells measured so far, by index, with what they were offered: a self-sized cell is measured
    /// to size its group and again to be placed, with the same proposal; the second time is
    /// answered here (no cache lookup, no second warning). By index, so a lookup compares only
    /// the cell's own proposals: a table of 40,000 rows, or a band of 80,000 cells, is one
    /// placement, and a search through every cell measured before took it 15 s.
    private var measured: [Int: Measured] = [:]
    /// A cell's measurements in this placement: almost always one, kept in place (an array a cell
    /// was an allocation per cell at every size of a sweep).
    private struct Measured {
        var first: (proposal: SizeProposal, measurement: CellMeasurement)
        var more: [(proposal: SizeProposal, measurement: CellMeasurement)] = []
    }
    /// Proposals compared while looking cells up: work that must stay linear in the cells placed.
    private(set) var lookupComparisons = 0

    let memo: Memo
    /// Groups being placed now, this one's callers included (0: none, the next `place` is an instance's).
    private var depth: Int

    init(sizer: CellSizer, environment: LayoutEnvironment, section: Int, cells: [Cell], firstItem: Int) {
        self.init(sizer: sizer, environment: environment, section: section, cells: UnitCells(cells[...]), firstItem: firstItem)
    }

    init(sizer: CellSizer, environment: LayoutEnvironment, section: Int, cells: UnitCells, firstItem: Int) {
        self.init(sizer: sizer, environment: environment, section: section, cells: cells, firstItem: firstItem, memo: Memo(), depth: 0)
    }

    private init(sizer: CellSizer, environment: LayoutEnvironment, section: Int, cells: UnitCells, firstItem: Int, memo: Memo, depth: Int) {
        self.sizer = sizer
        self.environment = environment
        self.section = section
        self.cells = cells
        self.firstItem = firstItem
        self.memo = memo
        self.depth = depth
        // Room for a unit's cells from the start (a grid row's three cells grew each of these
        // twice, at every size of a sweep); a band's many cells grow them as they come.
        measured.reserveCapacity(min(cells.count, 16))
        elements.reserveCapacity(min(cells.count, 16))
    }

    /// Places `template` with its top-left at `origin`, taking cells from `next` on; returns the
    /// group's size. `width`/`height` nil: the group's own estimated length is to be measured.
    /// A nested group given what it was given before in this instance is placed from the memo.
    mutating func place(_ template: GroupTemplate, at origin: Point, width: Double?, height: Double?,
                        next: inout Int) throws -> Size {
        if depth == 0 { memo.placed.removeAll(keepingCapacity: true) }
        guard depth > 0 else {
            depth += 1
            defer { depth -= 1 }
            return try placeGroup(template, at: origin, width: width, height: height, next: &next)
        }
        let key = Memo.Key(template: ObjectIdentifier(template.identity), firstCell: next, origin: origin, width: width, height: height)
        if let placed = memo.placed[key] {
            memo.reuses += 1
            elements += placed.elements
            warnings += placed.warnings
            groupFrames += placed.groupFrames
            next = placed.end
            return placed.size
        }
        memo.placements += 1
        let marks = (elements: elements.count, warnings: warnings.count, frames: groupFrames.count)
        depth += 1
        defer { depth -= 1 }
        let size = try placeGroup(template, at: origin, width: width, height: height, next: &next)
        memo.placed[key] = Memo.Placed(size: size, end: next, elements: Array(elements[marks.elements...]),
                                       warnings: Array(warnings[marks.warnings...]), groupFrames: Array(groupFrames[marks.frames...]))
        return size
    }

    private mutating func placeGroup(_ template: GroupTemplate, at origin: Point, width: Double?, height: Double?,
                                     next: inout Int) throws -> Size {
        let group = template.group
        let axis = group.axis
        let insets = group.contentInsets
        // What the group offers its subitems: its length less its insets on resolved axes.
        let innerWidth = width.map { $0 - insets.horizontal }, innerHeight = height.map { $0 - insets.vertical }
        let mainOffered = axis == .horizontal ? innerWidth : innerHeight
        let crossOffered = axis == .horizontal ? innerHeight : innerWidth
        let inner = (width: innerWidth ?? template.width - insets.horizontal, height: innerHeight ?? template.height - insets.vertical)

        var (pieces, end) = try measurePieces(template, from: next, axis: axis, inner: inner)
        Self.growUniformSiblings(&pieces, axis: axis)
        let crossLength = crossOffered ?? Self.longestCross(pieces, axis: axis, inner: inner)
        Self.resolveCross(&pieces, crossLength: crossLength, axis: axis, inner: inner)
        let spacing = Self.distributeFlexibleSpacing(pieces, gap: group.interItemSpacing, axis: axis, offered: mainOffered)
        let start = Point(x: origin.x + insets.leading, y: origin.y + insets.top)
        try placePieces(pieces, of: template, at: start, crossLength: crossLength, spacing: spacing, axis: axis)
        next = end
        let mainLength = spacing.mainLength
        let size = axis == .horizontal
            ? Size(width: mainLength + insets.horizontal, height: crossLength + insets.vertical)
            : Size(width: crossLength + insets.horizontal, height: mainLength + insets.vertical)
        let placed = Size(width: width ?? size.width, height: height ?? size.height)
        groupFrames.append(Rect(origin: origin, size: placed))
        return placed
    }

    /// A subitem of a group instance: which of its template's slots it is, with the slot's size
    /// and edge spacing (read once: a slot holds its item or group, and copying it for each
    /// question retained all they hold), its length along the group's axis and across it (nil
    /// until known), and the first cell it takes.
    private struct Piece {
        var slotIndex: Int
        let isItem: Bool
        let size: LayoutSize
        let edgeSpacing: EdgeSpacing?
        var main: Double
        var cross: Double?
        var firstCell: Int
    }

    /// The slots this instance of `template` fills, taking cells from `next` on, with their lengths
    /// along the axis, measuring estimated ones; and the cell after the last one they take.
    private mutating func measurePieces(_ template: GroupTemplate, from next: Int, axis: LayoutAxis,
                                        inner: (width: Double, height: Double)) throws -> (pieces: [Piece], end: Int) {
        // Only the slots that get cells: an instance is expanded as far as there are cells left.
        var pieces: [Piece] = []
        var cell = next
        var index = 0
        while index < template.slotCount, cell < cells.count {
            let slot = template.slot(index)
            pieces.append(try measurePiece(slot, index % template.pattern.count, firstCell: cell, axis: axis, inner: inner))
            cell += min(slot.capacity, cells.count - cell)
            index += 1
        }
        return (pieces, cell)
    }

    /// `slot`'s piece, its cells from `cell` on: its template length, or its measured one where it
    /// is estimated (an item's cell measured, a nested group placed to the side).
    private mutating func measurePiece(_ slot: GroupTemplate.Slot, _ patternIndex: Int, firstCell cell: Int, axis: LayoutAxis,
                                       inner: (width: Double, height: Double)) throws -> Piece {
        var isItem = false
        if case .item = slot { isItem = true }
        var piece = Piece(slotIndex: patternIndex, isItem: isItem, size: slot.size, edgeSpacing: slot.edgeSpacing, main: slot.length,
                          cross: nil, firstCell: cell)
        let crossDimension = slot.size.along(axis.cross)
        if case .item(let item, _) = slot, cell < cells.count {
            let mainEstimated = item.size.along(axis).isEstimated
            let crossEstimated = crossDimension.isEstimated
            if mainEstimated || crossEstimated {
                // Measured now: an estimated length is what the cell says (its insets ignored
                // on that axis); a resolved one is offered exactly, less the insets.
                let crossLength = crossEstimated ? nil : Self.fixedCross(crossDimension, inner: inner)
                let mainLength: Double? = mainEstimated ? nil : piece.main
                let (w, h) = axis == .horizontal ? (mainLength, crossLength) : (crossLength, mainLength)
                let measured = try measure(cell, item: item, width: w, height: h)
                // Measured lengths go up to the point grid: an edge snapped down would take
                // a fraction of a point from the text that was measured to fit.
                if mainEstimated { piece.main = PointGrid.ceil(axis == .horizontal ? measured.width : measured.height) }
                if crossEstimated { piece.cross = PointGrid.ceil(axis == .horizontal ? measured.height : measured.width) }
            }
        } else if case .group(let nested, _) = slot, crossDimension.isEstimated || nested.group.size.along(axis).isEstimated {
            // A nested self-sized group: place it once (off to the side) to learn its size. The
            // probe starts empty: a copy of this placement would copy every element placed so far.
            var probe = GroupPlacement(sizer: sizer, environment: environment, section: section, cells: cells, firstItem: firstItem,
                                       memo: memo, depth: depth)
            var probeNext = cell
            let w = axis == .horizontal ? piece.main : Self.fixedCross(crossDimension, inner: inner)
            let h = axis == .horizontal ? Self.fixedCross(crossDimension, inner: inner) : piece.main
            let size = try probe.place(nested, at: .zero, width: nested.group.size.width.isEstimated ? nil : w,
                                       height: nested.group.size.height.isEstimated ? nil : h, next: &probeNext)
            piece.main = axis == .horizontal ? size.width : size.height
            if crossDimension.isEstimated { piece.cross = axis == .horizontal ? size.height : size.width }
        }
        return piece
    }

    /// Items whose length is `uniformAcrossSiblings` grow to the longest of them in this group
    /// instance, along the axis and across it; `estimated` ones keep their own lengths.
    private static func growUniformSiblings(_ pieces: inout [Piece], axis: LayoutAxis) {
        // By index, with no copies of the pieces: this runs for every group of every size.
        func isUniform(_ index: Int, along: LayoutAxis) -> Bool {
            pieces[index].isItem && pieces[index].size.along(along).isUniformAcrossSiblings
        }
        var main: Double?, cross: Double?
        for index in pieces.indices {
            if isUniform(index, along: axis) { main = max(main ?? pieces[index].main, pieces[index].main) }
            if isUniform(index, along: axis.cross), let length = pieces[index].cross { cross = max(cross ?? length, length) }
        }
        guard main != nil || cross != nil else { return }
        for index in pieces.indices {
            if let main, isUniform(index, along: axis) { pieces[index].main = main }
            if let cross, isUniform(index, along: axis.cross) { pieces[index].cross = cross }
        }
    }

    /// The group's length across its axis when it has none of its own: its longest subitem's.
    private static func longestCross(_ pieces: [Piece], axis: LayoutAxis, inner: (width: Double, height: Double)) -> Double {
        var longest = 0.0
        for index in pieces.indices {
            let edges = pieces[index].edgeSpacing?.around(axis.cross)
            let fixedEdges = (edges?.before?.length ?? 0) + (edges?.after?.length ?? 0)
            let dimension = pieces[index].size.along(axis.cross)
            let length = pieces[index].cross ?? fixedCross(dimension, inner: inner)
            if !isFractionalOfCross(dimension, axis: axis) { longest = max(longest, length + fixedEdges) }
        }
        return longest
    }

    /// Every piece's length across the axis, now that the group's (`crossLength`) is known.
    private static func resolveCross(_ pieces: inout [Piece], crossLength: Double, axis: LayoutAxis,
                                     inner: (width: Double, height: Double)) {
        for index in pieces.indices {
            let dimension = pieces[index].size.along(axis.cross)
            if pieces[index].cross == nil {
                pieces[index].cross = isFractionalOfCross(dimension, axis: axis)
                    ? dimension.resolved(width: axis == .horizontal ? inner.width : crossLength,
                                         height: axis == .horizontal ? crossLength : inner.height)
                    : fixedCross(dimension, inner: inner)
            }
        }
    }

    /// The group's spacing along its axis: the gap between items, the group's length, and what
    /// each flexible spacing gets of the length its items and fixed spacing leave.
    private struct Spacing {
        var gap: LayoutSpacing?
        var mainLength: Double
        var share: Double

        func length(of spacing: LayoutSpacing?) -> Double {
            guard let spacing else { return 0 }
            return spacing.length + (spacing.isFlexible ? share : 0)
        }
    }

    /// Along the axis: fixed lengths, then the leftover (of the `offered` length, if any) shared
    /// by the flexible spacings.
    private static func distributeFlexibleSpacing(_ pieces: [Piece], gap: LayoutSpacing?, axis: LayoutAxis,
                                                  offered: Double?) -> Spacing {
        var used = 0.0
        var flexibleCount = 0
        for (index, piece) in pieces.enumerated() {
            used += piece.main
            if index > 0 {
                used += gap?.length ?? 0
                if gap?.isFlexible == true { flexibleCount += 1 }
            }
            let edges = piece.edgeSpacing?.around(axis)
            for case let edge? in [edges?.before ?? nil, edges?.after ?? nil] {
                used += edge.length
                if edge.isFlexible { flexibleCount += 1 }
            }
        }
        let mainLength = offered ?? used
        let share = flexibleCount > 0 ? max(0, mainLength - used) / Double(flexibleCount) : 0
        return Spacing(gap: gap, mainLength: mainLength, share: share)
    }

    /// Places the pieces one after another along the axis from `start`: each item's cell, or each
    /// nested group, in its frame.
    private mutating func placePieces(_ pieces: [Piece], of template: GroupTemplate, at start: Point, crossLength: Double,
                                      spacing: Spacing, axis: LayoutAxis) throws {
        var position = 0.0
        for (index, piece) in pieces.enumerated() {
            if index > 0 { position += spacing.length(of: spacing.gap) }
            let edgeSpacing = piece.edgeSpacing
            let edges = edgeSpacing?.around(axis)
            position += spacing.length(of: edges?.before)
            let cross = piece.cross ?? 0
            let crossPosition = Self.crossPosition(of: edgeSpacing, length: cross, in: crossLength, axis: axis)
            let frame = axis == .horizontal
                ? Self.snapped(x: start.x + position, y: start.y + crossPosition, width: piece.main, height: cross)
                : Self.snapped(x: start.x + crossPosition, y: start.y + position, width: cross, height: piece.main)
            switch template.pattern[piece.slotIndex] {
            case .item(let item, _):
                if piece.firstCell < cells.count { try placeItem(item, cell: piece.firstCell, in: frame) }
            case .group(let nested, _):
                var nestedNext = piece.firstCell
                _ = try place(nested, at: frame.origin, width: frame.width, height: frame.height, next: &nestedNext)
            }
            position += piece.main + spacing.length(of: edges?.after)
        }
    }

    /// Where a subitem with edge spacing `spacing`, `length` long across the axis, starts across
    /// a group `crossLength` long: a fixed leading/top edge spacing moves it; flexible ones centre it.
    private static func crossPosition(of spacing: EdgeSpacing?, length: Double, in crossLength: Double, axis: LayoutAxis) -> Double {
        let crossEdges = spacing?.around(axis.cross)
        var crossPosition = crossEdges?.before?.length ?? 0
        if crossEdges?.before?.isFlexible == true || crossEdges?.after?.isFlexible == true {
            let free = max(0, crossLength - length - (crossEdges?.before?.length ?? 0) - (crossEdges?.after?.length ?? 0))
            let flexible = (crossEdges?.before?.isFlexible == true ? 1.0 : 0) + (crossEdges?.after?.isFlexible == true ? 1.0 : 0)
            if crossEdges?.before?.isFlexible == true { crossPosition += free / flexible }
        }
        return crossPosition
    }

    /// The rectangle with its edges snapped to the point grid. Snapping edges, not lengths, keeps
    /// neighbours from overlapping: the next item's leading edge is at or after this one's
    /// trailing edge before snapping, so after it too.
    static func snapped(x: Double, y: Double, width: Double, height: Double) -> Rect {
        let minX = PointGrid.snap(x), minY = PointGrid.snap(y)
        return Rect(x: minX, y: minY, width: PointGrid.snap(x + width) - minX, height: PointGrid.snap(y + height) - minY)
    }

    /// A fractional length across the axis that needs the group's own cross length first.
    private static func isFractionalOfCross(_ dimension: LayoutDimension, axis: LayoutAxis) -> Bool {
        switch (dimension, axis) {
        case (.fractionalHeight, .horizontal), (.fractionalWidth, .vertical): true
        default: false
        }
    }

    /// A length that does not need measuring: absolute, or a fraction of the group's inner lengths
    /// (an estimate gives its guess).
    private static func fixedCross(_ dimension: LayoutDimension, inner: (width: Double, height: Double)) -> Double {
        dimension.resolved(width: inner.width, height: inner.height)
    }

    /// Measures `cell` for `item`: `width`/`height` nil are self-sized; given ones are offered
    /// exactly, less the item's insets. Returns the item's size on its measured axes.
    private mutating func measure(_ index: Int, item: LayoutItem, width: Double?, height: Double?) throws -> Size {
        let insets = item.contentInsets
        let proposal = SizeProposal(width: width.map { .exact(max(0, $0 - insets.horizontal)) } ?? .unspecified,
                                    height: height.map { .exact(max(0, $0 - insets.vertical)) } ?? .unspecified)
        let size = try measureCell(cells[index], proposal: proposal, index: index).size
        return Size(width: width ?? size.width, height: height ?? size.height)
    }

    /// `cell` (cell `index` of this instance, or a supplementary item's content on it) measured.
    /// An item too narrow for its cell's insets (a four-column grid at AX5) is not an error: the
    /// cell's leading and trailing insets shrink, in proportion, until its text has
    /// `CellSizer.minimumTextWidth`, and a warning says how wide it needed to be.
    private mutating func measureCell(_ cell: Cell, proposal: SizeProposal, index: Int,
                                      category: ElementRole = .cell) throws -> CellMeasurement {
        guard case .cell = category else { return try measureOnce(cell, proposal: proposal, index: index, category: category) }
        if let known = measured[index] {
            lookupComparisons += 1
            if known.first.proposal == proposal { return known.first.measurement }
            for other in known.more {
                lookupComparisons += 1
                if other.proposal == proposal { return other.measurement }
            }
        }
        let measurement = try measureOnce(cell, proposal: proposal, index: index, category: category)
        if measured[index] == nil {
            measured[index] = Measured(first: (proposal, measurement))
        } else {
            measured[index]!.more.append((proposal, measurement))
        }
        return measurement
    }

    private mutating func measureOnce(_ cell: Cell, proposal: SizeProposal, index: Int,
                                      category: ElementRole) throws -> CellMeasurement {
        do {
            return try sizer.measure(cell, proposal: proposal, environment: environment.text)
        } catch ReflowError.widthTooSmall(let width, let textCategory, let needed) {
            let insets = cell.scaledInsets(in: environment.text)
            let room = width - CellSizer.minimumTextWidth - 2 * PointGrid.step  // what snapping may add back
            guard room >= 0, insets.horizontal > 0 else {
                throw ReflowError.itemTooNarrow(width: width, category: textCategory, needed: needed,
                                                indexPath: IndexPath(item: firstItem + index, section: section))
            }
            var narrow = cell
            narrow.followsLayoutMargins = false  // its own, shrunk insets from here
            narrow.insets.leading = insets.leading * room / insets.horizontal
            narrow.insets.trailing = insets.trailing * room / insets.horizontal
            warnings.append(LayoutWarning(kind: .tooNarrow, role: category,
                                          indexPath: IndexPath(item: firstItem + index, section: section),
                                          given: width, needed: needed))
            return try sizer.measure(narrow, proposal: proposal, environment: environment.text)
        }
    }

    /// The item's cell in `frame` (its slot), less its content insets on resolved axes, with its badges.
    private mutating func placeItem(_ item: LayoutItem, cell index: Int, in frame: Rect) throws {
        let cell = cells[index]
        let insets = item.contentInsets
        let estimatedWidth = item.size.width.isEstimated, estimatedHeight = item.size.height.isEstimated
        let cellFrame = Rect(x: frame.minX + (estimatedWidth ? 0 : insets.leading),
                             y: frame.minY + (estimatedHeight ? 0 : insets.top),
                             width: frame.width - (estimatedWidth ? 0 : insets.horizontal),
                             height: frame.height - (estimatedHeight ? 0 : insets.vertical))
        let proposal = SizeProposal(width: .exact(max(0, cellFrame.width)),
                                    height: estimatedHeight ? .unspecified : .exact(max(0, cellFrame.height)))
        var measurement = try measureCell(cell, proposal: proposal, index: index)
        if estimatedHeight, measurement.size.height < cellFrame.height {
            // Grown to a taller sibling (`uniformAcrossSiblings`): the cell fills its frame, its
            // content centred.
            measurement = measurement.resized(toHeight: cellFrame.height)
        }
        let indexPath = IndexPath(item: firstItem + index, section: section)
        if !estimatedHeight {
            if cellFrame.height < cell.minimumHeight - 1e-9 {
                warnings.append(LayoutWarning(kind: .belowMinimumHeight, role: .cell, indexPath: indexPath,
                                              given: cellFrame.height, needed: cell.minimumHeight))
            }
            if measurement.isClipped {
                warnings.append(LayoutWarning(kind: .clipped, role: .cell, indexPath: indexPath,
                                              given: cellFrame.height, needed: measurement.naturalHeight))
            }
        }
        elements.append(LayoutAttributes(indexPath: indexPath, cell: cell, measurement: measurement, frame: cellFrame))
        for supplementary in item.supplementaryItems {
            guard let content = cell.supplementary[supplementary.kind] else { continue }
            try placeSupplementary(supplementary, content: content, on: cellFrame, index: index)
        }
    }

    /// A badge (or other supplementary item) of `item` anchored to the item's cell frame.
    private mutating func placeSupplementary(_ supplementary: SupplementaryItem, content: Cell, on frame: Rect,
                                             index: Int) throws {
        let indexPath = IndexPath(item: firstItem + index, section: section)
        let size = supplementary.size
        let width = size.width.isEstimated ? nil : size.width.resolved(width: frame.width, height: frame.height)
        let height = size.height.isEstimated ? nil : size.height.resolved(width: frame.width, height: frame.height)
        let measurement = try measureCell(content, proposal: SizeProposal(width: width.map { .exact($0) } ?? .unspecified,
                                                                         height: height.map { .exact($0) } ?? .unspecified),
                                          index: index, category: .supplementary(kind: supplementary.kind))
        let badge = supplementary.anchor.frame(of: measurement.size, on: frame)
        let category = ElementRole.supplementary(kind: supplementary.kind)
        if measurement.isClipped {
            warnings.append(LayoutWarning(kind: .clipped, role: category, indexPath: indexPath,
                                          given: badge.height, needed: measurement.naturalHeight))
        }
        elements.append(LayoutAttributes(role: category, indexPath: indexPath, cell: content, measurement: measurement,
                                         frame: badge, zIndex: supplementary.zIndex))
    }
}
