/// What a layout offers a cell on each axis, as Yoga's measure modes do: an exact length, a
/// length not to exceed, or nothing (the cell picks its natural length). A list proposes an exact
/// width and an unspecified height (width in, height out); a flow proposes at most the line's
/// width; a horizontally scrolling section may leave the width unspecified; an absolute or
/// fractional height is exact.
public struct SizeProposal: Hashable, Sendable, CustomStringConvertible {
    public enum Dimension: Hashable, Sendable, CustomStringConvertible {
        case exact(Double)
        case atMost(Double)
        case unspecified

        /// The length offered, when there is one.
        public var length: Double? {
            switch self {
            case .exact(let value), .atMost(let value): value
            case .unspecified: nil
            }
        }

        public var description: String {
            switch self {
            case .exact(let value): "exactly \(value)"
            case .atMost(let value): "at most \(value)"
            case .unspecified: "unspecified"
            }
        }
    }

    public var width: Dimension
    public var height: Dimension

    public init(width: Dimension, height: Dimension = .unspecified) {
        self.width = width
        self.height = height
    }

    /// Width in, height out: the common case.
    public static func width(_ width: Double) -> SizeProposal { SizeProposal(width: .exact(width)) }

    public var description: String { "width \(width), height \(height)" }
}
