/// The eleven Dynamic Type text styles.
public enum TextStyle: String, CaseIterable, Hashable, Sendable, Codable {
    case largeTitle
    case title1
    case title2
    case title3
    case headline
    case body
    case callout
    case subheadline
    case footnote
    case caption1
    case caption2

    /// Parses a style name case-insensitively (`body`, `largeTitle`, `LARGETITLE`).
    public init?(name: String) {
        let lowered = name.lowercased()
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == lowered }) else { return nil }
        self = match
    }

    /// The valid names, for error messages.
    public static var validNames: String { allCases.map(\.rawValue).joined(separator: " ") }
}
