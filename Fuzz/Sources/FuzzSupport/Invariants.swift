import Reflow
import TextMetrics

/// The promises of a document read from any bytes, checked block by block: every block shows
/// something (visible text, or what it holds besides text: a rule's hairline, a code block's box,
/// an image; or an empty list item's marker; a table's empty cell keeps its column), its style
/// runs cover its text, and it is one cell.
public func requireDocumentInvariants(_ document: Document) {
    for block in document.blocks {
        let visible = block.text.string.contains { !$0.isWhitespace }
        switch block.kind {
        case .tableCell: break
        case .listItem where block.nesting.marker != nil: break
        default: require(visible || block.content != nil, "a block that shows nothing: \(block)")
        }
        require(block.text.runs.reduce(0) { $0 + $1.length } == block.text.string.utf8.count, "runs do not cover the text")
    }
    require(CellMode.blocks.content(for: document).cellCount == document.blocks.count, "one cell per block")
}

/// The sizer of the targets that lay screens out: the bundled fonts, small caches (a fuzzer runs
/// millions of inputs in one process; what one leaves cached only slows the next).
nonisolated(unsafe) public let fuzzSizer: CellSizer = {
    do {
        let typesetter = try Typesetter(fonts: try FontLibrary(), shapingCacheLimit: 4_096, paragraphCacheLimit: 64,
                                        layoutCacheLimit: 64)
        return CellSizer(typesetter: typesetter, cacheLimit: 256)
    } catch {
        fatalError("cannot load the bundled fonts: \(error)")
    }
}()
