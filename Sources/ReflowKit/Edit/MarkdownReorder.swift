import Readers
import Reflow

/// A Markdown list item moved (`ReorderEdit` for Markdown): its source lines, with its
/// continuation lines and the lists nested in it, go to another item's place in the same list,
/// the blank lines between items staying where they were. In an ordered list the numbers stay in
/// order (each place keeps its number, `1.` `2.` `3.`), and an item whose number changes width
/// (`9.` to `10.`) has its indented lines shifted with it, so they stay inside it.
///
/// Which cells are a list's items is read from the engine's reading of the file (the layout's
/// cells, front matter and all): a cell that shows a list marker starts an item (its
/// `Nesting`'s innermost marker), the cells after it that sit deeper belong to it, and the items
/// of one list are those at the same depth, inside the same containers, with nothing shallower
/// between them and the same kind of marker (`-`, `*`, `+`, `1.`, `1)`). Where an item's lines
/// end is read from the source, as CommonMark reads it: after a blank line, a line indented less
/// than the item's text ends it (link definitions and comments after a list stay where they are).
enum MarkdownReorder {
    static func apply(_ move: ReorderMove, to bytes: [UInt8], bounds: MarkdownBounds) throws -> [UInt8] {
        let input = try LayoutInput(bytes: bytes, format: .commonMark, markdownBounds: bounds)
        let lines = SourceLines(bytes)
        let sections = try input.content.sections.map { try $0.cells }
        let (from, to) = (move.from, move.to)
        guard sections.indices.contains(from.section), sections[from.section].indices.contains(from.item) else {
            throw ReorderError("the document has no cell \(ReorderMove.text(of: from)) to move")
        }
        guard to.section == from.section else {
            throw ReorderError("a Markdown list item moves within its list, and \(ReorderMove.text(of: to)) is in another "
                + "section than \(ReorderMove.text(of: from)): move it to the place of an item of its own list")
        }
        let list = try MarkdownList(around: from, cells: sections[from.section], lines: lines, document: sections)
        guard let fromPosition = list.items.firstIndex(where: { $0.cells.first == from.item }) else {
            let owner = list.items.first { $0.cells.contains(from.item) }
            throw ReorderError("the cell \(ReorderMove.text(of: from)) is part of the list item that starts at "
                + "\(from.section).\(owner?.cells.first ?? from.item); move that item by its first block")
        }
        guard let toPosition = list.items.firstIndex(where: { $0.cells.contains(to.item) }) else {
            throw ReorderError("\(ReorderMove.text(of: to)) is not an item of the list \(ReorderMove.text(of: from)) is in "
                + "(its items start at \(list.items.map { "\(from.section).\($0.cells.first!)" }.joined(separator: ", "))): "
                + "a Markdown list item moves within its own list only")
        }
        guard fromPosition != toPosition else { return bytes }
        return list.moving(fromPosition, to: toPosition, lines: lines)
    }
}

/// The items of one Markdown list: for each, the cells it makes (in its section) and the source
/// lines it spans.
struct MarkdownList {
    struct Item {
        /// Its cells' items in the section, in order, the first showing its marker.
        var cells: Range<Int>
        /// Its first and last source line (1-based), blank lines after it left out.
        var first: Int
        var last: Int
        var marker: ListMarker
    }

    let items: [Item]

