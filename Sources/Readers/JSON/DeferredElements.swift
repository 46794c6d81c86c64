import Reflow
import TextMetrics
/// The elements of a deferred JSON array (`JSONValue.deferred`): where each one is in the bytes,
/// to parse when it is needed. Kept as two arrays of 32-bit offsets rather than ranges: a
/// million-cell screen holds a million of them, and 8 bytes each instead of 16 is memory the
/// first screen need not fault in.
struct DeferredElements: RandomAccessCollection, Sendable {
    private var starts: [UInt32] = []
    private var ends: [UInt32] = []

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { starts.count }

    subscript(position: Int) -> Range<Int> { Int(starts[position])..<Int(ends[position]) }

    /// Where element `position` starts (its first byte, not the white space before it).
    func start(of position: Int) -> Int { Int(starts[position]) }

    mutating func append(_ range: Range<Int>) {
        precondition(range.upperBound <= UInt32.max, "deferred elements lie in the first 4 GiB")
        starts.append(UInt32(truncatingIfNeeded: range.lowerBound))
        ends.append(UInt32(truncatingIfNeeded: range.upperBound))
    }
}
