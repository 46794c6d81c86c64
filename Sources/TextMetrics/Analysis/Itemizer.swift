import CICUShim

/// A run of a paragraph after itemization: bytes `start..<end` with one bidi level, one script,
/// one font and one emphasis, shaped as a unit (and cut further at break opportunities).
struct ItemRun: Hashable {
    var start: Int32
    var end: Int32
    /// Index into the paragraph's fonts.
    var font: UInt16
    var level: UInt8
    /// The shaper's cache key for the font and the run's shaping properties.
    var key: Int
}

/// A paragraph split into runs, and what the split found out.
struct Itemization {
    var runs: [ItemRun]
    /// The fonts the runs use: the eight primary faces (by emphasis) first, then the fallback
    /// faces in the order they were first needed.
    var fonts: [Font]
    var paragraphLevel: UInt8
    /// The bidi level of every byte, before L1; empty when every level is 0.
    var levels: [UInt8]
    /// Characters no face in the chain covers (drawn as the last resort's box).
    var missing: Int
}

/// Splits paragraphs into runs by bidi level (ICU's ubidi), script (Common and Inherited
/// characters join their neighbours; a closing bracket takes the script of its opening one) and
/// font (per grapheme cluster: the first face of the primary face + fallback chain that covers all of the
/// cluster's characters; emoji-presentation clusters try the emoji face first; white space and
/// invisible characters stay in the face before them; a cluster nothing covers goes to the last
/// resort). Style runs cut runs too, since each emphasis has its own primary face.
///
/// Text whose every character the primary face covers, in Latin or shared characters only, with
/// no right-to-left or explicit bidi character and no emoji, takes a fast path that skips all
/// of this: one run per style run at level 0. It is the same answer (debug builds check every
/// paragraph against the full itemization).
///
/// Not thread-safe: one per typesetter. Caches: per font, a table of the characters below
/// U+3000 that qualify for the fast path (`simpleTables`, one entry per font used as a primary
/// face); per chain variant (bold, CJK region), each character's first covering chain face.
final class Itemizer {
    let library: FontLibrary
    private let bidi: BidiResolver
    /// Grapheme-cluster boundaries (also where `ShapedParagraph` cuts a word too long to shape at once).
    let graphemes: BreakOpportunities
    private var simpleTables: [Int: SimpleTable] = [:]
    /// Per BMP character, what itemizing asks of its Unicode properties (worked out on first
    /// sight: the standard library's property lookups cost more than the rest of a cluster).
    private var characterFlags = [UInt8](repeating: 0, count: 0x10000)
    private var chains: [ChainKey: Chain] = [:]
    /// The chain's emoji face (one file for every weight), if it is there.
    private lazy var emojiFont: Font? = library.chain.entries.firstIndex { $0.role == .emoji }
        .flatMap { library.fallbackFont(entry: $0, bold: false) }

    /// Itemizations that took the fast path, and those that did not.
    private(set) var fastPathCount = 0
    private(set) var fullCount = 0

    private struct ChainKey: Hashable {
        let bold: Bool
        let region: CJKRegion
    }

    /// The fallback faces of one variant, and which of them covers what. The chain's entries are
    /// loaded when the variant is first needed; the faces found by coverage (tried after the
    /// entries before the emoji face) only when they draw something.
    ///
    /// Faces are named by rank, their place in the order they are tried: an entry before the
    /// coverage faces is its index in `fonts`; coverage candidate `j` is `coverageRank + j`; an
    /// entry from the emoji face on is `laterRank +` its index in `fonts`.
    private final class Chain {
        let fonts: [Font]
        let emoji: Int?
        let lastResort: Int?
        /// `fonts[..<coverageAt]` come before the coverage faces.
        let coverageAt: Int
        let coverage: CoverageIndex
        let library: FontLibrary
        let bold: Bool
        var coverageFonts: [Int: Font?] = [:]
        var firstCovering: [UInt32: Int32] = [:]

        static let coverageRank = 1 << 16, laterRank = 1 << 30

