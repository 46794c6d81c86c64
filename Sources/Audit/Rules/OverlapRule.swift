import Reflow
import TextMetrics

/// `overlap`: two cells whose frames share an area, one drawn over the other: an error. It needs
/// every cell of the layout, so it keeps each cell's place (not its text) until the layout is done.
struct OverlapRule: WholeLayoutRule {
    /// A cell's place.
    struct Cell {
        var indexPath: IndexPath
        var role: ElementRole
        var frame: Rect
    }

    private var cells: [Cell] = []

    mutating func collect(_ element: LayoutAttributes, in context: Auditor.LayoutContext) {
        let frame = element.frame
        if element.role == .cell, frame.width > 0, frame.height > 0 {
            cells.append(Cell(indexPath: element.indexPath, role: element.role, frame: frame))
        }
    }

    mutating func finish(in context: Auditor.LayoutContext) -> [Auditor.Observation] {
        defer { cells = [] }
        return Self.overlaps(among: cells, in: context.environment)
    }

    /// `overlap`: cells whose frames intersect with an area (edges that touch do not), each pair
    /// once, reported at the later cell. Badges, headers, footers and backgrounds are meant to lie
    /// over or under cells and are left out. A sweep down the cells sorted by their tops: each is
    /// compared only with the cells above it that reach below its top.
    static func overlaps(among cells: [Cell], in environment: LayoutEnvironment) -> [Auditor.Observation] {
        let order = cells.indices.sorted { (cells[$0].frame.minY, cells[$0].indexPath) < (cells[$1].frame.minY, cells[$1].indexPath) }
        var active: [Int] = []
        var found: [Auditor.Observation] = []
        var reported = Set<IndexPath>()
        for index in order {
            let cell = cells[index], frame = cell.frame
            active.removeAll { cells[$0].frame.maxY <= frame.minY + overlapTolerance }
            for other in active {
                let otherFrame = cells[other].frame
                let width = min(frame.maxX, otherFrame.maxX) - max(frame.minX, otherFrame.minX)
                let height = min(frame.maxY, otherFrame.maxY) - max(frame.minY, otherFrame.minY)
                guard width > overlapTolerance, height > overlapTolerance else { continue }
                let (earlier, later) = cell.indexPath < cells[other].indexPath ? (cell, cells[other]) : (cells[other], cell)
                guard reported.insert(later.indexPath).inserted else { continue }
                found.append(Auditor.Observation(
                    rule: .overlap, severity: .error, element: later.role, indexPath: later.indexPath, frame: later.frame,
                    message: "its frame overlaps cell \(earlier.indexPath.section).\(earlier.indexPath.item)'s by "
                        + "\(Auditor.points(width)) × \(Auditor.points(height)) pt: one is drawn over the other",
                    category: environment.category, width: environment.containerWidth))
            }
            active.append(index)
        }
        return found
    }

    /// How far two cells may run into each other and still only touch: a hundredth of a point
    /// (floating-point rounding of fractional sizes, far under a pixel).
    static let overlapTolerance = 0.01
}
