/// A rectangle in layout coordinates (points, y down). Frames are half-open: two rectangles that
/// only share an edge do not intersect.
public struct Rect: Hashable, Sendable, Codable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var width: Double { size.width }
    public var height: Double { size.height }

    /// Whether the two rectangles share some area (touching edges do not count).
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// Whether `other` lies wholly inside this rectangle (edges included).
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// The rectangle shrunk by `insets` on each side, `direction` saying which side is leading.
    public func inset(by insets: EdgeInsets, direction: LayoutDirection = .leftToRight) -> Rect {
        let left = direction == .leftToRight ? insets.leading : insets.trailing
        return Rect(x: minX + left, y: minY + insets.top,
                    width: width - insets.horizontal, height: height - insets.vertical)
    }

    public var description: String { "(\(minX), \(minY), \(width), \(height))" }
}
