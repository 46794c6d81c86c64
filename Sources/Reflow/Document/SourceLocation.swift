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
