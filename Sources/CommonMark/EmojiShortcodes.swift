import Foundation

/// Emoji shortcodes (`:heart:` → ❤️) as GitHub replaces them, by GitHub's own table: gemoji's
/// `db/emoji.json`, bundled as this module's resource (`Resources/gemoji`, its source and licence
/// beside it), every alias of every entry.
///
/// The rule, as GitHub's emoji filter applies it to rendered text: a name between two colons
/// that the table has (lowercase letters, digits, `_`, `+`, `-`) becomes its emoji, wherever it
/// stands in text, emphasis, headings, table cells, link text and HTML text. Never in a code span
/// or code block (`code`, `<kbd>` aside, is code), never in a URL (an autolink's text, or a word
/// of text that holds `://` or starts with `www.`), never in an image's alt text. A name the
/// table does not have stays as written (`:notashortcode:`, `:HEART:`, and GitHub's custom
/// images such as `:octocat:`, which have no Unicode emoji and are not in the table).
public enum EmojiShortcodes {
    /// Alias → emoji, read once a process, on first need; empty when the table cannot be found
    /// or read (then shortcodes stay as written).
    static let table: [String: String] = load()

    /// Where the table is looked for: the module's resource bundle beside the running program
    /// (and beside the test bundle), then this source folder (a program copied away from its
    /// build folder, run from a checkout). Found without `Bundle.module`, whose generated accessor
    /// stops the program when the bundle is missing.
    static var candidatePaths: [String] {
        var folders: [URL] = []
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            folders.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
        }
        folders.append(Bundle.main.bundleURL)
        var paths: [String] = []
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.sorted() where name.hasSuffix("_CommonMark.resources") {
                paths.append(folder.appendingPathComponent(name).appendingPathComponent("gemoji/emoji.json").path)
            }
        }
        paths.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources/gemoji/emoji.json").path)
        return paths
    }

    private static func load() -> [String: String] {
        for path in candidatePaths {
            guard let data = FileManager.default.contents(atPath: path),
                  let entries = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { continue }
            var table: [String: String] = [:]
            for entry in entries {
                guard let emoji = entry["emoji"] as? String, let aliases = entry["aliases"] as? [String] else { continue }
                for alias in aliases { table[alias] = emoji }
            }
            if !table.isEmpty { return table }
        }
        return [:]
    }

    /// `blocks` with every shortcode in their text replaced by its emoji (the type's rule).
    /// - Complexity: O(n) in the text's length; the table is read on the first text holding two colons.
    static func replacing(in blocks: [MarkdownBlock]) -> [MarkdownBlock] {
        blocks.map { block in
            var block = block
            switch block.content {
            case .paragraph(let inlines): block.content = .paragraph(replacing(in: inlines))
            case .heading(let level, let inlines): block.content = .heading(level: level, replacing(in: inlines))
            case .blockQuote(let children): block.content = .blockQuote(replacing(in: children))
            case .footnoteDefinition(let children): block.content = .footnoteDefinition(replacing(in: children))
            case .list(var list):
                for index in list.items.indices { list.items[index].blocks = replacing(in: list.items[index].blocks) }
                block.content = .list(list)
            case .division(var division):
                division.blocks = replacing(in: division.blocks)
                block.content = .division(division)
            case .details(let summary, let children):
                block.content = .details(summary: replacing(in: summary), replacing(in: children))
            case .table(var table):
                table.header.cells = table.header.cells.map { replacing(in: $0) }
                for index in table.rows.indices { table.rows[index].cells = table.rows[index].cells.map { replacing(in: $0) } }
                block.content = .table(table)
            case .codeBlock, .htmlBlock, .thematicBreak: break
            }
            return block
        }
    }

    /// `inlines` with their text's shortcodes replaced: consecutive text inlines are read as one
    /// (cmark-gfm may cut `:white_check_mark:` at its underscores) and kept as they were when
    /// nothing in them changes.
    static func replacing(in inlines: [MarkdownInline]) -> [MarkdownInline] {
        var result: [MarkdownInline] = []
        var run: [String] = []
        func flush() {
            guard !run.isEmpty else { return }
            let joined = run.joined()
            if let replaced = replacing(inText: joined) { result.append(.text(replaced)) } else { result += run.map { .text($0) } }
            run = []
        }
        for inline in inlines {
            if case .text(let text) = inline {
                run.append(text)
                continue
            }
            flush()
            switch inline {
            case .emphasis(let children): result.append(.emphasis(replacing(in: children)))
            case .strong(let children): result.append(.strong(replacing(in: children)))
            case .strikethrough(let children): result.append(.strikethrough(replacing(in: children)))
            case .superscript(let children): result.append(.superscript(replacing(in: children)))
            case .subscript(let children): result.append(.subscript(replacing(in: children)))
            case .small(let children): result.append(.small(replacing(in: children)))
            case .link(let destination, let children) where !isAutolink(destination, children):
                result.append(.link(destination: destination, replacing(in: children)))
            default: result.append(inline)  // code, keys, images, autolinks, breaks: as they are
            }
        }
        flush()
        return result
    }

    /// Whether a link shows its own destination (an autolink: `<https://…>`, a bare URL, `www.…`
    /// given `http://`, an e-mail address given `mailto:`): its text is a URL, kept as written.
    static func isAutolink(_ destination: String, _ children: [MarkdownInline]) -> Bool {
        let text = children.map(\.plainText).joined()
        return text == destination || "http://" + text == destination || "mailto:" + text == destination
    }

    /// `text` with its shortcodes replaced, or nil when it has none.
    static func replacing(inText text: String) -> String? {
        guard text.utf8.lazy.filter({ $0 == UInt8(ascii: ":") }).count >= 2 else { return nil }
        let scalars = Array(text.unicodeScalars)
        let protected = urlRanges(scalars)
        var out = String.UnicodeScalarView()
        var changed = false
        var index = 0
        while index < scalars.count {
            if scalars[index] == ":", let close = scalars[(index + 1)...].firstIndex(of: ":"), close - index <= 64,
               !protected.contains(where: { $0.contains(index) || $0.contains(close) }) {
                let name = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
                if !name.isEmpty, name.unicodeScalars.allSatisfy(isNameScalar), let emoji = table[name] {
                    out.append(contentsOf: emoji.unicodeScalars)
                    changed = true
                    index = close + 1
                    continue
                }
            }
            out.append(scalars[index])
            index += 1
        }
        return changed ? String(out) : nil
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "0"..."9", "_", "+", "-": true
        default: false
        }
    }

    /// The ranges (in scalars) of the words of `scalars` that are URLs: hold `://` or start with `www.`.
    private static func urlRanges(_ scalars: [Unicode.Scalar]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start: Int?
        func close(_ end: Int) {
            guard let begin = start else { return }
            let word = String(String.UnicodeScalarView(scalars[begin..<end]))
            if word.contains("://") || word.lowercased().hasPrefix("www.") { ranges.append(begin..<end) }
            start = nil
        }
        for (index, scalar) in scalars.enumerated() {
            if scalar.properties.isWhitespace { close(index) } else if start == nil { start = index }
        }
        close(scalars.count)
        return ranges
    }
}
