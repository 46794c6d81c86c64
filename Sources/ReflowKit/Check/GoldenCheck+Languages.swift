import Reflow
import TextMetrics

/// `check --lang`: goldens per language. A run that names languages has a job per document and
/// language (`LanguageMatrix`), each with goldens `STEM-LANG-CATEGORY.json` (`welcome-de-l.json`);
/// a run without `--lang` keeps the names goldens always had (`welcome-l.json`). Jobs are
/// ordered language by language (then documents in their order), so that what a run prints and
/// its report are grouped by language, the same for any `--jobs`.
extension GoldenStore {
    /// The goldens of the same document in `language`: `PREFIX-LANG-CATEGORY.json`, beside the
    /// document's other languages (the tag as given: `de`, `pt-BR`, `pseudo-double`).
    public func inLanguage(_ language: String) -> GoldenStore { GoldenStore(folder: folder, prefix: "\(prefix)-\(language)") }
}

extension GoldenCheck {
    /// The jobs of `matrix`'s units that `shard` holds (all without one): a unit with a language
    /// checks the goldens of that language, a unit without one the document's own goldens.
    /// Documents must be `set`'s. The goldens of every unit of the matrix are checked to be
    /// distinct first, so that no two shards share a golden either.
    /// - Throws: `GoldenStore.Problem.sharedGoldens` for two units whose goldens would share names
    ///   (`a-b` in `c` and `a` in `b-c`).
    public func jobs(for set: DocumentSet, matrix: LanguageMatrix, shard: Shard? = nil) throws -> [Job] {
        let stores = try GoldenStore.distinct(set.documents, folder: goldens)
        var byPath: [String: (DocumentSet.Document, GoldenStore)] = [:]
        for (document, store) in zip(set.documents, stores) { byPath[document.path] = (document, store) }
        func job(_ unit: LanguageUnit) -> Job? {
            guard let (document, store) = byPath[unit.path] else { return nil }
            return Job(document: document, store: unit.language.map(store.inLanguage) ?? store, language: unit.language)
        }
        var owners: [String: String] = [:]
        for job in matrix.units.compactMap(job) {
            if let first = owners.updateValue(job.name, forKey: job.store.prefix) {
                throw GoldenStore.Problem.sharedGoldens(first: first, second: job.name, folder: goldens, prefix: job.store.prefix)
            }
        }
        return Self.byLanguage(matrix.sharded(shard).compactMap(job))
    }

    /// `jobs` grouped by language, the languages in the order they first appear, each group in
    /// the jobs' order (a stable regrouping: the same jobs always come out the same).
    static func byLanguage(_ jobs: [Job]) -> [Job] {
        var order: [String?] = []
        for job in jobs where !order.contains(job.language) { order.append(job.language) }
        return order.flatMap { language in jobs.filter { $0.language == language } }
    }

    /// The command that records `job`'s goldens alone: the document, the goldens folder, the
    /// language, and the sizes and width when they are not the defaults.
    public func recordCommand(for job: Job) -> String {
        var words = ["reflow-cli", "check", job.document.path, "--goldens", goldens]
        if let language = job.language { words += ["--lang", language] }
        if categories != ContentSizeCategory.allCases { words += ["--category"] + categories.map(\.shortName) }
        if width != LayoutEnvironment.defaultContainerWidth { words += ["--width", JSONText.number(width)] }
        return (words + ["--record"]).map(Self.shellWord).joined(separator: " ")
    }

    /// `word` as a POSIX shell reads it back: as is when it holds only safe characters, else in
    /// single quotes (a quote inside written `'\''`).
    static func shellWord(_ word: String) -> String {
        let safe = word.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_./,:=@+%".unicodeScalars.contains(scalar))
        }
        return safe && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// A language whose goldens were never recorded: every size of a document in that language
    /// lacks its golden. Says so, and the command that records them.
    public struct MissingLanguage: Error, Sendable, CustomStringConvertible {
        /// The document and language, and where the goldens were looked for.
        public let job: Job
        /// The command that records them.
        public let command: String

        public var description: String {
            guard let language = job.language else { return "no goldens for \(job.name); record them with: \(command)" }
            return "no goldens in \(language) for \(job.document.path) (expected \(job.store.prefix)-CATEGORY.json in "
                + "'\(job.store.folder)'); the goldens of \(language) were never recorded: record them with: \(command)"
        }
    }
}
