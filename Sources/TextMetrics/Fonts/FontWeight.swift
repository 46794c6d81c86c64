/// The weights the bundled families are used in.
public enum FontWeight: Int, CaseIterable, Comparable, Hashable, Sendable, Codable {
    case regular = 400
    case semibold = 600
    case bold = 700

    /// The weight's name as it appears in font file names (`Regular`, `SemiBold`, `Bold`).
    public var fileComponent: String {
        switch self {
        case .regular: "Regular"
        case .semibold: "SemiBold"
        case .bold: "Bold"
        }
    }

    public var name: String {
        switch self {
        case .regular: "regular"
        case .semibold: "semibold"
        case .bold: "bold"
        }
    }

    /// One step heavier, as strong emphasis draws text: regular → semibold → bold.
    public var stronger: FontWeight {
        switch self {
        case .regular: .semibold
        case .semibold, .bold: .bold
        }
    }

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}
