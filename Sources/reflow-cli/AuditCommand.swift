import ArgumentParser
import Audit
import Preview
import Reflow
import ReflowKit
import TextMetrics

struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Audit documents or screens for accessibility problems at every text size: clipped text, small touch targets, …",
        discussion: """
            Lays each document out at each category and width (default: all twelve sizes at 390 and 320 pt, WCAG 1.4.10's \
            reflow width) and reports, per rule, element and first failing size: touch-target (under 44 × 44 pt; error under \
            24), text-clipped (a line cut or hidden by a line limit), content-clipped (an image cut), overlap (cells drawn over \
            each other), missing-glyph (.notdef boxes), image-alt (no text alternative, WCAG 1.1.1), text-not-scaling, \
            word-broken, horizontal-scroll, contrast (WCAG 1.4.3), spacing-clipped. Formats: a report for people (text), JSON \
            for scripts, SARIF 2.1.0 for code scanning, or one HTML page (-o report.html, or --format html) that groups the \
            findings by rule and severity and draws each on the screen it was found on: at the size and width it was first \
            found at, a 390 × 844 pt screen (320 × 693 at 320 pt) scrolled to the element, outlined and labelled with its \
            rule, with its source line and a strip of the twelve sizes marking where it starts and holds. The page is \
            self-contained (pictures inline, no script). The same problem in several elements (a word broken in twenty \
            paragraphs at one size and width) is one finding with its count and every place, in every format. The page \
            draws at most 40 findings a document (--max-pictures), the worst: each rule's worst first, then by severity, \
            the smallest size it starts at and the most places; the rest are listed in a table. A picture is 40–70 KB at \
            --scale 1, so a document's pictures stay under about 2.5 MB. Exits 1 when a finding at or above --fail-on is \
            found.

            Several documents, or a folder of them, make one report for all, each document named by its path: text reports \
            one after another and a line for the run; JSON {"documents": [...], "summary": {...}}, each document the object \
            one file gets (or {"file", "error"} for one that could not be read); SARIF one run with an artifact per document; \
            HTML one page. One file named alone keeps its own report. --jobs N audits N documents at once, with the same \
            report for any N; --shard I/N audits one share, for a CI matrix. A document that cannot be read is an error for it, in the report and \
            on stderr; the others are audited all the same and the run exits 1.

            --lang all (or a list, or a pseudolanguage) audits a screen in every language its string catalogs have, each \
            at every size and width and every plural form of its texts (the longest form is the one that clips): one \
            report per document, findings language by language, each naming its language, key and form. Four more rules \
            read the catalogs: untranslated (info, counted per language), missing-key and format-mismatch (errors), \
            plural-form-missing (warning); each is reported once per language and key. The HTML page opens on a grid of \
            languages × sizes. --jobs N audits N languages at once; --shard I/N splits languages × documents.
            """)

    @Option(parsing: .upToNextOption, help: ArgumentHelp(
        "Categories to audit (default: all), e.g. --category l xxxl ax5 or l,xxxl,ax5, or all.", valueName: "category"))
    var category: [CategoryChoice] = []

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Container widths in points (default: 390 320).", valueName: "pt"),
            transform: DecimalNumber.parsing("--width", "points"))
    var width: [Double] = []

    @Option(help: ArgumentHelp(
        "Output: text (for people), json (for scripts), sarif (SARIF 2.1.0, for code scanning) or html (one page that draws each finding on the screen it was found on). Default: from the -o extension (.json, .sarif, .html), else text.",
        valueName: "format"))
    var format: AuditReportFormat?

    @Option(name: .customLong("fail-on"), help: "Exit 1 when a finding of this severity or worse is found: error, warning or never.")
    var failOn: AuditReport.FailureThreshold = .error

    @Option(name: .customLong("max-findings"), parsing: .unconditional, help: ArgumentHelp(
        "List findings for at most this many elements per rule and document (default: 1000; 0 lists all). The rest are counted in the summary, and --fail-on counts them too.",
        valueName: "n"))
    var maxFindings = 1_000

    @Option(name: .customLong("max-pictures"), parsing: .unconditional, help: ArgumentHelp(
        "With --format html: draw at most this many findings per document, the worst (default: 40, about 2.5 MB at --scale 1; 0 draws all); the rest are listed without a picture.",
        valueName: "n"))
    var maxPictures = AuditPictures.defaultBudget

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "With --format html: device pixels per point of each finding's screen, 1 (default; 40–70 KB a screen of text), 2 (about 2.4 times that), 3 or 4.",
        valueName: "n"))
    var scale = 1

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Write the report to this file instead of stdout (- is stdout; in a folder being audited, it is not read as a document).",
        valueName: "path"))
    var output: String?

    @OptionGroup var documents: DocumentsOptions

    func validate() throws {
        try width.forEach { try requirePositive($0, "--width") }
        if maxFindings < 0 { throw ValidationError("--max-findings must be 0 (list all) or more, got \(maxFindings)") }
        if maxPictures < 0 { throw ValidationError("--max-pictures must be 0 (draw every finding) or more, got \(maxPictures)") }
        if !PNGRenderer.scales.contains(scale) { throw ValidationError("--scale must be 1, 2, 3 or 4 (device pixels per point), got \(scale)") }
    }

    /// The auditor's options but the text settings, which come from each document.
    private var options: Auditor.Options {
        var options = Auditor.Options()
        if !category.isEmpty { options.categories = Array(Set(category.flatMap(\.categories))).sorted() }
        if !width.isEmpty { options.widths = width }
        options.findingsPerRule = maxFindings == 0 ? nil : maxFindings
        return options
    }

    func run() throws {
        let format = AuditReportFormat.resolve(self.format, path: output)
        // One file named alone is read as it always was (a missing one is the reader's error).
        // With --lang, --shard splits languages × documents (`auditLanguages`), so every document is read.
        let language = documents.reading.text.language
        let paths = documents.namesOneDocument ? documents.files
            : language != nil ? try documents.documentSet(excluding: output.map { [$0] } ?? []).paths
            : try documents.documents(excluding: output.map { [$0] } ?? [])
        // Checked before any work, so a wrong -o fails at once and never replaces an input.
        let destination = try output.map { try OutputFile(path: $0, protecting: paths) }
        let fonts = try documents.reading.fonts.library().directory
        let run: AuditRun, screens: [[AuditScreens.Screen?]]
        if let language {
            (run, screens) = try auditLanguages(paths, choice: language, drawing: format == .html, fontsDirectory: fonts)
        } else if documents.namesOneDocument {
            let progress = documents.reading.progress("auditing")
            let audited = try audit(documents.reading.load(paths[0]), drawing: format == .html, fontsDirectory: fonts) {
                progress.update($0)
            }
            progress.finish()
            audited.warnings.forEach(Console.warning)
            run = AuditRun(documents: [AuditRun.Document(path: paths[0], outcome: .success(audited.report))], threshold: failOn.severity)
            screens = [audited.screens]
        } else {
            (run, screens) = try auditAll(paths, drawing: format == .html, fontsDirectory: fonts)
        }
        let rendered = switch format.findingsFormat {
        case let findings? where documents.namesOneDocument: run.documents[0].report!.rendered(findings, path: paths[0])
        case let findings?: run.rendered(findings)
        case nil: AuditHTMLReport(run: run, screens: screens, pictureBudget: pictureBudget).rendered()
        }
        if let destination { try destination.write(Array(rendered.utf8)) } else { try Console.write(rendered) }
        if run.fails { throw ExitCode.failure }
    }

    /// The most findings a document draws (`--max-pictures`; nil: all).
    var pictureBudget: Int? { maxPictures == 0 ? nil : maxPictures }

    /// One document's audit: its report, its worst findings drawn on their screens when `drawing`
    /// (for the HTML page; nil for a finding not drawn), and what to warn about.
    struct Audited: Sendable {
        var report: AuditReport
        var screens: [AuditScreens.Screen?]
        var warnings: [String]
    }

    /// The audit of one document, in the text settings it asks for under the options'.
    /// - Parameters:
    ///   - language: the language `input` shows (`--lang`), named by every finding.
    ///   - formInput: the input with every varying text in its form number `pass`, to audit every
    ///     plural form (`Auditor.Options.formInput`); a finding found in one is drawn from it.
    func audit(_ input: LayoutInput, language: String? = nil, formInput: (@Sendable (Int) throws -> LayoutInput)? = nil,
               drawing: Bool, fontsDirectory: String, progress: (@Sendable (Double) -> Void)? = nil) throws -> Audited {
        var options = self.options
        options.settings = try documents.reading.text.sweep(input)
        (options.language, options.formInput) = (language, formInput)
        // Drawing costs about what auditing does: a layout per size and width drawn at.
        let share = drawing ? 0.5 : 1
        let report = try Auditor(input: input, options: options, fontsDirectory: fontsDirectory).run { progress?($0 * share) }
        guard drawing else { return Audited(report: report, screens: [], warnings: []) }
        // The worst findings (`AuditPictures`), each drawn from the layout it was found in: the
        // arguments' forms, or a pass's.
        let chosen = AuditPictures.chosen(report.findings, budget: pictureBudget)
        let passes = Dictionary(grouping: chosen, by: { report.findings[$0].formPass })
        var drawn = [AuditScreens.Screen?](repeating: nil, count: report.findings.count)
        var warnings: [String] = []
        for (pass, indices) in passes.sorted(by: { ($0.key ?? -1) < ($1.key ?? -1) }) {
            let passInput = try pass.flatMap { pass in try formInput?(pass) } ?? input
            var screens = AuditScreens(input: passInput, settings: options.settings, fontsDirectory: fontsDirectory)
            screens.scale = scale
            let pictures = try screens.draw(indices.map { report.findings[$0] }) { progress?(share + (1 - share) * $0) }
            for (index, picture) in zip(indices, pictures) { drawn[index] = picture }
            if pass == nil { warnings = screens.pictures.warnings }
        }
        return Audited(report: report, screens: drawn, warnings: warnings)
    }

    /// Every document's audit, `--jobs` at a time, each one's warnings and errors said in
    /// document order as it is delivered.
    private func auditAll(_ paths: [String], drawing: Bool, fontsDirectory: String) throws -> (AuditRun, [[AuditScreens.Screen?]]) {
        let progress = documents.reading.progress("auditing \(paths.count) documents")
        defer { progress.finish() }
        let audited = Locked<[(document: AuditRun.Document, screens: [AuditScreens.Screen?])]>([])
        try DocumentSet(paths: paths).forEach(jobs: documents.workers, produce: { path in
            let (input, warnings) = try documents.reading.read(path)
            var document = try audit(input, drawing: drawing, fontsDirectory: fontsDirectory)
            document.warnings = warnings + document.warnings
            return document
        }, deliver: { _, path, result in
            switch result {
            case .success(let document):
                document.warnings.forEach(Console.warning)
                audited.withLock { $0.append((AuditRun.Document(path: path, outcome: .success(document.report)), document.screens)) }
            case .failure(let error):
                Console.error(commandLineMessage(error, document: path))
                let failure = AuditRun.Failure(message: commandLineMessage(error))
                audited.withLock { $0.append((AuditRun.Document(path: path, outcome: .failure(failure)), [])) }
            }
        }, progress: { progress.update($0) })
        let all = audited.withLock { $0 }
        return (AuditRun(documents: all.map(\.document), threshold: failOn.severity), all.map(\.screens))
    }
}
