import TextMetrics
import Reflow

/// Walks the file, building the layout's sections and the content.
struct ScreenReader {
    /// The file, for cells parsed later.
    let bytes: FileBytes
    /// Where each section's cells are in the file.
    var cellOffsets: [DeferredElements] = []
    /// The screen's `"paging"`: its scroll view moves a page at a time (UIScrollView's `isPagingEnabled`).
    var isPagingEnabled = false
    /// What the screen's texts that name keys say (`{"key": …}`); nil: the keys themselves, as
    /// with no catalog at all.
    let strings: StringResolver?

    init(bytes: FileBytes, strings: StringResolver? = nil) {
        self.bytes = bytes
        self.strings = strings
    }

    /// A section's layout when its `when` matches.
    struct Variant: Sendable {
        var when: Condition
        var section: LayoutSection
    }

    struct Condition: Sendable {
        var accessibility: Bool?
        var categories: Set<ContentSizeCategory>?
        var minWidth: Double?
        var maxWidth: Double?

        func matches(_ environment: LayoutEnvironment) -> Bool {
            if let accessibility, environment.category.isAccessibilityCategory != accessibility { return false }
            if let categories, !categories.contains(environment.category) { return false }
            if let minWidth, environment.containerWidth < minWidth { return false }
            if let maxWidth, environment.containerWidth > maxWidth { return false }
            return true
        }
    }

    static let length = 0.0...100_000.0
    /// A screen cell's content insets at L, unless it says otherwise: 10 pt top and bottom
    /// (scaled with the text), and UIKit's system layout margin of a compact-width screen, 16 pt,
    /// leading and trailing (kept at every size).
    static let cellInsets = EdgeInsets(top: 10, leading: 16, bottom: 10, trailing: 16)
    /// A header's or footer's: its text lines up with the cells' text.
    static let boundaryInsets = EdgeInsets(top: 6, leading: 16, bottom: 6, trailing: 16)
    static let fraction = 0.000_1...100.0

    mutating func screen(_ cursor: JSONCursor) throws -> (CompositionalLayout, CollectionContent) {
        let root = try cursor.object(allowed: ["interSectionSpacing", "sections", "title", "strings", "paging"] + Self.limitKeys,
                                     expected: "an object with \"sections\"")
        let screenLimits = try Self.limits(root, at: cursor, within: nil)
        let spacing = try root["interSectionSpacing"]?.number(in: Self.length, expected: "a spacing in points") ?? 0
        _ = try root["title"]?.string(expected: "a title")
        isPagingEnabled = try root["paging"]?.bool() ?? false
        guard let sectionsCursor = root["sections"] else {
            throw cursor.fail("missing \"sections\": a screen file is {\"sections\": [ … ]}")
        }
        var variants: [[Variant]] = []
        var sections: [CollectionContent.Section] = []
        let list = try sectionsCursor.array(expected: "an array of sections")
        // Small screens are read whole, so every mistake is found now; large ones lazily.
        let cellCount = list.reduce(0) { total, section in
            guard case .object(let members) = section.value, case .deferred(let ranges)? = members.first(where: { $0.key == "cells" })?.value
            else { return total }
            return total + ranges.count
        }
        for (index, section) in list.enumerated() {
            let (sectionVariants, content) = try self.section(section, index: index, eager: cellCount <= ScreenFile.eagerCellLimit,
                                                              limits: screenLimits)
            variants.append(sectionVariants)
            sections.append(content)
        }
        let resolved = variants
        let layout = CompositionalLayout(interSectionSpacing: spacing) { index, environment in
            resolved[index].first { $0.when.matches(environment) }?.section ?? resolved[index][resolved[index].count - 1].section
        }
        return (layout, CollectionContent(sections: sections))
    }

    static let layoutKeys = ["group", "interGroupSpacing", "contentInsets", "orthogonalScrollingBehavior"]

    /// UIKit's content-size limits (iOS 15), on a screen, a section or a cell.
    static let limitKeys = ["minimumContentSizeCategory", "maximumContentSizeCategory"]

