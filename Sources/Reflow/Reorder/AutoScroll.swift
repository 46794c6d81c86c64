/// How the view scrolls while an item is dragged near its top or bottom edge, as a collection
/// view does during interactive reordering: within `edgeZone` points of an edge the content
/// scrolls towards that edge, faster the deeper the finger goes into the zone (from 0 at the
/// zone's inner border to `maximumSpeed` at the edge and beyond, growing with the square of the
/// depth so a finger resting near the border creeps and one at the edge races). With `paging`
/// (a paging scroll view, as in the talk's demo) the view instead advances a whole page at a
/// time: after the finger has rested in the zone for `pageDelay` seconds, the next page slides
/// in over `pageDuration` seconds, and again while the finger stays.
///
/// A value that is stepped frame by frame: `step(fingerY:offset:viewportHeight:contentHeight:dt:)`
/// returns the new content offset, never above the top nor past the end.
public struct AutoScroll: Sendable {
    public var edgeZone: Double
    public var maximumSpeed: Double
    public var paging: Bool
    public var pageDelay: Double
    public var pageDuration: Double

    /// Time the finger has rested in an edge zone (paging), and a page slide under way.
    private var dwell = 0.0
    private var slide: (from: Double, to: Double, elapsed: Double)?

    public init(edgeZone: Double = 60, maximumSpeed: Double = 1_800, paging: Bool = false, pageDelay: Double = 0.5,
                pageDuration: Double = 0.3) {
        precondition(edgeZone > 0 && maximumSpeed > 0 && pageDelay >= 0 && pageDuration > 0, "positive zone, speed and durations")
        self.edgeZone = edgeZone
        self.maximumSpeed = maximumSpeed
        self.paging = paging
        self.pageDelay = pageDelay
        self.pageDuration = pageDuration
    }

    /// How far into an edge zone a finger at `fingerY` (page coordinates) is, from -1 (at or past
    /// the top edge) to 1 (at or past the bottom edge); 0 outside both zones.
    public func depth(fingerY: Double, offset: Double, viewportHeight: Double) -> Double {
        let zone = min(edgeZone, viewportHeight / 3)
        let fromTop = fingerY - offset, fromBottom = offset + viewportHeight - fingerY
        if fromTop < zone { return -min(1, (zone - fromTop) / zone) }
        if fromBottom < zone { return min(1, (zone - fromBottom) / zone) }
        return 0
    }

    /// The scrolling speed (points per second, positive down) for a finger at `fingerY`.
    public func velocity(fingerY: Double, offset: Double, viewportHeight: Double) -> Double {
        let depth = depth(fingerY: fingerY, offset: offset, viewportHeight: viewportHeight)
        return (depth < 0 ? -1 : 1) * maximumSpeed * depth * depth
    }

    /// The content offset after `dt` seconds with the finger at `fingerY`, between 0 and
    /// `contentHeight - viewportHeight`.
    public mutating func step(fingerY: Double, offset: Double, viewportHeight: Double, contentHeight: Double,
                              dt: Double) -> Double {
        let end = max(0, contentHeight - viewportHeight)
        func clamped(_ y: Double) -> Double { min(max(0, y), end) }
        guard paging else {
            return clamped(offset + velocity(fingerY: fingerY, offset: offset, viewportHeight: viewportHeight) * dt)
        }
        if var current = slide {
            current.elapsed += dt
            let t = min(1, current.elapsed / pageDuration)
            let eased = t * t * (3 - 2 * t)
            slide = t < 1 ? current : nil
            return clamped(current.from + (current.to - current.from) * eased)
        }
        let depth = depth(fingerY: fingerY, offset: offset, viewportHeight: viewportHeight)
        guard depth != 0 else {
            dwell = 0
            return offset
        }
        dwell += dt
        guard dwell >= pageDelay else { return offset }
        dwell = 0
        let page = (depth > 0 ? offset + viewportHeight : offset - viewportHeight)
        let to = clamped((page / viewportHeight).rounded() * viewportHeight)
        guard to != offset else { return offset }
        slide = (offset, to, 0)
        return offset
    }

    /// Whether a page slide is under way.
    public var isSliding: Bool { slide != nil }
}