    /// The list whose item starts at (or holds) `indexPath`'s cell, among `cells` (its section's),
    /// its lines read from `lines`; `document` is every section's cells (where the last item ends).
    init(around indexPath: IndexPath, cells: [Cell], lines: SourceLines, document: [[Cell]]) throws {
        let cell = cells[indexPath.item]
        let containers = cell.nesting?.containers ?? []
        guard let level = containers.lastIndex(where: { Self.marker(of: $0) != nil }) else {
            // A later block of an item (its second paragraph, its code): the item is moved by its first.
            if let inner = containers.lastIndex(where: { Self.column(of: $0) != nil }),
               let owner = cells[..<indexPath.item].lastIndex(where: { other in
                   let its = other.nesting?.containers ?? []
                   return its.count > inner && Self.marker(of: its[inner]) != nil
               }) {
                throw ReorderError("the cell \(ReorderMove.text(of: indexPath))\(Self.line(cell)) is part of the list item "
                    + "that starts at \(indexPath.section).\(owner); move that item by its first block")
            }
            throw ReorderError("the cell \(ReorderMove.text(of: indexPath))\(Self.line(cell)) is not a list item: "
                + "in a Markdown document only a list's items can be moved, within their list")
        }
        if containers.contains(where: { if case .quote = $0 { true } else { false } }) {
            throw ReorderError("the cell \(ReorderMove.text(of: indexPath))\(Self.line(cell)) is an item of a list inside a "
                + "quote, whose lines carry the quote's '>' marks; reorder such a list in the file itself")
        }
        let outer = containers[..<level].map(Self.unmarked), column = Self.column(of: containers[level])
        /// Whether `other` is outside the list: shallower, in other containers, or a new item of
        /// an outer list.
        func isOutside(_ other: Cell) -> Bool {
            let its = other.nesting?.containers ?? []
            return its.count <= level || its[..<level].contains { Self.marker(of: $0) != nil }
                || !its[..<level].map(Self.unmarked).elementsEqual(outer) || Self.column(of: its[level]) != column
        }
        func startsItem(_ other: Cell) -> Bool { Self.marker(of: (other.nesting?.containers ?? [])[level]) != nil }
        var start = indexPath.item, end = indexPath.item + 1
        while start > 0, !isOutside(cells[start - 1]) { start -= 1 }
        while end < cells.count, !isOutside(cells[end]) { end += 1 }
        // The cells from `start` to `end` are the list's (or lists' side by side); its items:
        var starts = (start..<end).filter { startsItem(cells[$0]) }
        if starts.first != start { starts.insert(start, at: 0) }  // not reached: the first cell is an item's
        var found: [Item] = []
        for (position, first) in starts.enumerated() {
            let range = first..<(position + 1 < starts.count ? starts[position + 1] : end)
            guard let line = cells[first].sourceLine, line <= lines.count, let marker = ListMarker(lines.content(line)) else {
                throw ReorderError("the list item at \(indexPath.section).\(first)\(Self.line(cells[first])) does not begin "
                    + "with its marker on its first line (an item whose text starts on the next line); move it in the file itself")
            }
            found.append(Item(cells: range, first: line, last: line, marker: marker))
        }
        // Each item ends before the next; the last, before the first line the document reads
        // after it (the cells of the list excepted), as far as CommonMark keeps it in the item.
        let listCells = Set(start..<end)
        let after = document.enumerated().flatMap { section, sectionCells in
            sectionCells.enumerated().compactMap { item, other in
                section == indexPath.section && listCells.contains(item) ? nil : other.sourceLine
            }
        }.filter { $0 > found[found.count - 1].first }.min() ?? lines.count + 1
        for position in found.indices {
            let bound = position + 1 < found.count ? found[position + 1].first : after
            found[position].last = Self.lastLine(from: found[position].first, before: bound, indent: found[position].marker.contentIndent,
                                                 lines: lines)
        }
        // Items of another marker kind side by side (`-` then `*`) are another list to CommonMark.
        let mine = found.firstIndex { $0.cells.contains(indexPath.item) }!
        let kind = found[mine].marker.kind
        var low = mine, high = mine + 1
        while low > 0, found[low - 1].marker.kind == kind { low -= 1 }
        while high < found.count, found[high].marker.kind == kind { high += 1 }
        items = Array(found[low..<high])
    }

    /// The last line of an item from `first`, before line `bound`: blank lines are kept only when
    /// a line indented at least `indent` follows them, and trailing blank lines are left out. A
    /// line indented less is the item's (a paragraph's lazy continuation) unless it follows a
    /// blank line or starts a block that ends a paragraph (`interrupts`: `</div>` after a list).
    static func lastLine(from first: Int, before bound: Int, indent: Int, lines: SourceLines) -> Int {
        var last = first, number = first + 1, blank = false
        while number < bound, number <= lines.count {
            if lines.isBlank(number) {
                blank = true
            } else {
                if lines.indentation(number) < indent, blank || interrupts(lines.content(number)) { break }
                blank = false
                last = number
            }
            number += 1
        }
        return last
    }

    /// Whether `line`, indented less than an item's text, starts a block that ends a paragraph
    /// in CommonMark rather than continuing it: an HTML block (`<div>`, `</details>`, a comment),
    /// a heading, a fence, a quote, a list marker or a thematic break.
    static func interrupts(_ line: ArraySlice<UInt8>) -> Bool {
        let text = line.drop { $0 == 0x20 || $0 == 0x09 }
        guard let first = text.first else { return false }
        switch first {
        case UInt8(ascii: "<"), UInt8(ascii: ">"): return true
        case UInt8(ascii: "#"): return text.dropFirst().drop { $0 == UInt8(ascii: "#") }.first.map { $0 == 0x20 || $0 == 0x09 } ?? true
        case UInt8(ascii: "`"), UInt8(ascii: "~"): return text.prefix(3).allSatisfy { $0 == first } && text.count >= 3
        default: return ListMarker(line) != nil
        }
    }

