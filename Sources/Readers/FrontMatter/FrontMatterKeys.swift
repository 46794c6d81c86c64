import Reflow
import TextMetrics
/// Finds mapping keys in YAML text that are not scalars, before the YAML library sees them.
///
/// Why: Yams checks a mapping for duplicate keys by sorting them, and its ordering of two
/// sequences compares each pair of elements both ways: time 2^depth for keys that are equal down
/// to a deep list (the document fuzzer's 7.7 KB of nested `? ` keys did not finish in an hour).
/// reflow reads four keys, all words, and front matter in use writes no list or mapping as a key,
/// so front matter with such a key is refused with its line instead.
///
/// The scan follows libyaml's scanner (the one Yams runs) token by token where it matters: where
/// quoted, plain and block scalars start and end, comments, flow collections, and the block
/// indentation that decides where a multi-line scalar stops. It flags, at the first one, an
/// explicit key (`?`), a flow collection followed by `:` (`[a]: b`, `{a: b}: c`) and an alias
/// followed by `:` (the alias may stand for a collection). Where YAML is invalid the scan may flag
/// a key libyaml would never read; it never passes one libyaml reads (`FrontMatterKeyTests`
/// checks it against Yams).
enum FrontMatterKeys {
    /// The line (1-based; lines end at line feeds) of the first key that may not be a scalar;
    /// nil when every key is a scalar.
    static func firstNonScalarKey(in yaml: String) -> Int? {
        var scanner = Scanner(bytes: Array(yaml.utf8))
        return scanner.firstNonScalarKey()
    }

    private struct Scanner {
        let bytes: [UInt8]
        var position = 0
        var line = 1
        /// Characters since the line's start, as libyaml counts columns.
        var column = 0
        /// The open flow collections, innermost last: true for a mapping (`{`).
        var flows: [Bool] = []
        var flowLevel: Int { flows.count }
        /// At the start of an entry of a flow mapping, where any node is a key: `{[a], b}` has
        /// the keys `[a]` and `b`, with empty values.
        var atMappingEntry = false
        /// The block indentation (the innermost block collection's column, -1 at the top) and
        /// the ones around it.
        var indent = -1
        var indents: [Int] = []
        /// Whether the next token may start a simple (one-line) key, and where the current one
        /// started, when there is one.
        var keyAllowed = true
        var keyColumn: Int?

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func firstNonScalarKey() -> Int? {
            while true {
                skipToToken()
                guard position < bytes.count else { return nil }
                if flowLevel == 0 { unroll(to: column) }
                if column == 0, isDocumentMarker() {
                    unroll(to: -1)
                    for _ in 0..<3 { advance() }
                    keyAllowed = false
                    keyColumn = nil
                    continue
                }
                let start = position
                let entry = atMappingEntry
                atMappingEntry = false
                switch bytes[position] {
                case 0x5B, 0x7B:  // [ {
                    if entry { return line }
                    noteKeyStart()
                    flows.append(bytes[position] == 0x7B)
                    atMappingEntry = bytes[position] == 0x7B
                    keyAllowed = true
                    advance()
                case 0x5D, 0x7D:  // ] }
                    _ = flows.popLast()
                    keyAllowed = false
                    advance()
                    if colonFollowsOnThisLine() { return line }
                case 0x2C:  // ,
                    keyAllowed = true
                    atMappingEntry = flows.last == true
                    advance()
                case 0x2D where isBlankOrEnd(1):  // - block sequence entry
                    if flowLevel == 0 { roll(to: column) }
                    keyAllowed = true
                    advance()
                case 0x3F where flowLevel > 0 || isBlankOrEnd(1):  // ? explicit key
                    return line
                case 0x3A where flowLevel > 0 || isBlankOrEnd(1):  // : value
                    if flowLevel == 0 { roll(to: keyColumn ?? column) }
                    keyColumn = nil
                    keyAllowed = flowLevel == 0
                    advance()
                case 0x2A:  // * alias
                    if entry { return line }
                    noteKeyStart()
                    advance()
                    skipAnchorName()
                    if colonFollowsOnThisLine() { return line }
                case 0x26:  // & anchor: the node follows
                    noteKeyStart()
                    advance()
                    skipAnchorName()
                    atMappingEntry = entry
                case 0x21:  // ! tag: the node follows
                    noteKeyStart()
                    skipTag()
                    atMappingEntry = entry
                case 0x7C, 0x3E:  // | > block scalar (in a flow collection, plain text to reject)
                    if flowLevel == 0 {
                        skipBlockScalar()
                    } else {
                        noteKeyStart()
                        skipPlain()
                    }
                case 0x27, 0x22:  // ' "
                    noteKeyStart()
                    skipQuoted()
                default:
                    noteKeyStart()
                    skipPlain()
                }
                if position == start { advance() }  // never stall on text libyaml rejects
            }
        }

