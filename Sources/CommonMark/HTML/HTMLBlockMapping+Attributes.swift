/// Attributes (alignment, direction, sizes, spans) and the helpers the mapping shares.
extension HTMLBlockMapping {
    /// `blocks` in a division when `element` sets an alignment or a direction.
    static func division(around blocks: [MarkdownBlock], for element: HTMLElement, line: Int? = nil) -> [MarkdownBlock] {
        guard !blocks.isEmpty, setsLayout(element) else { return blocks }
        let division = MarkdownDivision(alignment: alignment(of: element), direction: direction(element[attribute: "dir"]), blocks: blocks)
        return [MarkdownBlock(.division(division), line: line ?? blocks[0].line)]
    }

    static func setsLayout(_ element: HTMLElement) -> Bool {
        alignment(of: element) != nil || direction(element[attribute: "dir"]) != nil
    }

    /// The alignment `element` sets, as a browser resolves it: a `text-align` in its `style`
    /// wins over its `align` attribute (a presentational hint), and `<center>` centres.
    static func alignment(of element: HTMLElement) -> MarkdownAlignment? {
        if let styled = textAlign(element[attribute: "style"]) { return styled }
        return element.name == "center" ? .center : alignment(element[attribute: "align"])
    }

    /// `align`: left, center (or middle), right, each physical (HTML maps them to CSS's
    /// `text-align: left`, `center`, `right`: right is the right edge in both directions, as
    /// Chromium and GitHub draw it); justify and anything else set nothing.
    static func alignment(_ value: String?) -> MarkdownAlignment? {
        switch value.map({ trimmed($0).lowercased() }) {
        case "left": .left
        case "center", "middle": .center
        case "right": .right
        default: nil
        }
    }

