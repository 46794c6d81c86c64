import Preview
import Reflow
import SystemPackage
import TextMetrics

/// A laid-out page too tall for one image, cut into parts: each part at most
/// `maximumPartPixels` tall at the scale it is drawn at, cut between cells (never through a
/// line of text) wherever a cell boundary allows, and balanced: no part is thinner than half
/// the even share of what is left (so never under a quarter of the limit, 4,096 px): no strip
/// of a few pixels at either end.
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
    ///
    /// Each part ends at the cell top nearest to an even share of what is left (the height left
    /// over the fewest parts that can hold it), among the tops that keep the part within the limit
    /// and neither it nor what follows it thinner than half that share. Where no cell top
    /// qualifies (a cell taller than that window), the part ends at the even share, on a
    /// device pixel, inside the cell.
    public init(cellFrames: [Rect], size: Size, scale: Int, maximumPartPixels: Int = Self.maximumPartPixels) {
        self.scale = scale
        let limit = Double(maximumPartPixels) / Double(scale)
        // Where a part may end: at the top of a cell.
        let cuts = cellFrames.map(\.minY).filter { $0 > 0 && $0 < size.height }.sorted()
        var parts: [Rect] = []
        var top = 0.0
        var next = 0
        while size.height - top > limit {
            let left = size.height - top
            let share = left / (left / limit).rounded(.up)
            let (low, high) = (top + share / 2, min(top + limit, size.height - share / 2))
            while next < cuts.count, cuts[next] < low { next += 1 }
            var best: Double?
            var index = next
            while index < cuts.count, cuts[index] <= high {
                if best.map({ abs(cuts[index] - (top + share)) < abs($0 - (top + share)) }) ?? true { best = cuts[index] }
                index += 1
            }
            let bottom = best ?? top + (share * Double(scale)).rounded(.down) / Double(scale)
            parts.append(Rect(x: 0, y: top, width: size.width, height: bottom - top))
            top = bottom
        }
        parts.append(Rect(x: 0, y: top, width: size.width, height: size.height - top))
        self.parts = parts
    }

    /// Cuts a contact sheet (or any tall list) into parts, each ending where the fewest lines of
    /// text cross: a sheet's twelve columns have no cell boundary in common, so each cut is put,
    /// within the window a page's cut may take (see `init(cellFrames:size:scale:maximumPartPixels:)`),
    /// at the bottom of a line (on a device pixel) crossed by the fewest other columns' lines,
    /// nearest the even share among those.
    public init(sheet: DisplayList, scale: Int, maximumPartPixels: Int = Self.maximumPartPixels) {
        // Each glyph run's line box, as the renderer reaches it: 1.5 em above the baseline to 1 em below.
        var spans: [(top: Double, bottom: Double)] = []
        func collect(_ items: [DisplayList.Item]) {
            for item in items {
                switch item {
                case .glyphs(let run): spans.append((run.origin.y - run.pointSize, run.origin.y + run.pointSize / 3))
                case .clip(_, let inner): collect(inner)
                default: break
                }
            }
        }
        collect(sheet.items)
        let tops = spans.map(\.top).sorted(), bottoms = spans.map(\.bottom).sorted()
        /// How many lines cross `y`: begun above it and not ended by it.
        func crossing(_ y: Double) -> Int {
            func countBelow(_ sorted: [Double], _ y: Double) -> Int {
                var (low, high) = (0, sorted.count)
                while low < high {
                    let middle = (low + high) / 2
                    if sorted[middle] < y { low = middle + 1 } else { high = middle }
                }
                return low
            }
            return countBelow(tops, y) - countBelow(bottoms, y + 1e-9)
        }
        let k = Double(scale)
        let size = sheet.size
        let limit = Double(maximumPartPixels) / k
        var parts: [Rect] = []
        var top = 0.0
        while size.height - top > limit {
            let left = size.height - top
            let share = left / (left / limit).rounded(.up)
            let (low, high) = (top + share / 2, min(top + limit, size.height - share / 2))
            var best = ((top + share) * k).rounded(.down) / k
            var bestCost = crossing(best)
            for bottom in bottoms where bottom >= low && bottom <= high {
                let y = (bottom * k).rounded(.up) / k
                guard y <= high else { continue }
                let cost = crossing(y)
                if cost < bestCost || (cost == bestCost && abs(y - (top + share)) < abs(best - (top + share))) {
                    (best, bestCost) = (y, cost)
                }
            }
            parts.append(Rect(x: 0, y: top, width: size.width, height: best - top))
            top = best
        }
        parts.append(Rect(x: 0, y: top, width: size.width, height: size.height - top))
        self.parts = parts
        self.scale = scale
    }

    /// Whether the page fits one part.
    public var isSinglePart: Bool { parts.count == 1 }

    /// Part `index` of `list` (cut by `init(sheet:scale:maximumPartPixels:)`): only the items that
    /// reach into it (`DisplayList.cropped(to:)`), moved so that the part's top is y 0.
    public func displayList(part index: Int, of list: DisplayList) -> DisplayList {
        list.cropped(to: parts[index])
    }

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
