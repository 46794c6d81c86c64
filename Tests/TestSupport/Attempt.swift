import Testing

/// `body`'s value, or nil after recording its error as a test failure (for property closures,
/// which cannot throw).
public func attempt<T>(_ body: () throws -> T, sourceLocation: SourceLocation = #_sourceLocation) -> T? {
    do {
        return try body()
    } catch {
        Issue.record("\(error)", sourceLocation: sourceLocation)
        return nil
    }
}