    /// The content-size limits `members` give, narrowed by `outer` (a screen's for its sections, a
    /// section's for its cells): the narrowest wins, as a view's limits narrow its superview's.
    static func limits(_ members: JSONCursor.Members, at cursor: JSONCursor,
                       within outer: ClosedRange<ContentSizeCategory>?) throws -> ClosedRange<ContentSizeCategory>? {
        func category(_ key: String) throws -> ContentSizeCategory? {
            guard let value = members[key] else { return nil }
            let name = try value.string(expected: "a content-size category (\(ContentSizeCategory.validNames))")
            guard let category = ContentSizeCategory(name: name) else {
                throw value.fail("expected a content-size category (\(ContentSizeCategory.validNames)), got \(JSONCursor.quoted(name))")
            }
            return category
        }
        let minimum = try category("minimumContentSizeCategory"), maximum = try category("maximumContentSizeCategory")
        guard minimum != nil || maximum != nil else { return outer }
        let lower = max(minimum ?? .extraSmall, outer?.lowerBound ?? .extraSmall)
        let upper = min(maximum ?? .accessibilityExtraExtraExtraLarge, outer?.upperBound ?? .accessibilityExtraExtraExtraLarge)
        guard lower <= upper else {
            throw cursor.fail("the content-size limits leave no size: \(lower.shortName) is above \(upper.shortName)"
                              + (outer == nil ? "" : " (the limits around it narrow them)"))
        }
        return lower...upper
    }

    mutating func section(_ cursor: JSONCursor, index: Int, eager: Bool,
                          limits outer: ClosedRange<ContentSizeCategory>? = nil) throws -> ([Variant], CollectionContent.Section) {
        let keys = Self.layoutKeys + ["variants", "header", "footer", "background", "cells"] + Self.limitKeys
        let members = try cursor.object(allowed: keys, expected: "a section object")
        let limits = try Self.limits(members, at: cursor, within: outer)
        // The section's own layout keys are the defaults each variant may override.
        var variants: [Variant] = []
        if let list = members["variants"] {
            let entries = try list.array(expected: "an array of variants")
            guard !entries.isEmpty else { throw list.fail("expected at least one variant") }
            for entry in entries {
                let variant = try entry.object(allowed: Self.layoutKeys + ["when"], expected: "a variant object")
                let when = try variant["when"].map(condition) ?? Condition()
                variants.append(Variant(when: when, section: try layoutSection(merging: variant, over: members, at: entry,
                                                                               boundary: members)))
            }
        } else {
            variants.append(Variant(when: Condition(), section: try layoutSection(merging: nil, over: members, at: cursor,
                                                                                 boundary: members)))
        }
        var content = CollectionContent.Section(cells: [])
        cellOffsets.append(DeferredElements())
        if let list = members["cells"] {
            guard case .deferred(let ranges) = list.value else {
                throw list.fail("expected an array of cells, got \(list.value.kindName)")
            }
            cellOffsets[cellOffsets.count - 1] = ranges
            let (bytes, strings) = (self.bytes, self.strings)
            let read: @Sendable (Int) throws -> Cell = { item in
                let path = ScreenFile.path(of: IndexPath(item: item, section: index))
                let value = try ScreenFile.parse(bytes, range: ranges[item], path: path)
                return try ScreenReader.cell(JSONCursor(value: value, path: path), limits: limits, strings: strings)
            }
            content = eager ? CollectionContent.Section(cells: try ranges.indices.map(read))
                : CollectionContent.Section(lazyCells: LazyCells(count: ranges.count, read: read))
        }
        for kind in ["header", "footer"] {
            if let boundary = members[kind] {
                content.supplementary[kind] = try supplementaryContent(boundary, kind: kind)
                content.supplementary[kind]?.contentSizeCategoryLimits = limits
            }
        }
        return (variants, content)
    }

    func condition(_ cursor: JSONCursor) throws -> Condition {
        let members = try cursor.object(allowed: ["accessibility", "categories", "minWidth", "maxWidth"],
                                        expected: "a condition such as {\"accessibility\": true}")
        var condition = Condition()
        condition.accessibility = try members["accessibility"]?.bool()
        if let categories = members["categories"] {
            condition.categories = Set(try categories.array(expected: "an array of categories").map { entry in
                let name = try entry.string(expected: "a category name")
                guard let category = ContentSizeCategory(name: name) else {
                    throw entry.fail("unknown category \(JSONCursor.quoted(name)); expected one of \(ContentSizeCategory.validNames)")
                }
                return category
            })
        }
        condition.minWidth = try members["minWidth"]?.number(in: Self.length, expected: "a width in points")
        condition.maxWidth = try members["maxWidth"]?.number(in: Self.length, expected: "a width in points")
        return condition
    }

