import Foundation
import Reflow
import SystemPackage
import TextMetrics

/// `reflow-cli check` over many documents: each document laid out at the sizes checked and
/// compared with its goldens (or recorded as them), several documents at a time, every result
/// handed back in document order, so what a run prints is the same for any number of workers.
/// A document that cannot be read, laid out or compared is a result too (`Outcome.failed`): it
/// fails the run without keeping the other documents from being checked.
///
/// ```swift
/// let set = try DocumentSet(["docs"], excluding: ["goldens"])
/// let check = GoldenCheck(goldens: "goldens", categories: ContentSizeCategory.allCases, width: 390,
///                         fontsDirectory: try FontLibrary().directory)
/// try check.run(try check.jobs(for: set), workers: 2, read: { job in
///     GoldenCheck.Reading(input: try DocumentReader().layoutInput(at: job.document.path))
/// }, deliver: { result in print(result.name, result.outcome) })
/// ```
public struct GoldenCheck: Sendable {
    /// The folder holding the goldens.
    public var goldens: String
    /// The sizes checked, in order.
    public var categories: [ContentSizeCategory]
    /// The container width in points.
    public var width: Double
    /// Frame differences up to this many points are not changes.
    public var tolerance: Double = 0
    /// The folder of the bundled fonts the layouts are made with.
    public var fontsDirectory: String
    /// Reads goldens (within its size limit).
    public var reader = DocumentReader()

    public init(goldens: String, categories: [ContentSizeCategory], width: Double, fontsDirectory: String) {
        (self.goldens, self.categories, self.width, self.fontsDirectory) = (goldens, categories, width, fontsDirectory)
    }

    /// One document of a run in one language, and its goldens.
    public struct Job: Sendable {
        public let document: DocumentSet.Document
        public let store: GoldenStore
        /// The language it is laid out in (`--lang`, as given: `de`, `pt-BR`, `pseudo-double`);
        /// nil: the document's own, and goldens named as they were before languages.
        public var language: String? = nil
        /// The document as the run names it: a file named itself by its file name (`welcome.md`),
        /// a document found in a folder by its path (`docs/guides/setup.md`); then the language in
        /// parentheses (`welcome.json (de)`) when it has one.
        public var name: String {
            let name = document.relativePath == nil ? FilePath(document.path).lastComponent?.string ?? document.path : document.path
            return language.map { "\(name) (\($0))" } ?? name
        }
    }

    /// The jobs of `set`'s documents that `shard` holds (all without one). The goldens of every
    /// document of the set are checked to be distinct first, so that the shards of a CI matrix
    /// never share a golden either.
    /// - Throws: `GoldenStore.Problem.sharedGoldens` for two documents whose goldens would have the same names.
    public func jobs(for set: DocumentSet, shard: Shard? = nil) throws -> [Job] {
        let stores = try GoldenStore.distinct(set.documents, folder: goldens)
        let mine = Set(set.sharded(shard).paths)
        return zip(set.documents, stores).filter { mine.contains($0.0.path) }.map { Job(document: $0.0, store: $0.1) }
    }

    /// A document as read for a check: its content, the text settings it is laid out with, and
    /// what a person should know about how it was read (one sentence each).
    public struct Reading: Sendable {
        public let input: LayoutInput
        public let settings: TextSettings
        public let warnings: [String]

        public init(input: LayoutInput, settings: TextSettings = TextSettings(), warnings: [String] = []) {
            (self.input, self.settings, self.warnings) = (input, settings, warnings)
        }
    }

    /// What became of one document.
    public enum Outcome: Sendable {
        /// Compared with its goldens; a changed document's report section when a report is drawn.
        case checked(GoldenStore.Verdict, section: CheckReport.Section?)
        /// Recorded as its goldens; what was replaced rather than written through, one sentence each.
        case recorded(notes: [String])
        /// It could not be read, laid out, compared or recorded.
        case failed(any Error)
    }

    /// One document's result.
    public struct Result: Sendable {
        public let job: Job
        /// How the document was read (empty when it could not be).
        public let warnings: [String]
        public let outcome: Outcome
        public var name: String { job.name }
    }

    /// Checks each of `jobs` (or records it, writing `outputs[i]` for `jobs[i]`: see
    /// `GoldenStore.outputs(for:protecting:)`), `workers` documents at a time, and hands each
    /// result to `deliver` in the jobs' order.
    /// - Parameters:
    ///   - painter: makes a report painter for each worker thread; a changed document's section
    ///     is drawn on the thread that checked it (nil: no report).
    ///   - read: reads a job's document in its language, on a worker thread.
    ///   - progress: the fraction done: of the sizes of the only document, or of the documents.
    /// - Throws: only what `deliver` or `painter` throws; a document's own errors are its result.
    public func run(_ jobs: [Job], recordingTo outputs: [[GoldenStore.Output]]? = nil, workers: Int,
                    painter: (@Sendable () throws -> CheckReport.Painter)? = nil,
                    read: @escaping @Sendable (Job) throws -> Reading,
                    deliver: @Sendable (Result) throws -> Void,
                    progress: (@Sendable (Double) -> Void)? = nil) throws {
        precondition(outputs.map { $0.count == jobs.count } ?? true, "one list of outputs per job")
        let sizeProgress = jobs.count == 1 ? progress : nil
        try OrderedFanOut.forEach(
            lanes: OrderedFanOut.roundRobin(count: jobs.count, threads: workers), count: jobs.count,
            setUp: { _ in try painter?() },
            produce: { painter, index in
                self.result(of: jobs[index], outputs: outputs?[index], painter: painter, read: read, progress: sizeProgress)
            },
            deliver: { _, result in try deliver(result) },
            progress: jobs.count == 1 ? nil : progress)
    }

    /// The result of one job; every error of the document's own is caught into it.
    private func result(of job: Job, outputs: [GoldenStore.Output]?, painter: CheckReport.Painter?,
                        read: @Sendable (Job) throws -> Reading, progress: (@Sendable (Double) -> Void)?) -> Result {
        var warnings: [String] = []
        do {
            let reading = try read(job)
            warnings = reading.warnings
            let layouts = try GoldenStore.layouts(of: reading.input, categories: categories, width: width, settings: reading.settings,
                                                  fontsDirectory: fontsDirectory, progress: progress ?? { _ in })
            if let outputs {
                return Result(job: job, warnings: warnings, outcome: .recorded(notes: try job.store.record(layouts, to: outputs)))
            }
            let verdict: GoldenStore.Verdict
            do {
                verdict = try job.store.compare(layouts, categories: categories, reader: reader, tolerance: tolerance)
            } catch GoldenStore.Problem.missingGoldens(let missing, _, _) where job.language != nil && missing.count == categories.count {
                throw MissingLanguage(job: job, command: recordCommand(for: job))
            }
            let section = verdict.passed ? nil : painter?.section(job.name, verdict: verdict)
            return Result(job: job, warnings: warnings, outcome: .checked(verdict, section: section))
        } catch {
            return Result(job: job, warnings: warnings, outcome: .failed(error))
        }
    }
}
