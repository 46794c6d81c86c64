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

/// The drawing surface of `PNGRenderer`: premultiplied RGBA, source-over compositing of a
/// straight-alpha color through an 8-bit coverage. Coordinates are pixels.
struct Raster {
    let width: Int
    let height: Int
    var pixels: [UInt8]

    init(width: Int, height: Int, background: Color) {
        self.width = width
        self.height = height
        let a = UInt32(background.alpha)
        let premultiplied = Color(red: UInt8(Self.div255(UInt32(background.red) * a)),
                                  green: UInt8(Self.div255(UInt32(background.green) * a)),
                                  blue: UInt8(Self.div255(UInt32(background.blue) * a)), alpha: background.alpha)
        pixels = RGBAImage(width: width, height: height, color: premultiplied).pixels
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
        let box = PixelBox(x0: Int(x.rounded(.down)), y0: Int(y.rounded(.down)), x1: Int(x1.rounded(.up)),
                           y1: Int(y1.rounded(.up))).intersection(clip)
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
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (a, b) in segments {
            minX = min(minX, a.x, b.x); maxX = max(maxX, a.x, b.x)
            minY = min(minY, a.y, b.y); maxY = max(maxY, a.y, b.y)
        }
        let box = PixelBox(x0: Int((minX - half - 1).rounded(.down)), y0: Int((minY - half - 1).rounded(.down)),
                           x1: Int((maxX + half + 1).rounded(.up)), y1: Int((maxY + half + 1).rounded(.up))).intersection(clip)
        guard !box.isEmpty else { return }
        let maskWidth = box.x1 - box.x0
        var mask = [Float](repeating: 0, count: maskWidth * (box.y1 - box.y0))
        for (a, b) in segments {
            let sx0 = max(box.x0, Int((min(a.x, b.x) - half - 1).rounded(.down)))
            let sx1 = min(box.x1, Int((max(a.x, b.x) + half + 1).rounded(.up)))
            let sy0 = max(box.y0, Int((min(a.y, b.y) - half - 1).rounded(.down)))
            let sy1 = min(box.y1, Int((max(a.y, b.y) + half + 1).rounded(.up)))
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

/// A point in pixels.
struct Point2 {
    var x: Double
    var y: Double
}
