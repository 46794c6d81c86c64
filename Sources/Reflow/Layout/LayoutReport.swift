import Foundation
import TextMetrics

/// A layout as data to write down and compare: the environment, the content size and, per
/// element, its kind (`cell`, `header`, `footer`, `badge`, `background`), index path and frame,
/// and for elements that show a cell its cell kind, text style, number of lines and first words.
/// The JSON of `reflow-cli layout` and of the golden files. Lengths are rounded to 1/1000 pt so
/// the text reads well and diffs stay small; `jsonText` writes one element per line, so a diff of
/// two reports names the elements that moved.
///
/// The format is called the *layout JSON* and has a version (`formatVersion`), written as the
/// first key of every top-level layout JSON object: a layout of one size (a golden, `preview
/// --format json`) or the document of `reflow-cli layout` (`LayoutReport.Document`, whose nested
/// layouts carry none). Its JSON Schema is docs/layout-json.schema.json.
public struct LayoutReport: Codable, Hashable, Sendable {
    /// The layout JSON's format version, written as `"version"`. Version 1 is the first to write
    /// it; a layout JSON without the key was written before, in the same format, and reads as
    /// version 1. A change that an older reader would misread (a key renamed, a unit changed)
    /// raises it.
    public static let formatVersion = 1

    public struct Environment: Codable, Hashable, Sendable {
        public let containerWidth: Double
        public let category: String
        public let layoutDirection: String
        /// The paragraphs' base direction (`ltr`, `rtl`), absent when each takes its own (`auto`).
        public let direction: String?
        /// The text's language (a BCP 47 tag), absent when none was given.
        public let language: String?
    }

    public struct Frame: Codable, Hashable, Sendable {
        public let x, y, width, height: Double
        init(_ rect: Rect) {
            x = LayoutReport.rounded(rect.minX)
            y = LayoutReport.rounded(rect.minY)
            width = LayoutReport.rounded(rect.width)
            height = LayoutReport.rounded(rect.height)
        }
    }

    public struct ElementReport: Codable, Hashable, Sendable {
        public let indexPath: IndexPath
        /// `cell`, or the supplementary or decoration kind.
        public let kind: String
        /// The kind of cell shown (`paragraph`, `heading`, …), when the element shows one.
        public let cell: String?
        /// A heading's level.
        public let level: Int?
        /// The first text's style.
        public let style: String?
        public let frame: Frame
        /// Drawing order, when not 0.
        public let zIndex: Int?
        /// Lines of text, over every text element.
        public let lines: Int?
        /// The first six words of its text.
        public let text: String?
        /// The 1-based Markdown line its cell comes from; absent for plain text and screen files.
        public let sourceLine: Int?
        /// True when a line limit hid lines of one of its texts: the last line shown is truncated
        /// (or clipped) as its `lineBreakMode` says, and `lines` counts the lines shown.
        public var truncated: Bool?
        /// How many list items and quotes contain a document's cell (absent for screens and words).
        public var depth: Int?
        /// The kind of the GitHub alert a document's cell is in (`note`, `tip`, `important`,
        /// `warning`, `caution`): on its title (`"cell": "alert"`) and on every cell inside it.
        public var alert: String?
        /// Where a document cell's text block sits, in content coordinates (after its indentation).
        public var textFrame: Frame?
        /// A list item's marker and where it is drawn.
        public var marker: Marker?
        /// A code cell's language.
        public var language: String?
        /// A code cell's width when its longest line is wider than the cell (it scrolls sideways).
        public var contentWidth: Double?
        /// An image cell's alt text (its images', one space apart).
        public var alt: String?
        /// An image cell's images, in order: each one's source as the document writes it, where it
        /// is drawn, and its size in pixels when it is drawn from its file, or `placeholder` when not.
        public var images: [Image]?

        public struct Image: Codable, Hashable, Sendable {
            public let source: String
            /// Where the image (or its placeholder) is drawn, in content coordinates.
            public let frame: Frame
            /// The file's size in pixels (drawn one pixel a point, fitted to the width).
            public let pixelWidth, pixelHeight: Int?
            /// True when the image is drawn as a placeholder (remote, missing, refused, not an image).
            public let placeholder: Bool?