        // MARK: Tokens

        /// Blanks, comments and line breaks up to the next token (libyaml's scan_to_next_token).
        mutating func skipToToken() {
            while position < bytes.count {
                if column == 0, byte(0) == 0xEF, byte(1) == 0xBB, byte(2) == 0xBF {  // BOM
                    position += 3
                    continue
                }
                if isBlank(0) {
                    advance()
                } else if byte(0) == 0x23 {  // # comment
                    while position < bytes.count, !isBreak(0) { advance() }
                } else if isBreak(0) {
                    skipBreak()
                    if flowLevel == 0 { keyAllowed = true }
                } else {
                    return
                }
            }
        }

        /// A plain scalar, over as many lines as libyaml takes it (scan_plain_scalar).
        mutating func skipPlain() {
            let continuationIndent = indent + 1
            let startLine = line
            var endedAfterBreak = false
            outer: while true {
                if column == 0, isDocumentMarker() { break }
                if byte(0) == 0x23 { break }
                while !isBlankOrEnd(0) {
                    let character = bytes[position]
                    if flowLevel > 0, character == 0x3A, let next = byte(1), Self.endsFlowPlain(next) || next == 0x3F { break outer }
                    if character == 0x3A, isBlankOrEnd(1) { break outer }
                    if flowLevel > 0, Self.endsFlowPlain(character) { break outer }
                    endedAfterBreak = false
                    advance()
                }
                guard isBlank(0) || isBreak(0) else { break }
                while isBlank(0) || isBreak(0) {
                    if isBlank(0) {
                        advance()
                    } else {
                        skipBreak()
                        endedAfterBreak = true
                    }
                }
                if flowLevel == 0, column < continuationIndent { break }
            }
            endScalar(startedOn: startLine)
            // Ended after a line break it consumed: a key may start where it stopped.
            if endedAfterBreak { keyAllowed = true }
        }

        /// A single- or double-quoted scalar, to its closing quote on whatever line
        /// (scan_flow_scalar).
        mutating func skipQuoted() {
            let quote = bytes[position]
            let startLine = line
            advance()
            while position < bytes.count {
                if column == 0, isDocumentMarker() { break }  // libyaml: an error
                let character = bytes[position]
                if quote == 0x27, character == 0x27, byte(1) == 0x27 {  // '' in '…'
                    advance()
                    advance()
                } else if character == quote {
                    advance()
                    break
                } else if quote == 0x22, character == 0x5C {  // \ escape in "…", a line break too
                    advance()
                    if isBreak(0) { skipBreak() } else if position < bytes.count { advance() }
                } else if isBreak(0) {
                    skipBreak()
                } else {
                    advance()
                }
            }
            endScalar(startedOn: startLine)
        }

        /// `|` or `>`, its header and its content lines (scan_block_scalar): the content's
        /// indentation is the explicit one over the block's, or the first content line's, at
        /// least one deeper than the block's.
        mutating func skipBlockScalar() {
            advance()
            var increment = 0
            for _ in 0..<2 {
                if let character = byte(0), character == 0x2B || character == 0x2D {
                    advance()
                } else if let character = byte(0), (0x31...0x39).contains(character) {
                    increment = Int(character - 0x30)
                    advance()
                }
            }
            while isBlank(0) { advance() }
            if byte(0) == 0x23 { while position < bytes.count, !isBreak(0) { advance() } }
            keyAllowed = true
            keyColumn = nil
            guard isBreak(0) else { return }  // text after the header: libyaml rejects it
            skipBreak()
            var contentIndent = increment > 0 ? (indent >= 0 ? indent + increment : increment) : 0
            var deepest = 0
            func skipIndentationAndEmptyLines() {
                while true {
                    while contentIndent == 0 || column < contentIndent, byte(0) == 0x20 { advance() }
                    deepest = max(deepest, column)
                    guard isBreak(0) else { return }
                    skipBreak()
                }
            }
            skipIndentationAndEmptyLines()
            if contentIndent == 0 { contentIndent = max(deepest, indent + 1, 1) }
            while column == contentIndent, position < bytes.count {
                while position < bytes.count, !isBreak(0) { advance() }
                guard position < bytes.count else { return }
                skipBreak()
                skipIndentationAndEmptyLines()
            }
        }