    /// Items and groups in `group`'s description, itself included.
    static func nodeCount(_ group: LayoutGroup) -> Int {
        group.subitems.reduce(1) { count, node in
            switch node {
            case .item: count + 1
            case .group(let nested): count + nodeCount(nested)
            }
        }
    }

    /// A section's layout from a variant's keys, falling back to the section's own.
    func layoutSection(merging variant: JSONCursor.Members?, over section: JSONCursor.Members, at cursor: JSONCursor,
                       boundary: JSONCursor.Members) throws -> LayoutSection {
        func key(_ name: String) -> JSONCursor? { variant?[name] ?? section[name] }
        guard let groupCursor = key("group") else {
            throw cursor.fail("missing \"group\": a section needs a group, e.g. {\"axis\": \"vertical\", \"size\": …, \"subitems\": [ … ]}")
        }
        let group = try self.group(groupCursor)
        guard Self.nodeCount(group) <= ScreenFile.maximumGroupNodes else {
            throw groupCursor.fail("more than \(ScreenFile.maximumGroupNodes) items and groups in one section's group; describe an item "
                                   + "once and repeat it with \"count\" or by filling the group")
        }
        var layout = LayoutSection(group: group)
        layout.interGroupSpacing = try key("interGroupSpacing")?.number(in: Self.length, expected: "a spacing in points") ?? 0
        layout.contentInsets = try key("contentInsets").map(Self.insets) ?? .zero
        if let behaviour = key("orthogonalScrollingBehavior") {
            let name = try behaviour.string(expected: "a scrolling behaviour")
            guard let value = LayoutSection.OrthogonalScrollingBehavior(rawValue: name) else {
                throw behaviour.fail("unknown behaviour \(JSONCursor.quoted(name)); expected one of "
                    + LayoutSection.OrthogonalScrollingBehavior.allCases.map(\.rawValue).joined(separator: ", "))
            }
            layout.orthogonalScrollingBehavior = value
        }
        for (kind, alignment) in [("header", BoundarySupplementaryItem.Alignment.top), ("footer", .bottom)] {
            if let item = boundary[kind] { layout.boundarySupplementaryItems.append(try boundaryItem(item, kind: kind, alignment: alignment)) }
        }
        if let background = boundary["background"] {
            let members = try background.object(allowed: ["contentInsets"], expected: "a background such as {\"contentInsets\": …}")
            layout.decorationItems = [DecorationItem(contentInsets: try members["contentInsets"].map(Self.insets) ?? .zero)]
        }
        return layout
    }

    func badge(_ cursor: JSONCursor) throws -> SupplementaryItem {
        let members = try cursor.object(allowed: ["size", "anchor"], expected: "a badge such as {\"size\": …, \"anchor\": …}")
        guard let sizeCursor = members["size"] else { throw cursor.fail("missing \"size\"") }
        var anchor = LayoutAnchor(edges: [.top, .trailing])
        if let anchorCursor = members["anchor"] {
            let fields = try anchorCursor.object(allowed: ["edges", "offset", "fractional"],
                                                 expected: "an anchor such as {\"edges\": [\"top\", \"trailing\"]}")
            if let edges = fields["edges"] {
                anchor.edges = Set(try edges.array(expected: "an array of edges").map { entry in
                    let name = try entry.string(expected: "an edge")
                    guard let edge = LayoutAnchor.Edge(rawValue: name) else {
                        throw entry.fail("unknown edge \(JSONCursor.quoted(name)); expected top, leading, bottom or trailing")
                    }
                    return edge
                })
                if anchor.edges.isSuperset(of: [.top, .bottom]) || anchor.edges.isSuperset(of: [.leading, .trailing]) {
                    throw edges.fail("opposite edges cannot both anchor a badge; give one edge or two adjacent ones (a corner)")
                }
            }
            if let offset = fields["offset"] {
                let xy = try offset.object(allowed: ["x", "y"], expected: "an offset such as {\"x\": 0.3, \"y\": -0.3}")
                anchor.offset = Point(x: try xy["x"]?.number(in: -100_000...100_000, expected: "a number") ?? 0,
                                      y: try xy["y"]?.number(in: -100_000...100_000, expected: "a number") ?? 0)
            }
            anchor.isFractional = try fields["fractional"]?.bool() ?? false
        }
        return SupplementaryItem(size: try size(sizeCursor), anchor: anchor)
    }

