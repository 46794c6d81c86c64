import Preview
import Reflow
import SystemPackage
import TextMetrics

/// A laid-out page too tall for one image, cut into parts: each part at most
/// `maximumPartPixels` tall at the scale it is drawn at, cut between cells (never through a
/// line of text) wherever a cell boundary allows; only a single cell taller than a part is cut
/// inside itself.
///
/// `reflow-cli book.txt --category xxxl` writes `book-xxxl-001.png`, `book-xxxl-002.png`, …:
/// image viewers and browsers handle pictures a few thousand pixels tall, not a book's height in
/// one PNG (whose format allows at most 1,000,000 rows through libpng anyway).
public struct PagedPreview: Sendable {
    /// The tallest part, in device pixels: a GPU texture's usual limit, so every viewer shows it.
    public static let maximumPartPixels = 16_384

    /// The parts, top to bottom, in points of the page.
    public let parts: [Rect]
    /// Device pixels per point the parts are cut for.
    public let scale: Int

    /// Cuts a page `size` points large holding cells at `cellFrames` (in content coordinates).
    public init(cellFrames: [Rect], size: Size, scale: Int, maximumPartPixels: Int = Self.maximumPartPixels) {
        self.scale = scale
        let limit = Double(maximumPartPixels) / Double(scale)
        // Where a part may end: at the top of a cell.
        let cuts = cellFrames.map(\.minY).filter { $0 > 0 && $0 < size.height }.sorted()
        var parts: [Rect] = []
        var top = 0.0
        var next = 0
        while size.height - top > limit {
            while next < cuts.count, cuts[next] <= top { next += 1 }
            // The last cell top that still fits; a part can also stop in the middle of a cell
            // that alone is taller than a part.
            var bottom = top + limit
            var index = next
            var best: Double?
            while index < cuts.count, cuts[index] <= top + limit {
                best = cuts[index]
                index += 1
            }
            if let best { bottom = best }
            next = index
            parts.append(Rect(x: 0, y: top, width: size.width, height: bottom - top))
            top = bottom
        }
        parts.append(Rect(x: 0, y: top, width: size.width, height: size.height - top))
        self.parts = parts
    }

    /// Whether the page fits one part.
    public var isSinglePart: Bool { parts.count == 1 }

    /// The display list of part `index`: the elements across it (and the group outlines and
    /// annotations), moved so that the part's top is y 0.
    public func displayList(part index: Int, elements: [LayoutAttributes], builder: DisplayListBuilder,
                            labels: Typesetter? = nil, groups: [Rect] = [],
                            annotations: [DisplayListBuilder.Annotation] = []) -> DisplayList {
        builder.displayList(elements: elements, visibleRect: parts[index], labels: labels, groups: groups, annotations: annotations)
    }

    /// The file names of `count` parts of `path`: `book-xxxl.png` → `book-xxxl-001.png`, … (at
    /// least three digits, so the names sort in page order).
    public static func partPaths(of path: String, count: Int) -> [String] {
        let file = FilePath(path)
        let stem = file.stem ?? ""
        let suffix = file.extension.map { "." + $0 } ?? ""
        let digits = max(3, String(count).count)
        return (1...max(1, count)).map { number in
            let numeral = String(number)
            let name = stem + "-" + String(repeating: "0", count: digits - numeral.count) + numeral + suffix
            return file.removingLastComponent().appending(name).string
        }
    }
}
