import TextMetrics

/// A subitem of a group: an item or a nested group.
public indirect enum LayoutNode: Hashable, Sendable {
    case item(LayoutItem)
    case group(LayoutGroup)

    public var size: LayoutSize {
        switch self {
        case .item(let item): item.size
        case .group(let group): group.size
        }
    }

    var contentInsets: EdgeInsets {
        switch self {
        case .item(let item): item.contentInsets
        case .group(let group): group.contentInsets
        }
    }

    var edgeSpacing: EdgeSpacing? {
        switch self {
        case .item(let item): item.edgeSpacing
        case .group(let group): group.edgeSpacing
        }
    }
}
