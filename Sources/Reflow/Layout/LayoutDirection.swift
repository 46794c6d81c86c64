import TextMetrics

/// Which way a layout runs. Layouts lay units out from the left; for right to left the engines
/// mirror every frame, and the content inside it, in the container (`CollectionLayout.placedUnit`).
public enum LayoutDirection: String, Hashable, Sendable, Codable, CaseIterable {
    case leftToRight
    case rightToLeft
}

extension Rect {
    /// The rectangle mirrored in a container `width` wide: same y and size, x from the other side.
    public func mirrored(in width: Double) -> Rect {
        Rect(x: width - maxX, y: minY, width: self.width, height: height)
    }
}
