import Foundation
import Reflow

/// The scroll session drawn as two charts: work per frame against the frame budget, and the
/// error of the estimated content height over time.
struct ScrollPlot {
    let session: ScrollSession

    enum Format { case svg, png }

    static let width = 900.0
    static let panelHeight = 260.0
    static let margin = 56.0

    func render(format: Format) throws -> Data {
        switch format {
        case .svg: return Data(svg().utf8)
        case .png: throw UserError("--plot writes SVG for now; give a .svg path")
        }
    }

    private func number(_ value: Double) -> String { String(format: "%.2f", value) }

    func svg() -> String {
        let frames = session.frames
        let budget = session.summary?.budgetMs ?? 16.7
        let plotWidth = Self.width - 2 * Self.margin
        let count = max(1, frames.count - 1)
        func x(_ index: Int) -> Double { Self.margin + plotWidth * Double(index) / Double(count) }

        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(Self.width))" height="\(Int(2 * Self.panelHeight + 40))" \
            font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>

            """
        func panel(top: Double, title: String, values: [Double], limit: Double?, unit: String, color: String) {
            let peak = max(values.max() ?? 1, limit ?? 0, 1e-9) * 1.1
            let bottom = top + Self.panelHeight - 30
            let height = Self.panelHeight - 60
            func y(_ value: Double) -> Double { bottom - height * value / peak }
            out += "<text x=\"\(number(Self.margin))\" y=\"\(number(top + 20))\" font-weight=\"bold\">\(title)</text>\n"
            out += "<line x1=\"\(number(Self.margin))\" y1=\"\(number(bottom))\" x2=\"\(number(Self.margin + plotWidth))\" y2=\"\(number(bottom))\" stroke=\"#888\"/>\n"
            out += "<line x1=\"\(number(Self.margin))\" y1=\"\(number(bottom))\" x2=\"\(number(Self.margin))\" y2=\"\(number(bottom - height))\" stroke=\"#888\"/>\n"
            out += "<text x=\"\(number(Self.margin - 6))\" y=\"\(number(bottom - height + 4))\" text-anchor=\"end\">\(String(format: "%.1f", peak)) \(unit)</text>\n"
            out += "<text x=\"\(number(Self.margin - 6))\" y=\"\(number(bottom + 4))\" text-anchor=\"end\">0</text>\n"
            out += "<text x=\"\(number(Self.margin + plotWidth))\" y=\"\(number(bottom + 18))\" text-anchor=\"end\">frame \(frames.count)</text>\n"
            let points = values.enumerated().map { "\(number(x($0.offset))),\(number(y($0.element)))" }.joined(separator: " ")
            out += "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"1\" points=\"\(points)\"/>\n"
            if let limit {
                out += "<line x1=\"\(number(Self.margin))\" y1=\"\(number(y(limit)))\" x2=\"\(number(Self.margin + plotWidth))\" y2=\"\(number(y(limit)))\" stroke=\"#d33\" stroke-dasharray=\"6 4\"/>\n"
                out += "<text x=\"\(number(Self.margin + plotWidth))\" y=\"\(number(y(limit) - 4))\" text-anchor=\"end\" fill=\"#d33\">budget \(String(format: "%.1f", limit)) ms</text>\n"
            }
            for frame in frames where frame.categoryChanged {
                out += "<line x1=\"\(number(x(frame.index)))\" y1=\"\(number(bottom))\" x2=\"\(number(x(frame.index)))\" y2=\"\(number(bottom - height))\" stroke=\"#3a3\"/>\n"
            }
        }
        panel(top: 0, title: "Work per frame (ms)", values: frames.map(\.workMilliseconds), limit: budget, unit: "ms", color: "#2563eb")
        panel(top: Self.panelHeight + 20, title: "Estimated content height error (pt)", values: frames.map(\.contentHeightError),
              limit: nil, unit: "pt", color: "#9333ea")
        out += "</svg>\n"
        return out
    }
}
