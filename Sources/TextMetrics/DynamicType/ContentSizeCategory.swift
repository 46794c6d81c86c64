/// The user's preferred text size: the twelve content-size categories of iOS Dynamic Type,
/// from extra small to the largest accessibility size. `large` is the default.
public enum ContentSizeCategory: Int, CaseIterable, Comparable, Hashable, Sendable, Codable {
    case extraSmall
    case small
    case medium
    case large
    case extraLarge
    case extraExtraLarge
    case extraExtraExtraLarge
    case accessibilityMedium
    case accessibilityLarge
    case accessibilityExtraLarge
    case accessibilityExtraExtraLarge
    case accessibilityExtraExtraExtraLarge

    /// The default category.
    public static let `default`: ContentSizeCategory = .large

    /// The short command-line name: `xs s m l xl xxl xxxl ax1 … ax5`.
    public var shortName: String {
        ["xs", "s", "m", "l", "xl", "xxl", "xxxl", "ax1", "ax2", "ax3", "ax4", "ax5"][rawValue]
    }

    /// The name Apple's tables use: `xS`, `S`, `M`, `L`, `xL`, `xxL`, `xxxL`, `AX1` … `AX5`.
    public var displayName: String {
        ["xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"][rawValue]
    }

    /// The long name, as UIKit spells the case: `extraSmall` … `accessibilityExtraExtraExtraLarge`.
    public var longName: String {
        [
            "extraSmall", "small", "medium", "large", "extraLarge", "extraExtraLarge", "extraExtraExtraLarge",
            "accessibilityMedium", "accessibilityLarge", "accessibilityExtraLarge",
            "accessibilityExtraExtraLarge", "accessibilityExtraExtraExtraLarge",
        ][rawValue]
    }

    /// Whether this is one of the five accessibility sizes (AX1 … AX5).
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    /// Parses a short or long name, case-insensitively (`xxxl`, `AX5`, `extraLarge`).
    public init?(name: String) {
        let lowered = name.lowercased()
        guard let match = Self.allCases.first(where: {
            $0.shortName == lowered || $0.longName.lowercased() == lowered
        }) else { return nil }
        self = match
    }

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    public init(from decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let category = ContentSizeCategory(name: name) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "unknown content-size category '\(name)'; expected one of \(Self.validNames)"))
        }
        self = category
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(shortName)
    }

    /// The valid short names, for error messages.
    public static var validNames: String { allCases.map(\.shortName).joined(separator: " ") }
}
