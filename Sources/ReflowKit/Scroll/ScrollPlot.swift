import Foundation
import Preview
import Reflow
import TextMetrics

/// The scroll session drawn as two charts: work per frame against the frame budget, and the
/// error of the estimated content height over time. One `DisplayList`, written by any
/// `DisplayListRenderer` (`OutputFormat`'s pictures: SVG, or PNG at `scale`), labels set in the
/// bundled Inter.
public struct ScrollPlot {
    /// One chart's line: its title, a value per frame, and the unit of its values.
    public struct Series: Sendable {
        public var title: String
        public var values: [Double]
        public var unit: String
        public init(title: String, values: [Double], unit: String) {
            self.title = title
            self.values = values
            self.unit = unit
        }
    }

    /// Work per frame in milliseconds (the upper chart, against `budget`).
    public var work: [Double]
    /// The frame budget in milliseconds.
    public var budget: Double
    /// The lower chart.
    public var lower: Series
    /// Frames marked on both charts with a vertical line and a label (a text-size change, a drop).
    public var markers: [(frame: Int, label: String)]
    /// Where the label fonts come from (default: the bundled fonts, found as `FontLibrary` finds them).
    public var fonts: FontLibrary?
    /// The picture's title (an SVG's `<title>`).
    public var pictureTitle = Self.title

    /// A plot of `session` (run), labels set in `fonts`: its work per frame and the error of its
    /// estimated content height.
    public init(session: ScrollSession, fonts: FontLibrary? = nil) {
        work = session.frames.map(\.workMilliseconds)
        budget = session.summary?.budgetMs ?? 16.7
        lower = Series(title: "Estimated content height error (pt)", values: session.frames.map(\.contentHeightError), unit: "pt")
        markers = session.frames.filter(\.categoryChanged).map { ($0.index, "text size changed") }
        self.fonts = fonts
    }

    /// A plot of any frames: `work` against `budget` above, `lower` below.
    public init(work: [Double], budget: Double, lower: Series, markers: [(frame: Int, label: String)] = [], fonts: FontLibrary? = nil) {
        self.work = work
        self.budget = budget
        self.lower = lower
        self.markers = markers
        self.fonts = fonts
    }

    /// A scroll plot's title.
    public static let title = "Scroll session"
    /// Device pixels per point of a bitmap plot.
    public static let scale = 2

    package static let width = 900.0
    package static let panelHeight = 260.0
    package static let margin = 84.0

    package static let axis = Color(hex: 0x888888)
    package static let budget = Color(hex: 0xDD3333)
    package static let textSizeChange = Color(hex: 0x33AA33)
    package static let work = Color(hex: 0x2563EB)
    package static let error = Color(hex: 0x9333EA)

    /// The plot as the bytes of a file in `format`, or nil for a format that is not a picture
    /// (the layout JSON).
    public func render(format: OutputFormat) throws -> Data? {
        guard let renderer = try format.renderer(scale: Self.scale, title: pictureTitle) else { return nil }
        return try renderer.data(for: try displayList(), progress: { _ in })
    }

    /// The plot as a display list, 900 pt wide.
    public func displayList() throws -> DisplayList {
        let typesetter = try Typesetter(fonts: try fonts ?? FontLibrary.opening(directory: nil))
        let frameCount = work.count
        let plotWidth = Self.width - 2 * Self.margin
        let count = max(1, frameCount - 1)
        func x(_ index: Int) -> Double { Self.margin + plotWidth * Double(index) / Double(count) }
        var list = DisplayList(size: Size(width: Self.width, height: 2 * Self.panelHeight + 40))

        enum Anchor { case start, end }
        func label(_ text: String, x: Double, baseline: Double, style: TextStyle = .footnote, color: Color = .black,
                   anchor: Anchor = .start, role: DisplayList.AccessibleText.Role = .text) throws {
            let layout = try typesetter.layout(StyledText(text), style: style, category: .large, width: Self.width)
            let left = anchor == .start ? x : x - layout.usedWidth
            list.draw(layout, at: Point(x: left, y: baseline - (layout.firstBaseline ?? 0)), color: color, role: role)
        }

        func panel(top: Double, title: String, values: [Double], limit: Double?, unit: String, color: Color) throws {
            let peak = max(values.max() ?? 1, limit ?? 0, 1e-9) * 1.1
            let bottom = top + Self.panelHeight - 30
            let height = Self.panelHeight - 60
            func y(_ value: Double) -> Double { bottom - height * value / peak }
            try label(title, x: Self.margin, baseline: top + 20, style: .headline, role: .heading(level: 2))
            list.line(from: Point(x: Self.margin, y: bottom), to: Point(x: Self.margin + plotWidth, y: bottom), Self.axis)
            list.line(from: Point(x: Self.margin, y: bottom), to: Point(x: Self.margin, y: bottom - height), Self.axis)
            try label("\(String(format: "%.1f", peak)) \(unit)", x: Self.margin - 6, baseline: bottom - height + 4, anchor: .end)
            try label("0", x: Self.margin - 6, baseline: bottom + 4, anchor: .end)
            try label("frame \(frameCount)", x: Self.margin + plotWidth, baseline: bottom + 18, anchor: .end)
            list.polyline(values.enumerated().map { Point(x: x($0.offset), y: y($0.element)) }, color)
            if let limit {
                list.line(from: Point(x: Self.margin, y: y(limit)), to: Point(x: Self.margin + plotWidth, y: y(limit)), Self.budget,
                          dash: [6, 4])
                try label("budget \(String(format: "%.1f", limit)) ms", x: Self.margin + plotWidth, baseline: y(limit) - 4,
                          color: Self.budget, anchor: .end)
            }
            for marker in markers {
                list.line(from: Point(x: x(marker.frame), y: bottom), to: Point(x: x(marker.frame), y: bottom - height),
                          Self.textSizeChange)
                try label(marker.label, x: x(marker.frame) + (marker.frame > frameCount / 2 ? -4 : 4), baseline: bottom - 8, color: Self.textSizeChange,
                          anchor: marker.frame > frameCount / 2 ? .end : .start)
            }
        }
        try panel(top: 0, title: "Work per frame (ms of CPU time)", values: work, limit: budget, unit: "ms",
                  color: Self.work)
        try panel(top: Self.panelHeight + 20, title: lower.title, values: lower.values, limit: nil, unit: lower.unit,
                  color: Self.error)
        return list
    }
}
