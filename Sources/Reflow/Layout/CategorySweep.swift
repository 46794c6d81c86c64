import Dispatch
import Synchronization
import TextMetrics

/// Lays the same cells out at several content-size categories: `reflow-cli layout --category
/// all`, contact sheets, `check`.
///
/// The categories are split where body text switches from the Text cut to the Display cut
/// (20 pt: xS…xL and xxL…AX5) and each group is laid out on its own thread with its own
/// `CellSizer` (a typesetter is not thread-safe). Each worker shapes the document once in its
/// cut and only re-breaks lines for the other sizes of that group, so twelve sizes cost about
/// two shaping passes, run side by side.
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
    ///   - makeSizer: a new sizer, called once per worker thread.
    ///   - layout: the layout to lay the content out with (list, flow, compositional).
    ///   - progress: called with the fraction of categories done each time one is; calls come
    ///     from the worker threads but one at a time, never overlapping.
    public static func map<T: Sendable>(
        _ content: CollectionContent, categories: [ContentSizeCategory], containerWidth: Double,
        layoutDirection: LayoutDirection = .leftToRight,
        makeSizer: @Sendable () throws -> CellSizer,
        layout: any CollectionLayout,
        transform: @Sendable (LayoutSnapshot) throws -> T,
        progress: (@Sendable (Double) -> Void)? = nil
    ) throws -> [T] {
        let groups = groups(categories)
        let results = Mutex<[Result<[(ContentSizeCategory, T)], any Error>?]>(Array(repeating: nil, count: groups.count))
        let done = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: groups.count) { group in
            do {
                let sizer = try makeSizer()
                var values: [(ContentSizeCategory, T)] = []
                for category in groups[group] {
                    let environment = LayoutEnvironment(containerWidth: containerWidth, category: category,
                                                        layoutDirection: layoutDirection)
                    let snapshot = try layout.layout(content, in: environment, sizer: sizer)
                    values.append((category, try transform(snapshot)))
                    if let progress {
                        done.withLock { count in
                            count += 1
                            progress(Double(count) / Double(categories.count))
                        }
                    }
                }
                results.withLock { $0[group] = .success(values) }
            } catch {
                results.withLock { $0[group] = .failure(error) }
            }
        }
        var byCategory: [ContentSizeCategory: T] = [:]
        for result in results.withLock({ $0 }) {
            for (category, value) in try result!.get() { byCategory[category] = value }
        }
        return categories.map { byCategory[$0]! }
    }
}
