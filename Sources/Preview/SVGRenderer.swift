import Foundation
import Reflow
import TextMetrics

/// Writes a `DisplayList` as SVG that looks the same where the fonts are not installed: each
/// glyph used is defined once in `<defs>` as a `<path>` of its outline (in font units) and drawn
/// with `<use>`; the characters of each cell are there too, as invisible `<text>` over the glyphs
/// (headings in groups with `role="heading"` and their level), so the image can be searched,
/// selected and read by a screen reader.
///
/// Colour emoji (bitmap fonts) are embedded once each, as a PNG `data:` URI `<image>` in
/// `<defs>` at the font's own strike size, and drawn with `<use>` like outline glyphs.
///
/// The output is byte-for-byte deterministic: a glyph's id is `f<font>g<glyph id>`, fonts numbered
/// in the order of first use (a comment in `<defs>` names each font's file), clip ids count up, and numbers are written by `SVGRenderer.number` (at most two
/// decimals, no exponent, no locale).
public struct SVGRenderer: Sendable {
    /// A title for the whole image (`<title>`), e.g. the document's name.
    public var title: String?

    public init(title: String? = nil) {
        self.title = title
    }

    /// The list as an SVG document.
    public func render(_ list: DisplayList) -> String {
        var writer = Writer()
        var body = ""
        body.reserveCapacity(list.items.count * 64)
        body += "<rect width=\"\(Self.number(list.size.width))\" height=\"\(Self.number(list.size.height))\"\(writer.paint("fill", list.background))/>\n"
        writer.write(list.items, into: &body)

        let width = Self.number(list.size.width), height = Self.number(list.size.height)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" "
        out += "width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">\n"
        if let title { out += "<title>\(Self.escaped(title))</title>\n" }
        out += "<style>.t{font-family:Inter,sans-serif;fill:#000;fill-opacity:0;white-space:pre}</style>\n"
        if !writer.definitions.isEmpty {
            out += "<defs>\n" + writer.fontComment + writer.definitions + "</defs>\n"
        }
        out += body
        out += "</svg>\n"
        return out
    }

