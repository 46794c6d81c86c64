import TextMetrics
import Reflow

// The layout a screen file describes: groups, their items, sizes, spacing and insets.
extension ScreenReader {
    /// A group (a subitem with an `axis`).
    func group(_ cursor: JSONCursor) throws -> LayoutGroup {
        let members = try cursor.object(allowed: ["axis", "size", "subitems", "count", "interItemSpacing", "contentInsets", "edgeSpacing"],
                                        expected: "a group such as {\"axis\": \"horizontal\", \"size\": …, \"subitems\": [ … ]}")
        guard let axisCursor = members["axis"] else { throw cursor.fail("missing \"axis\": \"horizontal\" or \"vertical\"") }
        let axisName = try axisCursor.string(expected: "\"horizontal\" or \"vertical\"")
        guard let axis = LayoutAxis(rawValue: axisName) else { throw axisCursor.fail("expected \"horizontal\" or \"vertical\", got \(JSONCursor.quoted(axisName))") }
        guard let sizeCursor = members["size"] else { throw cursor.fail("missing \"size\": {\"width\": …, \"height\": …}") }
        guard let subitemsCursor = members["subitems"] else { throw cursor.fail("missing \"subitems\": an array of items or groups") }
        let size = try self.size(sizeCursor)
        if size.width.isUniformAcrossSiblings || size.height.isUniformAcrossSiblings {
            throw sizeCursor.fail("uniformAcrossSiblings sizes items, not groups (a section-wide uniform height is not supported): "
                                  + "give the group an estimated length and its items uniformAcrossSiblings")
        }
        let subitems = try subitemsCursor.array(expected: "an array of items or groups").map(node)
        guard !subitems.isEmpty else { throw subitemsCursor.fail("expected at least one item or group") }
        var group = LayoutGroup(axis: axis, size: size, subitems: subitems,
                                count: try members["count"]?.integer(in: 1...1_000, expected: "a count from 1 to 1000"),
                                interItemSpacing: try members["interItemSpacing"].map(spacing),
                                contentInsets: try members["contentInsets"].map(Self.insets) ?? .zero,
                                edgeSpacing: try members["edgeSpacing"].map(edgeSpacing))
        group.source = cursor.descriptionSource
        return group
    }

    /// A subitem: a group when it has an `axis`, otherwise an item.
    func node(_ cursor: JSONCursor) throws -> LayoutNode {
        if case .object(let members) = cursor.value, members.contains(where: { $0.key == "axis" }) {
            return .group(try group(cursor))
        }
        let members = try cursor.object(allowed: ["size", "contentInsets", "edgeSpacing", "badge"],
                                        expected: "an item such as {\"size\": …} or a group with an \"axis\"")
        guard let sizeCursor = members["size"] else { throw cursor.fail("missing \"size\": {\"width\": …, \"height\": …}") }
        var item = LayoutItem(size: try size(sizeCursor), contentInsets: try members["contentInsets"].map(Self.insets) ?? .zero,
                              edgeSpacing: try members["edgeSpacing"].map(edgeSpacing),
                              supplementaryItems: try members["badge"].map { [try badge($0)] } ?? [])
        item.source = cursor.descriptionSource
        return .item(item)
    }

    func size(_ cursor: JSONCursor) throws -> LayoutSize {
        let members = try cursor.object(allowed: ["width", "height"], expected: "a size such as {\"width\": …, \"height\": …}")
        guard let width = members["width"], let height = members["height"] else {
            throw cursor.fail("expected both \"width\" and \"height\"")
        }
        return LayoutSize(width: try dimension(width), height: try dimension(height))
    }

    func dimension(_ cursor: JSONCursor) throws -> LayoutDimension {
        let expected = "a dimension such as {\"fractionalWidth\": 0.5}, {\"absolute\": 44}, {\"estimated\": 80} or {\"uniformAcrossSiblings\": 80}"
        guard case .object(let members) = cursor.value, members.count == 1, let (kind, value) = members.first else {
            throw cursor.fail("expected \(expected)")
        }
        let inner = cursor.child(kind, value: value)
        switch kind {
        case "fractionalWidth": return .fractionalWidth(try inner.number(in: Self.fraction, expected: "a fraction above 0"))
        case "fractionalHeight": return .fractionalHeight(try inner.number(in: Self.fraction, expected: "a fraction above 0"))
        case "absolute": return .absolute(try inner.number(in: Self.length, expected: "a length in points, 0 or more"))
        case "estimated": return .estimated(try inner.number(in: 1...100_000, expected: "an estimate in points, 1 or more"))
        case "uniformAcrossSiblings":
            return .uniformAcrossSiblings(try inner.number(in: 1...100_000, expected: "an estimate in points, 1 or more"))
        default: throw cursor.fail("expected \(expected), got \(JSONCursor.quoted(kind))")
        }
    }

    func spacing(_ cursor: JSONCursor) throws -> LayoutSpacing {
        let expected = "a spacing such as {\"fixed\": 8} or {\"flexible\": 8}"
        guard case .object(let members) = cursor.value, members.count == 1, let (kind, value) = members.first else {
            throw cursor.fail("expected \(expected)")
        }
        let length = try cursor.child(kind, value: value).number(in: Self.length, expected: "a spacing in points")
        switch kind {
        case "fixed": return .fixed(length)
        case "flexible": return .flexible(length)
        default: throw cursor.fail("expected \(expected), got \(JSONCursor.quoted(kind))")
        }
    }

    func edgeSpacing(_ cursor: JSONCursor) throws -> EdgeSpacing {
        let members = try cursor.object(allowed: ["top", "leading", "bottom", "trailing"],
                                        expected: "edge spacing such as {\"leading\": {\"fixed\": 8}}")
        return EdgeSpacing(leading: try members["leading"].map(spacing), top: try members["top"].map(spacing),
                           trailing: try members["trailing"].map(spacing), bottom: try members["bottom"].map(spacing))
    }

    static func insets(_ cursor: JSONCursor) throws -> EdgeInsets {
        let members = try cursor.object(allowed: ["top", "leading", "bottom", "trailing"],
                                        expected: "insets such as {\"top\": 8, \"leading\": 16, \"bottom\": 8, \"trailing\": 16}")
        func side(_ name: String) throws -> Double { try members[name]?.number(in: Self.length, expected: "a length in points, 0 or more") ?? 0 }
        return EdgeInsets(top: try side("top"), leading: try side("leading"), bottom: try side("bottom"), trailing: try side("trailing"))
    }
}
