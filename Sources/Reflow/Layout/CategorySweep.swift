import TextMetrics

/// Lays the same cells out at several content-size categories: `reflow-cli layout --category
/// all`, contact sheets, `check`.
///
/// The categories are split where body text switches from the Text cut to the Display cut
/// (20 pt: xS…xL and xxL…AX5) and each group is laid out on its own thread with its own
/// `CellSizer` (a typesetter is not thread-safe). Each worker shapes the document once in its
/// cut and only re-breaks lines for the other sizes of that group, so twelve sizes cost about
/// two shaping passes, run side by side. The groups are five sizes and seven: a worker done with
/// its group takes a size of the other when that ends the sweep sooner (`OrderedFanOut.Stealing`).
public enum CategorySweep {
    /// Groups of `categories` that share body text's optical cut, in order.
    public static func groups(_ categories: [ContentSizeCategory]) -> [[ContentSizeCategory]] {
        var groups: [Typeface.OpticalSize: [ContentSizeCategory]] = [:]
        var order: [Typeface.OpticalSize] = []
        for category in categories {
            let cut = Typeface(pointSize: DynamicType.spec(.body, category).pointSize, weight: .regular).opticalSize
            if groups[cut] == nil { order.append(cut) }
            groups[cut, default: []].append(category)
        }
        return order.map { groups[$0]! }
    }

    /// `transform` of the layout at each of `categories`, in the order given.
    /// - Parameters:
    ///   - settings: the text's direction, language, hyphenation and spacing; each category's
    ///     environment is built from them for that category (`TextSettings.layoutEnvironment`).
    ///   - makeSizer: a new sizer, called once per worker thread.
    ///   - layout: the layout to lay the content out with (list, flow, compositional).
    ///   - progress: called with the fraction of categories done each time one is; calls come
    ///     from the worker threads but one at a time, never overlapping.
    public static func map<T: Sendable>(
        _ content: CollectionContent, categories: [ContentSizeCategory], containerWidth: Double,
        settings: TextSettings = TextSettings(),
        makeSizer: @Sendable () throws -> CellSizer,
        layout: any CollectionLayout,
        transform: @Sendable (LayoutSnapshot) throws -> T,
        progress: (@Sendable (Double) -> Void)? = nil
    ) throws -> [T] {
        try map(categories: categories, containerWidth: containerWidth, settings: settings,
                makeSizer: makeSizer, produce: { environment, sizer in try transform(try layout.layout(content, in: environment, sizer: sizer)) },
                progress: progress)
    }

    /// `map` with each category's value made by `produce` (see the `forEach` that takes it).
    public static func map<T: Sendable>(
        categories: [ContentSizeCategory], containerWidth: Double,
        settings: TextSettings = TextSettings(),
        stealing: OrderedFanOut.Stealing = .whenSooner,
        makeSizer: @Sendable () throws -> CellSizer,
        produce: @Sendable (LayoutEnvironment, CellSizer) throws -> T,
        progress: (@Sendable (Double) -> Void)? = nil
    ) throws -> [T] {
        let values = Locked<[T]>([])
        try forEach(categories: categories, containerWidth: containerWidth, settings: settings, stealing: stealing,
                    makeSizer: makeSizer, produce: produce,
                    deliver: { _, value in values.withLock { $0.append(value) } }, progress: progress)
        return values.withLock { $0 }
    }

    /// Hands `transform` of the layout at each of `categories` to `deliver`, in the order given,
    /// as soon as it and every category before it are done, and keeps nothing once delivered:
    /// a caller that writes each category out (`layout --category all`) holds at most the
    /// categories waiting for an earlier one, never all twelve.
    /// - Parameter deliver: called with the category's index in `categories` and its value;
    ///   calls come from the worker threads, one at a time, in order. An error it throws stops
    ///   the delivery and is rethrown.
    public static func forEach<T: Sendable>(
        _ content: CollectionContent, categories: [ContentSizeCategory], containerWidth: Double,
        settings: TextSettings = TextSettings(),
        makeSizer: @Sendable () throws -> CellSizer,
        layout: any CollectionLayout,
        transform: @Sendable (LayoutSnapshot) throws -> T,
        deliver: @Sendable (Int, T) throws -> Void,
        progress: (@Sendable (Double) -> Void)? = nil
    ) throws {
        try forEach(categories: categories, containerWidth: containerWidth, settings: settings,
                    makeSizer: makeSizer, produce: { environment, sizer in try transform(try layout.layout(content, in: environment, sizer: sizer)) },
                    deliver: deliver, progress: progress)
    }

    /// `forEach` with what each category gives made by `produce` from its environment and the
    /// worker's sizer, instead of from an eager layout: for a value built as the layout goes
    /// (`LayoutReport(_:_:in:sizer:)`, which never holds a whole layout's text).
    /// - Parameter stealing: whether a worker done with its cut takes sizes of the other's
    ///   (`.whenSooner`, the default; `.never` keeps each size in its cut's worker, as a test of
    ///   the work each worker does needs).
    public static func forEach<T: Sendable>(
        categories: [ContentSizeCategory], containerWidth: Double,
        settings: TextSettings = TextSettings(),
        stealing: OrderedFanOut.Stealing = .whenSooner,
        makeSizer: @Sendable () throws -> CellSizer,
        produce: @Sendable (LayoutEnvironment, CellSizer) throws -> T,
        deliver: @Sendable (Int, T) throws -> Void,
        progress: (@Sendable (Double) -> Void)? = nil
    ) throws {
        // A category asked for twice is laid out once (both places are in the same group, the
        // group of its cut) and kept only until its last place is delivered.
        var uses: [ContentSizeCategory: Int] = [:]
        var distinct: [ContentSizeCategory] = []
        for category in categories {
            if uses[category] == nil { distinct.append(category) }
            uses[category, default: 0] += 1
        }
        var lanes: [[Int]] = []
        for group in groups(distinct) {
            let members = Set(group)
            lanes.append(categories.indices.filter { members.contains(categories[$0]) })
        }
        let remaining = uses
        // A lane done with its cut takes a size left in the other's when that ends the sweep
        // sooner (it shapes that cut's paragraphs itself first). Not when a size is asked for
        // twice: its second place is answered from the first's value, in the same lane.
        try OrderedFanOut.forEach(
            lanes: lanes, count: categories.count, stealing: distinct.count < categories.count ? .never : stealing,
            setUp: { _ in SweepLane<T>(sizer: try makeSizer(), remaining: remaining) },
            produce: { (lane: inout SweepLane<T>, position: Int) in
                let category = categories[position]
                lane.remaining[category]! -= 1
                let value: T
                if let kept = lane.kept[category] {
                    value = kept
                } else {
                    value = try produce(settings.layoutEnvironment(width: containerWidth, category: category), lane.sizer)
                }
                lane.kept[category] = lane.remaining[category]! > 0 ? value : nil
                return value
            },
            deliver: deliver, progress: progress)
    }
}

/// One worker of a sweep: its sizer, how many places of each category are still to come, and
/// the values of categories asked for again later.
private struct SweepLane<Value> {
    var sizer: CellSizer
    var remaining: [ContentSizeCategory: Int]
    var kept: [ContentSizeCategory: Value] = [:]
}
