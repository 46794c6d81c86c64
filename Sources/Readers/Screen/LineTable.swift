/// Line starts of a text, to turn byte offsets into lines and columns by a binary search.
final class LineTable: Sendable {
    private let starts: [Int]

    init(_ bytes: some Collection<UInt8>) {
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        self.starts = starts
    }

    /// The 1-based line and column (in bytes) of `offset`.
    func location(of offset: Int) -> (line: Int, column: Int) {
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return (low, offset - starts[low - 1] + 1)
    }
}
