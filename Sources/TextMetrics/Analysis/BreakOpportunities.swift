import CICUShim

/// Where a line may break in a text, by the Unicode line-breaking algorithm (UAX #14) as ICU
/// implements it: after spaces, after hyphens and dashes, between ideographs, never at a no-break
/// space; and where it must break (line feeds, paragraph separators). Korean breaks between
/// words, as UIKit's standard line-break strategy does (`hangulWordPriority`): never between two
/// Hangul characters (UAX #14 lets a line break between any two syllables, classes H2, H3, JL,
/// JV, JT), so a Hangul word moves to the next line whole; a word wider than the line is still
/// broken inside (the line breaker's emergency break).
public struct BreakOpportunity: Hashable, Sendable {
    /// UTF-8 byte offset of the break: the line may end just before this byte.
    public var offset: Int
    /// The break is mandatory.
    public var isMandatory: Bool
}

/// Owns one ICU line-break iterator (or, with `graphemeClusters: true`, a grapheme-cluster
/// iterator) and reuses it for every text it is given.
public final class BreakOpportunities {
    private let breaker: OpaquePointer
    private let isLineBreaker: Bool
    /// Korean breaks between words (UIKit's `hangulWordPriority`); off, UAX #14's breaks between
    /// syllables (for checking ICU against the Unicode test file).
    public let keepsHangulWordsWhole: Bool
    private var offsets: [Int32] = []
    private var hard: [UInt8] = []