            init(_ picture: Picture, frame: Rect) {
                source = picture.source
                self.frame = Frame(frame)
                pixelWidth = picture.naturalSize.map { Int($0.width) }
                pixelHeight = picture.naturalSize.map { Int($0.height) }
                placeholder = picture.isDecodable ? nil : true
            }
        }

        public struct Marker: Codable, Hashable, Sendable {
            public let text: String
            public let frame: Frame
        }

        /// What `check` matches elements by.
        public var key: Key { Key(kind: kind, indexPath: indexPath) }

        public struct Key: Hashable, Comparable, Sendable, CustomStringConvertible {
            public let kind: String
            public let indexPath: IndexPath
            public static func < (a: Key, b: Key) -> Bool { (a.indexPath, a.kind) < (b.indexPath, b.kind) }
            public var description: String {
                kind == "cell" ? "cell \(indexPath.section).\(indexPath.item)" : "\(kind) of section \(indexPath.section)"
                    + (kind == "badge" ? " item \(indexPath.item)" : "")
            }
        }
    }

    /// A layout warning (`LayoutWarning`): what, where, at which category.
    public struct WarningReport: Codable, Hashable, Sendable {
        /// `belowMinimumHeight`, `clipped` or `tooNarrow`.
        public let warning: String
        public let kind: String
        public let indexPath: IndexPath
        public let category: String
        public let given: Double
        public let needed: Double
        public let message: String
    }

    /// The screen a report of one screen shows (`layout --viewport`): its rectangle on the page,
    /// and whether the content height counts estimates for what lies below it (unmeasured).
    public struct ViewportReport: Codable, Hashable, Sendable {
        public let frame: Frame
        public let contentHeightEstimated: Bool
    }

    /// An orthogonal section's content width at rest.
    public struct ScrollingWidth: Codable, Hashable, Sendable {
        public let section: Int
        public let width: Double
    }

    public let environment: Environment
    public let contentSize: Size
    /// For a report of one screen: the screen (its elements are those it shows, in page coordinates,
    /// pinned headers where they sit at that offset).
    public var viewport: ViewportReport?
    public let elements: [ElementReport]
    /// Orthogonal sections' widths (absent when there are none).
    public let scrollingWidths: [ScrollingWidth]?
    /// What the layout warned about (absent when nothing).
    public let warnings: [WarningReport]?

    public init(_ snapshot: LayoutSnapshot) {
        self.init(environment: snapshot.environment, contentSize: snapshot.contentSize, elements: snapshot.elements.map { Self.report($0) },
                  scrollingWidths: snapshot.scrollingWidths, warnings: snapshot.warnings)
    }

    /// The report of `layout`'s eager layout of `content` in `environment`, made unit by unit:
    /// each unit's elements become reports as soon as it is laid out and are dropped with their
    /// measured text, so memory holds the report (a line of JSON per element), never the whole
    /// layout's text. Equal to `LayoutReport(layout.layout(content, in:, sizer:))`.
    public init(_ layout: some CollectionLayout, _ content: CollectionContent, in environment: LayoutEnvironment,
                sizer: CellSizer) throws {
        var elements: [ElementReport] = []
        let summary = try Self.stream(layout, content, in: environment, sizer: sizer) { elements.append($0) }
        self.init(summary: summary, elements: elements)
    }

    /// Everything a report has but its elements: what `stream` returns once it has handed every
    /// element over.
    public struct Summary: Sendable {
        public let environment: Environment
        public let contentSize: Size
        public let scrollingWidths: [ScrollingWidth]?
        public let warnings: [WarningReport]?

