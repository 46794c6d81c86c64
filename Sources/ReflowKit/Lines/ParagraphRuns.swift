/// How `reflow-cli lines --jobs N` shares a document between threads: consecutive runs of whole
/// paragraphs, of about equal size in bytes, none empty (an empty run would add an empty line
/// between the joined outputs).
public enum ParagraphRuns {
    /// The smallest run worth a thread of its own: below it a second thread costs more than it saves.
    public static let minimumBytes = 32_768

    /// Runs of `paragraphs` (ranges of indices, in order, covering them all), at most `workers`
    /// of them and one for a small document. Each worker shapes its own words, so the few very
    /// common words are shaped once per worker.
    public static func runs(_ paragraphs: [String], workers: Int) -> [Range<Int>] {
        let total = paragraphs.reduce(0) { $0 + $1.utf8.count }
        let count = max(1, min(workers, total / minimumBytes, paragraphs.count))
        var runs: [Range<Int>] = []
        var start = 0, bytes = 0
        for (index, paragraph) in paragraphs.enumerated() {
            bytes += paragraph.utf8.count
            if runs.count < count - 1, bytes * count >= total * (runs.count + 1) {
                runs.append(start..<index + 1)
                start = index + 1
            }
        }
        // The cut after the last paragraph leaves nothing for a last run.
        if start < paragraphs.count || runs.isEmpty { runs.append(start..<paragraphs.count) }
        return runs
    }
}
