import ArgumentParser
import Audit
import ReflowKit

struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Audit a document or screen for accessibility problems at every text size: clipped text, small touch targets, …",
        discussion: """
            Lays FILE out at each category and width (default: all twelve sizes at 390 and 320 pt, WCAG 1.4.10's reflow width) \
            and reports, per rule, element and first failing size: touch-target (under 44 × 44 pt; error under 24), \
            text-clipped (a line cut or hidden by a line limit), content-clipped (an image cut), overlap (cells drawn over each \
            other), missing-glyph (.notdef boxes), image-alt (no text alternative, WCAG 1.1.1), text-not-scaling, word-broken, \
            horizontal-scroll, contrast (WCAG 1.4.3), spacing-clipped. Formats: a report for people \
            (text), JSON for scripts, SARIF 2.1.0 for code scanning. Exits 1 when a finding at or above --fail-on is found.
            """)

    @Option(parsing: .upToNextOption, help: ArgumentHelp(
        "Categories to audit (default: all), e.g. --category l xxxl ax5, or all.", valueName: "category"))
    var category: [CategoryChoice] = []

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Container widths in points (default: 390 320).", valueName: "pt"))
    var width: [Double] = []

    @Option(help: "Output: text (for people), json (for scripts) or sarif (SARIF 2.1.0, for code scanning).")
    var format: AuditReport.Format = .text

    @Option(name: .customLong("fail-on"), help: "Exit 1 when a finding of this severity or worse is found: error, warning or never.")
    var failOn: AuditReport.FailureThreshold = .error

    @Option(name: .customLong("max-findings"), parsing: .unconditional, help: ArgumentHelp(
        "List findings for at most this many elements per rule (default: 1000; 0 lists all). The rest are counted in the summary, and --fail-on counts them too.",
        valueName: "n"))
    var maxFindings = 1_000

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the report to this file instead of stdout.", valueName: "path"))
    var output: String?

    @OptionGroup var document: DocumentOptions

    func validate() throws {
        try width.forEach { try requirePositive($0, "--width") }
        if maxFindings < 0 { throw ValidationError("--max-findings must be 0 (list all) or more, got \(maxFindings)") }
    }

    func run() throws {
        // Checked before any work, so a wrong -o fails at once and never replaces the input.
        let destination = try output.map { try OutputFile(path: $0, protecting: [document.file]) }
        let loaded = try document.load()
        var options = Auditor.Options()
        options.settings = try document.text.sweep(loaded)
        if !category.isEmpty { options.categories = Array(Set(category.flatMap(\.categories))).sorted() }
        if !width.isEmpty { options.widths = width }
        options.findingsPerRule = maxFindings == 0 ? nil : maxFindings
        let auditor = Auditor(input: loaded, options: options, fontsDirectory: try document.fonts.library().directory)
        let progress = document.progress("auditing")
        let report = try auditor.run { progress.update($0) }
        progress.finish()
        let rendered = report.rendered(format, path: document.file)
        if let destination { try destination.write(Array(rendered.utf8)) } else { try Console.write(rendered) }
        if report.fails(at: failOn.severity) { throw ExitCode.failure }
    }
}