    /// `value` with at most `decimals` decimals, trailing zeros and a lone point dropped, "-0"
    /// written "0", non-finite values as 0: the same text on every machine and locale.
    public static func number(_ value: Double, decimals: Int = 2) -> String {
        guard value.isFinite else { return "0" }
        var factor = 1.0
        for _ in 0..<decimals { factor *= 10 }
        let scaled = (value * factor).rounded()
        // Beyond 2^53 no decimals are left to write: Swift's shortest form, the same everywhere.
        guard abs(scaled) < 9e15 else { return String(value) }
        var units = Int64(scaled)
        let negative = units < 0
        units = abs(units)
        let divisor = Int64(factor)
        var out = negative ? "-" : ""
        out += String(units / divisor)
        var fraction = units % divisor
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: decimals - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            out += "." + digits
            fraction = 0
        }
        return out == "-0" ? "0" : out
    }

    /// `text` escaped for XML content and attribute values; characters XML 1.0 forbids are dropped.
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t", "\n", "\r": out += " "
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: break
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Collects definitions while writing the body.
    private struct Writer {
        struct GlyphKey: Hashable {
            let font: String
            let glyph: UInt32
        }

        var definitions = ""
        /// Glyph ids defined so far; nil for glyphs with no outline (nothing to draw).
        private var glyphIDs: [GlyphKey: String?] = [:]
        private var fontNames: [ObjectIdentifier: String] = [:]
        /// Font file names (without extension) to their numbers, in order of first use.
        private var fontNumbers: [String: Int] = [:]
        private(set) var fontComment = ""
        private var clipCount = 0
        private let rasterizer = GlyphRasterizer()

        func paint(_ attribute: String, _ color: Color) -> String {
            var out = " \(attribute)=\"\(color.hexString)\""
            if color.alpha != 255 { out += " \(attribute)-opacity=\"\(SVGRenderer.number(Double(color.alpha) / 255, decimals: 3))\"" }
            return out
        }

        func n(_ value: Double) -> String { SVGRenderer.number(value) }

        /// `text` as an XML comment may hold it: no "--" inside and no "-" at its end (a font file
        /// named `My--Font.ttf` would otherwise make the SVG ill-formed); such hyphens become "_".
        static func commentSafe(_ text: String) -> String {
            var out = ""
            for character in text {
                out.append(character == "-" && out.last == "-" ? "_" : character)
            }
            if out.last == "-" { out.append("_") }
            return out
        }

        /// A name for the font from its file name, usable in an id.
        private mutating func name(of font: Font) -> String {
            if let name = fontNames[ObjectIdentifier(font)] { return name }
            let file = ((font.path as NSString).lastPathComponent as NSString).deletingPathExtension
            let name = String(file.unicodeScalars.map { scalar -> Character in
                let ok = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
                return ok ? Character(scalar) : "_"
            })
            fontNames[ObjectIdentifier(font)] = name
            return name
        }

        private mutating func glyphID(font: Font, glyph: UInt32) -> String? {
            let key = GlyphKey(font: name(of: font), glyph: glyph)
            if let known = glyphIDs[key] { return known }
            var definition: String?
            if font.isColorBitmap {
                definition = colorImage(font: font, glyph: glyph)
            } else {
                let outline = rasterizer.outline(of: font, glyph: glyph)
                if !outline.isEmpty { definition = "d=\"\(Self.pathData(outline))\"" }
            }
            guard let definition else {
                glyphIDs[key] = .some(nil)
                return nil
            }
            let number: Int
            if let known = fontNumbers[key.font] {
                number = known
            } else {
                number = fontNumbers.count + 1
                fontNumbers[key.font] = number
                fontComment += "<!-- f\(number): \(Self.commentSafe(key.font)) -->\n"
            }
            let id = "f\(number)g\(glyph)"
            definitions += font.isColorBitmap ? "<image id=\"\(id)\" \(definition)/>\n" : "<path id=\"\(id)\" \(definition)/>\n"
            glyphIDs[key] = id
            return id
        }

        /// The attributes of an `<image>` drawing a colour glyph in font units (y down): its largest
        /// strike as an embedded PNG; nil when the font has no bitmap for it.
        private func colorImage(font: Font, glyph: UInt32) -> String? {
            guard let bitmap = rasterizer.colorBitmap(font, glyph: glyph, pixelsPerEm: .infinity), bitmap.width > 0,
                  bitmap.height > 0 else { return nil }
            var straight = bitmap.rgba
            for index in stride(from: 0, to: straight.count, by: 4) {
                let alpha = UInt32(straight[index + 3])
                guard alpha != 0, alpha != 255 else { continue }
                for channel in 0..<3 { straight[index + channel] = UInt8(min(255, (UInt32(straight[index + channel]) * 255 + alpha / 2) / alpha)) }
            }
            guard let png = try? PNGCodec.encode(RGBAImage(width: bitmap.width, height: bitmap.height, pixels: straight)) else {
                return nil
            }
            let unit = Double(font.unitsPerEm) / bitmap.pixelsPerEm
            return "x=\"\(SVGRenderer.number(Double(bitmap.left) * unit))\" y=\"\(SVGRenderer.number(-Double(bitmap.top) * unit))\" "
                + "width=\"\(SVGRenderer.number(Double(bitmap.width) * unit))\" height=\"\(SVGRenderer.number(Double(bitmap.height) * unit))\" "
                + "href=\"data:image/png;base64,\(png.base64EncodedString())\""
        }

        /// The outline as path data in font units, y flipped to point down.
        static func pathData(_ outline: GlyphOutline) -> String {
            func p(_ point: Point) -> String { "\(SVGRenderer.number(point.x)) \(SVGRenderer.number(-point.y))" }
            var out = ""
            var open = false
            for command in outline.commands {
                switch command {
                case .move(let to):
                    if open { out += "Z" }
                    out += "M\(p(to))"
                    open = true
                case .line(let to): out += "L\(p(to))"
                case .quad(let control, let to): out += "Q\(p(control)) \(p(to))"
                case .cubic(let c1, let c2, let to): out += "C\(p(c1)) \(p(c2)) \(p(to))"
                case .close:
                    if open { out += "Z" }
                    open = false
                }
            }
            return out
        }

        mutating func write(_ items: [DisplayList.Item], into out: inout String) {
            for item in items {
                switch item {
                case .fill(let rect, let color, let radius):
                    out += "<rect x=\"\(n(rect.minX))\" y=\"\(n(rect.minY))\" width=\"\(n(rect.width))\" height=\"\(n(rect.height))\""
                    if radius > 0 { out += " rx=\"\(n(min(radius, rect.width / 2, rect.height / 2)))\"" }
                    out += paint("fill", color) + "/>\n"
                case .stroke(let rect, let color, let lineWidth):
                    out += "<rect x=\"\(n(rect.minX))\" y=\"\(n(rect.minY))\" width=\"\(n(rect.width))\" height=\"\(n(rect.height))\" fill=\"none\""
                    out += paint("stroke", color) + " stroke-width=\"\(n(lineWidth))\"/>\n"
                case .line(let from, let to, let color, let lineWidth, let dash):
                    out += "<line x1=\"\(n(from.x))\" y1=\"\(n(from.y))\" x2=\"\(n(to.x))\" y2=\"\(n(to.y))\""
                    out += paint("stroke", color) + " stroke-width=\"\(n(lineWidth))\""
                    if !dash.isEmpty { out += " stroke-dasharray=\"\(dash.map(n).joined(separator: " "))\"" }
                    out += "/>\n"
                case .polyline(let points, let color, let lineWidth):
                    out += "<polyline fill=\"none\"" + paint("stroke", color) + " stroke-width=\"\(n(lineWidth))\" stroke-linejoin=\"round\" points=\""
                    out += points.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
                    out += "\"/>\n"
                case .glyphs(let run):
                    let s = run.pointSize / Double(run.font.unitsPerEm)
                    guard s > 0 else { continue }
                    var uses = ""
                    for glyph in run.glyphs {
                        guard let id = glyphID(font: run.font, glyph: glyph.glyph) else { continue }
                        uses += "<use href=\"#\(id)\" x=\"\(SVGRenderer.number(glyph.x / s, decimals: 1))\""
                        if glyph.y != 0 { uses += " y=\"\(SVGRenderer.number(glyph.y / s, decimals: 1))\"" }
                        uses += "/>"
                    }
                    guard !uses.isEmpty else { continue }
                    out += "<g" + paint("fill", run.color)
                    out += " transform=\"translate(\(n(run.origin.x)) \(n(run.origin.y))) scale(\(SVGRenderer.number(s, decimals: 8)))\">"
                    out += uses + "</g>\n"
                case .text(let text):
                    guard !text.lines.isEmpty else { continue }
                    var lines = ""
                    for line in text.lines where !line.text.isEmpty {
                        lines += "<text class=\"t\" x=\"\(n(line.origin.x))\" y=\"\(n(line.origin.y))\" font-size=\"\(n(line.pointSize))\""
                        if line.width > 0 { lines += " textLength=\"\(n(line.width))\" lengthAdjust=\"spacingAndGlyphs\"" }
                        lines += ">\(SVGRenderer.escaped(line.text))</text>\n"
                    }
                    guard !lines.isEmpty else { continue }
                    switch text.role {
                    case .heading(let level): out += "<g role=\"heading\" aria-level=\"\(level)\">\n" + lines + "</g>\n"
                    case .text: out += lines
                    }
                case .image(let rect, let image, let alt):
                    // Encoding the PNG fails only for an image libpng cannot write (none decoded within limits).
                    guard let element = try? SVGImage.element(image, x: rect.minX, y: rect.minY, width: rect.width, height: rect.height,
                                                              alt: alt.isEmpty ? nil : alt) else { continue }
                    out += element + "\n"
                case .clip(let rect, let inner):
                    clipCount += 1
                    let id = "clip\(clipCount)"
                    definitions += "<clipPath id=\"\(id)\"><rect x=\"\(n(rect.minX))\" y=\"\(n(rect.minY))\" width=\"\(n(rect.width))\" height=\"\(n(rect.height))\"/></clipPath>\n"
                    out += "<g clip-path=\"url(#\(id))\">\n"
                    write(inner, into: &out)
                    out += "</g>\n"
                }
            }
        }
    }
}
