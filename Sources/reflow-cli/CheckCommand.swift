import ArgumentParser
import Audit
import Reflow
import ReflowKit
import TextMetrics

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Compare documents' layouts at every text size with recorded goldens; exit 1 if anything moved.",
        discussion: """
            Goldens are the layout JSON of each size (as `reflow-cli layout` writes it), with the file name and version of each \
            font the layouts were made with, in the goldens folder. A document named itself has goldens FILE-STEM-CATEGORY.json \
            (welcome-l.json for welcome.md). A document found in a folder named on the command line has goldens named after its \
            path below that folder, extension kept, in the same subfolders of the goldens folder (guides/setup.md-l.json for \
            docs/guides/setup.md found in docs), so no two documents of a folder share goldens; documents of one run whose \
            goldens would still share names (two files named alike in different folders, named one by one) are refused before \
            any work. The goldens folder is never searched for documents.

            Record the goldens once with --record, commit them, and run check in CI: it prints a verdict per document, in the \
            order of the documents whatever --jobs is, naming every cell that moved, by how much, at which sizes, and the fonts \
            whose version changed since; with several documents, a total line. It exits 1 if any document changed or could not \
            be checked; a document that cannot be read is reported and the others are still checked. --shard I/N checks one \
            share of the documents, for a CI matrix: the shares of 1/N … N/N hold every document once, and each gives the \
            verdicts a run over all of them gives. --record writes inside the goldens folder only: a symbolic link at a golden's \
            name (or where a subfolder of goldens goes) is never followed.

            --lang (a tag, a list de,fr or all: every language of a screen's catalogs) checks each document in each language \
            against goldens of that language, STEM-LANG-CATEGORY.json (welcome-de-l.json); without --lang the goldens keep \
            their names. A run over languages prints a grid of languages × sizes, each cell the number of elements that moved \
            there (· none), then the verdicts grouped by language; a language whose goldens were never recorded is named with \
            the command that records them. --shard splits documents × languages; --jobs changes nothing printed.

            --report PATH.html writes a report whether the check passes or not: one HTML file with its pictures inline (data: \
            URIs), which a browser opens with no server. It has a summary (documents checked, passed and changed, the sizes \
            that changed, the fonts the goldens recorded against today's), then per changed size three pictures side by side: \
            the golden's layout, today's, and today's with the changes marked (where a changed element was dashed in blue, where \
            it is now in red, with what changed: "cell 0.2 height +22 pt, lines 2 → 3"; new elements in green; elements that \
            only moved tinted), and the list of what changed. The pictures are drawn from the layouts alone, the golden's from \
            its layout JSON: every frame where it was, the first words of each cell's text, a bar for each further line. A page \
            taller than 1,200 pt is shown from just above its first change.
            """)

    @Option(help: ArgumentHelp("Folder holding the goldens (created by --record). Never searched for documents.", valueName: "dir"))
    var goldens: String

    @Flag(help: "Write the goldens from the current layouts instead of comparing.")
    var record = false

    @Option(help: ArgumentHelp(
        "Also write an HTML report to this file, whether the check passes or not: a summary, and per changed size the golden's, today's and a difference picture side by side, with what moved. One self-contained file, pictures inline as data: URIs.",
        valueName: "path.html"))
    var report: String?

    @Option(name: .customLong("report-sizes"), parsing: .unconditional, help: ArgumentHelp(
        "With --report: changed sizes drawn at most, over the whole run in document order (three pictures each, 100 to 300 KB); the sizes after them are described in words only.",
        valueName: "n"))
    var reportSizes = 60

    @Option(parsing: .upToNextOption, help: ArgumentHelp(
        "Categories to check (default: all twelve), e.g. --category l xxxl ax5.", valueName: "category"))
    var category: [ContentSizeCategory] = []

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Container width in points. (default: \(JSONText.number(LayoutEnvironment.defaultContainerWidth)))", valueName: "pt"),
            transform: DecimalNumber.parsing("--width", "points"))
    var width: Double = LayoutEnvironment.defaultContainerWidth

    @Option(parsing: .unconditional, help: ArgumentHelp("Frame differences up to this many points are not reported. (default: 0)",
                                                        valueName: "pt"),
            transform: DecimalNumber.parsing("--tolerance", "points"))
    var tolerance: Double = 0

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Cells listed per size at most (and labelled on a report's difference picture; the report's list has them all).",
        valueName: "n"))
    var maxCells: Int = 10

    @OptionGroup var documents: DocumentsOptions

    func validate() throws {
        try requirePositive(width, "--width")
        if !(tolerance.isFinite && tolerance >= 0) { throw ValidationError("--tolerance must be 0 or more points, got \(tolerance)") }
        if maxCells < 1 { throw ValidationError("--max-cells must be at least 1") }
        if reportSizes < 0 { throw ValidationError("--report-sizes must be 0 (no pictures) or more, got \(reportSizes)") }
        if record, report != nil {
            throw ValidationError("--report shows a check against the goldens; --record writes them and compares nothing (drop one)")
        }
    }

    func run() throws {
        let categories = category.isEmpty ? ContentSizeCategory.allCases : category
        // Everything a run can be refused for is checked before any work: the goldens folder, the
        // documents and their goldens' names, the report's path, the goldens to record, the fonts.
        try GoldenStore.checkFolder(goldens, recording: record)
        let set = try documents.documentSet(excluding: [goldens])
        let reading = documents.reading
        let library = try reading.fonts.library()
        var check = GoldenCheck(goldens: goldens, categories: categories, width: width, fontsDirectory: library.directory)
        (check.tolerance, check.reader) = (tolerance, reading.input.reader)
        let choice = reading.text.language
        let reader = reading.reader
        // With --lang, a job per document and language, goldens named after both; without it,
        // the jobs and names of a check as it always was.
        // Standard input can be read once: its catalogs and bytes are kept for every language.
        let standardInput = choice != nil && set.paths.contains(DocumentReader.standardInputPath)
            ? Result { try reader.localized(at: DocumentReader.standardInputPath) } : nil
        let localized: @Sendable (String) throws -> LocalizedInput = { path in
            if path == DocumentReader.standardInputPath, let standardInput { return try standardInput.get() }
            return try reader.localized(at: path)
        }
        let matrix = choice.map { choice in
            LanguageMatrix(paths: set.paths, choice: choice) { try localized($0).languages(choice) }
        }
        let byLanguage = matrix?.namesLanguages == true
        let jobs = try matrix.map { try check.jobs(for: set, matrix: $0, shard: documents.shard) }
            ?? check.jobs(for: set, shard: documents.shard)
        documents.sayIfNoShare(jobs.count, found: matrix?.units.count ?? set.documents.count)
        let reportFile = try report.map { try OutputFile(path: $0, protecting: set.paths) }
        let outputs = record ? try jobs.map { try $0.store.outputs(for: categories, protecting: [$0.document.path]) } : nil

        let (given, labels) = (try reading.text.settings(), maxCells)
        let budget = CheckReport.PictureBudget(limit: reportSizes)
        var report = CheckReport(goldens: goldens, categories: categories, width: width, tolerance: tolerance, budget: budget)
        if byLanguage { report.languages = CheckReport.LanguageGrid(categories: categories) }
        let tally = Locked(Tally(report: report, record: record))
        let progress = reading.progress(record ? "recording" : "checking")
        // A run that names one document says what a check of one document always said; any other
        // run (a shard too) says a verdict per document and a total.
        let single = set.documents.count == 1 && documents.shard == nil && jobs.count == 1
        let fontsDirectory = library.directory
        let paint: @Sendable () throws -> CheckReport.Painter = {
            try CheckReport.Painter(fonts: try FontLibrary.opening(directory: fontsDirectory), budget: budget, labels: labels)
        }
        let read: @Sendable (GoldenCheck.Job) throws -> GoldenCheck.Reading = { job in
            let path = job.document.path
            let input = try job.language.map { try localized(path).input(in: $0) } ?? reader.layoutInput(at: path)
            return GoldenCheck.Reading(input: input, settings: try given.over(input.documentSettings).validated(),
                                       warnings: input.warnings(path: path))
        }
        try check.run(jobs, recordingTo: outputs, workers: documents.workers, painter: reportFile == nil ? nil : paint, read: read,
                      deliver: { result in try tally.withLock { try $0.say(result, single: single, maxCells: labels, goldens: goldens) } },
                      progress: { progress.update($0) })
        progress.finish()

        let done = tally.withLock { $0 }
        if !record, let grid = done.report.languages { try Console.write(grid.text() + (done.held.isEmpty ? "" : "\n" + done.held)) }
        if !single { try done.sayTotal(jobs, found: matrix?.units.count ?? set.documents.count, shard: documents.shard) }
        if let reportFile { try reportFile.write(Array(done.report.html().utf8)) }
        if single, let failure = done.failures.first { throw failure.error }
        if let failure = done.failure(single: single) {
            Console.error(failure)
            throw ExitCode.failure
        }
    }

    /// What a run has said so far, in document order: the verdicts, the failures, the report.
    struct Tally {
        var report: CheckReport
        /// Recording the goldens, not comparing.
        let record: Bool
        /// The documents that passed (recording: that were recorded), that changed, that failed.
        var passed: [String] = [], changed: [String] = []
        var failures: [(name: String, error: any Error)] = []
        /// The mismatch clause of the only document (the error line of a one-document run).
        var mismatch: String?
        /// A check over languages holds its verdicts, under a line per language, to print them
        /// below the languages × sizes grid once every one is known.
        var held = ""
        var language: String??

        /// Writes `text` to stdout, or holds it in a check over languages, under a line naming
        /// `language` when it is not the language of the text held before.
        mutating func write(_ text: String, in language: String?) throws {
            guard report.languages != nil, !record else { return try Console.write(text) }
            if self.language != .some(language) {
                self.language = .some(language)
                held += "\(held.isEmpty ? "" : "\n")in \(TerminalText.escaped(language ?? "each document's own language")):\n"
            }
            held += text
        }

        /// Says what became of one document: its warnings and notes on stderr, its verdict on
        /// stdout; adds it to the report.
        mutating func say(_ result: GoldenCheck.Result, single: Bool, maxCells: Int, goldens: String) throws {
            result.warnings.forEach(Console.warning)
            switch result.outcome {
            case .recorded(let notes):
                notes.forEach(Console.warning)
                Console.info("recorded \(report.categories.count) golden layout(s) of \(result.name) in \(goldens)")
                passed.append(result.name)
            case .checked(let verdict, let section):
                try write(verdict.text(document: result.name, maxCells: maxCells), in: result.job.language)
                report.add(result.name, verdict: verdict, section: section)
                report.languages?.add(language: result.job.language, verdict: verdict)
                if verdict.passed { passed.append(result.name) } else { changed.append(result.name) }
                mismatch = verdict.mismatch
            case .failed(let error):
                failures.append((result.name, error))
                report.add(result.name, failure: commandLineMessage(error))
                report.languages?.addFailure(language: result.job.language)
                // A run over one document ends with its error, as a run that fails does (`run`).
                guard !single else { return }
                let message = "\(result.name): \(commandLineMessage(error))"
                if record { Console.error(message) } else { try write(TerminalText.escaped("check error: \(message)") + "\n", in: result.job.language) }
            }
        }

        /// The total line of a run over several documents (or a shard): on stdout for a check,
        /// on stderr for a recording. A run over languages counts documents in languages
        /// ("2 documents in 3 languages (6 in all)").
        func sayTotal(_ jobs: [GoldenCheck.Job], found: Int, shard: Shard?) throws {
            let share = shard.map { " (shard \($0) of the \(found) found)" } ?? ""
            var documents = CheckReport.count(jobs.count, "document")
            if report.languages != nil {
                let (paths, languages) = (Set(jobs.map(\.document.path)).count, Set(jobs.map(\.language)).count)
                documents = "\(CheckReport.count(paths, "document")) in \(CheckReport.count(languages, "language")) (\(jobs.count) in all)"
            }
            if record {
                let of = report.languages == nil ? documents : "\(jobs.count) (\(documents.prefix { $0 != "(" }.dropLast()))"
                Console.info("recorded the goldens of \(passed.count) of \(of)\(share)")
                return
            }
            var counts = ["\(passed.count) passed", "\(changed.count) changed"]
            if !failures.isEmpty { counts.append("\(failures.count) could not be checked") }
            try Console.write("checked \(documents)\(share) at "
                + "\(CheckReport.count(report.categories.count, "size")): \(counts.joined(separator: ", "))\n")
        }

        /// The error line a failed run ends with; nil when it passed.
        func failure(single: Bool) -> String? {
            if single { return mismatch.map { "\($0); if the change is intended, re-record with --record" } }
            func named(_ names: [String]) -> String {
                let shown = names.prefix(5).joined(separator: ", ")
                return names.count > 5 ? "\(shown), … and \(names.count - 5) more" : shown
            }
            let total = CheckReport.count(passed.count + changed.count + failures.count, "document")
            let failed = "could not be \(record ? "recorded" : "checked") (\(named(failures.map(\.name))))"
            switch (changed.isEmpty, failures.isEmpty) {
            case (true, true):
                return nil
            case (false, true):
                return "\(changed.count) of \(total) changed (\(named(changed))); if the changes are intended, re-record with --record"
            case (true, false):
                return "\(failures.count) of \(total) \(failed); each one's error is above"
            case (false, false):
                return "\(changed.count) of \(total) changed (\(named(changed))) and \(failures.count) \(failed); each one's error is "
                    + "above; if the changes are intended, re-record with --record"
            }
        }
    }
}
