import Foundation
import TextMetrics

/// How far a nested cell's text steps in, where its list markers stand and where its quote bars
/// run: the rule, written once.
///
/// With `em` the body size at the category and `W` the width inside the cell's insets:
/// - a **list item** level is a marker column `min(1.75 em, W / 10)` wide, or wider when its
///   list's widest marker (measured among its longest ones) and a gap of `0.3 em` need more; the marker is drawn in the item's
///   first-line style, right-aligned to end one gap before the text, on the first line's
///   baseline (a hanging indent: every line of the text starts after the column);
/// - a **block quote** level is `min(1.25 em, W / 16)` wide, its bar `max(1, 0.2 em)` wide (at
///   most a third of the level) at the level's leading edge, along the cell's whole height;
/// - the levels together never take half of `W`: past two fifths of it, each level steps in by
///   less (the distance x past 0.4 W becomes `0.1 W × (1 − e^(−x / 0.1 W))`), so a deeper item
///   always starts further in, and depth 4 at AX5 in a 320 pt container, or depth 10,000
///   anywhere, leaves more than half of the width to text.
///
/// Every length is snapped to the point grid. Laid out left to right; `LayoutAttributes`
/// mirrors it with the cell for right to left.
struct Indentation {
    /// A quote's bar: x relative to the content's leading edge, its width, and the quote.
    struct Bar: Equatable {
        let x: Double
        let width: Double
        let quote: Int
    }

    /// Where the text starts, relative to the content's leading edge.
    var textOffset = 0.0
    var bars: [Bar] = []
    /// Markers, outermost first: each laid out on one line, and the x where it starts, relative
    /// to the content's leading edge.
    var markers: [(layout: TextLayout, x: Double)] = []

    /// The indentation of `nesting` for text in `style`, in `width` (inside the insets), measured
    /// with `marker` (a marker's text laid out on one line in the item's style).
    static func of(_ nesting: Nesting, width: Double, category: ContentSizeCategory,
                   marker: (String) throws -> TextLayout) rethrows -> Indentation {
        var result = Indentation()
        guard !nesting.containers.isEmpty else { return result }
        let em = DynamicType.spec(.body, category).pointSize
        let listStep = PointGrid.snap(min(1.75 * em, width / 10))
        let quoteStep = PointGrid.snap(min(1.25 * em, width / 16))
        let gap = PointGrid.snap(0.3 * em)
        // Positions past two fifths of the width approach half of it, never reaching it.
        let soft = 0.4 * width, room = 0.1 * width
        func bounded(_ x: Double) -> Double {
            guard x > soft, room > 0 else { return PointGrid.snap(x) }
            return PointGrid.snap(soft + room * (1 - Foundation.exp(-(x - soft) / room)))
        }
        var x = 0.0
        for container in nesting.containers {
            switch container {
            case .quote(let id):
                let barWidth = PointGrid.snap(min(max(1, 0.2 * em), quoteStep / 3))
                result.bars.append(Bar(x: bounded(x), width: barWidth, quote: id))
                x += quoteStep
            case .listItem(let column, let shown):
                // The widest of the list's longest markers (one per line, `Nesting`).
                var columnWidth = 0.0
                for candidate in column.split(separator: "\n") {
                    columnWidth = max(columnWidth, try marker(String(candidate)).usedWidth)
                }
                let end = x + max(listStep, PointGrid.snap(columnWidth) + gap)
                if let shown {
                    let layout = try marker(shown)
                    result.markers.append((layout, max(0, bounded(end) - gap - layout.usedWidth)))
                }
                x = end
            }
        }
        result.textOffset = bounded(x)
        return result
    }
}