    /// The `text-align` declaration of a `style` attribute (its last, as CSS takes it): `left`,
    /// `right` and `center` (with their `-webkit-` forms) as for `align`, and the logical `start`
    /// and `end`, which follow the text's direction. Anything else (justify, inherit, a value
    /// it cannot read) sets nothing.
    static func textAlign(_ style: String?) -> MarkdownAlignment? {
        guard let style else { return nil }
        var found: MarkdownAlignment?
        for declaration in style.split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, trimmed(String(parts[0])).lowercased() == "text-align" else { continue }
            var value = trimmed(String(parts[1])).lowercased()
            if value.hasSuffix("!important") { value = trimmed(String(value.dropLast("!important".count))) }
            if value.hasPrefix("-webkit-") { value.removeFirst("-webkit-".count) }
            switch value {
            case "left": found = .left
            case "center": found = .center
            case "right": found = .right
            case "start": found = .leading
            case "end": found = .trailing
            default: continue
            }
        }
        return found
    }

    /// `dir`: rtl or ltr (`auto` leaves it to the text).
    static func direction(_ value: String?) -> MarkdownDirection? {
        switch value.map({ trimmed($0).lowercased() }) {
        case "rtl": .rightToLeft
        case "ltr": .leftToRight
        default: nil
        }
    }

    /// A length attribute (`width`, `height`) in CSS pixels, by HTML's rules for dimension values:
    /// leading digits with an optional fraction (`200`, `200px`, `12.5`; `1e308` is 1); a
    /// percentage, or no digits, is no length.
    static func dimension(_ value: String?) -> Double? {
        guard let value else { return nil }
        var rest = Substring(value).drop { $0.unicodeScalars.allSatisfy(HTMLVocabulary.isSpace) }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return nil }
        rest = rest.dropFirst(digits.count)
        var number = String(digits)
        if rest.first == "." {
            let fraction = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
            if !fraction.isEmpty { number += "." + fraction }
            rest = rest.dropFirst(1 + fraction.count)
        }
        guard rest.first != "%", let length = Double(number), length.isFinite else { return nil }
        return length
    }

    /// `<ol start>`: an integer of at most nine digits, as CommonMark allows for a list's start.
    static func listStart(_ value: String?) -> Int {
        guard let value, let start = Int(trimmed(value)), (-999_999_999...999_999_999).contains(start) else { return 1 }
        return start
    }

    static func span(_ value: String?) -> Int {
        value.flatMap { Int(trimmed($0)) } ?? 1
    }

    static func image(_ element: HTMLElement) -> MarkdownImage {
        let alt = element[attribute: "alt"]
        let roles = (element[attribute: "role"] ?? "").lowercased().split(whereSeparator: \.isWhitespace)
        // WCAG 1.1.1 (H67): an empty alt attribute marks an image decorative; so do ARIA's
        // presentation roles (their first token, ARIA's fallback rule) and aria-hidden.
        let decorative = (alt.map { trimmed($0).isEmpty } ?? false)
            || roles.first.map { $0 == "presentation" || $0 == "none" } ?? false
            || trimmed(element[attribute: "aria-hidden"] ?? "").lowercased() == "true"
        return MarkdownImage(source: trimmed(element[attribute: "src"] ?? ""), alt: alt ?? "",
                             width: dimension(element[attribute: "width"]), height: dimension(element[attribute: "height"]),
                             isDecorative: decorative)
    }

    /// The first `<img>` among `nodes` and their descendants.
    static func firstImage(in nodes: [HTMLNode]) -> HTMLElement? {
        for case .element(let element) in nodes {
            if element.name == "img" { return element }
            if let image = firstImage(in: element.children) { return image }
        }
        return nil
    }

    static func cells(of row: HTMLElement) -> [HTMLElement] { row.children.compactMap(cell) }

    /// `node` as a table cell (`<td>`, `<th>`), nil for anything else.
    static func cell(_ node: HTMLNode) -> HTMLElement? {
        if case .element(let cell) = node, cell.name == "td" || cell.name == "th" { cell } else { nil }
    }

    static func trimmed(_ value: String) -> String {
        let scalars = value.unicodeScalars
        guard let first = scalars.firstIndex(where: { !HTMLVocabulary.isSpace($0) }),
              let last = scalars.lastIndex(where: { !HTMLVocabulary.isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }

    /// `text` with each run of HTML white space as one space, and none first when it follows
    /// one (`afterSpace`); and whether what it leaves ends in a space.
    static func collapsed(_ text: String, afterSpace: Bool) -> (text: String, endsInSpace: Bool) {
        var result = String.UnicodeScalarView()
        var space = afterSpace
        for scalar in text.unicodeScalars {
            if HTMLVocabulary.isSpace(scalar) {
                if !space { result.append(" ") }
                space = true
            } else {
                result.append(scalar)
                space = false
            }
        }
        return (String(result), space)
    }

    /// `inlines` without the spaces they end with, and the line breaks too when `breaks` (HTML
    /// shows neither at the end of a block), looking inside the inline elements they end with.
    static func trimmingTrailingSpace(_ inlines: [MarkdownInline], breaks: Bool = true) -> [MarkdownInline] {
        var inlines = inlines
        while let last = inlines.last {
            let trimmed: MarkdownInline?
            switch last {
            case .text(let text):
                var kept = Substring(text)
                while kept.last == " " { kept = kept.dropLast() }
                trimmed = kept.isEmpty ? nil : .text(String(kept))
            case .softBreak, .lineBreak:
                guard breaks else { return inlines }
                trimmed = nil
            case .emphasis(let content), .strong(let content), .strikethrough(let content), .keyboard(let content),
                 .superscript(let content), .subscript(let content), .small(let content), .link(_, let content):
                let content = trimmingTrailingSpace(content, breaks: breaks)
                trimmed = content.isEmpty ? nil : last.replacingContent(with: content)
            case .code, .html, .image, .footnoteReference:
                return inlines
            }
            inlines.removeLast()
            guard let trimmed else { continue }
            inlines.append(trimmed)
            return inlines
        }
        return inlines
    }

    /// Whether `inlines` show nothing: white space, breaks, inline elements around nothing.
    static func isBlank(_ inlines: [MarkdownInline]) -> Bool {
        inlines.allSatisfy { inline in
            switch inline {
            case .text(let text): text.allSatisfy(\.isWhitespace)
            case .softBreak, .lineBreak: true
            case .emphasis(let content), .strong(let content), .strikethrough(let content), .keyboard(let content),
                 .superscript(let content), .subscript(let content), .small(let content), .link(_, let content):
                isBlank(content)
            case .code, .html, .image, .footnoteReference: false
            }
        }
    }
}
