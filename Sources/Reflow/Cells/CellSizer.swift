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
    private var cache: SizeCache<Key, CellMeasurement>

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

    /// The longest run of letters and digits without a break opportunity that sizing accepts.
    /// Why a limit: TextMetrics' emergency breaking (a word wider than the line, cut between
    /// grapheme clusters) re-sums the word's advance from its start at every cluster, which is
    /// quadratic in the word's length: a 200 000-letter "word" would take hours. Until that is
    /// linear, such text is refused with `ReflowError.unbreakableWordTooLong` instead of hanging.
    public static let maximumUnbreakableRun = 4_096

    public init(typesetter: Typesetter, cacheLimit: Int = 65_536) {
        self.typesetter = typesetter
        self.cache = SizeCache(limit: cacheLimit)
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
        let run = Self.longestUnbreakableRun(in: cell.text.string)
        guard run <= Self.maximumUnbreakableRun else {
            throw ReflowError.unbreakableWordTooLong(length: run, limit: Self.maximumUnbreakableRun)
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

    /// The longest run of characters in `text`, in Unicode scalars, that UAX #14 gives no break
    /// opportunity inside: letters and digits of the alphabetic scripts below U+1100 (Latin, Greek,
    /// Cyrillic, Hebrew, Arabic…), Thai and Lao excluded (they break by dictionary). Ideographic and
    /// Hangul text breaks between characters and never counts. A conservative approximation: marks
    /// and joiners end a run, so it can only under-count.
    static func longestUnbreakableRun(in text: String) -> Int {
        var longest = 0, current = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let counts: Bool
            if value < 0x80 {
                counts = (value >= 0x30 && value <= 0x39) || (value >= 0x41 && value <= 0x5A) || (value >= 0x61 && value <= 0x7A)
            } else if value < 0x1100, !(0x0E00...0x0EFF).contains(value) {
                counts = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            } else {
                counts = false
            }
            if counts {
                current += 1
                if current > longest { longest = current }
            } else {
                current = 0
            }
        }
        return longest
    }
}