        init(fonts: [Font], emoji: Int?, lastResort: Int?, coverageAt: Int, library: FontLibrary, bold: Bool) {
            self.fonts = fonts
            self.emoji = emoji
            self.lastResort = lastResort
            self.coverageAt = coverageAt
            self.coverage = library.coverage
            self.library = library
            self.bold = bold
        }

        /// The face of a rank (nil for a coverage face that cannot be loaded).
        func font(_ rank: Int) -> Font? {
            if rank < Self.coverageRank { return fonts[rank] }
            if rank >= Self.laterRank { return fonts[rank - Self.laterRank] }
            let candidate = rank - Self.coverageRank
            if let known = coverageFonts[candidate] { return known }
            let font = library.coverageFont(candidate: candidate, bold: bold)
            coverageFonts[candidate] = font
            return font
        }

        /// The rank of the first face (not the last resort) covering `scalar`, or -1.
        func first(_ scalar: Unicode.Scalar) -> Int {
            if let known = firstCovering[scalar.value] { return Int(known) }
            let found = firstCoveringAll(CollectionOfOne(scalar), from: 0) ?? -1
            firstCovering[scalar.value] = Int32(found)
            return found
        }

        /// The rank of the first face from rank `start` on (not the last resort) that covers
        /// every scalar of `scalars`, or nil.
        func firstCoveringAll<C: Collection>(_ scalars: C, from start: Int) -> Int? where C.Element == Unicode.Scalar {
            func covered(_ index: Int) -> Bool { index != lastResort && scalars.allSatisfy(fonts[index].covers) }
            if start < Self.coverageRank {
                for index in start..<coverageAt where covered(index) { return index }
            }
            if start < Self.laterRank {
                var from = max(0, start - Self.coverageRank)
                while let candidate = coverage.first(covering: scalars, from: from, bold: bold) {
                    if font(Self.coverageRank + candidate) != nil { return Self.coverageRank + candidate }
                    from = candidate + 1
                }
            }
            for index in max(coverageAt, start - Self.laterRank)..<fonts.count where covered(index) { return Self.laterRank + index }
            return nil
        }
    }

    init(library: FontLibrary) throws {
        self.library = library
        self.bidi = try BidiResolver()
        self.graphemes = try BreakOpportunities(graphemeClusters: true)
    }

    private func chain(bold: Bool, region: CJKRegion) -> Chain {
        let key = ChainKey(bold: bold, region: region)
        if let chain = chains[key] { return chain }
        var fonts: [Font] = []
        var emoji: Int?, lastResort: Int?, coverageAt: Int?
        let coveragePosition = library.chain.coveragePosition
        for (index, entry) in library.chain.entries.enumerated() {
            if index == coveragePosition { coverageAt = fonts.count }
            guard let font = library.fallbackFont(entry: index, bold: bold, region: region) else { continue }
            if entry.role == .emoji { emoji = fonts.count }
            if entry.role == .lastResort { lastResort = fonts.count }
            fonts.append(font)
        }
        let chain = Chain(fonts: fonts, emoji: emoji, lastResort: lastResort, coverageAt: coverageAt ?? fonts.count,
                          library: library, bold: bold)
        chains[key] = chain
        return chain
    }

    // MARK: Character classes

    private static let knownFlag: UInt8 = 1, invisibleFlag: UInt8 = 2, emojiPresentationFlag: UInt8 = 4,
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
    private func flags(_ scalar: Unicode.Scalar) -> UInt8 {
        let value = Int(scalar.value)
        guard value < 0x10000 else { return Self.computeFlags(scalar) }
        let known = characterFlags[value]
        if known != 0 { return known }
        let computed = Self.computeFlags(scalar)
        characterFlags[value] = computed
        return computed
    }

    private func invisible(_ scalar: Unicode.Scalar) -> Bool { flags(scalar) & Self.invisibleFlag != 0 }

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

    private static let simpleFlag: UInt8 = 1
    private static let latinFlag: UInt8 = 2
    private static let simpleLimit: UInt32 = 0x3000

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
    private final class SimpleTable {
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

    private func simpleTable(_ font: Font) -> SimpleTable {
        if let table = simpleTables[font.id] { return table }
        let table = SimpleTable(font: font)
        simpleTables[font.id] = table
        return table
    }

