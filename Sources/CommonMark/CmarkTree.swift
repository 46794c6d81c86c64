import CCmark

/// Owns one parsed cmark document (the only place this package touches cmark) and frees it in
/// `deinit`, so no node outlives the Swift value and none leaks on any path.
final class CmarkTree {
    private let root: OpaquePointer

    init(parsing text: String) {
        // A NUL-terminated copy: never empty, so there is always a base address; cmark reads
        // `count - 1` bytes (the terminator excluded) and copies what it needs.
        let chars = text.utf8CString
        let parsed = chars.withUnsafeBufferPointer { buffer in
            cmark_parse_document(buffer.baseAddress!, buffer.count - 1, CMARK_OPT_DEFAULT)
        }
        guard let parsed else {
            // cmark returns NULL only when it cannot allocate; nothing sensible to continue with.
            fatalError("cmark could not allocate a document")
        }
        root = parsed
    }

    deinit {
        cmark_node_free(root)
    }

    /// A container being built while the iterator walks the tree.
    private enum Kind {
        case document, blockQuote, list(ordered: Bool, start: Int, tight: Bool), item
        case paragraph, heading(Int)
        case emphasis, strong, link(String), image(String)
    }

    private struct Frame {
        var kind: Kind
        var blocks: [MarkdownBlock] = []
        var items: [[MarkdownBlock]] = []
        var inlines: [MarkdownInline] = []
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
                stack[stack.count - 1].items.append([block])
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
            let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""

            switch type {
            // Leaves: they come with a single ENTER event.
            case CMARK_NODE_TEXT: appendInline(.text(literal))
            case CMARK_NODE_SOFTBREAK: appendInline(.softBreak)
            case CMARK_NODE_LINEBREAK: appendInline(.lineBreak)
            case CMARK_NODE_CODE: appendInline(.code(literal))
            case CMARK_NODE_HTML_INLINE: appendInline(.html(literal))
            case CMARK_NODE_CODE_BLOCK:
                let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
                appendBlock(.codeBlock(info: info, code: literal))
            case CMARK_NODE_HTML_BLOCK: appendBlock(.htmlBlock(literal))
            case CMARK_NODE_THEMATIC_BREAK: appendBlock(.thematicBreak)
            default:
                if event == CMARK_EVENT_ENTER {
                    guard let kind = Self.kind(of: node, type: type) else {
                        pushed.append(false)
                        continue
                    }
                    // Paragraphs and headings always get a frame (they hold the text); other
                    // containers only while under the nesting bound.
                    let isTextBlock: Bool
                    switch kind {
                    case .paragraph, .heading: isTextBlock = true
                    default: isTextBlock = false
                    }
                    if isTextBlock || stack.count < maximumNesting {
                        stack.append(Frame(kind: kind))
                        pushed.append(true)
                    } else {
                        pushed.append(false)
                    }
                } else {
                    guard let didPush = pushed.popLast(), didPush, let frame = stack.popLast() else { continue }
                    switch frame.kind {
                    case .document:
                        return frame.blocks
                    case .blockQuote: appendBlock(.blockQuote(frame.blocks))
                    case .list(let ordered, let start, let tight):
                        appendBlock(.list(MarkdownList(isOrdered: ordered, start: start, isTight: tight, items: frame.items)))
                    case .item:
                        if !stack.isEmpty, case .list = stack[stack.count - 1].kind {
                            stack[stack.count - 1].items.append(frame.blocks)
                        } else {
                            for block in frame.blocks { appendBlock(block) }
                        }
                    case .paragraph: appendBlock(.paragraph(frame.inlines))
                    case .heading(let level): appendBlock(.heading(level: level, frame.inlines))
                    case .emphasis: appendInline(.emphasis(frame.inlines))
                    case .strong: appendInline(.strong(frame.inlines))
                    case .link(let destination): appendInline(.link(destination: destination, frame.inlines))
                    case .image(let source): appendInline(.image(source: source, frame.inlines))
                    }
                }
            }
        }
        return stack.first?.blocks ?? []
    }

    private static func kind(of node: OpaquePointer, type: cmark_node_type) -> Kind? {
        switch type {
        case CMARK_NODE_DOCUMENT: return .document
        case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
        case CMARK_NODE_LIST:
            return .list(ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                         start: Int(cmark_node_get_list_start(node)), tight: cmark_node_get_list_tight(node) != 0)
        case CMARK_NODE_ITEM: return .item
        case CMARK_NODE_PARAGRAPH: return .paragraph
        case CMARK_NODE_HEADING: return .heading(Int(cmark_node_get_heading_level(node)))
        case CMARK_NODE_EMPH: return .emphasis
        case CMARK_NODE_STRONG: return .strong
        case CMARK_NODE_LINK: return .link(cmark_node_get_url(node).map { String(cString: $0) } ?? "")
        case CMARK_NODE_IMAGE: return .image(cmark_node_get_url(node).map { String(cString: $0) } ?? "")
        default: return nil  // custom blocks and inlines: their children are kept in the parent
        }
    }
}
