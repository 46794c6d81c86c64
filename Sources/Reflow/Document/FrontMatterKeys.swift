/// Finds mapping keys in YAML text that are not scalars, before the YAML library sees them.
///
/// Why: Yams checks a mapping for duplicate keys by sorting them, and its ordering of two equal
/// sequences or mappings compares each element pair both ways: time 2^depth for keys that nest
/// (a 7.7 KB front matter of nested `? ` keys did not finish in an hour; found by the document
/// fuzzer). reflow reads four keys, all plain words, and no front matter in use writes a list or
/// a mapping as a key, so front matter with such a key is refused with its line instead.
///
/// The scan is lexical and errs towards finding a key: it skips what is certainly text (quoted
/// scalars on their line, comments, block scalar content) and flags, wherever a node can start,
/// an explicit key (`? `), a flow collection followed by `:` (`[a]: b`, `{a: b}: c`) and an alias
/// followed by `:` (`*a : b`; the alias may stand for a collection).
enum FrontMatterKeys {
    /// The line (1-based, in `yaml`) of the first key that may not be a scalar; nil when every key
    /// is a scalar.
    static func firstNonScalarKey(in yaml: String) -> Int? {
        var scanner = Scanner()
        let bytes = Array(yaml.utf8)
        var lineNumber = 1
        var start = 0
        var index = 0
        // Lines end where libyaml ends them: LF, CR, and NEL, LS and PS (U+0085, U+2028,
        // U+2029). Only LF counts towards the line number: the text comes with its lines joined
        // by LF, and the others belong to the file's line.
        while index <= bytes.count {
            let breakLength: Int
            if index == bytes.count || bytes[index] == 0x0A || bytes[index] == 0x0D {
                breakLength = 1
            } else if bytes[index] == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0x85 {
                breakLength = 2
            } else if bytes[index] == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
                      bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                breakLength = 3
            } else {
                index += 1
                continue
            }
            if scanner.scan(bytes[start..<index]) { return lineNumber }
            if index < bytes.count, bytes[index] == 0x0A { lineNumber += 1 }
            index += breakLength
            start = index
        }
        return nil
    }

    private struct Scanner {
        /// Open flow collections (`[`, `{`) around the current position.
        var flowDepth = 0
        /// A block scalar (`|`, `>`) whose content lines come next: the indentation of the
        /// collection it belongs to, its explicit indentation, and its content's indentation
        /// once a content line has set it.
        var blockScalar: (parent: Int, explicit: Int?, content: Int?)?

        /// Scans one line; true when it holds a key that may not be a scalar.
        mutating func scan(_ slice: ArraySlice<UInt8>) -> Bool {
            let line = Array(slice)
            let indent = line.prefix { $0 == 0x20 }.count
            if skipsAsBlockScalarContent(line, indent: indent) { return false }

            var index = indent
            // Each line may start a node: a plain scalar's continuation line taken as a node
            // start only makes the scan find more.
            var atNodeStart = true
            // The indentation of the innermost block collection on this line (a block scalar's
            // content must be deeper), and where the scalar that may be a key started.
            var entryColumn = indent
            var keyColumn = indent
            // ---/... at the start of a line mark documents, then a node may follow.
            if line.count >= 3, line[0] == line[1], line[1] == line[2], line[0] == 0x2D || line[0] == 0x2E,
               line.count == 3 || Self.isBlank(line[3]) {
                index = 3
            }
            func byte(_ offset: Int) -> UInt8? { index + offset < line.count ? line[index + offset] : nil }
            func blankFollows() -> Bool { byte(1).map(Self.isBlank) ?? true }
            /// After an alias or a closing bracket: spaces, then `:`.
            func colonFollows(from start: Int) -> Bool {
                var next = start
                while next < line.count, Self.isBlank(line[next]) { next += 1 }
                return next < line.count && line[next] == 0x3A
            }

            while index < line.count {
                let character = line[index]
                if Self.isBlank(character) { index += 1; continue }
                // A comment: at the line's start or after a blank.
                if character == 0x23, index == 0 || Self.isBlank(line[index - 1]) { return false }
                if atNodeStart {
                    switch character {
                    case 0x3F where blankFollows():  // ? explicit key
                        return true
                    case 0x2D where blankFollows():  // - block sequence entry
                        if flowDepth == 0 { entryColumn = index }
                        index += 1
                        continue
                    case 0x5B, 0x7B:  // [ {
                        flowDepth += 1
                        index += 1
                        continue
                    case 0x26:  // & anchor: a node follows
                        index += 1
                        while index < line.count, Self.isAnchorCharacter(line[index]) { index += 1 }
                        continue
                    case 0x21:  // ! tag: a node follows
                        while index < line.count, !Self.isBlank(line[index]) { index += 1 }
                        continue
                    case 0x2A:  // * alias
                        index += 1
                        while index < line.count, Self.isAnchorCharacter(line[index]) { index += 1 }
                        if colonFollows(from: index) { return true }
                        atNodeStart = false
                        continue
                    case 0x22, 0x27:  // " ' quoted scalar, skipped to its end on this line
                        keyColumn = index
                        index = Self.endOfQuoted(line, from: index)
                        atNodeStart = false
                        continue
                    case 0x7C, 0x3E:  // | > block scalar
                        if flowDepth == 0, let header = Self.blockScalarHeader(line, from: index) {
                            blockScalar = (entryColumn, header.indentation, nil)
                            return false
                        }
                    default:
                        break
                    }
                    // A plain scalar starts here.
                    keyColumn = index
                    atNodeStart = false
                }
                switch character {
                case 0x3A where blankFollows() || flowDepth > 0:  // : mapping value
                    if flowDepth == 0 { entryColumn = keyColumn }
                    atNodeStart = true
                case 0x2C where flowDepth > 0:  // ,
                    atNodeStart = true
                case 0x5D, 0x7D:  // ] }
                    guard flowDepth > 0 else { break }
                    flowDepth -= 1
                    if colonFollows(from: index + 1) { return true }
                case 0x5B, 0x7B:  // [ { end a plain scalar in a flow collection
                    guard flowDepth > 0 else { break }
                    flowDepth += 1
                    atNodeStart = true
                default:
                    break
                }
                index += 1
            }
            return false
        }

        /// Whether `line` belongs to the block scalar begun above (ending the scalar when not).
        mutating func skipsAsBlockScalarContent(_ line: [UInt8], indent: Int) -> Bool {
            guard var scalar = blockScalar else { return false }
            if indent == line.count { return true }  // an empty or all-space line
            let content = scalar.content ?? scalar.explicit.map { scalar.parent + $0 } ?? indent
            scalar.content = content
            guard content > scalar.parent, indent >= content else {
                blockScalar = nil
                return false
            }
            blockScalar = scalar
            return true
        }

        struct BlockScalarHeader {
            /// The explicit indentation indicator (`|2`), nil when the content sets it.
            var indentation: Int?
        }

        /// The block scalar header at `start` (`|`, `>`, with indicators), or nil when the rest
        /// of the line is not one (then it was plain text).
        static func blockScalarHeader(_ line: [UInt8], from start: Int) -> BlockScalarHeader? {
            var index = start + 1
            var indentation: Int?
            while index < line.count, !isBlank(line[index]) {
                switch line[index] {
                case 0x31...0x39 where indentation == nil: indentation = Int(line[index] - 0x30)
                case 0x2B, 0x2D: break
                default: return nil
                }
                index += 1
            }
            while index < line.count, isBlank(line[index]) { index += 1 }
            guard index == line.count || line[index] == 0x23 else { return nil }
            return BlockScalarHeader(indentation: indentation)
        }

        /// The index after a quoted scalar's closing quote, or the line's end when it goes on.
        static func endOfQuoted(_ line: [UInt8], from start: Int) -> Int {
            let quote = line[start]
            var index = start + 1
            while index < line.count {
                if quote == 0x22, line[index] == 0x5C { index += 2; continue }  // \ escape
                if line[index] == quote {
                    if quote == 0x27, index + 1 < line.count, line[index + 1] == 0x27 { index += 2; continue }  // ''
                    return index + 1
                }
                index += 1
            }
            return line.count
        }

        static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }

        static func isAnchorCharacter(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x5F: true  // as libyaml reads them
            default: false
            }
        }
    }
}