    public init(locale: String? = nil, graphemeClusters: Bool = false, keepsHangulWordsWhole: Bool = true) throws {
        var error = [CChar](repeating: 0, count: 64)
        isLineBreaker = !graphemeClusters
        self.keepsHangulWordsWhole = keepsHangulWordsWhole && !graphemeClusters
        let opened = graphemeClusters ? reflow_character_breaker_open(&error, Int32(error.count))
            : reflow_line_breaker_open(locale, &error, Int32(error.count))
        guard let breaker = opened else {
            throw TextMetricsError.lineBreakerUnavailable(
                reason: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.breaker = breaker
    }

    deinit { reflow_line_breaker_close(breaker) }

    /// The ICU version doing the work.
    public static var icuVersion: String { String(cString: reflow_icu_version()) }

    /// The break opportunities of `text`, in order; the last one is at the end of the text.
    public func opportunities(in text: Substring) -> [BreakOpportunity] {
        var text = text
        return text.withUTF8 { bytes -> [BreakOpportunity] in
            withOpportunities(in: bytes) { offsets, mandatory in
                (0..<offsets.count).map { BreakOpportunity(offset: Int(offsets[$0]), isMandatory: mandatory[$0] != 0) }
            }
        }
    }

    /// Calls `body` with the break opportunities of the UTF-8 text `bytes`: their byte offsets,
    /// in order (the last one is the end of the text), and beside each 1 where the break is
    /// mandatory. The buffers are the iterator's own, valid only during `body`; nothing is
    /// allocated once they are large enough.
    func withOpportunities<R>(in bytes: UnsafeBufferPointer<UInt8>,
                              _ body: (UnsafeBufferPointer<Int32>, UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        guard !bytes.isEmpty else { return try body(UnsafeBufferPointer(start: nil, count: 0), UnsafeBufferPointer(start: nil, count: 0)) }
        let capacity = bytes.count + 1
        if offsets.count < capacity {
            offsets = [Int32](repeating: 0, count: max(capacity, offsets.count * 2))
            hard = [UInt8](repeating: 0, count: offsets.count)
        }
        return try offsets.withUnsafeMutableBufferPointer { offsets in
            try hard.withUnsafeMutableBufferPointer { hard in
                if isLineBreaker, let count = Self.simpleBreaks(bytes, offsets, hard) {
                    #if DEBUG
                    assert(icuBreaks(bytes, offsets, hard).elementsEqual(zip(offsets[..<count], hard[..<count]), by: ==),
                           "the letters-spaces-commas-periods fast path disagrees with ICU")
                    #endif
                    return try body(UnsafeBufferPointer(rebasing: offsets[..<count]), UnsafeBufferPointer(rebasing: hard[..<count]))
                }
                var error = (Int64(0), Int64(0), Int64(0), Int64(0), Int64(0), Int64(0), Int64(0), Int64(0))
                let count = withUnsafeMutableBytes(of: &error) { error in
                    bytes.withMemoryRebound(to: CChar.self) { chars in
                        reflow_line_breaker_breaks(breaker, chars.baseAddress, Int32(chars.count), offsets.baseAddress,
                                                   hard.baseAddress, Int32(offsets.count),
                                                   error.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(error.count))
                    }
                }
                // ICU fails on UTF-8 only for impossible inputs (lengths beyond Int32); fall back to
                // one unbreakable piece so measuring still answers.
                guard count > 0 else {
                    offsets[0] = Int32(truncatingIfNeeded: bytes.count)
                    hard[0] = 0
                    return try body(UnsafeBufferPointer(rebasing: offsets[..<1]), UnsafeBufferPointer(rebasing: hard[..<1]))
                }
                Self.keepMandatoryOnlyAtLineEnds(bytes, offsets, hard, count: Int(count))
                let kept = keepsHangulWordsWhole ? Self.keepHangulWordsWhole(bytes, offsets, hard, count: Int(count)) : Int(count)
                return try body(UnsafeBufferPointer(rebasing: offsets[..<kept]), UnsafeBufferPointer(rebasing: hard[..<kept]))
            }
        }
    }

    /// Marks optional every break of the first `count` of `bytes` that does not follow a
    /// line-ending character (UAX #14's BK, CR, LF and NL: LB4 and LB5 are the only rules that
    /// make a break mandatory). ICU gives each break its dictionary finds inside Thai, Lao, Khmer
    /// or Burmese text the status of the rule-based break that ends the run, so before a line
    /// feed every one of them comes back mandatory, and a line of such text would end at every
    /// word (issue 38: a one-line Thai code block laid out one word a line).
    static func keepMandatoryOnlyAtLineEnds(_ bytes: UnsafeBufferPointer<UInt8>, _ offsets: UnsafeMutableBufferPointer<Int32>,
                                            _ hard: UnsafeMutableBufferPointer<UInt8>, count: Int) {
        for index in 0..<count where hard[index] != 0 && !endsALine(bytes, before: Int(offsets[index])) {
            hard[index] = 0
        }
    }

    /// Whether the UTF-8 `bytes` just before `offset` are a line-ending character: LF, VT, FF, CR
    /// (U+000A–U+000D), NEL (U+0085), LINE SEPARATOR or PARAGRAPH SEPARATOR (U+2028, U+2029).
    static func endsALine(_ bytes: UnsafeBufferPointer<UInt8>, before offset: Int) -> Bool {
        guard offset > 0, offset <= bytes.count else { return false }
        if 0x0A...0x0D ~= bytes[offset - 1] { return true }
        if offset >= 2, bytes[offset - 2] == 0xC2, bytes[offset - 1] == 0x85 { return true }
        return offset >= 3 && bytes[offset - 3] == 0xE2 && bytes[offset - 2] == 0x80 && (bytes[offset - 1] == 0xA8 || bytes[offset - 1] == 0xA9)
    }

    /// Drops the optional breaks between two Hangul characters from the first `count` breaks of
    /// `bytes` (in place); returns how many are left.
    static func keepHangulWordsWhole(_ bytes: UnsafeBufferPointer<UInt8>, _ offsets: UnsafeMutableBufferPointer<Int32>,
                                     _ hard: UnsafeMutableBufferPointer<UInt8>, count: Int) -> Int {
        var kept = 0
        for index in 0..<count {
            let offset = Int(offsets[index])
            if hard[index] == 0, offset > 0, offset < bytes.count, isHangul(scalarAt: offset, in: bytes),
               isHangul(scalarBefore: offset, in: bytes) {
                continue
            }
            offsets[kept] = offsets[index]
            hard[kept] = hard[index]
            kept += 1
        }
        return kept
    }

    /// Hangul: conjoining jamo, compatibility jamo, the jamo extensions, syllables, halfwidth jamo.
    static func isHangul(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xFFA0...0xFFDC: return true
        default: return false
        }
    }

    /// Whether the character starting at byte `offset` of the UTF-8 `bytes` is Hangul (all of
    /// Hangul is three bytes long).
    private static func isHangul(scalarAt offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard offset + 2 < bytes.count, bytes[offset] & 0xF0 == 0xE0 else { return false }
        return isHangul(UInt32(bytes[offset] & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6 | UInt32(bytes[offset + 2] & 0x3F))
    }

    /// Whether the character ending just before byte `offset` is Hangul.
    private static func isHangul(scalarBefore offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        offset >= 3 && isHangul(scalarAt: offset - 3, in: bytes)
    }

    /// The breaks of `bytes` when the text is made only of ASCII letters, spaces, commas and full
    /// stops; nil (buffers untouched in meaning) for any other text, which goes to ICU.
    ///
    /// For this alphabet UAX #14 reduces to one rule, so the answer is provably ICU's: letters
    /// are AL, the space SP, comma and full stop IS, and the only rules that apply are LB7
    /// (× SP), LB13 (× IS, even after spaces), LB18 (SP ÷), LB28 (AL × AL), LB29 (IS × AL) and
    /// LB3 (break at the end; not mandatory). So a line may break exactly before a letter that
    /// follows a space, and at the end. (Checked against ICU 72 on every string of length ≤ 9
    /// over {a, Z, space, comma, period} and 2 million random ones by
    /// Benchmarks/tools/icu-fastpath-check.c; debug builds compare every text with ICU.) Long runs of prose take this path and skip the rule-based iterator.
    static func simpleBreaks(_ bytes: UnsafeBufferPointer<UInt8>, _ offsets: UnsafeMutableBufferPointer<Int32>,
                             _ hard: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        var count = 0
        var previousIsSpace = false
        for index in bytes.indices {
            let byte = bytes[index]
            if (byte | 0x20) &- 0x61 < 26 {  // A-Z, a-z
                if previousIsSpace {
                    offsets[count] = Int32(truncatingIfNeeded: index)
                    hard[count] = 0
                    count += 1
                }
                previousIsSpace = false
            } else if byte == 0x20 {
                previousIsSpace = true
            } else if byte == 0x2C || byte == 0x2E {
                previousIsSpace = false
            } else {
                return nil
            }
        }
        offsets[count] = Int32(truncatingIfNeeded: bytes.count)
        hard[count] = 0
        return count + 1
    }

    #if DEBUG
    /// ICU's answer for `bytes`, for checking the fast path (its own buffers, so those passed in
    /// are left alone).
    private func icuBreaks(_ bytes: UnsafeBufferPointer<UInt8>, _ offsets: UnsafeMutableBufferPointer<Int32>,
                           _ hard: UnsafeMutableBufferPointer<UInt8>) -> [(Int32, UInt8)] {
        var icuOffsets = [Int32](repeating: 0, count: bytes.count + 1)
        var icuHard = [UInt8](repeating: 0, count: bytes.count + 1)
        var error = [CChar](repeating: 0, count: 64)
        let count = bytes.withMemoryRebound(to: CChar.self) { chars in
            reflow_line_breaker_breaks(breaker, chars.baseAddress, Int32(chars.count), &icuOffsets, &icuHard,
                                       Int32(icuOffsets.count), &error, Int32(error.count))
        }
        return (0..<max(0, Int(count))).map { (icuOffsets[$0], icuHard[$0]) }
    }
    #endif
}
