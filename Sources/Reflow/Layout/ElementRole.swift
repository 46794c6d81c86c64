import TextMetrics

/// What kind of element a layout placed, as a collection view distinguishes them: a cell, a
/// supplementary element of some kind (a section header or footer, a badge on an item), or a
/// decoration (a section's background).
public enum ElementRole: Hashable, Sendable, CustomStringConvertible {
    case cell
    case supplementary(kind: String)
    case decoration(kind: String)

    /// The kinds reflow's layouts use.
    public static let header = ElementRole.supplementary(kind: "header")
    public static let footer = ElementRole.supplementary(kind: "footer")
    public static let badge = ElementRole.supplementary(kind: "badge")
    public static let background = ElementRole.decoration(kind: "background")

    /// The name in layout JSON: `cell`, or the supplementary or decoration kind.
    public var name: String {
        switch self {
        case .cell: "cell"
        case .supplementary(let kind), .decoration(let kind): kind
        }
    }

    public var description: String { name }

    /// Parses a JSON name back: `cell`, `background` (decoration), anything else supplementary.
    public init(name: String) {
        switch name {
        case "cell": self = .cell
        case "background": self = .background
        default: self = .supplementary(kind: name)
        }
    }
}
