/// Where an element comes from in its file: a line (and column) of a document or a screen
/// file, and for a screen file the JSON path of the cell. What a finding about the element points at.
public struct SourceLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    /// 1-based.
    public var line: Int?
    public var column: Int?
    /// `sections[1].cells[3]`, for a screen file.
    public var jsonPath: String?

    public init(line: Int? = nil, column: Int? = nil, jsonPath: String? = nil) {
        self.line = line
        self.column = column
        self.jsonPath = jsonPath
    }

    public var description: String {
        var parts: [String] = []
        if let jsonPath { parts.append(jsonPath) }
        if let line { parts.append(column.map { "line \(line), column \($0)" } ?? "line \(line)") }
        return parts.joined(separator: ", ")
    }
}

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
