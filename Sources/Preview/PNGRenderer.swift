import CImagesShim
import Foundation
import Reflow
import TextMetrics

/// Draws a `DisplayList` into a bitmap and encodes it as PNG.
///
/// Glyphs are rasterized by FreeType (anti-aliased, unhinted) at the display list's point size
/// times `scale`, placed on whole-pixel baselines and at quarter-pixel horizontal positions
/// (`GlyphCache.subpixelBins`), each (font, glyph, pixel size, bin) rasterized once and kept in
/// `glyphCache`. Everything is composited source-over into RGBA. The output is deterministic:
/// the same list and scale give the same bytes.
///
/// Not thread-safe (FreeType faces are not): one renderer per thread.
public final class PNGRenderer {
    /// Device pixels per point: 1, 2, 3 or 4.
    public let scale: Int
    public private(set) var glyphCache: GlyphCache

    /// The most memory a bitmap may take (1 GiB); larger images are refused before drawing.
    public static let maximumImageBytes = 1 << 30
    /// The longest side libpng writes or reads, in pixels (its PNG_USER_WIDTH_MAX and
    /// PNG_USER_HEIGHT_MAX): larger images fail in libpng, after all the drawing.
    public static let maximumSide = 1_000_000
    /// The device pixel ratios supported.
    public static let scales = 1...4

    public init(scale: Int = 2, glyphCacheLimit: Int = 8_192) throws {
        guard Self.scales.contains(scale) else { throw PreviewError.invalidScale(scale) }
        self.scale = scale
        self.glyphCache = GlyphCache(limit: glyphCacheLimit)
    }

    /// The bitmap size of `size` points at `scale` (each side rounded up to a whole pixel).
    public static func pixelSize(of size: Size, scale: Int) -> (width: Int, height: Int) {
        func pixels(_ points: Double) -> Int {
            let value = (points * Double(scale) - 1e-9).rounded(.up)
            return value.isFinite ? Int(max(0, min(value, 1e12))) : Int(1e12)
        }
        return (pixels(size.width), pixels(size.height))
    }

