import ArgumentParser
import Audit
import ReflowKit

extension MergedAudit.Format: ExpressibleByArgument {}

struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the JSON results of an audit's shards (--shard I/N) into one report: HTML, SARIF or text.",
        discussion: """
            Reads the JSON each shard of a CI matrix wrote (reflow-cli audit … --shard I/N --format json -o audit-I.json; a \
            one-file report works too) and writes the report the whole run would have made, as Playwright's merge-reports \
            does for test shards: the findings concatenated in a stable order (document by path, then language, then the \
            first size each was found at), whatever order the files are given in; the counts summed; a document that a run \
            over languages split across shards joined again. It exits 1 when the whole run would have: a finding at or above \
            --fail-on (by default the one the shards were audited with, else error), or a document that could not be \
            audited. A file that is not such a result is refused naming the file and the JSON path of what is wrong; a \
            document (in a language) that two results hold is refused, as the shards of one run hold each once.
            """)

    @Argument(help: ArgumentHelp("The JSON results of 'reflow-cli audit --format json', one per shard.", valueName: "result.json"))
    var results: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Write the report to this file instead of stdout (- is stdout); its extension chooses the format (.html, .sarif, .txt) unless --format does.",
        valueName: "path"))
    var output: String?

    @Option(help: ArgumentHelp("The report: text (for people), sarif (SARIF 2.1.0) or html (one page). Default: from the -o extension, else text.",
                               valueName: "format"))
    var format: MergedAudit.Format?

    @Option(name: .customLong("fail-on"), help: ArgumentHelp(
        "Exit 1 when a finding of this severity or worse was found: error, warning or never. (default: what the results were audited with, else error)",
        valueName: "severity"))
    var failOn: AuditReport.FailureThreshold?

    @OptionGroup var input: InputOptions

    func validate() throws {
        if results.isEmpty { throw ValidationError("give the JSON results to merge, e.g. reflow-cli merge audit-*.json -o audit.html") }
        if format == nil, let output, MergedAudit.Format(path: output) == nil {
            throw ValidationError("-o \(output): say which report to write with --format text, sarif or html, or end the name in "
                + ".txt, .sarif or .html")
        }
    }

    func run() throws {
        let format = self.format ?? output.flatMap(MergedAudit.Format.init(path:)) ?? .text
        // Checked before any work, so that a wrong -o fails at once and never replaces a result.
        let destination = try output.map { try OutputFile(path: $0, protecting: results) }
        let reader = input.reader
        let read = try results.map { file in try AuditResult(bytes: try reader.bytes(ofRegularFile: file), file: file) }
        let merged = try MergedAudit(read, threshold: try threshold(read))
        let rendered = merged.rendered(format)
        if let destination { try destination.write(Array(rendered.utf8)) } else { try Console.write(rendered) }
        if destination != nil { Console.info(merged.summary) }
        if merged.fails { throw ExitCode.failure }
    }

    /// What fails the merged run: --fail-on, else what every result that says was audited with
    /// (results that disagree are refused), else error.
    private func threshold(_ read: [AuditResult]) throws -> AuditSeverity? {
        if let failOn { return failOn.severity }
        var first: AuditResult?
        for result in read {
            guard let value = result.failOn else { continue }
            if let first, let firstValue = first.failOn, firstValue != value {
                throw MergeError.thresholds(file: result.file, value: value, first: first.file, firstValue: firstValue)
            }
            first = first ?? result
        }
        guard let value = first?.failOn else { return .error }
        guard let threshold = AuditReport.FailureThreshold(rawValue: value) else {
            throw MergeError.malformed(file: first!.file, path: "$.summary.failOn", problem: "expected error, warning or never, got \"\(value)\"")
        }
        return threshold.severity
    }
}