    func boundaryItem(_ cursor: JSONCursor, kind: String, alignment: BoundarySupplementaryItem.Alignment) throws -> BoundarySupplementaryItem {
        let members = try cursor.object(allowed: ["size", "text", "style", "pinToVisibleBounds", "extendsBoundary"],
                                        expected: "a \(kind) such as {\"text\": \"Categories\", \"style\": \"title2\"}")
        let size = try members["size"].map(size) ?? LayoutSize(width: .fractionalWidth(1), height: .estimated(44))
        return BoundarySupplementaryItem(kind: kind, size: size, alignment: alignment,
                                         pinToVisibleBounds: try members["pinToVisibleBounds"]?.bool() ?? false,
                                         extendsBoundary: try members["extendsBoundary"]?.bool() ?? true)
    }

    /// A header's or footer's content: its text as a cell (not a touch target, so no 44 pt minimum).
    func supplementaryContent(_ cursor: JSONCursor, kind: String) throws -> Cell {
        guard case .object(let members) = cursor.value else { throw cursor.fail("expected a \(kind) object") }
        let fields = JSONCursor.Members(entries: members.map { ($0.key, JSONCursor(value: $0.value, location: JSONPath(parent: cursor.location, key: $0.key))) })
        guard let textCursor = fields["text"] else { throw cursor.fail("missing \"text\": what the \(kind) says") }
        let style = try fields["style"].map(Self.textStyle) ?? (kind == "header" ? .headline : .footnote)
        let (text, origin) = try Self.text(textCursor, expected: "the \(kind)'s text", strings: strings)
        var element = TextElement(style: style, text: StyledText(text))
        element.origin = origin
        var cell = Cell(kind: kind == "header" ? .heading(level: 2) : .footnote, elements: [.text(element)],
                        insets: Self.boundaryInsets, minimumHeight: 0)
        cell.followsLayoutMargins = true  // its text lines up with the cells'
        cell.alignsToLayoutDirection = true
        return cell
    }

    /// Styles by their exact name, looked up before the case-insensitive parse (cells of a large
    /// screen are read by the hundred thousand).
    static let stylesByName = Dictionary(uniqueKeysWithValues: TextStyle.allCases.map { ($0.rawValue, $0) })

    static func textStyle(_ cursor: JSONCursor) throws -> TextStyle {
        let name = try cursor.string(expected: "a text style")
        guard let style = stylesByName[name] ?? TextStyle(name: name) else {
            throw cursor.fail("unknown text style \(JSONCursor.quoted(name)); expected one of \(TextStyle.validNames)")
        }
        return style
    }

