import Reflow
import TextMetrics

extension DisplayList {
    /// What `rect` shows of the list: a list of `rect`'s size and the list's background, its
    /// top-left at `rect`'s origin, holding only the items that reach into `rect` (moved there),
    /// and of a clip only the items inside it that do. A part of a tall page or contact sheet is
    /// drawn from this, so each part costs what it shows, not every item of the whole (a sheet of
    /// twelve whole pages holds some 200,000 glyph runs; a part shows a thirtieth of them).
    ///
    /// An item is kept when its `reach` meets `rect`: the same pixels are drawn as from the whole
    /// list with its top-left moved to `rect`'s origin.
    /// - Complexity: O(n) in the items, nested ones included.
    public func cropped(to rect: Rect) -> DisplayList {
        let offset = Point(x: -rect.minX, y: -rect.minY)
        return DisplayList(size: rect.size, background: background,
                           items: Self.culled(items, to: rect).map { $0.translated(by: offset) })
    }

    /// The items of `items` that reach into `rect`, and of each clip that does the items inside it that do.
    static func culled(_ items: [Item], to rect: Rect) -> [Item] {
        var kept: [Item] = []
        for item in items {
            if case .clip(let box, let inner) = item {
                guard box.intersects(rect) else { continue }
                let shown = culled(inner, to: rect)
                if !shown.isEmpty { kept.append(.clip(box, shown)) }
            } else if item.reach.map({ $0.intersects(rect) }) ?? true {
                kept.append(item)
            }
        }
        return kept
    }

    /// How many items the list holds, the items inside clips counted one by one (a clip itself is
    /// not counted): what drawing it walks through.
    public var itemCount: Int {
        func count(_ items: [Item]) -> Int {
            items.reduce(0) { total, item in
                if case .clip(_, let inner) = item { return total + count(inner) }
                return total + 1
            }
        }
        return count(items)
    }
}

extension DisplayList.Item {
    /// A rectangle (points) holding every pixel the item can paint, with room to spare: anti-aliased
    /// edges, a stroke's width, a glyph's ink beyond its advance and the line's box (the margins
    /// `PNGRenderer` draws within); nil when it cannot be told (a coordinate that is not finite),
    /// for the item to be kept. Accessible text paints nothing; its reach is its frame.
    public var reach: Rect? {
        func box(_ minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double, margin: Double) -> Rect? {
            guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite, margin.isFinite else { return nil }
            return Rect(x: minX - margin, y: minY - margin, width: maxX - minX + 2 * margin, height: maxY - minY + 2 * margin)
        }
        switch self {
        case .fill(let rect, _, _), .image(let rect, _, _):
            return box(rect.minX, rect.minY, rect.maxX, rect.maxY, margin: 1)
        case .stroke(let rect, _, let lineWidth):
            return box(rect.minX, rect.minY, rect.maxX, rect.maxY, margin: lineWidth / 2 + 1)
        case .line(let from, let to, _, let lineWidth, _):
            return box(min(from.x, to.x), min(from.y, to.y), max(from.x, to.x), max(from.y, to.y), margin: lineWidth + 1)
        case .polyline(let points, _, let lineWidth):
            guard let first = points.first else { return nil }
            var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
            for point in points.dropFirst() {
                (minX, minY) = (min(minX, point.x), min(minY, point.y))
                (maxX, maxY) = (max(maxX, point.x), max(maxY, point.y))
            }
            return box(minX, minY, maxX, maxY, margin: lineWidth + 1)
        case .glyphs(let run):
            // The renderer draws a run whose line box (1.5 em above the baseline to 1 em below)
            // meets the clip; a glyph's ink may reach an em or two beyond its own position across.
            guard let first = run.glyphs.first else { return nil }
            var (minX, maxX, minY, maxY) = (first.x, first.x, first.y, first.y)
            for glyph in run.glyphs.dropFirst() {
                (minX, maxX) = (min(minX, glyph.x), max(maxX, glyph.x))
                (minY, maxY) = (min(minY, glyph.y), max(maxY, glyph.y))
            }
            let em = run.pointSize
            return box(run.origin.x + minX - 2 * em, run.origin.y + minY - 1.5 * em,
                       run.origin.x + maxX + 2 * em, run.origin.y + maxY + em, margin: 1)
        case .text(let text):
            return text.frame
        case .clip(let rect, _):
            return rect
        }
    }
}
