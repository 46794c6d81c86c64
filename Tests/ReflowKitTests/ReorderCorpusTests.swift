import Foundation
import Readers
import Reflow
import Testing
import TestSupport
@testable import ReflowKit

/// Every Markdown document of the corpus (READMEs and docs in a dozen languages, none written for
/// these tests): in each of its first lists, the first item moves to the last place and the last
/// to the first. The file read again has the same cells, the moved item's blocks where the move
/// puts them, and every other item's blocks in their order: no line is lost, doubled, or moved
/// into another block.
@Suite struct ReorderCorpusTests {
    static let markdown = Fixtures.repository.appendingPathComponent("Tests/Corpus/markdown")
    /// Lists tried per document (the large READMEs have hundreds).
    static let listsPerDocument = 6

    static var documents: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: markdown.path)) ?? []).filter { $0.hasSuffix(".md") }.sorted()
    }

    @Test(arguments: documents)
    func theFirstAndLastItemsOfEachListMoveWhole(_ name: String) throws {
        let bytes = Array(try Data(contentsOf: Self.markdown.appendingPathComponent(name)))
        let bounds = DocumentReader().markdownBounds(for: name)
        let input = try LayoutInput(bytes: bytes, format: .commonMark, markdownBounds: bounds)
        let sections = try input.content.sections.map { try $0.cells }
        let lines = SourceLines(bytes)
        var tried = 0, seen = Set<Reflow.IndexPath>()
        for (section, cells) in sections.enumerated() {
            for (item, cell) in cells.enumerated() where tried < Self.listsPerDocument && cell.nesting?.marker != nil {
                let path = Reflow.IndexPath(item: item, section: section)
                guard !seen.contains(path), !(cell.nesting?.containers.contains { if case .quote = $0 { true } else { false } } ?? false),
                      let list = try? MarkdownList(around: path, cells: cells, lines: lines, document: sections) else { continue }
                list.items.forEach { seen.insert(Reflow.IndexPath(item: $0.cells.first!, section: section)) }
                guard list.items.count >= 2 else { continue }
                tried += 1
                let (first, last) = (list.items[0].cells, list.items[list.items.count - 1].cells)
                let texts = cells.map(\.text.string)
                // First to last: the others move up by the first's blocks.
                let down = try ReorderEdit.apply(ReorderMove(from: Reflow.IndexPath(item: first.first!, section: section),
                                                             to: Reflow.IndexPath(item: last.first!, section: section)),
                                                 to: bytes, format: .commonMark, bounds: bounds)
                let expectedDown = Array(texts[..<first.lowerBound]) + Array(texts[first.upperBound..<last.upperBound])
                    + Array(texts[first]) + Array(texts[last.upperBound...])
                #expect(try Self.texts(down, section: section, bounds: bounds) == expectedDown, "\(name) \(path) down")
                // Last to first.
                let up = try ReorderEdit.apply(ReorderMove(from: Reflow.IndexPath(item: last.first!, section: section),
                                                           to: Reflow.IndexPath(item: first.first!, section: section)),
                                               to: bytes, format: .commonMark, bounds: bounds)
                let expectedUp = Array(texts[..<first.lowerBound]) + Array(texts[last]) + Array(texts[first.lowerBound..<last.lowerBound])
                    + Array(texts[last.upperBound...])
                #expect(try Self.texts(up, section: section, bounds: bounds) == expectedUp, "\(name) \(path) up")
            }
        }
    }

    static func texts(_ bytes: [UInt8], section: Int, bounds: MarkdownBounds) throws -> [String] {
        try LayoutInput(bytes: bytes, format: .commonMark, markdownBounds: bounds).content.sections[section].cells.map(\.text.string)
    }
}
