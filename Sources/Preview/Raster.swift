import Reflow
import TextMetrics

/// A pixel rectangle, half-open.
struct PixelBox: Equatable {
    var x0, y0, x1, y1: Int

    var isEmpty: Bool { x0 >= x1 || y0 >= y1 }

    func intersection(_ other: PixelBox) -> PixelBox {
        PixelBox(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
    }
}

extension PixelBox {
    /// The farthest a pixel coordinate goes when it becomes a whole pixel: 2^40, far beyond any
    /// raster (`PNGRenderer.maximumSide` is 10^6) and far inside `Int`, so that a coordinate of
    /// 1e300 (a golden edited by hand, drawn by `check --report`) clamps instead of trapping, and
    /// sums of a few such pixels cannot overflow.
    static let farthest = Double(1 << 40)

    /// `value` (pixels) as a whole pixel: rounded by `rule`, or to the nearest as clips and images
    /// are (`PointGrid.rounded`), then clamped to ±`farthest`; NaN is 0 (a box with a NaN edge is
    /// made empty by `init(x0:y0:x1:y1:outward:)`).
    static func whole(_ value: Double, _ rule: FloatingPointRoundingRule? = nil) -> Int {
        guard !value.isNaN else { return 0 }
        let rounded = rule.map { value.rounded($0) } ?? PointGrid.rounded(value)
        return Int(min(max(rounded, -farthest), farthest))
    }

    /// The pixels of the rectangle from (`x0`, `y0`) to (`x1`, `y1`) in pixel coordinates: its
    /// edges rounded outward (every pixel it touches), or with `outward` false to the nearest
    /// pixel edge; each clamped to ±`farthest`, and empty when any is NaN.
    init(x0: Double, y0: Double, x1: Double, y1: Double, outward: Bool) {
        guard !(x0.isNaN || y0.isNaN || x1.isNaN || y1.isNaN) else {
            self.init(x0: 0, y0: 0, x1: 0, y1: 0)
            return
        }
        self.init(x0: Self.whole(x0, outward ? .down : nil), y0: Self.whole(y0, outward ? .down : nil),
                  x1: Self.whole(x1, outward ? .up : nil), y1: Self.whole(y1, outward ? .up : nil))
    }
}

/// The drawing surface of `PNGRenderer`: premultiplied RGBA, source-over compositing of a
/// straight-alpha color through an 8-bit coverage. Coordinates are pixels.
struct Raster {
    let width: Int
    let height: Int
    var pixels: [UInt8]

    init(width: Int, height: Int, background: Color) {
        var none: [UInt8] = []
        self.init(width: width, height: height, background: background, reusing: &none)
    }

    /// A raster of `background`, in `storage`'s memory when it has the room (taken from it, its
    /// bytes overwritten; `storage` is left empty), else in new memory.
    init(width: Int, height: Int, background: Color, reusing storage: inout [UInt8]) {
        self.width = width
        self.height = height
        let a = UInt32(background.alpha)
        let premultiplied = Color(red: UInt8(Self.div255(UInt32(background.red) * a)),
                                  green: UInt8(Self.div255(UInt32(background.green) * a)),
                                  blue: UInt8(Self.div255(UInt32(background.blue) * a)), alpha: background.alpha)
        let count = width * height * 4
        guard storage.capacity >= count, count > 0 else {
            pixels = RGBAImage(width: width, height: height, color: premultiplied).pixels
            return
        }
        var reused: [UInt8] = []
        swap(&reused, &storage)
        if reused.count > count {
            reused.removeLast(reused.count - count)
        } else if reused.count < count {
            reused.append(contentsOf: repeatElement(0, count: count - reused.count))
        }
        let word = UInt32(premultiplied.red) | UInt32(premultiplied.green) << 8 | UInt32(premultiplied.blue) << 16
            | UInt32(premultiplied.alpha) << 24
        reused.withUnsafeMutableBytes { $0.bindMemory(to: UInt32.self).update(repeating: UInt32(littleEndian: word)) }
        pixels = reused
    }

