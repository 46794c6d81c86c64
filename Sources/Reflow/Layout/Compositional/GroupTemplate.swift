import TextMetrics

/// A group resolved for a container before any cell is measured: which subitems it places in
/// which order, how long each is along the group's axis, and how many cells one instance holds.
/// Estimated lengths count as their estimate here (so a group of estimated-width items holds as
/// many as their estimates fit); measuring decides the real lengths when an instance is placed.
struct GroupTemplate: Hashable, Sendable {
    enum Slot: Hashable, Sendable {
        case item(LayoutItem, length: Double)
        case group(GroupTemplate, length: Double)

        var length: Double {
            switch self {
            case .item(_, let length), .group(_, let length): length
            }
        }

        /// The subitem's size, read from its item or group: never through a `LayoutNode`, which
        /// is indirect (each one built an allocation, and placing a group asks several times for
        /// each of its subitems).
        var size: LayoutSize {
            switch self {
            case .item(let item, _): item.size
            case .group(let template, _): template.group.size
            }
        }

        /// The subitem's edge spacing, read from its item or group.
        var edgeSpacing: EdgeSpacing? {
            switch self {
            case .item(let item, _): item.edgeSpacing
            case .group(let template, _): template.group.edgeSpacing
            }
        }

        var capacity: Int {
            switch self {
            case .item: 1
            case .group(let template, _): template.capacity
            }
        }
    }

    /// Which template this is, for a placement's memo (`GroupPlacement`): never part of its
    /// value (two templates alike are equal), and copies of a template share it.
    final class Identity: Hashable, Sendable {
        static func == (a: Identity, b: Identity) -> Bool { true }
        func hash(into hasher: inout Hasher) {}
    }

    let identity = Identity()
    let group: LayoutGroup
    /// The group's own size in its container (estimates standing in for self-sized lengths).
    let width: Double
    let height: Double
    /// The slots of one pass over the subitems (for a `count` group, its one repeated slot): an
    /// instance's slots are these again and again, `slotCount` in all. Repeated slots are alike
    /// (the same subitem in the same inner size), so each is resolved once and never copied: a
    /// template holds each item and group of its description once, however often `count` or
    /// filling repeats it, and an instance is expanded only as far as it has cells to place
    /// (three nested groups of count 1000 are three slots, not a billion).
    let pattern: [Slot]
    /// Slots in one instance.
    let slotCount: Int
    /// Cells one instance holds (at most `maximumCapacity`).
    let capacity: Int

    /// The most cells an instance is said to hold: far more than any content has (a screen file
    /// of 256 MB holds fewer than 2^28 cells), small enough that sums of it never overflow.
    static let maximumCapacity = 1 << 48

    /// Slot `index` of an instance, in `0..<slotCount`.
    func slot(_ index: Int) -> Slot { pattern[index % pattern.count] }

    /// Items and groups the template holds (itself included): what it costs, whatever it expands to.
    var nodeCount: Int {
        pattern.reduce(1) { count, slot in
            switch slot {
            case .item: count + 1
            case .group(let nested, _): count + nested.nodeCount
            }
        }
    }

    /// The first length of the template (its own width and height, then each slot's, in order)
    /// above `limit` or not a number: where it was described, on which axis, and how long it is.
    func firstLength(beyond limit: Double) -> (source: DescriptionSource, dimension: String, length: Double)? {
        for (dimension, length) in [("width", width), ("height", height)] where !(length <= limit) {
            return (group.source, dimension, length)
        }
        let axis = group.axis
        let inner = (width: max(0, width - group.contentInsets.horizontal), height: max(0, height - group.contentInsets.vertical))
        for slot in pattern {
            switch slot {
            case .item(let item, let length):
                let cross = item.size.along(axis.cross)
                let crossLength = cross.isEstimated ? 0 : cross.resolved(width: inner.width, height: inner.height)
                for (along, length) in [(axis, length), (axis.cross, crossLength)] where !(length <= limit) {
                    return (item.source, along == .horizontal ? "width" : "height", length)
                }
            case .group(let nested, _):
                if let found = nested.firstLength(beyond: limit) { return found }
            }
        }
        return nil
    }

    /// `group` in a container of `width` x `height`.
    init(_ group: LayoutGroup, containerWidth: Double, containerHeight: Double) {
        self.init(group, width: group.size.width.resolved(width: containerWidth, height: containerHeight),
                  height: group.size.height.resolved(width: containerWidth, height: containerHeight))
    }

    /// `group` of `width` x `height`.
    init(_ group: LayoutGroup, width: Double, height: Double) {
        self.group = group
        self.width = width
        self.height = height
        let inner = Size(width: max(0, width - group.contentInsets.horizontal), height: max(0, height - group.contentInsets.vertical))
        let axis = group.axis
        let mainLength = axis == .horizontal ? inner.width : inner.height
        let spacing = group.interItemSpacing?.length ?? 0
        func slot(_ node: LayoutNode, length: Double?) -> Slot {
            let along = length ?? node.size.along(axis).resolved(width: inner.width, height: inner.height)
            switch node {
            case .item(let item):
                return .item(item, length: along)
            case .group(let nested):
                let cross = nested.size.along(axis.cross).resolved(width: inner.width, height: inner.height)
                let size = axis == .horizontal ? (along, cross) : (cross, along)
                return .group(GroupTemplate(nested, width: size.0, height: size.1), length: along)
            }
        }
        if let count = group.count {
            // Spacing that alone is longer than the group leaves the copies nothing (never a
            // negative length: a fuzzed `count: 772` with 8 pt spacing in a 44 pt group placed
            // its cells upwards and ended the layout with a trap).
            let length = max(0, (mainLength - spacing * Double(count - 1)) / Double(count))
            pattern = [slot(group.subitems[0], length: length)]
            slotCount = count
        } else {
            pattern = group.subitems.map { slot($0, length: nil) }
            // The subitems in order, again and again, while the next one fits (at least one).
            let extents = pattern.map { next in
                let edges = next.edgeSpacing?.around(axis)
                return next.length + (edges?.before?.length ?? 0) + (edges?.after?.length ?? 0)
            }
            var used = 0.0
            var count = 0
            while true {
                let extent = extents[count % extents.count]
                let needed = used + (count == 0 ? 0 : spacing) + extent
                guard count == 0 || needed <= mainLength + 1e-9 else { break }
                used = needed
                count += 1
                // A length of nothing would fit forever; one pass over the subitems is the most then.
                if extent <= 0, count >= extents.count { break }
                if count >= 10_000 { break }
            }
            slotCount = count
        }
        // Cells of the whole passes over the pattern, then of the slots of the last, partial one.
        let passes = slotCount / pattern.count, rest = slotCount % pattern.count
        var capacity = Self.product(passes, pattern.reduce(0) { Self.sum($0, $1.capacity) })
        for slot in pattern.prefix(rest) { capacity = Self.sum(capacity, slot.capacity) }
        self.capacity = capacity
    }

    private static func sum(_ a: Int, _ b: Int) -> Int { min(maximumCapacity, a + b) }
    private static func product(_ a: Int, _ b: Int) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? maximumCapacity : min(maximumCapacity, product)
    }
}
