import Foundation
import Reflow
import TextMetrics

extension DisplayList {
    /// A GitHub alert's icon in `box` (a square, 1 em of its title), as simple vector strokes in
    /// `color` after GitHub's octicons on their 16-unit grid: note an `i` in a circle, tip a light
    /// bulb, important a speech bubble with `!`, warning a triangle with `!`, caution an octagon
    /// with `!`. Lines and filled dots only, so PNG and SVG draw it alike at every size.
    mutating func alertIcon(_ kind: AlertKind, in box: Rect, color: Color) {
        let unit = box.width / 16
        let lineWidth = max(1, 1.5 * unit)
        func point(_ x: Double, _ y: Double) -> Point { Point(x: box.minX + x * unit, y: box.minY + y * unit) }
        func path(_ points: [(Double, Double)]) { polyline(points.map { point($0.0, $0.1) }, color, lineWidth: lineWidth) }
        func dot(_ x: Double, _ y: Double) {
            fill(Rect(x: box.minX + (x - 1) * unit, y: box.minY + (y - 1) * unit, width: 2 * unit, height: 2 * unit), color,
                 cornerRadius: unit)
        }
        /// Points along an arc of a circle around (x, y), from `start` to `end` degrees (0 at the
        /// right, clockwise on screen), one every 15°.
        func arc(_ x: Double, _ y: Double, radius: Double, from start: Double, to end: Double) -> [(Double, Double)] {
            let steps = max(2, Int((abs(end - start) / 15).rounded(.up)))
            return (0...steps).map { step in
                let angle = (start + (end - start) * Double(step) / Double(steps)) * Double.pi / 180
                return (x + radius * cos(angle), y + radius * sin(angle))
            }
        }
        /// The `!` of important, warning and caution: a stem from `top` to `bottom`, a dot below.
        func exclamation(top: Double, bottom: Double, dotAt: Double) {
            path([(8, top), (8, bottom)])
            dot(8, dotAt)
        }
        switch kind {
        case .note:
            path(arc(8, 8, radius: 7, from: 0, to: 360))
            path([(8, 7.25), (8, 11.5)])
            dot(8, 4.75)
        case .tip:
            // The bulb: an arc open at the bottom, down to its neck; two lines of its base below.
            path([(5.9, 10.6)] + arc(8, 5.75, radius: 5, from: 130, to: 410) + [(10.1, 10.6)])
            path([(5.75, 12.75), (10.25, 12.75)])
            path([(6.5, 15), (9.5, 15)])
        case .important:
            path([(2, 1), (14, 1), (15, 2), (15, 11), (14, 12), (8.25, 12), (4.75, 15), (4.75, 12), (2, 12), (1, 11), (1, 2), (2, 1)])
            exclamation(top: 3.5, bottom: 6.75, dotAt: 9)
        case .warning:
            path([(8, 1), (15.25, 14.5), (0.75, 14.5), (8, 1)])
            exclamation(top: 5.5, bottom: 9, dotAt: 11.75)
        case .caution:
            path([(5, 0.75), (11, 0.75), (15.25, 5), (15.25, 11), (11, 15.25), (5, 15.25), (0.75, 11), (0.75, 5), (5, 0.75)])
            exclamation(top: 4.5, bottom: 8.5, dotAt: 11.25)
        }
    }
}