        init(_ environment: LayoutEnvironment, contentSize: Size, scrollingWidths: [Int: Double], warnings: [LayoutWarning]) {
            self.environment = Environment(containerWidth: environment.containerWidth, category: environment.category.shortName,
                                           layoutDirection: environment.layoutDirection.rawValue,
                                           direction: environment.text.direction == .auto ? nil : environment.text.direction.rawValue,
                                           language: environment.text.language?.tag)
            self.contentSize = Size(width: LayoutReport.rounded(contentSize.width), height: LayoutReport.rounded(contentSize.height))
            let widths = scrollingWidths.sorted { $0.key < $1.key }
                .map { ScrollingWidth(section: $0.key, width: LayoutReport.rounded($0.value)) }
            self.scrollingWidths = widths.isEmpty ? nil : widths
            let category = environment.category.shortName
            let reports = warnings.map {
                WarningReport(warning: $0.kind.rawValue, kind: $0.role.name, indexPath: $0.indexPath, category: category,
                              given: LayoutReport.rounded($0.given), needed: LayoutReport.rounded($0.needed), message: $0.description)
            }
            self.warnings = reports.isEmpty ? nil : reports
        }
    }

    /// The report `LayoutReport(layout, content, in: environment, sizer:)` makes, its elements
    /// handed to `element` one at a time in the report's order (each unit's, then each section's)
    /// and kept by nobody: a caller that writes them down as they come (`reflow-cli layout`,
    /// twelve sizes of 100,000 cells) never holds an array of element reports.
    public static func stream(_ layout: some CollectionLayout, _ content: CollectionContent, in environment: LayoutEnvironment,
                              sizer: CellSizer, element: (ElementReport) throws -> Void) throws -> Summary {
        let bound = try layout.boundPlan(content, in: environment)
        var warnings: [LayoutWarning] = []
        let pass = try EagerPass.run(bound, sizer: sizer) { _, top, _, laid in
            warnings += laid.warnings
            // The unit's elements are reported where the unit is, without moving a copy of each.
            for attributes in laid.elements { try element(Self.report(attributes, dy: top)) }
        } section: { _, _, attributes in
            for attributes in attributes { try element(Self.report(attributes)) }
        }
        let contentSize = Size(width: environment.containerWidth, height: bound.plan.endOffset + pass.heightSum)
        return Summary(environment, contentSize: contentSize, scrollingWidths: pass.scrollingWidths, warnings: warnings)
    }

    private init(summary: Summary, elements: [ElementReport]) {
        environment = summary.environment
        contentSize = summary.contentSize
        self.elements = elements
        scrollingWidths = summary.scrollingWidths
        warnings = summary.warnings
    }

    private init(environment: LayoutEnvironment, contentSize: Size, elements: [ElementReport], scrollingWidths: [Int: Double],
                 warnings: [LayoutWarning]) {
        self.init(summary: Summary(environment, contentSize: contentSize, scrollingWidths: scrollingWidths, warnings: warnings),
                  elements: elements)
    }

    /// A report of one screen: `elements` (what a screen at `visible` shows) in `environment`,
    /// with the content height as known then (`contentHeightEstimated` when units below are unmeasured).
    public init(screen visible: Rect, elements: [LayoutAttributes], environment: LayoutEnvironment, contentHeight: Double,
                contentHeightEstimated: Bool) {
        self.init(environment: environment, contentSize: Size(width: environment.containerWidth, height: contentHeight),
                  elements: elements.map { Self.report($0) }, scrollingWidths: [:], warnings: [])
        viewport = ViewportReport(frame: Frame(visible), contentHeightEstimated: contentHeightEstimated)
    }

