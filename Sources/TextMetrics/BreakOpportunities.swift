import CICUShim

/// Where a line may break in a text, by the Unicode line-breaking algorithm (UAX #14) as ICU
/// implements it: after spaces, after hyphens and dashes, between ideographs, never at a no-break
/// space; and where it must break (line feeds, paragraph separators).
public struct BreakOpportunity: Hashable, Sendable {
    /// UTF-8 byte offset of the break: the line may end just before this byte.
    public var offset: Int
    /// The break is mandatory.
    public var isMandatory: Bool
}

/// Owns one ICU line-break iterator and reuses it for every text it is given.
public final class BreakOpportunities {
    private let breaker: OpaquePointer
    private var offsets: [Int32] = []
    private var hard: [UInt8] = []

    public init(locale: String? = nil) throws {
        var error = [CChar](repeating: 0, count: 64)
        guard let breaker = reflow_line_breaker_open(locale, &error, Int32(error.count)) else {
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
            guard !bytes.isEmpty else { return [] }
            let capacity = bytes.count + 1
            if offsets.count < capacity {
                offsets = [Int32](repeating: 0, count: capacity)
                hard = [UInt8](repeating: 0, count: capacity)
            }
            var error = [CChar](repeating: 0, count: 64)
            let count = bytes.withMemoryRebound(to: CChar.self) { chars in
                reflow_line_breaker_breaks(breaker, chars.baseAddress, Int32(chars.count), &offsets, &hard,
                                           Int32(capacity), &error, Int32(error.count))
            }
            // ICU fails on UTF-8 only for impossible inputs (lengths beyond Int32); fall back to
            // one unbreakable piece so measuring still answers.
            guard count > 0 else { return [BreakOpportunity(offset: bytes.count, isMandatory: false)] }
            var result: [BreakOpportunity] = []
            result.reserveCapacity(Int(count))
            for index in 0..<Int(count) {
                result.append(BreakOpportunity(offset: Int(offsets[index]), isMandatory: hard[index] != 0))
            }
            return result
        }
    }
}