    static func allOpaque(_ pixels: [UInt8]) -> Bool {
        pixels.withUnsafeBufferPointer { buffer in
            var index = 3
            while index < buffer.count {
                if buffer[index] != 255 { return false }
                index += 4
            }
            return true
        }
    }

    var bounds: PixelBox { PixelBox(x0: 0, y0: 0, x1: width, y1: height) }

    @inline(__always) static func div255(_ value: UInt32) -> UInt32 { (value + 128 + ((value + 128) >> 8)) >> 8 }

    /// The image with straight alpha; the raster is left empty (its pixels move, uncopied, into
    /// the image when they are all opaque, the common case).
    mutating func takeImage() -> RGBAImage {
        var out: [UInt8] = []
        swap(&out, &pixels)
        guard !Self.allOpaque(out) else { return RGBAImage(width: width, height: height, pixels: out) }
        var index = 0
        while index < out.count {
            let a = UInt32(out[index + 3])
            if a != 255 {
                if a == 0 {
                    out[index] = 0; out[index + 1] = 0; out[index + 2] = 0
                } else {
                    for channel in 0..<3 { out[index + channel] = UInt8(min(255, (UInt32(out[index + channel]) * 255 + a / 2) / a)) }
                }
            }
            index += 4
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }

    // MARK: Rectangles

    /// Fills `rect` (pixels, fractional edges anti-aliased), corners rounded by `radius` pixels.
    mutating func fill(x: Double, y: Double, width w: Double, height h: Double, color: Color, radius: Double, clip: PixelBox) {
        guard w > 0, h > 0, color.alpha > 0 else { return }
        let x1 = x + w, y1 = y + h
        let box = PixelBox(x0: x, y0: y, x1: x1, y1: y1, outward: true).intersection(clip)
        guard !box.isEmpty else { return }
        let r = min(radius, w / 2, h / 2)
        let red = UInt32(color.red), green = UInt32(color.green), blue = UInt32(color.blue), alpha = Double(color.alpha)
        // Column coverage, computed once, and each column's alpha in a row the rectangle covers
        // fully (most rows): the same products as the general path (cy = 1 multiplies exactly).
        var columns = [Double](repeating: 0, count: box.x1 - box.x0)
        var fullRowAlpha = [UInt32](repeating: 0, count: box.x1 - box.x0)
        for px in box.x0..<box.x1 {
            let coverage = max(0, min(x1, Double(px + 1)) - max(x, Double(px)))
            columns[px - box.x0] = coverage
            fullRowAlpha[px - box.x0] = UInt32(PointGrid.rounded(alpha * coverage))
        }
        // The opaque columns of a full row are one run (only the two edge columns are partly
        // covered); they are stored four bytes at a time.
        let solid = (fullRowAlpha.firstIndex(of: 255) ?? 0)..<((fullRowAlpha.lastIndex(of: 255) ?? -1) + 1)
        let edges = [0..<solid.lowerBound, solid.upperBound..<fullRowAlpha.count]
        let pixel = (red | green << 8 | blue << 16 | 255 << 24).littleEndian
        let rowBytes = width * 4
        pixels.withUnsafeMutableBufferPointer { buffer in
            let raw = UnsafeMutableRawBufferPointer(buffer)
            for py in box.y0..<box.y1 {
                let cy = max(0, min(y1, Double(py + 1)) - max(y, Double(py)))
                let centerY = Double(py) + 0.5
                let inCornerRows = r > 0 && (centerY < y + r || centerY > y1 - r)
                let rowStart = py * rowBytes + box.x0 * 4
                if cy == 1, !inCornerRows {
                    for edge in edges {
                        for column in edge where fullRowAlpha[column] > 0 {
                            Self.blend(buffer, rowStart + column * 4, red, green, blue, fullRowAlpha[column])
                        }
                    }
                    var index = rowStart + solid.lowerBound * 4
                    for _ in solid {
                        raw.storeBytes(of: pixel, toByteOffset: index, as: UInt32.self)
                        index += 4
                    }
                    continue
                }
                var index = rowStart
                for px in box.x0..<box.x1 {
                    var coverage = cy * columns[px - box.x0]
                    if inCornerRows {
                        let centerX = Double(px) + 0.5
                        if centerX < x + r || centerX > x1 - r {
                            let cx = centerX < x + r ? x + r : x1 - r
                            let cyy = centerY < y + r ? y + r : y1 - r
                            let dx = centerX - cx, dy = centerY - cyy
                            let distance = (dx * dx + dy * dy).squareRoot() - r
                            coverage = min(coverage, max(0, min(1, 0.5 - distance)))
                        }
                    }
                    let a = UInt32(PointGrid.rounded(alpha * coverage))
                    if a == 255 {
                        buffer[index] = UInt8(red); buffer[index + 1] = UInt8(green)
                        buffer[index + 2] = UInt8(blue); buffer[index + 3] = 255
                    } else if a > 0 {
                        Self.blend(buffer, index, red, green, blue, a)
                    }
                    index += 4
                }
            }
        }
    }

    @inline(__always)
    static func blend(_ buffer: UnsafeMutableBufferPointer<UInt8>, _ index: Int, _ red: UInt32, _ green: UInt32, _ blue: UInt32,
                      _ a: UInt32) {
        let inverse = 255 - a
        buffer[index] = UInt8(div255(red * a + UInt32(buffer[index]) * inverse))
        buffer[index + 1] = UInt8(div255(green * a + UInt32(buffer[index + 1]) * inverse))
        buffer[index + 2] = UInt8(div255(blue * a + UInt32(buffer[index + 2]) * inverse))
        buffer[index + 3] = UInt8(div255(255 * a + UInt32(buffer[index + 3]) * inverse))
    }

    // MARK: Glyphs

    /// Composites a coverage bitmap whose top-left pixel is at (`left`, `top`).
    mutating func blit(_ bitmap: GlyphBitmap, left: Int, top: Int, color: Color, clip: PixelBox) {
        let box = PixelBox(x0: left, y0: top, x1: left + bitmap.width, y1: top + bitmap.height).intersection(clip)
        guard !box.isEmpty else { return }
        let red = UInt32(color.red), green = UInt32(color.green), blue = UInt32(color.blue), alpha = UInt32(color.alpha)
        let rowBytes = width * 4
        pixels.withUnsafeMutableBufferPointer { buffer in
            bitmap.coverage.withUnsafeBufferPointer { coverage in
                for py in box.y0..<box.y1 {
                    var source = (py - top) * bitmap.width + (box.x0 - left)
                    var index = py * rowBytes + box.x0 * 4
                    for _ in box.x0..<box.x1 {
                        let c = UInt32(coverage[source])
                        if c != 0 {
                            let a = alpha == 255 ? c : Self.div255(c * alpha)
                            if a == 255 {
                                buffer[index] = UInt8(red); buffer[index + 1] = UInt8(green)
                                buffer[index + 2] = UInt8(blue); buffer[index + 3] = 255
                            } else {
                                Self.blend(buffer, index, red, green, blue, a)
                            }
                        }
                        source += 1
                        index += 4
                    }
                }
            }
        }
    }

    /// Composites a colour glyph (premultiplied RGBA) source-over at (`left`, `top`): its own
    /// colours, not the text colour.
    mutating func blitColor(_ bitmap: GlyphBitmap, left: Int, top: Int, clip: PixelBox) {
        let box = PixelBox(x0: left, y0: top, x1: left + bitmap.width, y1: top + bitmap.height).intersection(clip)
        guard !box.isEmpty, bitmap.rgba.count == bitmap.width * bitmap.height * 4 else { return }
        let rowBytes = width * 4
        pixels.withUnsafeMutableBufferPointer { buffer in
            bitmap.rgba.withUnsafeBufferPointer { rgba in
                for py in box.y0..<box.y1 {
                    var source = ((py - top) * bitmap.width + (box.x0 - left)) * 4
                    var index = py * rowBytes + box.x0 * 4
                    for _ in box.x0..<box.x1 {
                        let a = UInt32(rgba[source + 3])
                        if a == 255 {
                            for channel in 0..<4 { buffer[index + channel] = rgba[source + channel] }
                        } else if a != 0 || rgba[source] != 0 || rgba[source + 1] != 0 || rgba[source + 2] != 0 {
                            for channel in 0..<4 {
                                let under = UInt32(buffer[index + channel])
                                buffer[index + channel] = UInt8(min(255, UInt32(rgba[source + channel]) + Self.div255(under * (255 - a))))
                            }
                        }
                        source += 4
                        index += 4
                    }
                }
            }
        }
    }

    // MARK: Lines

    /// Draws connected or separate segments `lineWidth` pixels wide: coverage is the largest over
    /// the segments at each pixel (so joints are not drawn twice), composited once.
    mutating func stroke(segments: [(Point2, Point2)], lineWidth: Double, color: Color, clip: PixelBox) {
        guard !segments.isEmpty, lineWidth > 0, color.alpha > 0 else { return }
        let half = max(lineWidth, 1) / 2
        let strength = min(1, lineWidth)
        // Each segment cut to the clip (and the reach of its width around it), so that a segment
        // running 1e300 pixels away is drawn from coordinates near the raster; one with an end that
        // is not finite draws nothing.
        let segments = segments.compactMap { Self.clipped(from: $0.0, to: $0.1, to: clip, margin: half + 1) }
        guard !segments.isEmpty else { return }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (a, b) in segments {
            minX = min(minX, a.x, b.x); maxX = max(maxX, a.x, b.x)
            minY = min(minY, a.y, b.y); maxY = max(maxY, a.y, b.y)
        }
        let box = PixelBox(x0: minX - half - 1, y0: minY - half - 1, x1: maxX + half + 1, y1: maxY + half + 1, outward: true)
            .intersection(clip)
        guard !box.isEmpty else { return }
        let maskWidth = box.x1 - box.x0
        var mask = [Float](repeating: 0, count: maskWidth * (box.y1 - box.y0))
        for (a, b) in segments {
            let sx0 = max(box.x0, PixelBox.whole(min(a.x, b.x) - half - 1, .down))
            let sx1 = min(box.x1, PixelBox.whole(max(a.x, b.x) + half + 1, .up))
            let sy0 = max(box.y0, PixelBox.whole(min(a.y, b.y) - half - 1, .down))
            let sy1 = min(box.y1, PixelBox.whole(max(a.y, b.y) + half + 1, .up))
            guard sx0 < sx1, sy0 < sy1 else { continue }
            let dx = b.x - a.x, dy = b.y - a.y
            let lengthSquared = dx * dx + dy * dy
            for py in sy0..<sy1 {
                let cy = Double(py) + 0.5
                for px in sx0..<sx1 {
                    let cx = Double(px) + 0.5
                    var t = lengthSquared > 0 ? ((cx - a.x) * dx + (cy - a.y) * dy) / lengthSquared : 0
                    t = max(0, min(1, t))
                    let ex = cx - (a.x + t * dx), ey = cy - (a.y + t * dy)
                    let distance = (ex * ex + ey * ey).squareRoot()
                    let coverage = Float(max(0, min(1, half + 0.5 - distance)) * strength)
                    let m = (py - box.y0) * maskWidth + (px - box.x0)
                    if coverage > mask[m] { mask[m] = coverage }
                }
            }
        }
        let red = UInt32(color.red), green = UInt32(color.green), blue = UInt32(color.blue), alpha = Float(color.alpha)
        let rowBytes = width * 4
        pixels.withUnsafeMutableBufferPointer { buffer in
            for py in box.y0..<box.y1 {
                for px in box.x0..<box.x1 {
                    let coverage = mask[(py - box.y0) * maskWidth + (px - box.x0)]
                    guard coverage > 0 else { continue }
                    let a = UInt32((alpha * coverage).rounded())
                    if a > 0 { Self.blend(buffer, py * rowBytes + px * 4, red, green, blue, a) }
                }
            }
        }
    }
}

extension Raster {
    /// The part of the segment from `a` to `b` inside `clip` widened by `margin` pixels on every
    /// side, as the fractions of the way from `a` to `b` where it enters and leaves (Liang–Barsky):
    /// `0...1` for a segment wholly inside; nil for one wholly outside, or with an end that is not
    /// finite.
    static func visibleRange(from a: Point2, to b: Point2, in clip: PixelBox, margin: Double) -> ClosedRange<Double>? {
        let dx = b.x - a.x, dy = b.y - a.y
        guard a.x.isFinite, a.y.isFinite, dx.isFinite, dy.isFinite, !clip.isEmpty else { return nil }
        let minX = Double(clip.x0) - margin, maxX = Double(clip.x1) + margin
        let minY = Double(clip.y0) - margin, maxY = Double(clip.y1) + margin
        var t0 = 0.0, t1 = 1.0
        for (p, q) in [(-dx, a.x - minX), (dx, maxX - a.x), (-dy, a.y - minY), (dy, maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
                continue
            }
            let r = q / p
            if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
            if t0 > t1 { return nil }
        }
        return t0...t1
    }

