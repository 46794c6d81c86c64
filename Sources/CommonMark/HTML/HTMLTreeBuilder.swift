/// Builds `HTMLNode` values from the parser's events (an element starts, text, an element ends),
/// bounded: elements nested deeper than `maximumDepth` get no node of their own, and their
/// children land in the nearest kept ancestor, so a fragment 10,000 `<div>`s deep keeps its text
/// in a tree that recursive code can walk (the same rule as `MarkdownParser.maximumNesting`).
///
/// Every start is matched by one end: the parser ends what it starts, and `finish` ends what is
/// still open when the input runs out.
final class HTMLTreeBuilder {
    /// What a started element became, so its end undoes exactly that.
    private enum Entry {
        /// It has a node on `kept`.
        case kept
        /// It is nested too deep (or was a leaf kept beyond the depth): its children go to the
        /// nearest kept ancestor. `isBlock`: a line end marks its end, as one marked its start.
        case flattened(isBlock: Bool)
        /// `html`, `body` or a placeholder: nothing to undo.
        case transparent
        /// Its content is not kept (`HTMLVocabulary.droppedWithContent`).
        case dropped
    }

    private let maximumDepth: Int
    private let placeholderAttribute: String?
    /// The open kept elements; the first is the fragment itself.
    private var kept = [HTMLElement(name: "", attributes: [], children: [], line: 1)]
    private var entries: [Entry] = []
    /// Open dropped elements around the current position.
    private var dropping = 0
    /// Text read since the last element event: libxml2 reports text in pieces, and joining them
    /// here (rather than in the node array) keeps a long text linear to build.
    private var pendingText = ""
    private var pendingTextLine = 0

    /// - Parameters:
    ///   - maximumDepth: element nesting kept as a tree (at least 1).
    ///   - placeholderAttribute: the attribute that marks an element as a placeholder, whose
    ///     value is its index; nil when the fragment has none.
    init(maximumDepth: Int, placeholderAttribute: String?) {
        self.maximumDepth = max(1, maximumDepth)
        self.placeholderAttribute = placeholderAttribute
    }

    /// Elements started and not yet ended.
    var openCount: Int { entries.count }

    func start(name: String, attributes: [HTMLAttribute], line: Int) {
        if dropping > 0 || HTMLVocabulary.droppedWithContent.contains(name) {
            dropping += 1
            entries.append(.dropped)
            return
        }
        flushText()
        if let placeholderAttribute, let marker = attributes.first(where: { $0.name == placeholderAttribute }) {
            if let index = Int(marker.value) { appendNode(.placeholder(index)) }
            entries.append(.transparent)
        } else if HTMLVocabulary.transparent.contains(name) {
            entries.append(.transparent)
        } else if kept.count <= maximumDepth {
            kept.append(HTMLElement(name: name, attributes: attributes, children: [], line: line))
            entries.append(.kept)
        } else if HTMLVocabulary.leaves.contains(name) {
            appendNode(.element(HTMLElement(name: name, attributes: attributes, children: [], line: line)))
            entries.append(.flattened(isBlock: false))
        } else {
            let isBlock = HTMLVocabulary.blockLevel.contains(name)
            if isBlock { appendText("\n", line: line) }
            entries.append(.flattened(isBlock: isBlock))
        }
    }

    func end() {
        guard let entry = entries.popLast() else { return }
        switch entry {
        case .dropped:
            dropping -= 1
        case .kept:
            flushText()
            let element = kept.removeLast()
            appendNode(.element(element))
        case .flattened(let isBlock):
            if isBlock { appendText("\n", line: pendingTextLine) }
        case .transparent:
            break
        }
    }

    /// Text of the current element; `line` is the line the text ends on.
    func characters(_ text: String, endingOnLine line: Int) {
        guard dropping == 0 else { return }
        appendText(text, line: line - Self.lineEnds(afterFirstVisibleIn: text))
    }

    /// The fragment's nodes, every element still open ended.
    func finish() -> [HTMLNode] {
        while !entries.isEmpty { end() }
        flushText()
        return kept[0].children
    }

    private func appendText(_ text: String, line: Int) {
        if pendingText.isEmpty { pendingTextLine = line }
        pendingText += text
    }

    private func flushText() {
        guard !pendingText.isEmpty else { return }
        kept[kept.count - 1].children.append(.text(pendingText, line: pendingTextLine))
        pendingText = ""
    }

    private func appendNode(_ node: HTMLNode) {
        flushText()
        kept[kept.count - 1].children.append(node)
    }

    /// Line feeds after the first character that is not HTML white space: subtracted from the
    /// line a piece of text ends on, they give the line its visible text starts on.
    private static func lineEnds(afterFirstVisibleIn text: String) -> Int {
        var count = 0
        var seenVisible = false
        for scalar in text.unicodeScalars {
            if seenVisible {
                if scalar == "\n" { count += 1 }
            } else if !HTMLVocabulary.isSpace(scalar) {
                seenVisible = true
            }
        }
        return count
    }
}
