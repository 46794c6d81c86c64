import CICUShim

/// The bidi class of a character (UAX #9, table 4), as ICU's `u_charDirection` gives it.
public enum BidiClass: UInt8, Hashable, Sendable, CaseIterable {
    case L = 0, R, EN, ES, ET, AN, CS, B, S, WS, ON, LRE, LRO, AL, RLE, RLO, PDF, NSM, BN, FSI, LRI, RLI, PDI

    public init(_ scalar: Unicode.Scalar) {
        self = BidiClass(rawValue: UInt8(truncatingIfNeeded: reflow_bidi_class(scalar.value))) ?? .L
    }

    /// Removed from the paragraph by rule X9 (explicit embeddings and boundary neutrals): such
    /// characters have no level of their own and no place in the visual order.
    public var isRemovedByX9: Bool {
        switch self {
        case .LRE, .RLE, .LRO, .RLO, .PDF, .BN: true
        default: false
        }
    }

    /// Strong right-to-left, or a character that forces bidi resolution (numbers of Arabic, explicit controls).
    var needsResolution: Bool {
        switch self {
        case .R, .AL, .AN, .LRE, .LRO, .RLE, .RLO, .PDF, .FSI, .LRI, .RLI, .PDI: true
        default: false
        }
    }
}

/// The Unicode Bidirectional Algorithm (UAX #9): levels from ICU's `ubidi`, the paragraph level
/// from P2–P3, and per line L1 and L2 here, so the same code orders the characters of
/// `lines --visual` and the shaped runs of a line.
public enum Bidi {
    /// The paragraph embedding level `direction` asks for: 0 or 1, or for `.auto` the direction
    /// of the first strong character outside isolates (P2–P3), 0 when there is none.
    public static func paragraphLevel<S: Sequence>(of scalars: S, direction: BaseDirection) -> UInt8
    where S.Element == Unicode.Scalar {
        switch direction {
        case .leftToRight: return 0
        case .rightToLeft: return 1
        case .auto: return firstStrongDirection(of: scalars) == .rightToLeft ? 1 : 0
        }
    }

    /// The direction of the first strong character outside isolates, before any paragraph
    /// separator (P2); nil when there is none.
    public static func firstStrongDirection<S: Sequence>(of scalars: S) -> TextDirection? where S.Element == Unicode.Scalar {
        var isolates = 0
        for scalar in scalars {
            switch BidiClass(scalar) {
            case .LRI, .RLI, .FSI: isolates += 1
            case .PDI: if isolates > 0 { isolates -= 1 }
            case .L where isolates == 0: return .leftToRight
            case .R where isolates == 0, .AL where isolates == 0: return .rightToLeft
            case .B: return nil  // the paragraph ends here
            default: break
            }
        }
        return nil
    }

    /// Rule L1 on one line: segment and paragraph separators, and any white space or isolate
    /// controls before them or at the end of the line, go back to the paragraph level.
    /// Characters removed by X9 inside such a sequence go with it.
    public static func applyL1(levels: inout [UInt8], classes: [BidiClass], paragraphLevel: UInt8) {
        var trailing = true  // inside a sequence that reaches a separator or the end
        for index in classes.indices.reversed() {
            switch classes[index] {
            case .S, .B:
                levels[index] = paragraphLevel
                trailing = true
            case .WS, .FSI, .LRI, .RLI, .PDI:
                if trailing { levels[index] = paragraphLevel }
            case let c where c.isRemovedByX9:
                if trailing { levels[index] = paragraphLevel }
            default:
                trailing = false
            }
        }
    }

    /// The logical indices of one line's characters in visual order, left to right: characters
    /// removed by X9 (they have no place in the visual order) are left out, the rest go through
    /// L1 and L2. `levels` are the resolved levels of the line's characters.
    public static func visualOrder(of scalars: [Unicode.Scalar], levels: [UInt8], paragraphLevel: UInt8) -> [Int] {
        var kept: [Int] = []
        var keptLevels: [UInt8] = []
        var keptClasses: [BidiClass] = []
        for index in scalars.indices {
            let bidiClass = BidiClass(scalars[index])
            guard !bidiClass.isRemovedByX9 else { continue }
            kept.append(index)
            keptLevels.append(levels[index])
            keptClasses.append(bidiClass)
        }
        applyL1(levels: &keptLevels, classes: keptClasses, paragraphLevel: paragraphLevel)
        return visualOrder(levels: keptLevels).map { kept[$0] }
    }

    /// Rule L2: the logical indices of `levels` in visual order, left to right. From the highest
    /// level down to the lowest odd one, every maximal run at that level or above is reversed.
    public static func visualOrder(levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 & 1 == 1 }).min() else { return order }
        var level = highest
        while level >= lowestOdd {
            var index = 0
            while index < order.count {
                guard levels[order[index]] >= level else {
                    index += 1
                    continue
                }
                var end = index
                while end < order.count, levels[order[end]] >= level { end += 1 }
                order[index..<end].reverse()
                index = end
            }
            if level == 0 { break }
            level -= 1
        }
        return order
    }
}

/// Resolves the embedding levels of paragraphs with ICU's `ubidi`, reusing one ICU object.
/// Not thread-safe: one per typesetter.
public final class BidiResolver {
    private let bidi: OpaquePointer
    private var utf16: [UInt16] = []
    private var unitLevels: [UInt8] = []

    public init() throws {
        guard let bidi = reflow_bidi_open() else { throw TextMetricsError.lineBreakerUnavailable(reason: "ubidi_open failed") }
        self.bidi = bidi
    }

    deinit { reflow_bidi_close(bidi) }

    /// The levels of `scalars` (one paragraph; a separator inside does not start a new base
    /// direction) at `paragraphLevel`, one per scalar.
    public func levels(of scalars: [Unicode.Scalar], paragraphLevel: UInt8) -> [UInt8] {
        utf16.removeAll(keepingCapacity: true)
        var firstUnit: [Int32] = []
        firstUnit.reserveCapacity(scalars.count)
        for scalar in scalars {
            firstUnit.append(Int32(utf16.count))
            if scalar.value < 0x10000 {
                utf16.append(UInt16(scalar.value))
            } else {
                let value = scalar.value - 0x10000
                utf16.append(UInt16(0xD800 + (value >> 10)))
                utf16.append(UInt16(0xDC00 + (value & 0x3FF)))
            }
        }
        if unitLevels.count < utf16.count { unitLevels = [UInt8](repeating: 0, count: utf16.count) }
        var error = [CChar](repeating: 0, count: 64)
        let resolved = reflow_bidi_levels(bidi, utf16, Int32(utf16.count), Int32(paragraphLevel), &unitLevels,
                                          &error, Int32(error.count))
        // ubidi fails only on impossible inputs (too long for Int32): everything at the paragraph level.
        guard resolved >= 0 else { return [UInt8](repeating: paragraphLevel, count: scalars.count) }
        return firstUnit.map { unitLevels[Int($0)] }
    }
}
