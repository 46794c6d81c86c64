import CCmarkGFM

/// Owns one parsed cmark-gfm document (the only place this package touches cmark) and frees it
/// in `deinit`, so no node outlives the Swift value and none leaks on any path.
final class CmarkTree {
    private let root: OpaquePointer

    /// The GFM extensions every parser gets. Registering them writes cmark-gfm's global registry
    /// and is not thread-safe, so it happens once, behind Swift's lazy global initialisation.
    /// The extension objects are never written after that, so sharing them is safe.
    nonisolated(unsafe) private static let extensions = lookUpExtensions(named: ["table", "strikethrough", "autolink", "tasklist"])

    /// cmark-gfm's extensions of `names`, registered first, or the first name it does not have.
    static func lookUpExtensions(named names: [String]) -> Result<[OpaquePointer], MarkdownError> {
        cmark_gfm_core_extensions_ensure_registered()
        var found: [OpaquePointer] = []
        for name in names {
            guard let syntax = cmark_find_syntax_extension(name) else {
                return .failure(.extensionMissing(name: name, package: MarkdownError.extensionsPackage))
            }
            found.append(syntax)
        }
        return .success(found)
    }

    /// - Throws: `MarkdownError` when cmark-gfm lacks an extension or cannot allocate.
    init(parsing text: String) throws(MarkdownError) {
        let extensions = try Self.extensions.get()
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES) else {
            throw .outOfMemory(allocating: "a parser")
        }
        defer { cmark_parser_free(parser) }
        for found in extensions { cmark_parser_attach_syntax_extension(parser, found) }
        var text = text
        text.withUTF8 { buffer in
            if let base = buffer.baseAddress {
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { cmark_parser_feed(parser, $0, buffer.count) }
            }
        }
        guard let parsed = cmark_parser_finish(parser) else {
            // cmark returns NULL only when it cannot allocate.
            throw .outOfMemory(allocating: "a document")
        }
        root = parsed
    }

    deinit {
        cmark_node_free(root)
    }

    /// A container being built while the iterator walks the tree.
    private enum Kind {
        case document, blockQuote, list(ordered: Bool, start: Int, tight: Bool), item(checked: Bool?)
        case paragraph, heading(Int), footnoteDefinition
        case table([MarkdownAlignment?]), tableRow(header: Bool), tableCell
        case emphasis, strong, strikethrough, link(String), image(String)

        /// Kinds that always get a frame, however deep: they hold text, or a table's structure.
        var isAlwaysKept: Bool {
            switch self {
            case .paragraph, .heading, .table, .tableRow, .tableCell: true
            default: false
            }
        }
    }

    private struct Frame {
        var kind: Kind
        var line: Int
        var blocks: [MarkdownBlock] = []
        var items: [MarkdownListItem] = []
        var inlines: [MarkdownInline] = []
        var rows: [MarkdownTableRow] = []
        var header: MarkdownTableRow?
        var cells: [[MarkdownInline]] = []
    }

    /// Walks the tree with cmark's iterator (no recursion, so depth costs heap, not stack) and
    /// builds the Swift values bottom-up. Containers deeper than `maximumNesting` are not given a
    /// frame of their own: their children land in the nearest kept ancestor.
    func blocks(maximumNesting: Int) -> [MarkdownBlock] {
        guard let iterator = cmark_iter_new(root) else { return [] }
        defer { cmark_iter_free(iterator) }
        var stack: [Frame] = []
        var pushed: [Bool] = []  // per entered container: whether it got a frame

        func appendBlock(_ block: MarkdownBlock) {
            guard !stack.isEmpty else { return }
            if case .list = stack[stack.count - 1].kind {
                stack[stack.count - 1].items.append(MarkdownListItem(blocks: [block], line: block.line))
            } else {
                stack[stack.count - 1].blocks.append(block)
            }
        }
        func appendInline(_ inline: MarkdownInline) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].inlines.append(inline)
        }

        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE || event == CMARK_EVENT_NONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            let literal = { cmark_node_get_literal(node).map { String(cString: $0) } ?? "" }
            let line = Int(cmark_node_get_start_line(node))

            switch type {
            // Leaves: they come with a single ENTER event.
            case CMARK_NODE_TEXT: appendInline(.text(literal()))
            case CMARK_NODE_SOFTBREAK: appendInline(.softBreak)
            case CMARK_NODE_LINEBREAK: appendInline(.lineBreak)
            case CMARK_NODE_CODE: appendInline(.code(literal()))
            case CMARK_NODE_HTML_INLINE: appendInline(.html(literal()))
            case CMARK_NODE_CODE_BLOCK:
                let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
                appendBlock(MarkdownBlock(.codeBlock(info: info, code: literal()), line: line))
            case CMARK_NODE_HTML_BLOCK: appendBlock(MarkdownBlock(.htmlBlock(literal()), line: line))
            case CMARK_NODE_THEMATIC_BREAK: appendBlock(MarkdownBlock(.thematicBreak, line: line))
            // Not a leaf to the iterator (it enters and exits it) but it has no children.
            case CMARK_NODE_FOOTNOTE_REFERENCE:
                // cmark-gfm replaces the label with the footnote's number once it has numbered them.
                if event == CMARK_EVENT_ENTER { appendInline(.footnoteReference(number: Int(literal()) ?? 0)) }
            default:
                if event == CMARK_EVENT_ENTER {
                    guard let kind = Self.kind(of: node, type: type) else {
                        pushed.append(false)
                        continue
                    }
                    if kind.isAlwaysKept || stack.count < maximumNesting {
                        stack.append(Frame(kind: kind, line: line))
                        pushed.append(true)
                    } else {
                        pushed.append(false)
                    }
                } else {
                    guard let didPush = pushed.popLast(), didPush, let frame = stack.popLast() else { continue }
                    if case .document = frame.kind { return frame.blocks }
                    close(frame)
                }
            }
        }
        return stack.first?.blocks ?? []

        func close(_ frame: Frame) {
            let line = frame.line
            switch frame.kind {
            case .document: break
            case .blockQuote:
                // A GitHub alert is a quote at the document's top level only.
                if stack.count == 1, case .document = stack[0].kind, let alert = MarkdownAlertKind.split(quote: frame.blocks) {
                    appendBlock(MarkdownBlock(.division(MarkdownDivision(alert: alert.kind, blocks: alert.blocks)), line: line))
                } else {
                    appendBlock(MarkdownBlock(.blockQuote(frame.blocks), line: line))
                }
            case .list(let ordered, let start, let tight):
                let list = MarkdownList(isOrdered: ordered, start: start, isTight: tight, items: frame.items)
                appendBlock(MarkdownBlock(.list(list), line: line))
            case .item(let checked):
                if !stack.isEmpty, case .list = stack[stack.count - 1].kind {
                    stack[stack.count - 1].items.append(MarkdownListItem(blocks: frame.blocks, isChecked: checked, line: line))
                } else {
                    for block in frame.blocks { appendBlock(block) }
                }
            case .footnoteDefinition:
                appendBlock(MarkdownBlock(.footnoteDefinition(frame.blocks), line: line))
            case .paragraph: appendBlock(MarkdownBlock(.paragraph(frame.inlines), line: line))
            case .heading(let level): appendBlock(MarkdownBlock(.heading(level: level, frame.inlines), line: line))
            case .table(let alignments):
                let header = frame.header ?? MarkdownTableRow(cells: [], line: line)
                appendBlock(MarkdownBlock(.table(MarkdownTable(header: header, rows: frame.rows, alignments: alignments)), line: line))
            case .tableRow(let isHeader):
                guard !stack.isEmpty else { return }
                let row = MarkdownTableRow(cells: frame.cells, line: line)
                if isHeader { stack[stack.count - 1].header = row } else { stack[stack.count - 1].rows.append(row) }
            case .tableCell:
                guard !stack.isEmpty else { return }
                stack[stack.count - 1].cells.append(frame.inlines)
            case .emphasis: appendInline(.emphasis(frame.inlines))
            case .strong: appendInline(.strong(frame.inlines))
            case .strikethrough: appendInline(.strikethrough(frame.inlines))
            case .link(let destination): appendInline(.link(destination: destination, frame.inlines))
            case .image(let source):
                appendInline(.image(MarkdownImage(source: source, alt: frame.inlines.map(\.plainText).joined())))
            }
        }
    }

    private static func kind(of node: OpaquePointer, type: cmark_node_type) -> Kind? {
        switch type {
        case CMARK_NODE_DOCUMENT: return .document
        case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
        case CMARK_NODE_LIST:
            return .list(ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                         start: Int(cmark_node_get_list_start(node)), tight: cmark_node_get_list_tight(node) != 0)
        case CMARK_NODE_ITEM:
            // A task-list item is an item the tasklist extension claimed.
            let isTask = cmark_node_get_syntax_extension(node) != nil && typeString(node) == "tasklist"
            return .item(checked: isTask ? cmark_gfm_extensions_get_tasklist_item_checked(node) : nil)
        case CMARK_NODE_PARAGRAPH: return .paragraph
        case CMARK_NODE_HEADING: return .heading(Int(cmark_node_get_heading_level(node)))
        case CMARK_NODE_FOOTNOTE_DEFINITION: return .footnoteDefinition
        case CMARK_NODE_EMPH: return .emphasis
        case CMARK_NODE_STRONG: return .strong
        case CMARK_NODE_LINK: return .link(cmark_node_get_url(node).map { String(cString: $0) } ?? "")
        case CMARK_NODE_IMAGE: return .image(cmark_node_get_url(node).map { String(cString: $0) } ?? "")
        default:
            // Extension nodes have types numbered at registration: they are known by name.
            switch typeString(node) {
            case "table": return .table(alignments(of: node))
            case "table_header", "table_row": return .tableRow(header: cmark_gfm_extensions_get_table_row_is_header(node) != 0)
            case "table_cell": return .tableCell
            case "strikethrough": return .strikethrough
            default: return nil  // custom blocks and inlines: their children are kept in the parent
            }
        }
    }

    private static func typeString(_ node: OpaquePointer) -> String {
        cmark_node_get_type_string(node).map { String(cString: $0) } ?? ""
    }

    private static func alignments(of table: OpaquePointer) -> [MarkdownAlignment?] {
        let count = Int(cmark_gfm_extensions_get_table_columns(table))
        guard let bytes = cmark_gfm_extensions_get_table_alignments(table) else { return Array(repeating: nil, count: count) }
        return (0..<count).map { column -> MarkdownAlignment? in
            switch bytes[column] {
            case UInt8(ascii: "l"): .left
            case UInt8(ascii: "c"): .center
            case UInt8(ascii: "r"): .right
            default: nil
            }
        }
    }
}