        mutating func skipAnchorName() {
            while let character = byte(0), Self.isAnchorCharacter(character) { advance() }
        }

        mutating func skipTag() {
            advance()
            if byte(0) == 0x3C {  // !<verbatim>
                while position < bytes.count, byte(0) != 0x3E, !isBreak(0) { advance() }
                if byte(0) == 0x3E { advance() }
                return
            }
            while !isBlankOrEnd(0), !(flowLevel > 0 && Self.endsFlowPlain(bytes[position])) { advance() }
        }

        // MARK: Keys and indentation

        /// The token at the position starts a node; if a simple key may start here, this is it.
        mutating func noteKeyStart() {
            if keyAllowed { keyColumn = column }
            keyAllowed = false
        }

        /// After a scalar: a key must be on one line.
        mutating func endScalar(startedOn startLine: Int) {
            keyAllowed = false
            if line != startLine { keyColumn = nil }
        }

        mutating func roll(to column: Int) {
            guard indent < column else { return }
            indents.append(indent)
            indent = column
        }

        mutating func unroll(to column: Int) {
            while indent > column { indent = indents.popLast() ?? -1 }
        }

        /// Spaces, then `:`, on this line: the node just read is a key.
        func colonFollowsOnThisLine() -> Bool {
            var index = position
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
            return index < bytes.count && bytes[index] == 0x3A
        }

        // MARK: Bytes

        func byte(_ offset: Int) -> UInt8? {
            position + offset < bytes.count ? bytes[position + offset] : nil
        }

        /// The length of the line break at `position + offset`: LF, CR, CR LF, NEL, LS or PS,
        /// as libyaml breaks lines; 0 when there is none.
        func breakLength(_ offset: Int) -> Int {
            let index = position + offset
            guard index < bytes.count else { return 0 }
            func byte(_ at: Int) -> UInt8? { at < bytes.count ? bytes[at] : nil }
            switch bytes[index] {
            case 0x0A: return 1
            case 0x0D: return byte(index + 1) == 0x0A ? 2 : 1
            case 0xC2 where byte(index + 1) == 0x85: return 2
            case 0xE2 where byte(index + 1) == 0x80 && (byte(index + 2) == 0xA8 || byte(index + 2) == 0xA9): return 3
            default: return 0
            }
        }

        func isBreak(_ offset: Int) -> Bool { breakLength(offset) > 0 }
        func isBlank(_ offset: Int) -> Bool { byte(offset) == 0x20 || byte(offset) == 0x09 }
        /// libyaml's BLANKZ: a blank, a line break or the end.
        func isBlankOrEnd(_ offset: Int) -> Bool { position + offset >= bytes.count || isBlank(offset) || isBreak(offset) }

        /// `---` or `...` then a blank, a break or the end (the caller checks the column).
        func isDocumentMarker() -> Bool {
            guard let first = byte(0), first == 0x2D || first == 0x2E else { return false }
            return byte(1) == first && byte(2) == first && isBlankOrEnd(3)
        }

        /// One byte that is not a line break; a character's first byte counts a column.
        mutating func advance() {
            if bytes[position] & 0xC0 != 0x80 { column += 1 }
            position += 1
        }

        mutating func skipBreak() {
            // Line feeds count lines (the text comes with the file's lines joined by LF); a lone
            // CR does too; NEL, LS and PS end YAML lines inside one line of the file.
            if bytes[position] == 0x0A || bytes[position] == 0x0D { line += 1 }
            position += breakLength(0)
            column = 0
            keyColumn = nil
        }

        static func endsFlowPlain(_ byte: UInt8) -> Bool {
            byte == 0x2C || byte == 0x5B || byte == 0x5D || byte == 0x7B || byte == 0x7D
        }

        static func isAnchorCharacter(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x5F: true  // as libyaml reads anchors
            default: false
            }
        }
    }
}
