/// The fallback chain as itemizing uses it: one `Chain` per variant (bold, CJK region), and the
/// face a cluster is set in (`choose`).
extension Itemizer {
    struct ChainKey: Hashable {
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
    final class Chain {
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

    func chain(bold: Bool, region: CJKRegion) -> Chain {
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

    /// The face for a visible cluster and how many of its characters it cannot draw: the emoji
    /// face for an emoji-presentation cluster it covers, else the first face of primary + chain
    /// covering every visible character, else the last resort (nil: the primary face, when
    /// there is no last resort).
    func choose(_ cluster: ArraySlice<Unicode.Scalar>, primary: Font, chain: Chain) -> (Font?, Int) {
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
}
