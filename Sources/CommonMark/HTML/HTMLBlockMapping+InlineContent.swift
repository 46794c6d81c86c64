/// Inline content: text and inline elements gathered into the paragraph being read.
extension HTMLBlockMapping {
    struct InlineFrame {
        /// The inline element around the content (itself empty; `replacingContent` fills it); nil
        /// for the paragraph.
        var wrapper: MarkdownInline?
        var inlines: [MarkdownInline] = []
    }

    /// Reads `element`'s content inside `wrapper`, an inline element with no content of its own.
    mutating func wrap(_ element: HTMLElement, in wrapper: MarkdownInline) throws(MarkdownError) {
        frames.append(InlineFrame(wrapper: wrapper))
        try visit(element.children)
        let frame = frames.removeLast()
        guard !frame.inlines.isEmpty, let wrapper = frame.wrapper else { return }
        let endsInSpace = afterSpace
        append(wrapper.replacingContent(with: frame.inlines))
        afterSpace = endsInSpace
    }

    mutating func append(_ inline: MarkdownInline) {
        if paragraphLine == nil { paragraphLine = line }
        frames[frames.count - 1].inlines.append(inline)
        afterSpace = false
    }

    mutating func appendText(_ text: String) {
        switch whitespace {
        case .preserve:
            var first = true
            for piece in text.split(separator: "\n", omittingEmptySubsequences: false) {
                // A line end after `<br>` is part of that break, as after a Markdown hard break.
                if !first, frames[frames.count - 1].inlines.last != .lineBreak { append(.softBreak) }
                first = false
                if !piece.isEmpty { append(.text(String(piece))) }
            }
        case .collapse:
            let collapsed = Self.collapsed(text, afterSpace: afterSpace)
            guard !collapsed.text.isEmpty else { return }
            append(.text(collapsed.text))
            afterSpace = collapsed.endsInSpace
        }
    }

    /// Ends the paragraph being gathered: the inline elements open around it are closed into
    /// it and stay open, empty, for what follows.
    mutating func flushParagraph() {
        var inner: MarkdownInline?
        for index in frames.indices.reversed() {
            var inlines = frames[index].inlines
            frames[index].inlines = []
            if let inner { inlines.append(inner) }
            if let wrapper = frames[index].wrapper {
                inner = inlines.isEmpty ? nil : wrapper.replacingContent(with: inlines)
            } else {
                let content = Self.trimmingTrailingSpace(inlines)
                if !Self.isBlank(content) {
                    finished.append(MarkdownBlock(.paragraph(content), line: paragraphLine ?? line))
                }
            }
        }
        paragraphLine = nil
        afterSpace = true
    }

    /// The text of `nodes` and of what they contain, placeholders as their text.
    mutating func appendTextContent(of nodes: [HTMLNode], to text: inout String) throws(MarkdownError) {
        for node in nodes {
            switch node {
            case .text(let string, _):
                text += string
            case .element(let element):
                try appendTextContent(of: element.children, to: &text)
            case .placeholder(let index):
                placed.insert(index)
                switch try placement(index, depth) {
                case .inline(let inline): text += inline.plainText
                case .blocks(let blocks): text += MarkdownBlock.inlineContent(of: blocks).map(\.plainText).joined()
                }
            }
        }
    }
}
