import Reflow

// A run over the documents: their work on several threads, and the names of their outputs.
extension DocumentSet {
    /// `path` as a relative path inside an output folder, so that the outputs of a run keep their
    /// documents' places and never collide, whatever folders the documents are in: the path's
    /// folders as folders (`docs/guide/intro.md` stays), `.` and empty components dropped, `..`
    /// written `%2E%2E`, a leading `/` as a first folder `%2F`, and `%` itself as `%25`, so that
    /// no name made this way is another's.
    public static func mirrored(_ path: String) -> String {
        var components = path.split(separator: "/", omittingEmptySubsequences: true).compactMap { component -> String? in
            switch component {
            case ".": nil
            case "..": "%2E%2E"
            default: component.split(separator: "%", omittingEmptySubsequences: false).joined(separator: "%25")
            }
        }
        if path.hasPrefix("/") { components.insert("%2F", at: 0) }
        return components.joined(separator: "/")
    }

    /// Works on each document on `jobs` threads and hands each one's result to `deliver` in
    /// document order, as soon as it and every document before it are done (`OrderedFanOut`):
    /// what a run over several documents reports is the same for any number of jobs. Work that
    /// throws is delivered as that document's failure; the other documents go on.
    /// - Parameters:
    ///   - jobs: documents worked on at once (at least 1), dealt round-robin to that many threads.
    ///   - produce: one document's work, from its path.
    ///   - deliver: each document's index, path and result, one call at a time, in order. An
    ///     error it throws stops the run and is rethrown.
    ///   - progress: the fraction of documents done, each time one is.
    public func forEach<Value: Sendable>(
        jobs: Int,
        produce: @Sendable (String) throws -> Value,
        deliver: @Sendable (Int, String, Result<Value, any Error>) throws -> Void,
        progress: (@Sendable (Double) -> Void)? = nil
    ) throws {
        let paths = self.paths
        try OrderedFanOut.forEach(
            lanes: OrderedFanOut.roundRobin(count: paths.count, threads: jobs), count: paths.count,
            setUp: { _ in () },
            produce: { (_: inout Void, index: Int) -> Result<Value, any Error> in
                Result { try produce(paths[index]) }
            },
            deliver: { index, result in try deliver(index, paths[index], result) },
            progress: progress)
    }
}
