import Reflow

extension DocumentSet {
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
        let threads = max(1, min(jobs, paths.count))
        let lanes = (0..<threads).map { lane in Array(stride(from: lane, to: paths.count, by: threads)) }
        try OrderedFanOut.forEach(
            lanes: paths.isEmpty ? [] : lanes, count: paths.count,
            setUp: { _ in () },
            produce: { (_: inout Void, index: Int) -> Result<Value, any Error> in
                Result { try produce(paths[index]) }
            },
            deliver: { index, result in try deliver(index, paths[index], result) },
            progress: progress)
    }
}