    /// `attributes` reported `dy` lower (a unit's element, placed relative to the unit's top):
    /// the same as `report(attributes.offsetBy(dx: 0, dy: dy))`.
    static func report(_ attributes: LayoutAttributes, dy: Double = 0) -> ElementReport {
        var lines = 0
        var text = ""
        var style: String?
        var truncated = false
        for content in attributes.content {
            guard case .text(let layout, let textStyle, _, let limited) = content else { continue }
            lines += layout.lines.count
            truncated = truncated || limited
            if style == nil {
                style = textStyle.rawValue
                text = firstWords(of: layout.text.string)
            }
        }
        var report = ElementReport(indexPath: attributes.indexPath, kind: attributes.role.name, cell: attributes.cellKind?.name,
                                   level: attributes.cellKind?.headingLevel, style: style, frame: Frame(attributes.frame.offsetBy(dx: 0, dy: dy)),
                                   zIndex: attributes.zIndex == 0 ? nil : attributes.zIndex,
                                   lines: style == nil ? nil : lines, text: style == nil ? nil : text,
                                   sourceLine: attributes.sourceLine)
        if truncated { report.truncated = true }
        guard let nesting = attributes.nesting else { return report }
        report.depth = nesting.depth
        report.alert = nesting.alert?.rawValue
        report.textFrame = attributes.textFrame.map { Frame($0.offsetBy(dx: 0, dy: dy)) }
        var pictures: [(Picture, Rect)] = []
        for content in attributes.content {
            switch content {
            case .marker(let layout, let frame) where report.marker == nil || nesting.marker == layout.text.string:
                report.marker = ElementReport.Marker(text: layout.text.string, frame: Frame(frame.offsetBy(dx: 0, dy: dy)))
            case .picture(let picture, let frame, _, _): pictures.append((picture, frame.offsetBy(dx: 0, dy: dy)))
            default: break
            }
        }
        report.language = attributes.language
        report.contentWidth = attributes.contentWidth.map(rounded)
        if !pictures.isEmpty {
            report.alt = pictures.map(\.0.alt).joined(separator: " ")
            report.images = pictures.map { ElementReport.Image($0, frame: $1) }
        }
        return report
    }

    /// The report as JSON text, written directly (a `JSONEncoder` took a fifth of `layout
    /// --category all`): an object per line for each element, keys in a fixed order, numbers in
    /// their shortest form, ending with a newline. Byte-for-byte stable, and valid JSON that
    /// `JSONDecoder` reads back into a `LayoutReport`.
    /// - Parameters:
    ///   - indent: put before every line (a layout nested in a larger JSON text).
    ///   - versioned: whether `"version"` comes first: true for a layout JSON on its own, false for
    ///     one nested in a document that carries the version itself.
    public func jsonText(indent: String = "", versioned: Bool = true) -> String {
        var out = "\(indent){\n"
        out.reserveCapacity(256 + elements.count * (indent.utf8.count + 240))
        if versioned { out += "\(indent)  \"version\": \(Self.formatVersion),\n" }
        out += "\(indent)  \"environment\": {\"containerWidth\": \(JSONText.number(environment.containerWidth)), "
        out += "\"category\": \(JSONText.string(environment.category)), \"layoutDirection\": \(JSONText.string(environment.layoutDirection))"
        if let direction = environment.direction { out += ", \"direction\": \(JSONText.string(direction))" }
        if let language = environment.language { out += ", \"language\": \(JSONText.string(language))" }
        out += "},\n"
        out += "\(indent)  \"contentSize\": {\"width\": \(JSONText.number(contentSize.width)), \"height\": \(JSONText.number(contentSize.height))},\n"
        if let viewport {
            out += "\(indent)  \"viewport\": {\"frame\": \(Self.json(viewport.frame)), "
            out += "\"contentHeightEstimated\": \(viewport.contentHeightEstimated)},\n"
        }
        out += "\(indent)  \"elements\": ["
        // Appends of literals and small strings only: this runs for every element of every
        // category written, and an interpolated line would be a heap string each time.
        let elementIndent = indent + "    "
        func field(_ key: String, _ value: String) {
            out += ", \""
            out += key
            out += "\": "
            out += value
        }
        for (index, element) in elements.enumerated() {
            out += index == 0 ? "\n" : ",\n"
            out += elementIndent
            out += "{\"indexPath\": {\"section\": "
            out += String(element.indexPath.section)
            out += ", \"item\": "
            out += String(element.indexPath.item)
            out += "}"
            field("kind", JSONText.string(element.kind))
            if let cell = element.cell { field("cell", JSONText.string(cell)) }
            if let level = element.level { field("level", String(level)) }
            if let style = element.style { field("style", JSONText.string(style)) }
            out += ", \"frame\": {\"x\": "
            out += JSONText.number(element.frame.x)
            out += ", \"y\": "
            out += JSONText.number(element.frame.y)
            out += ", \"width\": "
            out += JSONText.number(element.frame.width)
            out += ", \"height\": "
            out += JSONText.number(element.frame.height)
            out += "}"
            if let zIndex = element.zIndex { field("zIndex", String(zIndex)) }
            if let lines = element.lines { field("lines", String(lines)) }
            if element.truncated == true { field("truncated", "true") }
            if let text = element.text { field("text", JSONText.string(text)) }
            if let line = element.sourceLine { field("sourceLine", String(line)) }
            if let depth = element.depth { field("depth", String(depth)) }
            if let alert = element.alert { field("alert", JSONText.string(alert)) }
            if let frame = element.textFrame { field("textFrame", Self.json(frame)) }
            if let marker = element.marker {
                field("marker", "{\"text\": \(JSONText.string(marker.text)), \"frame\": \(Self.json(marker.frame))}")
            }
            if let language = element.language { field("language", JSONText.string(language)) }
            if let width = element.contentWidth { field("contentWidth", JSONText.number(width)) }
            if let alt = element.alt { field("alt", JSONText.string(alt)) }
            if let images = element.images { field("images", "[" + images.map(Self.json).joined(separator: ", ") + "]") }
            out += "}"
        }
        out += elements.isEmpty ? "]" : "\n\(indent)  ]"
        if let scrollingWidths {
            out += ",\n\(indent)  \"scrollingWidths\": ["
            out += scrollingWidths.map { "{\"section\": \($0.section), \"width\": \(JSONText.number($0.width))}" }.joined(separator: ", ")
            out += "]"
        }
        if let warnings {
            out += ",\n\(indent)  \"warnings\": ["
            for (index, warning) in warnings.enumerated() {
                out += index == 0 ? "\n" : ",\n"
                out += "\(indent)    {\"warning\": \(JSONText.string(warning.warning)), \"kind\": \(JSONText.string(warning.kind)), "
                out += "\"indexPath\": {\"section\": \(warning.indexPath.section), \"item\": \(warning.indexPath.item)}, "
                out += "\"category\": \(JSONText.string(warning.category)), \"given\": \(JSONText.number(warning.given)), "
                out += "\"needed\": \(JSONText.number(warning.needed)), \"message\": \(JSONText.string(warning.message))}"
            }
            out += "\n\(indent)  ]"
        }
        out += "\n\(indent)}"
        return out
    }