    // MARK: Itemizing

    func itemize(_ utf8: UnsafeBufferPointer<UInt8>, styleRuns: [(range: Range<Int>, emphasis: TextEmphasis)], faces: FaceSet,
                 direction: BaseDirection, language: LanguageTag?, shaper: Shaper) -> Itemization {
        if let fast = fastPath(utf8, styleRuns: styleRuns, faces: faces, direction: direction, language: language, shaper: shaper) {
            fastPathCount += 1
            #if DEBUG
            let full = fullItemization(utf8, styleRuns: styleRuns, faces: faces, direction: direction, language: language,
                                       shaper: shaper)
            assert(full.runs == fast.runs && full.paragraphLevel == 0 && full.missing == 0
                   && full.levels.allSatisfy { $0 == 0 } && full.fonts.prefix(8).elementsEqual(fast.fonts, by: ===),
                   "the Latin fast path disagrees with the full itemization")
            #endif
            return fast
        }
        fullCount += 1
        return fullItemization(utf8, styleRuns: styleRuns, faces: faces, direction: direction, language: language, shaper: shaper)
    }

    private func fastPath(_ utf8: UnsafeBufferPointer<UInt8>, styleRuns: [(range: Range<Int>, emphasis: TextEmphasis)],
                          faces: FaceSet, direction: BaseDirection, language: LanguageTag?, shaper: Shaper) -> Itemization? {
        guard direction != .rightToLeft else { return nil }
        var latin = false
        for run in styleRuns {
            let simple = simpleTable(faces.font(for: run.emphasis))
            var index = run.range.lowerBound
            let end = run.range.upperBound
            var ok = true
            while ok, index < end {
                // Scans until the end, a character that rules the fast path out, or one not yet in
                // the table (worked out outside the scan, then the scan goes on from it).
                var unknown: UInt32?
                (ok, index, unknown) = simple.flags.withUnsafeBufferPointer { table -> (Bool, Int, UInt32?) in
                    var index = index
                    while index < end {
                        let byte = utf8[index]
                        var value = UInt32(byte)
                        var width = 1
                        if byte < 0x80 {
                        } else if byte < 0xE0 {
                            value = UInt32(byte & 0x1F) << 6 | UInt32(utf8[index + 1] & 0x3F)
                            width = 2
                        } else if byte < 0xF0 {
                            value = UInt32(byte & 0x0F) << 12 | UInt32(utf8[index + 1] & 0x3F) << 6 | UInt32(utf8[index + 2] & 0x3F)
                            width = 3
                        } else {
                            return (false, index, nil)
                        }
                        guard value < Self.simpleLimit else { return (false, index, nil) }
                        let flags = table[Int(value)]
                        if flags == 0 { return (true, index, value) }
                        if flags & Self.simpleFlag == 0 { return (false, index, nil) }
                        if flags & Self.latinFlag != 0 { latin = true }
                        index += width
                    }
                    return (true, index, nil)
                }
                if let unknown { _ = simple.compute(unknown) }
            }
            if !ok { return nil }
        }
        let properties = ShapingProperties(script: latin ? .latin : .common, direction: .leftToRight, language: language?.tag)
        let runs = styleRuns.map { run -> ItemRun in
            let slot = Int(run.emphasis.rawValue & 7)
            return ItemRun(start: Int32(run.range.lowerBound), end: Int32(run.range.upperBound), font: UInt16(slot), level: 0,
                           key: shaper.key(font: faces.fonts[slot], properties))
        }
        return Itemization(runs: runs, fonts: faces.fonts, paragraphLevel: 0, levels: [], missing: 0)
    }

