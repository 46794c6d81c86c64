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

    /// The style's place in `allCases`, without hashing its name (a table's index).
    public var ordinal: Int {
        switch self {
        case .largeTitle: 0
        case .title1: 1
        case .title2: 2
        case .title3: 3
        case .headline: 4
        case .body: 5
        case .callout: 6
        case .subheadline: 7
        case .footnote: 8
        case .caption1: 9
        case .caption2: 10
        }
    }

    /// The valid names, for error messages.
    public static var validNames: String { allCases.map(\.rawValue).joined(separator: " ") }
}
