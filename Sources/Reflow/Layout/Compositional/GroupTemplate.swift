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

        var node: LayoutNode {
            switch self {
            case .item(let item, _): .item(item)
            case .group(let template, _): .group(template.group)
            }
        }

        var capacity: Int {
            switch self {
            case .item: 1
            case .group(let template, _): template.capacity
            }
        }
    }

    let group: LayoutGroup
    /// The group's own size in its container (estimates standing in for self-sized lengths).
    let width: Double
    let height: Double
    let slots: [Slot]
    /// Cells one instance holds.
    let capacity: Int

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
        var slots: [Slot] = []
        if let count = group.count {
            let length = (mainLength - spacing * Double(count - 1)) / Double(count)
            slots = (0..<count).map { _ in slot(group.subitems[0], length: length) }
        } else {
            // The subitems in order, again and again, while the next one fits (at least one).
            var used = 0.0
            var index = 0
            while true {
                let next = slot(group.subitems[index % group.subitems.count], length: nil)
                let edges = next.node.edgeSpacing?.around(axis)
                let extent = next.length + (edges?.before?.length ?? 0) + (edges?.after?.length ?? 0)
                let needed = used + (slots.isEmpty ? 0 : spacing) + extent
                guard slots.isEmpty || needed <= mainLength + 1e-9 else { break }
                slots.append(next)
                used = needed
                index += 1
                // A length of nothing would fit forever; one pass over the subitems is the most then.
                if extent <= 0, index >= group.subitems.count { break }
                if slots.count >= 10_000 { break }
            }
        }
        self.slots = slots
        capacity = slots.reduce(0) { $0 + $1.capacity }
    }
}
