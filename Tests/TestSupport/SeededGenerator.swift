/// SplitMix64: random numbers that are the same on every run, for tests that draw their cases.
public struct SeededGenerator: RandomNumberGenerator {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension RandomNumberGenerator {
    /// A number in 0..<`bound` (0 for a bound under 1).
    public mutating func next(_ bound: Int) -> Int { bound < 1 ? 0 : Int(next(upperBound: UInt64(bound))) }

    /// A number in `range`, in steps of 2⁻²⁰ of its length.
    public mutating func double(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(next(1 << 20)) / Double(1 << 20) * (range.upperBound - range.lowerBound)
    }
}
