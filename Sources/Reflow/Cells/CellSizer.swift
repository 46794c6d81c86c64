import TextMetrics

/// Sizes cells: the self-sizing step of every layout (the contract is on `Cell`).
///
/// Cache: key (cell, width, category), value the `CellMeasurement`; at most `cacheLimit`
/// entries, approximately least-recently-used. `measurementsComputed` counts misses (each one
/// a call into the typesetter), so a test can prove a second pass measures nothing. Below it, the
/// `Typesetter` caches shaping per (text, faces) and line breaking per (text, style, category,
/// width): a new width re-breaks lines without shaping again.
///
/// Not thread-safe (nor is the typesetter): one sizer per thread.
public final class CellSizer {
    public let typesetter: Typesetter
    private var cache: BoundedCache<Key, CellMeasurement>

    /// Measurements computed (cache misses).
    public private(set) var measurementsComputed = 0
    /// Measurements answered from the cache.
    public var cacheHits: Int { cache.hits }
    /// Entries held now.
    public var cachedCount: Int { cache.count }
    public var cacheLimit: Int { cache.limit }

    struct Key: Hashable {
        let cell: Cell
        let width: Double
        let category: ContentSizeCategory
    }

    /// The smallest width, in points, left for text inside a cell's insets. Narrower, every
    /// grapheme would get a line of its own (or none would fit), which is no layout a person can
    /// use: sizing throws `ReflowError.widthTooSmall` instead.
    public static let minimumTextWidth = 1.0

    public init(typesetter: Typesetter, cacheLimit: Int = 65_536) {
        self.typesetter = typesetter
        self.cache = BoundedCache(limit: max(2, cacheLimit))
    }

    /// Convenience: a sizer with its own typesetter over `fonts`.
    public convenience init(fonts: FontLibrary, cacheLimit: Int = 65_536) throws {
        self.init(typesetter: try Typesetter(fonts: fonts), cacheLimit: cacheLimit)
    }

    /// The cell measured for `width` at `category` (see `Cell` for the contract).
    public func measure(_ cell: Cell, width: Double, category: ContentSizeCategory) throws -> CellMeasurement {
        let key = Key(cell: cell, width: width, category: category)
        if let cached = cache.value(for: key) { return cached }
        let measurement = try compute(cell, width: width, category: category)
        measurementsComputed += 1
        cache.insert(measurement, for: key)
        return measurement
    }

    /// Only the size of `measure(_:width:category:)`.
    public func size(of cell: Cell, width: Double, category: ContentSizeCategory) throws -> Size {
        try measure(cell, width: width, category: category).size
    }

    /// Drops every cached measurement (the typesetter's caches are its own).
    public func removeAllCachedMeasurements() {
        cache.removeAll()
    }

    private func compute(_ cell: Cell, width: Double, category: ContentSizeCategory) throws -> CellMeasurement {
        let insets = cell.scaledInsets(for: category)
        let textWidth = width - insets.horizontal
        guard width.isFinite, textWidth >= Self.minimumTextWidth else {
            throw ReflowError.widthTooSmall(width: width, category: category,
                                            needed: insets.horizontal + Self.minimumTextWidth)
        }
        let text = try typesetter.layout(cell.text, style: cell.style, category: category, width: textWidth)
        let cellWidth: Double
        switch cell.sizing {
        case .fillWidth:
            cellWidth = width
        case .fitText:
            let advance = try typesetter.advance(of: cell.text, style: cell.style, category: category)
            cellWidth = min(width, advance + insets.horizontal)
        }
        let natural = insets.top + text.height + insets.bottom
        let height = max(cell.minimumHeight, natural)
        let origin = Point(x: insets.leading, y: insets.top + (height - natural) / 2)
        return CellMeasurement(size: Size(width: cellWidth, height: height), insets: insets, textLayout: text,
                               textOrigin: origin)
    }
}
