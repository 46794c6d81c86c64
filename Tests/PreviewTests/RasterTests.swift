@testable import Preview
import Reflow
import Testing
import TestSupport
import TextMetrics

@Suite struct RasterTests {
    /// The rectangle fill, pixel by pixel as its doc comment states it: each pixel's coverage is
    /// the rectangle's area in it (row × column), less outside a rounded corner's circle; the
    /// color is composited over the pixel through that coverage.
    static func referenceFill(_ raster: inout Raster, x: Double, y: Double, width w: Double, height h: Double, color: Color,
                              radius: Double, clip: PixelBox) {
        guard w > 0, h > 0, color.alpha > 0 else { return }
        let x1 = x + w, y1 = y + h, r = min(radius, w / 2, h / 2)
        let box = PixelBox(x0: Int(x.rounded(.down)), y0: Int(y.rounded(.down)), x1: Int(x1.rounded(.up)),
                           y1: Int(y1.rounded(.up))).intersection(clip)
        guard !box.isEmpty else { return }
        raster.pixels.withUnsafeMutableBufferPointer { buffer in
            for py in box.y0..<box.y1 {
                for px in box.x0..<box.x1 {
                    let cy = max(0, min(y1, Double(py + 1)) - max(y, Double(py)))
                    var coverage = cy * max(0, min(x1, Double(px + 1)) - max(x, Double(px)))
                    let centerX = Double(px) + 0.5, centerY = Double(py) + 0.5
                    if r > 0, centerY < y + r || centerY > y1 - r, centerX < x + r || centerX > x1 - r {
                        let dx = centerX - (centerX < x + r ? x + r : x1 - r)
                        let dy = centerY - (centerY < y + r ? y + r : y1 - r)
                        coverage = min(coverage, max(0, min(1, 0.5 - ((dx * dx + dy * dy).squareRoot() - r))))
                    }
                    let a = UInt32(PointGrid.rounded(Double(color.alpha) * coverage))
                    guard a > 0 else { continue }
                    Raster.blend(buffer, (py * raster.width + px) * 4, UInt32(color.red), UInt32(color.green),
                                 UInt32(color.blue), a)
                }
            }
        }
    }

    /// The fill takes shortcuts (a row's column alphas computed once, the opaque run stored four
    /// bytes at a time); every pixel must still be the one the rule above gives: fractional and
    /// whole edges, rounded corners, clips, translucent colors, over a background of stripes.
    @Test func fillsEqualThePixelByPixelRule() {
        var random = SeededGenerator(seed: 11)
        for round in 0..<400 {
            var background = Raster(width: 40, height: 30, background: Color(hex: 0xF0F0F0))
            for stripe in stride(from: 0, to: 30, by: 3) {
                background.fill(x: 0, y: Double(stripe), width: 40, height: 1, color: Color(hex: 0x204060, alpha: 90), radius: 0,
                                clip: background.bounds)
            }
            let whole = round % 3 == 0
            func coordinate(_ range: ClosedRange<Double>) -> Double {
                let value = Double.random(in: range, using: &random)
                return whole ? value.rounded() : value
            }
            let x = coordinate(-6...36), y = coordinate(-6...26)
            let w = coordinate(0...30), h = coordinate(0...26)
            let radius = round % 4 == 1 ? 0 : coordinate(0...12)
            let alpha: UInt8 = round % 5 == 2 ? UInt8.random(in: 1...254, using: &random) : 255
            let color = Color(red: .random(in: 0...255, using: &random), green: .random(in: 0...255, using: &random),
                              blue: .random(in: 0...255, using: &random), alpha: alpha)
            let clip = round % 6 == 3
                ? PixelBox(x0: Int.random(in: 0...20, using: &random), y0: Int.random(in: 0...15, using: &random),
                           x1: Int.random(in: 20...40, using: &random), y1: Int.random(in: 15...30, using: &random))
                : background.bounds
            var fast = background, reference = background
            fast.fill(x: x, y: y, width: w, height: h, color: color, radius: radius, clip: clip)
            Self.referenceFill(&reference, x: x, y: y, width: w, height: h, color: color, radius: radius, clip: clip)
            #expect(fast.pixels == reference.pixels, "round \(round): \(x), \(y), \(w)×\(h), radius \(radius), \(color), clip \(clip)")
            if fast.pixels != reference.pixels { break }
        }
    }
}