    /// A frame as a JSON object, keys in the order of `frame`.
    static func json(_ image: ElementReport.Image) -> String {
        var out = "{\"source\": \(JSONText.string(image.source)), \"frame\": \(json(image.frame))"
        if let width = image.pixelWidth, let height = image.pixelHeight {
            out += ", \"pixelWidth\": \(width), \"pixelHeight\": \(height)"
        }
        if image.placeholder == true { out += ", \"placeholder\": true" }
        return out + "}"
    }

    static func json(_ frame: Frame) -> String {
        "{\"x\": \(JSONText.number(frame.x)), \"y\": \(JSONText.number(frame.y)), \"width\": \(JSONText.number(frame.width)), "
            + "\"height\": \(JSONText.number(frame.height))}"
    }

    /// `value` to 1/1000 pt; a value so large that the scaling overflows is already whole.
    static func rounded(_ value: Double) -> Double {
        let scaled = value * 1000
        return scaled.isFinite ? PointGrid.rounded(scaled) / 1000 : value
    }

    /// The first `count` words (split at ASCII white space), for a person to recognise the cell;
    /// a word longer than 40 characters is cut. Reads only as far as it needs: this runs for every
    /// cell at every category, and the text may be a megabyte.
    static func firstWords(of text: String, count: Int = 6) -> String {
        var text = text
        return text.withUTF8 { utf8 in
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
            var result = ""
            var found = 0
            var index = 0
            while found < count, index < utf8.count {
                while index < utf8.count, isSpace(utf8[index]) { index += 1 }
                guard index < utf8.count else { break }
                let start = index
                while index < utf8.count, !isSpace(utf8[index]) { index += 1 }
                // At most 4 bytes per scalar and a few scalars per character: 400 bytes hold 40
                // characters; and a word of at most 40 bytes has at most 40 characters.
                let word = String(decoding: UnsafeBufferPointer(rebasing: utf8[start..<min(index, start + 400)]), as: UTF8.self)
                if found > 0 { result += " " }
                result += index - start <= 40 || word.count <= 40 ? word : word.prefix(40) + "…"
                found += 1
            }
            return result
        }
    }
}