    /// A cell: one text (`text`, `style`, `lines`) or a `stack` of texts and images, with a
    /// `badge` text and a `layout` (`stack`, or `row`: a leading image beside its text).
    static func cell(_ cursor: JSONCursor, limits outer: ClosedRange<ContentSizeCategory>? = nil,
                     strings: StringResolver? = nil) throws -> Cell {
        let members = try cursor.object(allowed: ["text", "style", "lines", "lineBreakMode", "pointSize", "maximumPointSize", "stack", "badge", "layout",
                                                  "insets"] + limitKeys,
                                        expected: "a cell such as {\"text\": \"Travel\", \"style\": \"headline\"}")
        var elements: [Cell.Element] = []
        if let stack = members["stack"] {
            guard members["text"] == nil else { throw cursor.fail("a cell has either \"text\" or a \"stack\", not both") }
            for entry in try stack.array(expected: "an array of texts and images") { elements.append(try element(entry, strings: strings)) }
            guard !elements.isEmpty else { throw stack.fail("expected at least one text or image") }
        } else if members["text"] != nil {
            elements.append(try element(cursor, allowing: ["text", "style", "lines", "lineBreakMode", "pointSize", "maximumPointSize", "badge", "layout", "insets"]
                                            + limitKeys, strings: strings))
        } else {
            throw cursor.fail("missing \"text\" or \"stack\": what the cell shows")
        }
        var cell = Cell(kind: .item, elements: elements, insets: try members["insets"].map(Self.insets) ?? Self.cellInsets)
        cell.followsLayoutMargins = members["insets"] == nil  // without insets of its own: the layout margins
        cell.alignsToLayoutDirection = true  // UIKit's natural alignment: the app's layout direction
        cell.contentSizeCategoryLimits = try limits(members, at: cursor, within: outer)
        if let layout = members["layout"] {
            let name = try layout.string(expected: "\"stack\" or \"row\"")
            switch name {
            case "stack": cell.arrangement = .stack
            case "row":
                guard case .image? = elements.first else {
                    throw layout.fail("a \"row\" cell starts with an image (placed beside the text, above it at accessibility sizes)")
                }
                cell.arrangement = .leadingImage
            default: throw layout.fail("expected \"stack\" or \"row\", got \(JSONCursor.quoted(name))")
            }
        }
        if let badge = members["badge"] {
            let (text, origin) = try Self.text(badge, expected: "the badge's text", strings: strings)
            var element = TextElement(style: .caption2, text: StyledText(text))
            element.origin = origin
            cell.supplementary["badge"] = Cell(kind: .item, elements: [.text(element)],
                                               insets: EdgeInsets(top: 1, leading: 5, bottom: 1, trailing: 5), minimumHeight: 0)
            cell.supplementary["badge"]?.contentSizeCategoryLimits = cell.contentSizeCategoryLimits
            cell.supplementary["badge"]?.alignsToLayoutDirection = true
        }
        return cell
    }

    static func element(_ cursor: JSONCursor, allowing extra: [String] = [], strings: StringResolver? = nil) throws -> Cell.Element {
        if case .object(let members) = cursor.value, members.contains(where: { $0.key == "image" }) {
            let fields = try cursor.object(allowed: ["image"], expected: "an image such as {\"image\": {\"width\": 40, \"height\": 40}}")
            let image = try fields["image"]!.object(allowed: ["width", "height", "scalesWithText", "accessibilityLabel"],
                                                    expected: "an image such as {\"width\": 40, \"height\": 40}")
            guard let width = image["width"], let height = image["height"] else {
                throw fields["image"]!.fail("expected both \"width\" and \"height\"")
            }
            return .image(Icon(size: Size(width: try width.number(in: Self.length, expected: "a width in points"),
                                                      height: try height.number(in: Self.length, expected: "a height in points")),
                                           scalesWithText: try image["scalesWithText"]?.bool() ?? false,
                                           accessibilityLabel: try image["accessibilityLabel"].map {
                                               try Self.text($0, expected: "what VoiceOver says for the image (\"\" for a decorative one)",
                                                             strings: strings).text
                                           }))
        }
        let fields = try cursor.object(allowed: Array(Set(["text", "style", "lines", "lineBreakMode", "pointSize", "maximumPointSize"] + extra)),
                                       expected: "a text such as {\"text\": \"Food\", \"style\": \"headline\"} or an image")
        guard let textCursor = fields["text"] else { throw cursor.fail("missing \"text\"") }
        let (text, origin) = try Self.text(textCursor, expected: "the text", strings: strings)
        return .text(TextElement(style: try fields["style"].map(Self.textStyle) ?? .body,
                                 text: StyledText(text),
                                 // 0 is UILabel's numberOfLines for "as many lines as the text needs": no limit.
                                 lineLimit: try fields["lines"].map { try $0.integer(in: 0...10_000, expected: "a number of lines, 1 or more (0: no limit)") }
                                     .flatMap { $0 == 0 ? nil : $0 },
                                 lineBreakMode: try Self.lineBreakMode(fields["lineBreakMode"]),
                                 fixedPointSize: try fields["pointSize"]?.number(in: 1...1_000, expected: "a fixed point size (text that does not scale)"),
                                 maximumPointSize: try fields["maximumPointSize"]?.number(
                                     in: 1...1_000, expected: "the largest point size the text grows to (UIFontMetrics' maximumPointSize)"),
                                 origin: origin))
    }
}
