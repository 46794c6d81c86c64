import Readers
import Reflow

/// A screen file's cell moved (`ReorderEdit` for a screen): the cell's JSON object, byte for
/// byte, is taken out of its section's `cells` array and put in at its new place, in the same
/// array or another section's. The separators between an array's elements (a comma and the line
/// break and indentation after it) stay where they are, so the rest of the file, its formatting
/// and its key order are untouched: only the cells' order changes.
enum ScreenReorder {
    /// `bytes`, a screen file, with `move` made.
    /// - Throws: what reading the screen throws (a file that is not a valid screen);
    ///   `ReorderError` for an index path the screen does not have, or a section without a
    ///   `cells` array to move a cell into.
    static func apply(_ move: ReorderMove, to bytes: [UInt8]) throws -> [UInt8] {
        // The engine's reading says which cells there are (and refuses a screen it cannot read);
        // the arrays' bytes are found by a scan of the same file.
        let counts = try ScreenFile(json: bytes).content.sections.map(\.cellCount)
        let arrays: [CellArray?]
        do {
            arrays = try CellArrays.find(in: bytes)
        } catch {
            throw ReorderError("the screen's JSON could not be scanned for its \"cells\" arrays (a bug: the screen reader "
                + "read it); please report it with the file")
        }
        guard arrays.count == counts.count, zip(arrays, counts).allSatisfy({ ($0?.elements.count ?? 0) == $1 }) else {
            throw ReorderError("the screen's cells could not be told apart in its bytes (a key written with escapes, such as "
                + "\"\\u0063ells\"?); write \"sections\" and \"cells\" plainly to reorder its cells")
        }
        let (from, to) = (move.from, move.to)
        guard counts.indices.contains(from.section), (0..<counts[from.section]).contains(from.item) else {
            throw ReorderError("the screen has no cell \(ReorderMove.text(of: from)) to move: "
                + Self.cellsSaid(counts))
        }
        guard counts.indices.contains(to.section) else {
            throw ReorderError("the screen has no section \(to.section) to move a cell into: " + Self.cellsSaid(counts))
        }
        guard let target = arrays[to.section] else {
            throw ReorderError("section \(to.section) has no \"cells\" array to move a cell into; add \"cells\": [] to it first")
        }
        let source = arrays[from.section]!
        if from.section == to.section {
            guard (0..<counts[to.section]).contains(to.item) else {
                throw ReorderError("section \(to.section) has cells 0 to \(counts[to.section] - 1): "
                    + "a cell moved within it goes to one of those places, not \(to.item)")
            }
            guard from.item != to.item else { return bytes }
            return source.moving(from.item, to: to.item, in: bytes)
        }
        guard (0...counts[to.section]).contains(to.item) else {
            throw ReorderError("section \(to.section) has \(counts[to.section]) cells: a cell moved into it goes to a place "
                + "from 0 to \(counts[to.section]), not \(to.item)")
        }
        let cell = Array(bytes[source.elements[from.item]])
        var edits = [source.removing(from.item), target.inserting(cell, at: to.item, spareSeparator: source.separator(in: bytes),
                                                                  in: bytes)]
        // Applied from the end of the file, so that the earlier edit's offsets still hold.
        edits.sort { $0.range.lowerBound > $1.range.lowerBound }
        var result = bytes
        for edit in edits { result.replaceSubrange(edit.range, with: edit.bytes) }
        return result
    }

    /// The screen's cells by section, for a message: `sections 0 to 2 with 4, 0 and 12 cells`.
    static func cellsSaid(_ counts: [Int]) -> String {
        switch counts.count {
        case 0: return "it has no sections"
        case 1: return "it has one section, 0, with \(counts[0]) cells"
        default:
            let listed = counts.count <= 8 ? counts.dropLast().map(String.init).joined(separator: ", ") + " and \(counts.last!)"
                : "\(counts.reduce(0, +)) in all"
            return "it has sections 0 to \(counts.count - 1), with \(listed) cells"
        }
    }
}

/// A JSON array's place in the file: its brackets and its elements' byte ranges (each element's
/// value alone, without the white space and commas around it).
struct CellArray {
    let open: Int
    let close: Int
    let elements: [Range<Int>]

    /// A replacement of some of the file's bytes.
    struct Edit {
        let range: Range<Int>
        let bytes: [UInt8]
    }

    /// The bytes between element `index` and the next (`,\n        `).
    func separator(after index: Int, in bytes: [UInt8]) -> [UInt8] {
        Array(bytes[elements[index].upperBound..<elements[index + 1].lowerBound])
    }

    /// The array's first separator, if it has two elements or more.
    func separator(in bytes: [UInt8]) -> [UInt8]? { elements.count > 1 ? separator(after: 0, in: bytes) : nil }

    /// The file with element `from` moved to `to` of this array: the elements' bytes in their new
    /// order, each separator kept at its place between two of them.
    func moving(_ from: Int, to: Int, in bytes: [UInt8]) -> [UInt8] {
        var order = Array(elements.indices)
        order.insert(order.remove(at: from), at: to)
        var middle: [UInt8] = []
        for (position, element) in order.enumerated() {
            if position > 0 { middle += separator(after: position - 1, in: bytes) }
            middle += bytes[elements[element]]
        }
        var result = bytes
        result.replaceSubrange(elements[0].lowerBound..<elements[elements.count - 1].upperBound, with: middle)
        return result
    }

