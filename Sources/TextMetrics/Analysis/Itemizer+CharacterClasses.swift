/// What itemizing asks of a character: its flags (cached per BMP character), where a run of
/// extending characters is cut, and per primary font the table of the fast path's characters.
extension Itemizer {
    static let knownFlag: UInt8 = 1, invisibleFlag: UInt8 = 2, emojiPresentationFlag: UInt8 = 4,
               pictographFlag: UInt8 = 8, bidiFlag: UInt8 = 16, extenderFlag: UInt8 = 32

    private static func computeFlags(_ scalar: Unicode.Scalar) -> UInt8 {
        var flags = knownFlag
        if isInvisible(scalar) { flags |= invisibleFlag }
        let properties = scalar.properties
        // (A keycap mark or a regional indicator alone asks for emoji presentation too, as in a cluster.)
        if properties.isEmojiPresentation || scalar.value == 0x20E3 || (0x1F1E6...0x1F1FF).contains(scalar.value) {
            flags |= emojiPresentationFlag
        }
        if properties.isEmoji && scalar.value > 0xFF { flags |= pictographFlag }
        if BidiClass(scalar).needsResolution { flags |= bidiFlag }
        if isExtender(scalar) { flags |= extenderFlag }
        return flags
    }

    @inline(__always)
    func flags(_ scalar: Unicode.Scalar) -> UInt8 {
        let value = Int(scalar.value)
        guard value < 0x10000 else { return Self.computeFlags(scalar) }
        let known = characterFlags[value]
        if known != 0 { return known }
        let computed = Self.computeFlags(scalar)
        characterFlags[value] = computed
        return computed
    }

    func invisible(_ scalar: Unicode.Scalar) -> Bool { flags(scalar) & Self.invisibleFlag != 0 }

    /// Whether `scalar` extends the grapheme cluster before it rather than starting one: a mark
    /// (nonspacing, enclosing or spacing), a joiner, a variation selector (UAX #29's Extend,
    /// SpacingMark and ZWJ).
    private static func isExtender(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return properties.isGraphemeExtend || properties.generalCategory == .spacingMark || scalar.value == 0x200D
    }

    /// The byte offsets in `utf8` before which a cluster is cut for shaping: before the
    /// `limit + 1`-th extending character in a row, and every `limit` after it. Text in Unicode's
    /// Stream-Safe Text Format (no more than 30 in a row) has none. One pass, ASCII at a byte's cost.
    func clusterCuts(_ utf8: UnsafeBufferPointer<UInt8>, limit: Int) -> [Int32] {
        var cuts: [Int32] = []
        var row = 0
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            guard byte >= 0x80 else {
                row = 0
                index += 1
                continue
            }
            // A String's bytes: always well-formed UTF-8.
            let width = byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            var value = UInt32(byte) & (0x7F >> width)
            for next in index + 1..<index + width { value = value << 6 | UInt32(utf8[next] & 0x3F) }
            let extends = Unicode.Scalar(value).map { value < 0x10000 ? flags($0) & Self.extenderFlag != 0 : Self.isExtender($0) } ?? false
            if !extends {
                row = 0
            } else if row == limit {
                cuts.append(Int32(index))
                row = 1
            } else {
                row += 1
            }
            index += width
        }
        return cuts
    }

    static let simpleFlag: UInt8 = 1
    static let latinFlag: UInt8 = 2
    static let simpleLimit: UInt32 = 0x3000

    /// Neither drawn nor a reason to change faces: white space, controls, format characters
    /// (but the visible ones of Arabic) and default-ignorable characters.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control: return true
        case .format: return !(0x0600...0x08FF).contains(scalar.value)
        default: return properties.isDefaultIgnorableCodePoint
        }
    }

    /// Per character below U+3000, for one primary font: whether it may be in a fast-path
    /// paragraph (the font covers it or it is invisible; a left-to-right or neutral bidi class;
    /// Latin or shared script; not emoji) and whether it is Latin. Each entry is worked out the
    /// first time its character is seen, so a Latin document pays for the few hundred it uses.
    final class SimpleTable {
        static let known: UInt8 = 4
        let font: Font
        var flags = [UInt8](repeating: 0, count: Int(Itemizer.simpleLimit))

        init(font: Font) { self.font = font }

        func compute(_ value: UInt32) -> UInt8 {
            var result = Self.known
            if let scalar = Unicode.Scalar(value) {
                let script = Script(scalar)
                if font.covers(scalar) || Itemizer.isInvisible(scalar), !BidiClass(scalar).needsResolution,
                   script == .latin || script.isShared, !scalar.properties.isEmojiPresentation, value != 0x200D, value != 0x20E3 {
                    result |= Itemizer.simpleFlag | (script == .latin ? Itemizer.latinFlag : 0)
                }
            }
            flags[Int(value)] = result
            return result
        }
    }

    func simpleTable(_ font: Font) -> SimpleTable {
        if let table = simpleTables[font.id] { return table }
        let table = SimpleTable(font: font)
        simpleTables[font.id] = table
        return table
    }

    /// Whether a cluster asks for emoji presentation: an emoji-presentation character not
    /// followed by VS15, any character followed by VS16, a keycap, a flag, or a ZWJ sequence
    /// or skin-tone modifier of pictographs.
    func isEmojiPresentation(_ cluster: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = cluster.first else { return false }
        if cluster.contains("\u{FE0E}") { return false }
        if cluster.contains("\u{FE0F}") || cluster.contains("\u{20E3}") { return true }
        if (0x1F1E6...0x1F1FF).contains(first.value) { return true }
        let flags = self.flags(first)
        if flags & Self.emojiPresentationFlag != 0 { return true }
        return flags & Self.pictographFlag != 0 && cluster.contains { $0 == "\u{200D}" || (0x1F3FB...0x1F3FF).contains($0.value) }
    }
}