    private func fullItemization(_ utf8: UnsafeBufferPointer<UInt8>, styleRuns: [(range: Range<Int>, emphasis: TextEmphasis)],
                                 faces: FaceSet, direction: BaseDirection, language: LanguageTag?,
                                 shaper: Shaper) -> Itemization {
        let (scalars, offsets) = Self.scalars(of: utf8)

        // Bidi levels.
        let paragraphLevel = Bidi.paragraphLevel(of: scalars, direction: direction)
        let needsBidi = paragraphLevel != 0 || scalars.contains { flags($0) & Self.bidiFlag != 0 }
        let scalarLevels = needsBidi ? bidi.levels(of: scalars, paragraphLevel: paragraphLevel)
            : [UInt8](repeating: 0, count: scalars.count)

        // Scripts, shared characters resolved.
        let scripts = Self.resolveScripts(scalars)

        // The CJK face: by language, else guessed from the paragraph.
        let region = language.flatMap(CJKRegion.init(language:)) ?? CJKRegion.guess(from: scalars)

        // Grapheme-cluster boundaries (byte offsets, the end included).
        var boundaries: [Int32] = []
        graphemes.withOpportunities(in: utf8) { found, _ in boundaries = Array(found) }

        var fonts = FontSlots(faces.fonts)
        var (clusters, missing) = clusters(scalars, offsets: offsets, boundaries: boundaries, styleRuns: styleRuns,
                                           faces: faces, region: region, fonts: &fonts)
        keepInvisibleInFaceBefore(&clusters, fonts: fonts.fonts)
        let runs = Self.runs(of: clusters, offsets: offsets, levels: scalarLevels, scripts: scripts) { font, script, level in
            let cjk = script == .han || script == .hiragana || script == .katakana || script == .hangul || script.isoCode == "Bopo"
            let properties = ShapingProperties(script: script, direction: TextDirection(level: level),
                                               language: language?.tag ?? (cjk ? region.languageTag : nil))
            return shaper.key(font: fonts.fonts[Int(font)], properties)
        }
        let levels = needsBidi ? Self.byteLevels(scalarLevels, offsets: offsets, byteCount: utf8.count) : []
        return Itemization(runs: runs, fonts: fonts.fonts, paragraphLevel: paragraphLevel, levels: levels, missing: missing)
    }