    /// Element `index` taken out with one separator: the one after it, or for the last element
    /// the one before; the only element leaves `[]`.
    func removing(_ index: Int) -> Edit {
        if elements.count == 1 { return Edit(range: (open + 1)..<close, bytes: []) }
        if index < elements.count - 1 { return Edit(range: elements[index].lowerBound..<elements[index + 1].lowerBound, bytes: []) }
        return Edit(range: elements[index - 1].upperBound..<elements[index].upperBound, bytes: [])
    }

    /// `element` put in at `index` (0…count) with a separator of this array's (or
    /// `spareSeparator`, the source array's, when this one has a single element; else `, `).
    func inserting(_ element: [UInt8], at index: Int, spareSeparator: [UInt8]?, in bytes: [UInt8]) -> Edit {
        guard !elements.isEmpty else { return Edit(range: (open + 1)..<close, bytes: element) }
        let separator = elements.count > 1 ? self.separator(after: max(0, min(index, elements.count - 1) - 1), in: bytes)
            : spareSeparator ?? Array(", ".utf8)
        if index < elements.count {
            let at = elements[index].lowerBound
            return Edit(range: at..<at, bytes: element + separator)
        }
        let at = elements[elements.count - 1].upperBound
        return Edit(range: at..<at, bytes: separator + element)
    }
}

/// Finds each section's `cells` array in a screen file's bytes: a scan of the JSON's structure
/// (strings skipped with their escapes, brackets matched), no values parsed. The file has been
/// read by the screen reader first, so it is valid JSON; a scan that meets anything else fails.
enum CellArrays {
    struct Malformed: Error {}

    /// Per section, its `cells` array, or nil for a section without one. The first of a repeated
    /// key counts, as the screen reader takes it.
    static func find(in bytes: [UInt8]) throws -> [CellArray?] {
        var scanner = JSONScanner(bytes: bytes, index: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
        scanner.skipSpace()
        guard let sections = try scanner.members().first(where: { $0.key.elementsEqual("sections".utf8) })?.value else { return [] }
        scanner.index = sections.lowerBound
        return try scanner.elements().elements.map { section in
            scanner.index = section.lowerBound
            guard bytes[section.lowerBound] == UInt8(ascii: "{"),
                  let cells = try scanner.members().first(where: { $0.key.elementsEqual("cells".utf8) })?.value,
                  bytes[cells.lowerBound] == UInt8(ascii: "[") else { return nil }
            scanner.index = cells.lowerBound
            return try scanner.elements()
        }
    }
}

/// A scan over JSON bytes by structure alone.
struct JSONScanner {
    let bytes: [UInt8]
    var index: Int

    mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func expect(_ character: Unicode.Scalar) throws {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { throw CellArrays.Malformed() }
        index += 1
    }

    /// Skips the value at `index` (white space before it too); returns its range.
    mutating func value() throws -> Range<Int> {
        skipSpace()
        guard index < bytes.count else { throw CellArrays.Malformed() }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "\""):
            try skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            repeat {
                guard index < bytes.count else { throw CellArrays.Malformed() }
                switch bytes[index] {
                case UInt8(ascii: "\""): try skipString(); continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                default: break
                }
                index += 1
            } while depth > 0
        default:
            while index < bytes.count, !",}] \t\r\n".utf8.contains(bytes[index]) { index += 1 }
        }
        return start..<index
    }

    /// Skips the string starting at `index`.
    mutating func skipString() throws {
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): index += 1; return
            default: index += 1
            }
        }
        throw CellArrays.Malformed()
    }

    /// The members of the object at `index`: each key's bytes (between its quotes, as written)
    /// and its value's range.
    mutating func members() throws -> [(key: ArraySlice<UInt8>, value: Range<Int>)] {
        try expect("{")
        var members: [(key: ArraySlice<UInt8>, value: Range<Int>)] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return members }
        while true {
            let key = try value()
            guard bytes[key.lowerBound] == UInt8(ascii: "\"") else { throw CellArrays.Malformed() }
            try expect(":")
            members.append((bytes[(key.lowerBound + 1)..<(key.upperBound - 1)], try value()))
            skipSpace()
            guard index < bytes.count else { throw CellArrays.Malformed() }
            index += 1
            if bytes[index - 1] == UInt8(ascii: "}") { return members }
            guard bytes[index - 1] == UInt8(ascii: ",") else { throw CellArrays.Malformed() }
        }
    }

    /// The array at `index`: its brackets and its elements' ranges.
    mutating func elements() throws -> CellArray {
        skipSpace()
        let open = index
        try expect("[")
        var elements: [Range<Int>] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return CellArray(open: open, close: index - 1, elements: elements)
        }
        while true {
            elements.append(try value())
            skipSpace()
            guard index < bytes.count else { throw CellArrays.Malformed() }
            index += 1
            if bytes[index - 1] == UInt8(ascii: "]") { return CellArray(open: open, close: index - 1, elements: elements) }
            guard bytes[index - 1] == UInt8(ascii: ",") else { throw CellArrays.Malformed() }
        }
    }
}