    /// The file with item `from` moved to item `to`'s place: the items' lines in their new order,
    /// the lines between items kept at their places, an ordered list's numbers kept in order.
    func moving(_ from: Int, to: Int, lines: SourceLines) -> [UInt8] {
        var order = Array(items.indices)
        order.insert(order.remove(at: from), at: to)
        let ending = lines.ending
        var region: [UInt8] = []
        for (position, index) in order.enumerated() {
            if position > 0 {
                for number in (items[position - 1].last + 1)..<items[position].first { region += lines.bytes[lines.ranges[number - 1]] }
            }
            region += itemBytes(items[index], numbered: items[position].marker, lines: lines, ending: ending)
        }
        let lastLine = items[items.count - 1].last
        if !lines.hasEnding(lastLine) { region.removeLast(ending.count) }
        var result = lines.bytes
        result.replaceSubrange(lines.ranges[items[0].first - 1].lowerBound..<lines.ranges[lastLine - 1].upperBound, with: region)
        return result
    }

    /// An item's lines, each with its ending; in an ordered list with the number of the place it
    /// moves to (`place`'s marker), its indented lines shifted by the change in the number's width.
    private func itemBytes(_ item: Item, numbered place: ListMarker, lines: SourceLines, ending: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        let shift = item.marker.number != nil && place.number != nil ? place.number!.count - item.marker.number!.count : 0
        for number in item.first...item.last {
            var line = Array(lines.content(number))
            if number == item.first, let digits = item.marker.digits, let newNumber = place.number {
                line.replaceSubrange(digits, with: newNumber)
            } else if shift != 0, !lines.isBlank(number), lines.indentation(number) >= item.marker.contentIndent {
                if shift > 0 {
                    line.insert(contentsOf: repeatElement(0x20, count: shift), at: 0)
                } else if line.prefix(-shift).allSatisfy({ $0 == 0x20 }) {
                    line.removeFirst(-shift)
                }
            }
            result += line
            result += lines.hasEnding(number) ? Array(lines.bytes[lines.ranges[number - 1]].dropFirst(lines.content(number).count)) : ending
        }
        return result
    }

    /// A list item container's marker, if it shows one.
    static func marker(of container: Nesting.Container) -> String? {
        if case .listItem(_, let marker) = container { return marker }
        return nil
    }

    /// A list item container's marker column (the same for every item of one list).
    static func column(of container: Nesting.Container) -> String? {
        if case .listItem(let column, _) = container { return column }
        return nil
    }

    /// A container without the marker it shows, to compare an item's containers with another's.
    static func unmarked(_ container: Nesting.Container) -> Nesting.Container {
        if case .listItem(let column, _) = container { return .listItem(column: column, marker: nil) }
        return container
    }

    /// ` (line 12)`, or nothing for a cell without a source line.
    static func line(_ cell: Cell) -> String { cell.sourceLine.map { " (line \($0))" } ?? "" }
}

/// A list item's marker as its first line writes it: `- `, `* `, `+ `, `12. `, `3) `.
struct ListMarker {
    /// The bullet character, or the ordered list's delimiter with a digit before it (`1.`, `1)`):
    /// items of one kind only make one list.
    let kind: String
    /// The number's digits' range in the line, for an ordered item.
    let digits: Range<Int>?
    /// The number's digits.
    let number: [UInt8]?
    /// The column where the item's text starts: where its continuation lines are indented to.
    let contentIndent: Int

    /// The marker at the start of `line` (after up to any indentation), or nil.
    init?(_ line: ArraySlice<UInt8>) {
        let bytes = Array(line)
        var index = 0, column = 0
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 {
            column += bytes[index] == 0x09 ? 4 - column % 4 : 1
            index += 1
        }
        guard index < bytes.count else { return nil }
        let markerStart = index
        if "-*+".utf8.contains(bytes[index]) {
            kind = String(UnicodeScalar(bytes[index]))
            (digits, number) = (nil, nil)
            index += 1
        } else {
            while index < bytes.count, index - markerStart < 9, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard index > markerStart, index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ")")
            else { return nil }
            kind = "1" + String(UnicodeScalar(bytes[index]))
            digits = markerStart..<index
            number = Array(bytes[markerStart..<index])
            index += 1
        }
        column += index - markerStart
        // The text starts after 1 to 4 spaces; 5 or more (indented code) or none: after one.
        var spaces = 0
        while index + spaces < bytes.count, bytes[index + spaces] == 0x20 { spaces += 1 }
        guard index == bytes.count || spaces > 0 || bytes[index] == 0x09 else { return nil }
        contentIndent = column + (spaces >= 1 && spaces <= 4 && index + spaces < bytes.count ? spaces : 1)
    }
}
