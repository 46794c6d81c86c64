import Foundation
import Readers
import Reflow
import ReflowKit
import Testing
import TestSupport

/// `ReorderEdit` on real files: a README's list and a tutorial's ordered list of steps
/// (Tests/Corpus/markdown), an inbox and an app's settings screen (Tests/Corpus/screens,
/// Tests/Corpus/strings). After each edit the file is read again as `reflow-cli layout` reads it
/// (`DocumentReader.layoutInput(at:)`), and the cells are in the new order: the moved one at its
/// place, every other in its order, and every byte outside the moved cells as it was.
@Suite struct ReorderEditTests {
    static let corpus = Fixtures.repository.appendingPathComponent("Tests/Corpus")

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: corpus.appendingPathComponent(path)))
    }

    static func move(_ from: String, _ to: String) -> ReorderMove {
        ReorderMove(from: ReorderMove.indexPath(parsing: from)!, to: ReorderMove.indexPath(parsing: to)!)
    }

    /// The texts of the cells of section `section` of `bytes` written to a file named `name`, as
    /// the layout command reads it.
    /// The screen's catalogs (`besides`, in the corpus) are copied beside it.
    static func texts(_ bytes: [UInt8], name: String, section: Int, besides: String? = nil) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reorder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        if let besides {
            let source = corpus.appendingPathComponent(besides)
            try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(source.lastPathComponent))
        }
        let path = folder.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return try DocumentReader().layoutInput(at: path).content.sections[section].cells.map(\.text.string)
    }

    /// `list` with the element at `from` moved to `to`.
    static func moved<T>(_ list: [T], _ from: Int, _ to: Int) -> [T] {
        var list = list
        list.insert(list.remove(at: from), at: to)
        return list
    }

    // MARK: Markdown

    /// swift-collections' table of contents: "Experimental Features" (1.11, with its three nested
    /// items) moves down to "Project Status"'s place (1.15, two nested items).
    @Test func aReadmeItemMovesWithItsNestedItems() throws {
        let name = "markdown/apple--swift-collections--README.md"
        let original = try Self.bytes(name)
        let before = try Self.texts(original, name: "README.md", section: 1)
        let edited = try ReorderEdit.apply(Self.move("1.11", "1.15"), to: original, format: .commonMark)
        let after = try Self.texts(edited, name: "README.md", section: 1)
        // Project Status and its two, then Experimental Features and its three.
        #expect(after == Array(before[0...10]) + Array(before[15...17]) + Array(before[11...14]) + Array(before[18...]))
        #expect(after[14] == "Experimental Features")
        let lines = String(decoding: edited, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[18] == "  * [Project Status](#project-status)")
        #expect(lines[19] == "    * [Definition of Public API](#public-api)")
        #expect(lines[21] == "  * [Experimental Features](#experimental-features)")
        // Only the lines of the two items changed places.
        #expect(Array(edited[..<Self.offset(ofLine: 19, in: original)]) == Array(original[..<Self.offset(ofLine: 19, in: original)]))
        #expect(edited.count == original.count)
        #expect(Array(edited[Self.offset(ofLine: 26, in: original)...]) == Array(original[Self.offset(ofLine: 26, in: original)...]))
    }

    /// The list's last item moves to the top: it ends at the list's last line, not at the next
    /// heading (the blank lines before it stay), and a nested item moves within its nested list.
    @Test func theLastItemAndANestedItem() throws {
        let name = "markdown/apple--swift-collections--README.md"
        let original = try Self.bytes(name)
        let before = try Self.texts(original, name: "README.md", section: 1)
        let last = try ReorderEdit.apply(Self.move("1.26", "1.1"), to: original, format: .commonMark)
        #expect(try Self.texts(last, name: "README.md", section: 1) == [before[0], before[26]] + Array(before[1...25]))
        let text = String(decoding: last, as: UTF8.self)
        #expect(text.contains("## Table of Contents\n\n  * [Contact information](#contact-information)\n  * [Stable Data Structures]"))
        #expect(text.contains("  * [Code of Conduct](#code-of-conduct)\n\n\n## Stable Data Structures"))
        let nested = try ReorderEdit.apply(Self.move("1.2", "1.10"), to: original, format: .commonMark)
        #expect(try Self.texts(nested, name: "README.md", section: 1) == Self.moved(before, 2, 10))
    }

    /// Go's generics tutorial: step 3 (a paragraph, a code block and a note, indented under it)
    /// moves up to step 1's place; the numbers stay 1, 2, 3 in order and the steps keep their blocks.
    @Test func anOrderedStepMovesWithItsBlocksAndTheNumbersStayInOrder() throws {
        let name = "markdown/golang--website--_content_doc_tutorial_generics.md"
        let original = try Self.bytes(name)
        let before = try Self.texts(original, name: "generics.md", section: 2)
        let edited = try ReorderEdit.apply(Self.move("2.10", "2.2"), to: original, format: .commonMark)
        let after = try Self.texts(edited, name: "generics.md", section: 2)
        #expect(after == Array(before[0...1]) + Array(before[10...13]) + Array(before[2...9]) + Array(before[14...]))
        let text = String(decoding: edited, as: UTF8.self)
        #expect(text.contains("1. Create a module to hold your code."))
        #expect(text.contains("2. Open a command prompt and change to your home directory."))
        #expect(text.contains("3. From the command prompt, create a directory for your code called generics."))
        // The markers the layout shows follow: 1., 2., 3. down the list.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reorder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("generics.md").path
        try Data(edited).write(to: URL(fileURLWithPath: path))
        let cells = try DocumentReader().layoutInput(at: path).content.sections[2].cells
        #expect([2, 6, 12].map { cells[$0].nesting?.marker } == ["1.", "2.", "3."])
        // The paragraph after the list ("Next, you'll add…") stays after it.
        #expect(after[14].hasPrefix("Next, you"))
    }

    @Test func aStepWhoseNumberWidensKeepsItsIndentedLines() throws {
        let source = (1...10).map { "\($0). Step \($0)\n\n" + String(repeating: " ", count: "\($0). ".count) + "More about \($0).\n" }
            .joined(separator: "\n")
        let edited = try ReorderEdit.apply(Self.move("0.0", "0.18"), to: Array(source.utf8), format: .commonMark)
        let text = String(decoding: edited, as: UTF8.self)
        #expect(text.hasPrefix("1. Step 2\n\n   More about 2.\n\n2. Step 3"))
        #expect(text.hasSuffix("9. Step 10\n\n   More about 10.\n\n10. Step 1\n\n    More about 1.\n"))
        let cells = try Document(markdown: text).blocks
        #expect(cells.map(\.text.string).suffix(2) == ["Step 1", "More about 1."])
        #expect(cells.last?.nesting.depth == 1)
    }

    @Test func aFileWithoutAFinalLineBreakAndCarriageReturns() throws {
        let edited = try ReorderEdit.apply(Self.move("0.2", "0.0"), to: Array("- a\r\n- b\r\n- c".utf8), format: .commonMark)
        #expect(String(decoding: edited, as: UTF8.self) == "- c\r\n- a\r\n- b")
        #expect(try ReorderEdit.apply(Self.move("0.0", "0.2"), to: Array("- a\n- b\n- c".utf8), format: .commonMark)
            == Array("- b\n- c\n- a".utf8))
    }

    /// Moves that are not between items of one list are refused, each saying why.
    @Test(arguments: [
        ("1.1", "1.0", "is not an item of the list"),  // onto the heading
        ("1.2", "1.15", "is not an item of the list"),  // a nested item into the outer list
        ("1.11", "2.4", "in another section"),
        ("0.1", "0.0", "is not a list item"),  // a paragraph
        ("1.27", "1.1", "has no cell 1.27"),
    ])
    func movesOutsideOneListAreRefused(_ from: String, _ to: String, _ said: String) throws {
        let original = try Self.bytes("markdown/apple--swift-collections--README.md")
        let error = #expect(throws: ReorderError.self) {
            try ReorderEdit.apply(Self.move(from, to), to: original, format: .commonMark)
        }
        #expect(error?.description.contains(said) == true, "\(error?.description ?? "")")
    }

    @Test func aContinuationBlockAndPlainTextAreRefused() throws {
        let original = try Self.bytes("markdown/golang--website--_content_doc_tutorial_generics.md")
        let error = #expect(throws: ReorderError.self) {
            try ReorderEdit.apply(Self.move("2.3", "2.8"), to: original, format: .commonMark)
        }
        #expect(error?.description.contains("part of the list item that starts at 2.2") == true)
        #expect(throws: ReorderError.self) { try ReorderEdit.apply(Self.move("0.0", "0.1"), to: Array("a\n\nb\n".utf8), format: .plainText) }
        // Items of a list in a quote carry '>' marks: refused rather than moved half.
        #expect(throws: ReorderError.self) {
            try ReorderEdit.apply(Self.move("0.0", "0.1"), to: Array("> - a\n> - b\n".utf8), format: .commonMark)
        }
    }

    // MARK: Screens

    @Test func anInboxCellMovesWithinItsSection() throws {
        let original = try Self.bytes("screens/mail-inbox.json")
        let before = try Self.texts(original, name: "inbox.json", section: 0)
        let edited = try ReorderEdit.apply(Self.move("0.0", "0.3"), to: original, format: .screen)
        #expect(try Self.texts(edited, name: "inbox.json", section: 0) == Self.moved(before, 0, 3))
        #expect(try Self.json(edited) == Self.jsonMoving(try Self.json(original), from: (0, 0), to: (0, 3)))
        // The cells' bytes moved as they were: the file has the same bytes, in another order.
        #expect(edited.count == original.count && edited.sorted() == original.sorted())
        #expect(try ReorderEdit.apply(Self.move("0.2", "0.2"), to: original, format: .screen) == original)
    }

    /// Ice Cubes' settings screen: cells move between sections, into a section of one cell
    /// and out of a section leaving it empty.
    @Test(arguments: [("0.1", "1.0"), ("0.2", "3.1"), ("3.0", "0.0"), ("1.10", "6.0"), ("6.0", "5.6")])
    func aSettingsCellMovesToAnotherSection(_ from: String, _ to: String) throws {
        let original = try Self.bytes("strings/Dimillian--IceCubesApp/settings.json")
        let move = Self.move(from, to)
        let edited = try ReorderEdit.apply(move, to: original, format: .screen)
        let expected = Self.jsonMoving(try Self.json(original), from: (move.from.section, move.from.item), to: (move.to.section, move.to.item))
        #expect(try Self.json(edited) == expected)
        let catalog = "strings/Dimillian--IceCubesApp/Localizable.xcstrings"
        let moved = try Self.texts(original, name: "settings.json", section: move.from.section, besides: catalog)[move.from.item]
        #expect(try Self.texts(edited, name: "settings.json", section: move.to.section, besides: catalog)[move.to.item] == moved)
    }

    @Test(arguments: [("0.3", "0.0", "no cell 0.3"), ("0.0", "7.0", "no section 7"), ("0.0", "1.12", "from 0 to 11"),
                      ("1.0", "1.11", "cells 0 to 10")])
    func movesToPlacesTheScreenHasNotAreRefused(_ from: String, _ to: String, _ said: String) throws {
        let original = try Self.bytes("strings/Dimillian--IceCubesApp/settings.json")
        let error = #expect(throws: ReorderError.self) { try ReorderEdit.apply(Self.move(from, to), to: original, format: .screen) }
        #expect(error?.description.contains(said) == true, "\(error?.description ?? "")")
    }

    @Test func indexPathsAndVersions() {
        #expect(ReorderMove.indexPath(parsing: "2.10") == IndexPath(item: 10, section: 2))
        for bad in ["", "1", "1.", ".1", "1.2.3", "-1.2", "a.b", "1.1234567890", "１.2"] {
            #expect(ReorderMove.indexPath(parsing: bad) == nil, "\(bad)")
        }
        #expect(ReorderEdit.version(of: Array("a".utf8)) == ReorderEdit.version(of: Array("a".utf8)))
        #expect(ReorderEdit.version(of: Array("a".utf8)) != ReorderEdit.version(of: Array("b".utf8)))
        #expect(ReorderEdit.version(of: []).hasPrefix("0-"))
    }

    // MARK: Helpers

    /// The byte offset where line `number` (1-based) of `bytes` starts.
    static func offset(ofLine number: Int, in bytes: [UInt8]) -> Int {
        var line = 1, index = 0
        while line < number, index < bytes.count {
            if bytes[index] == 0x0A { line += 1 }
            index += 1
        }
        return index
    }

    static func json(_ bytes: [UInt8]) throws -> NSDictionary {
        try JSONSerialization.jsonObject(with: Data(bytes)) as! NSDictionary
    }

    /// `object` (a screen) with the cell at `from` moved to `to`, by Foundation's reading.
    static func jsonMoving(_ object: NSDictionary, from: (Int, Int), to: (Int, Int)) -> NSDictionary {
        let root = object.mutableCopy() as! NSMutableDictionary
        let sections = (root["sections"] as! NSArray).map { ($0 as! NSDictionary).mutableCopy() as! NSMutableDictionary }
        var cells = sections.map { ($0["cells"] as? [Any]) ?? [] }
        let cell = cells[from.0].remove(at: from.1)
        cells[to.0].insert(cell, at: to.1)
        for (index, section) in sections.enumerated() where section["cells"] != nil || index == to.0 { section["cells"] = cells[index] }
        root["sections"] = sections
        return root
    }
}