    /// The paragraph's scalars and where each starts (byte offsets, the end included).
    private static func scalars(of utf8: UnsafeBufferPointer<UInt8>) -> (scalars: [Unicode.Scalar], offsets: [Int32]) {
        var scalars: [Unicode.Scalar] = []
        var offsets: [Int32] = []
        scalars.reserveCapacity(utf8.count)
        offsets.reserveCapacity(utf8.count + 1)
        var decoder = UTF8()
        var iterator = utf8.makeIterator()
        var offset = 0
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                scalars.append(scalar)
                offsets.append(Int32(offset))
                offset += UTF8.width(scalar)
            case .emptyInput: break decoding
            case .error:
                // The text came from a String: never invalid. Count a replacement to stay aligned.
                scalars.append("\u{FFFD}")
                offsets.append(Int32(offset))
                offset += 1
            }
        }
        offsets.append(Int32(utf8.count))
        return (scalars, offsets)
    }

    /// The fonts an itemization's runs use, by slot: the primary faces first, then the fallback
    /// faces in the order they were first needed.
    private struct FontSlots {
        private(set) var fonts: [Font]
        private var slots: [Int: UInt16] = [:]

        init(_ primary: [Font]) {
            fonts = primary
            for (slot, font) in fonts.enumerated() where slots[font.id] == nil { slots[font.id] = UInt16(slot) }
        }

        mutating func slot(of font: Font) -> UInt16 {
            if let slot = slots[font.id] { return slot }
            fonts.append(font)
            let slot = UInt16(fonts.count - 1)
            slots[font.id] = slot
            return slot
        }
    }

    /// A grapheme cluster (or the part of one in a style run): scalars `start..<end`, its style's
    /// slot, and its face's slot in the paragraph's fonts; nil for an invisible one.
    private struct Cluster {
        var start: Int
        var end: Int
        var style: Int
        var font: UInt16?
    }

    /// Clusters (cut at style-run ends too), each with its face; nil for invisible ones. The
    /// fallback faces they need are added to `fonts`; `missing` counts the characters no face covers.
    private func clusters(_ scalars: [Unicode.Scalar], offsets: [Int32], boundaries: [Int32],
                          styleRuns: [(range: Range<Int>, emphasis: TextEmphasis)], faces: FaceSet, region: CJKRegion,
                          fonts: inout FontSlots) -> (clusters: [Cluster], missing: Int) {
        let count = scalars.count
        var clusters: [Cluster] = []
        clusters.reserveCapacity(count)
        var missing = 0
        var styleIndex = 0
        var chainsBySlot = [Chain?](repeating: nil, count: 8)
        var clusterStart = 0
        for boundary in boundaries {
            var clusterEnd = clusterStart
            while clusterEnd < count, offsets[clusterEnd] < boundary { clusterEnd += 1 }
            var pieceStart = clusterStart
            while pieceStart < clusterEnd {
                while styleRuns[styleIndex].range.upperBound <= Int(offsets[pieceStart]) { styleIndex += 1 }
                var pieceEnd = pieceStart + 1
                while pieceEnd < clusterEnd, Int(offsets[pieceEnd]) < styleRuns[styleIndex].range.upperBound { pieceEnd += 1 }
                let style = Int(styleRuns[styleIndex].emphasis.rawValue & 7)
                let cluster = scalars[pieceStart..<pieceEnd]
                var font: UInt16?
                if cluster.contains(where: { !invisible($0) }) {
                    let chain = chainsBySlot[style] ?? self.chain(bold: faces.bold[style], region: region)
                    chainsBySlot[style] = chain
                    let (chosen, uncovered) = choose(cluster, primary: faces.fonts[style], chain: chain)
                    font = chosen.map { $0 === faces.fonts[style] ? UInt16(style) : fonts.slot(of: $0) } ?? UInt16(style)
                    missing += uncovered
                }
                clusters.append(Cluster(start: pieceStart, end: pieceEnd, style: style, font: font))
                pieceStart = pieceEnd
            }
            clusterStart = clusterEnd
        }
        return (clusters, missing)
    }

    /// Invisible clusters stay in the face before them in their style run (at the run's start:
    /// the first visible one's; in a run of nothing visible: the style's primary face).
    private func keepInvisibleInFaceBefore(_ clusters: inout [Cluster], fonts: [Font]) {
        var stretchStart = 0
        while stretchStart < clusters.count {
            var stretchEnd = stretchStart
            while stretchEnd < clusters.count, clusters[stretchEnd].style == clusters[stretchStart].style { stretchEnd += 1 }
            // Never the emoji face, whose space is over an em wide: the style's primary instead.
            func usable(_ font: UInt16?) -> UInt16? {
                guard let font, emojiFont == nil || fonts[Int(font)] !== emojiFont else { return nil }
                return font
            }
            var previous = usable(clusters[stretchStart..<stretchEnd].first { usable($0.font) != nil }?.font)
            for index in stretchStart..<stretchEnd {
                if let font = clusters[index].font {
                    previous = usable(font)
                } else {
                    clusters[index].font = previous ?? UInt16(clusters[index].style)
                }
            }
            stretchStart = stretchEnd
        }
    }

    /// The runs: neighbouring clusters of one face, bidi level, script and style joined, each
    /// run's shaping key given by `key` once the run is complete.
    private static func runs(of clusters: [Cluster], offsets: [Int32], levels: [UInt8], scripts: [Script],
                             key: (_ font: UInt16, Script, _ level: UInt8) -> Int) -> [ItemRun] {
        var runs: [ItemRun] = []
        var runScript = Script.common, runStyle = -1
        for cluster in clusters {
            let font = cluster.font!, level = levels[cluster.start], script = scripts[cluster.start]
            let start = offsets[cluster.start], end = offsets[cluster.end]
            if let last = runs.last, last.font == font, last.level == level, runScript == script, runStyle == cluster.style {
                runs[runs.count - 1].end = end
                continue
            }
            if let last = runs.last { runs[runs.count - 1].key = key(last.font, runScript, last.level) }
            runs.append(ItemRun(start: start, end: end, font: font, level: level, key: 0))
            runScript = script
            runStyle = cluster.style
        }
        if let last = runs.last { runs[runs.count - 1].key = key(last.font, runScript, last.level) }
        return runs
    }

    /// The bidi level of every byte, from every scalar's.
    private static func byteLevels(_ scalarLevels: [UInt8], offsets: [Int32], byteCount: Int) -> [UInt8] {
        var levels = [UInt8](repeating: 0, count: byteCount)
        for index in 0..<offsets.count - 1 {
            for byte in Int(offsets[index])..<Int(offsets[index + 1]) { levels[byte] = scalarLevels[index] }
        }
        return levels
    }

    /// The face for a visible cluster and how many of its characters it cannot draw: the emoji
    /// face for an emoji-presentation cluster it covers, else the first face of primary + chain
    /// covering every visible character, else the last resort (nil: the primary face, when
    /// there is no last resort).
    private func choose(_ cluster: ArraySlice<Unicode.Scalar>, primary: Font, chain: Chain) -> (Font?, Int) {
        // One visible character, the common case: its first covering face, no arrays.
        if cluster.count == 1, let scalar = cluster.first {
            let flags = self.flags(scalar)
            if flags & Self.emojiPresentationFlag != 0, let emoji = chain.emoji, chain.fonts[emoji].covers(scalar) {
                return (chain.fonts[emoji], 0)
            }
            if primary.covers(scalar) { return (primary, 0) }
            let first = chain.first(scalar)
            if first >= 0, let font = chain.font(first) { return (font, 0) }
            let last = chain.lastResort.map { chain.fonts[$0] }
            return (last, (last ?? primary).covers(scalar) ? 0 : 1)
        }
        let visible = cluster.filter { !invisible($0) }
        func coversAll(_ font: Font) -> Bool { visible.allSatisfy(font.covers) }
        if let emoji = chain.emoji, isEmojiPresentation(cluster), coversAll(chain.fonts[emoji]) {
            return (chain.fonts[emoji], 0)
        }
        if coversAll(primary) { return (primary, 0) }
        // The first chain face that could cover all: none before the latest "first covering" face.
        var start = 0
        for scalar in visible where !primary.covers(scalar) {
            let first = chain.first(scalar)
            if first < 0 {
                start = -1
                break
            }
            start = max(start, first)
        }
        if start >= 0, let rank = chain.firstCoveringAll(visible, from: start), let font = chain.font(rank) {
            return (font, 0)
        }
        let last = chain.lastResort.map { chain.fonts[$0] }
        let uncovered = visible.filter { !(last ?? primary).covers($0) }.count
        return (last, uncovered)
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

    /// Each scalar's script with Common and Inherited characters resolved: inherited ones take
    /// the script before them, common ones the script of the run they are in (the first real
    /// script of the paragraph for those at its start), and a closing bracket the script of its
    /// opening bracket (UAX #24's recommendation, as Pango and HarfBuzz's tools do).
    static func resolveScripts(_ scalars: [Unicode.Scalar]) -> [Script] {
        var scripts = [Script](repeating: .common, count: scalars.count)
        var current = Script.common
        var runStart = 0
        var stack: [(pair: UInt32, script: Script)] = []
        for (index, scalar) in scalars.enumerated() {
            var script = Script(scalar)
            if script == .inherited || script == .unknown {
                script = current
            } else if script == .common {
                var pair: UInt32 = 0
                switch reflow_paired_bracket(scalar.value, &pair) {
                case 1:
                    stack.append((pair, current))
                    if stack.count > 63 { stack.removeFirst() }
                    script = current
                case 2:
                    if let match = stack.lastIndex(where: { $0.pair == scalar.value }) {
                        script = stack[match].script
                        stack.removeSubrange(match...)
                    } else {
                        script = current
                    }
                default:
                    script = current
                }
            }
            if script != current {
                if current == .common {
                    // The run so far was all shared characters: it takes this script.
                    for earlier in runStart..<index { scripts[earlier] = script }
                    for entry in stack.indices where stack[entry].script == .common { stack[entry].script = script }
                } else if script != .common {
                    runStart = index
                }
                if script != .common { current = script }
            }
            scripts[index] = script == .common ? current : script
        }
        return scripts
    }
}
