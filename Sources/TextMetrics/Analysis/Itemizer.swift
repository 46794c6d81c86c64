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
    /// The run's size bits (`TextEmphasis.sizeBits`): drawn and measured smaller, off the
    /// baseline, but shaped as the face's own (shaping is in font units).
    var size: UInt8 = 0
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
    var simpleTables: [Int: SimpleTable] = [:]
    /// Per BMP character, what itemizing asks of its Unicode properties (worked out on first
    /// sight: the standard library's property lookups cost more than the rest of a cluster).
    var characterFlags = [UInt8](repeating: 0, count: 0x10000)
    var chains: [ChainKey: Chain] = [:]
    /// The chain's emoji face (one file for every weight), if it is there.
    lazy var emojiFont: Font? = library.chain.entries.firstIndex { $0.role == .emoji }
        .flatMap { library.fallbackFont(entry: $0, bold: false) }

    /// Itemizations that took the fast path, and those that did not.
    private(set) var fastPathCount = 0
    private(set) var fullCount = 0

    init(library: FontLibrary) throws {
        self.library = library
        self.bidi = try BidiResolver()
        self.graphemes = try BreakOpportunities(graphemeClusters: true)
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
                           key: shaper.key(font: faces.fonts[slot], properties), size: run.emphasis.intersection(.sizeBits).rawValue)
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
}