    /// Throws, before any drawing, when `size` at `scale` cannot be a PNG: a side longer than
    /// libpng writes (`PreviewError.imageSideTooLong`) or more than `maximumImageBytes` of pixels
    /// (`PreviewError.imageTooLarge`).
    public static func checkSize(_ size: Size, scale: Int) throws {
        let (width, height) = pixelSize(of: size, scale: scale)
        guard width <= maximumSide, height <= maximumSide else {
            throw PreviewError.imageSideTooLong(width: width, height: height)
        }
        let (bytes, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, bytes <= maximumImageBytes / 4 else {
            throw PreviewError.imageTooLarge(width: width, height: height,
                                             bytes: overflow ? .max : bytes.multipliedReportingOverflow(by: 4).partialValue)
        }
    }

    /// The list drawn into a bitmap. `progress` is called with the fraction of items drawn.
    /// `shouldStop` is asked before each item (a server's client that went away): once it says
    /// yes, nothing more is drawn and the bitmap returned is unfinished, for the caller to drop.
    public func rasterize(_ list: DisplayList, progress: (Double) -> Void = { _ in },
                          shouldStop: () -> Bool = { false }) throws -> RGBAImage {
        var raster = try drawn(list, progress: progress, shouldStop: shouldStop)
        return raster.takeImage()
    }

    /// The list drawn into a raster (in `spare`'s memory when it has room: no new pages to fault in).
    private func drawn(_ list: DisplayList, progress: (Double) -> Void, shouldStop: () -> Bool) throws -> Raster {
        try Self.checkSize(list.size, scale: scale)
        let (width, height) = Self.pixelSize(of: list.size, scale: scale)
        var raster = Raster(width: width, height: height, background: list.background, reusing: &spare)
        let total = max(1, list.items.count)
        var done = 0
        draw(list.items, into: &raster, clip: raster.bounds, shouldStop: shouldStop) {
            done += 1
            if done % 256 == 0 { progress(Double(done) / Double(total)) }
        }
        progress(1)
        return raster
    }

    /// The memory of the last large raster encoded, kept for the next (the parts of a tall page
    /// are all about one size): allocating 50 MB a part and faulting its pages in took a sixth
    /// of a part's time.
    private var spare: [UInt8] = []

    /// Items walked and items drawn by this renderer so far: an item that reaches nowhere into
    /// the picture (`DisplayList.Item.reach`) is walked but not drawn. For tests that count the
    /// work a part costs.
    public private(set) var itemsDrawn = 0

    /// The list as PNG bytes. Large images are written with `PNGCodec.fastSettings`: encoding
    /// would otherwise take longer than drawing. A large opaque picture (a page, a part) is
    /// encoded straight from the raster, its memory kept for the next one.
    public func render(_ list: DisplayList, progress: (Double) -> Void = { _ in }) throws -> Data {
        var raster = try drawn(list) { progress($0 * 0.8) } shouldStop: { false }
        let data: Data
        if raster.width * raster.height > Self.fastEncodingPixels {
            let channels = raster.pixels.withUnsafeBufferPointer { Int(reflow_png_channels($0.baseAddress, $0.count)) }
            if channels < 4 {
                // Opaque: premultiplied and straight alpha are the same bytes.
                data = try raster.pixels.withUnsafeBufferPointer {
                    try PNGCodec.encodeFast($0, width: raster.width, height: raster.height, channels: channels)
                }
                swap(&spare, &raster.pixels)
            } else {
                data = try PNGCodec.encode(raster.takeImage(), fast: true)
            }
        } else {
            data = try PNGCodec.encode(raster.takeImage(), fast: false)
        }
        progress(1)
        return data
    }

    /// Images above this many pixels are encoded with `PNGCodec.encode(_:fast:)`.
    public static let fastEncodingPixels = 4_000_000

    /// Draws `items`; false when `shouldStop` stopped it.
    @discardableResult
    private func draw(_ items: [DisplayList.Item], into raster: inout Raster, clip: PixelBox, shouldStop: () -> Bool,
                      itemDone: () -> Void) -> Bool {
        let k = Double(scale)
        // What the clip shows, in points: an item that reaches nowhere into it is not drawn.
        let shown = Rect(x: Double(clip.x0) / k, y: Double(clip.y0) / k, width: Double(clip.x1 - clip.x0) / k,
                         height: Double(clip.y1 - clip.y0) / k)
        for item in items {
            if shouldStop() { return false }
            if case .clip = item {} else if let reach = item.reach, !reach.intersects(shown) {
                itemDone()
                continue
            }
            itemsDrawn += 1
            switch item {
            case .fill(let rect, let color, let radius):
                raster.fill(x: rect.minX * k, y: rect.minY * k, width: rect.width * k, height: rect.height * k, color: color,
                            radius: radius * k, clip: clip)
            case .stroke(let rect, let color, let lineWidth):
                let w = lineWidth * k, half = w / 2
                let x0 = rect.minX * k - half, y0 = rect.minY * k - half
                let outerWidth = rect.width * k + w, outerHeight = rect.height * k + w
                raster.fill(x: x0, y: y0, width: outerWidth, height: w, color: color, radius: 0, clip: clip)
                raster.fill(x: x0, y: y0 + outerHeight - w, width: outerWidth, height: w, color: color, radius: 0, clip: clip)
                if outerHeight > 2 * w {
                    raster.fill(x: x0, y: y0 + w, width: w, height: outerHeight - 2 * w, color: color, radius: 0, clip: clip)
                    raster.fill(x: x0 + outerWidth - w, y: y0 + w, width: w, height: outerHeight - 2 * w, color: color,
                                radius: 0, clip: clip)
                }
            case .line(let from, let to, let color, let lineWidth, let dash):
                let segments = Self.dashed(from: Point2(x: from.x * k, y: from.y * k), to: Point2(x: to.x * k, y: to.y * k),
                                           dash: dash.map { $0 * k }, within: clip, margin: lineWidth * k + 1)
                raster.stroke(segments: segments, lineWidth: lineWidth * k, color: color, clip: clip)
            case .polyline(let points, let color, let lineWidth):
                let scaled = points.map { Point2(x: $0.x * k, y: $0.y * k) }
                raster.stroke(segments: Array(zip(scaled, scaled.dropFirst())), lineWidth: lineWidth * k, color: color, clip: clip)
            case .glyphs(let run):
                drawGlyphs(run, into: &raster, clip: clip)
            case .text:
                break  // characters for search and screen readers: nothing to see
            case .image(let rect, let image, _):
                raster.draw(image, x: rect.minX * k, y: rect.minY * k, width: rect.width * k, height: rect.height * k, clip: clip)
            case .clip(let rect, let inner):
                let box = PixelBox(x0: rect.minX * k, y0: rect.minY * k, x1: rect.maxX * k, y1: rect.maxY * k, outward: false)
                guard draw(inner, into: &raster, clip: clip.intersection(box), shouldStop: shouldStop, itemDone: {}) else {
                    return false
                }
            }
            itemDone()
        }
        return true
    }

    private func drawGlyphs(_ run: DisplayList.GlyphRun, into raster: inout Raster, clip: PixelBox) {
        let k = Double(scale)
        let pixelsPerEm = run.pointSize * k
        let bins = Double(GlyphCache.subpixelBins)
        // A run whose line box is wholly outside the clip draws nothing.
        let baseline = run.origin.y * k
        guard baseline + pixelsPerEm > Double(clip.y0), baseline - 1.5 * pixelsPerEm < Double(clip.y1) else { return }
        for glyph in run.glyphs {
            let x = (run.origin.x + glyph.x) * k, y = (run.origin.y + glyph.y) * k
            // A glyph far outside every raster (or at a position that is not a number) is not drawn:
            // its pixel would not convert to an `Int`.
            guard x.magnitude < PixelBox.farthest, y.magnitude < PixelBox.farthest else { continue }
            var whole = x.rounded(.down)
            var bin = Int(PointGrid.rounded((x - whole) * bins))
            if bin == GlyphCache.subpixelBins {
                bin = 0
                whole += 1
            }
            guard let bitmap = glyphCache.bitmap(font: run.font, glyph: glyph.glyph, pixelsPerEm: pixelsPerEm, bin: bin) else {
                continue
            }
            if bitmap.isColor {
                raster.blitColor(bitmap, left: Int(whole) + bitmap.left, top: Int(PointGrid.rounded(y)) - bitmap.top, clip: clip)
            } else {
                raster.blit(bitmap, left: Int(whole) + bitmap.left, top: Int(PointGrid.rounded(y)) - bitmap.top, color: run.color, clip: clip)
            }
        }
    }

    /// The drawn pieces of a dashed line (the whole line when `dash` is empty) that reach into
    /// `clip` widened by `margin`: the dashes keep their places along the whole line, but only those
    /// a picture shows are made, so an edge 10^12 pixels long (a golden edited by hand) costs what
    /// the picture holds of it. Where dashes are too many to tell apart (more than 2^16 in the
    /// picture, or a line too long for a `Double` to place them), the line is drawn solid.
    static func dashed(from start: Point2, to end: Point2, dash: [Double], within clip: PixelBox,
                       margin: Double) -> [(Point2, Point2)] {
        let dx = end.x - start.x, dy = end.y - start.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard !dash.isEmpty, dash.allSatisfy({ $0 > 0 && $0.isFinite }), length > 0 else { return [(start, end)] }
        guard let shown = Raster.visibleRange(from: start, to: end, in: clip, margin: margin) else { return [] }
        // A whole pattern: an odd number of lengths repeats with drawn and skipped swapped.
        let period = dash.reduce(0, +) * (dash.count.isMultiple(of: 2) ? 1 : 2)
        let first = shown.lowerBound * length, last = shown.upperBound * length
        // Solid, and cut to the picture by `Raster.stroke`.
        guard length < 1e15, (last - first) / dash.min()! < 65_536 else { return [(start, end)] }
        var pieces: [(Point2, Point2)] = []
        var position = (first / period).rounded(.down) * period, index = 0
        while position < min(length, last) {
            let next = min(length, position + dash[index % dash.count])
            if index % 2 == 0 {
                pieces.append((Point2(x: start.x + dx * position / length, y: start.y + dy * position / length),
                               Point2(x: start.x + dx * next / length, y: start.y + dy * next / length)))
            }
            position = next
            index += 1
        }
        return pieces
    }
}