    /// The segment from `a` to `b` cut to `clip` widened by `margin` pixels on every side: an end
    /// outside it moved along the segment onto its edge, first across, then down (an end inside
    /// is kept as it is); nil when none of it is inside, or an end is not finite. Each cut is
    /// made from the end it moves (the fraction of the way to the other end, times the other
    /// side's change), so a horizontal or vertical segment 1e300 pixels long is cut exactly.
    static func clipped(from a: Point2, to b: Point2, to clip: PixelBox, margin: Double) -> (Point2, Point2)? {
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite, !clip.isEmpty else { return nil }
        let minX = Double(clip.x0) - margin, maxX = Double(clip.x1) + margin
        let minY = Double(clip.y0) - margin, maxY = Double(clip.y1) + margin
        var a = a, b = b
        func cut(_ p: inout Point2, toward q: Point2, x edge: Double) {
            let t = (edge - p.x) / (q.x - p.x)
            p = Point2(x: edge, y: p.y + t * (q.y - p.y))
        }
        func cut(_ p: inout Point2, toward q: Point2, y edge: Double) {
            let t = (edge - p.y) / (q.y - p.y)
            p = Point2(x: min(max(p.x + t * (q.x - p.x), minX), maxX), y: edge)
        }
        if (a.x < minX && b.x < minX) || (a.x > maxX && b.x > maxX) { return nil }
        if a.x < minX { cut(&a, toward: b, x: minX) } else if a.x > maxX { cut(&a, toward: b, x: maxX) }
        if b.x < minX { cut(&b, toward: a, x: minX) } else if b.x > maxX { cut(&b, toward: a, x: maxX) }
        guard a.y.isFinite, b.y.isFinite else { return nil }
        if (a.y < minY && b.y < minY) || (a.y > maxY && b.y > maxY) { return nil }
        if a.y < minY { cut(&a, toward: b, y: minY) } else if a.y > maxY { cut(&a, toward: b, y: maxY) }
        if b.y < minY { cut(&b, toward: a, y: minY) } else if b.y > maxY { cut(&b, toward: a, y: maxY) }
        guard a.x.isFinite, b.x.isFinite else { return nil }
        return (a, b)
    }
}

/// A point in pixels.
struct Point2 {
    var x: Double
    var y: Double
}
